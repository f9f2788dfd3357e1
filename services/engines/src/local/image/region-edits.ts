/**
 * The image tools that change a marked region (object remover, text and watermark remover, partial redrawing):
 * the region comes from the mask or the drawn regions, the fill from multi-scale PatchMatch (inpaint.ts).
 */
import sharp from 'sharp';
import { USER_TEXTS } from 'shared-contracts/constants';
import { EngineError } from '../../errors';
import type { AlgorithmParams, EngineContext, EngineJob, EngineResult } from '../../types';
import { clamp, imageOutput, input, NO_MODEL, outFile } from '../common';
import { hex, luminance, paletteFor, rng, seedFor, words } from '../prompt';
import { inpaint } from './inpaint';
import { dilate, loadMask, readRgb, toSharp, type RawImage } from './raw';
import { recolour } from './recolour';
import { boxesMask, detectTextRegions } from './text-detect';
import { MODEL_NAMES } from '../models';

/** a module-local alias: hot loops avoid global lookups (slow inside vm contexts such as jest) */
const M = Math;

type Job<A extends keyof AlgorithmParams> = EngineJob<A>;

async function inpaintJob(
  job: Job<'object_remover' | 'text_watermark_remover' | 'partial_redrawing'>,
  ctx: EngineContext,
  mask: Uint8Array,
  img: RawImage,
  grow: number,
): Promise<{ data: Buffer; mask: Uint8Array }> {
  ctx.onProgress(15, 'filling');
  const r = await inpaint(img, mask, { grow, seed: seedFor(job.taskId), signal: ctx.signal });
  ctx.onProgress(90);
  return r;
}

async function writePngLike(ctx: EngineContext, job: EngineJob, img: RawImage, srcPath: string): Promise<string> {
  const meta = await sharp(srcPath).metadata();
  const ext = meta.format === 'jpeg' ? 'jpg' : meta.format === 'webp' ? 'webp' : 'png';
  const path = outFile(ctx, job, 0, ext);
  const s = toSharp(img);
  if (ext === 'jpg') await s.jpeg({ quality: 95 }).toFile(path);
  else if (ext === 'webp') await s.webp({ lossless: true }).toFile(path);
  else await s.png().toFile(path);
  return path;
}

/** Fills the masked region of the image from its surroundings and writes it in the input's format. */
async function fillRegion(
  job: Job<'object_remover' | 'text_watermark_remover'>,
  ctx: EngineContext,
  region: { src: string; img: RawImage; mask: Uint8Array; grow: number },
  note: string,
): Promise<EngineResult> {
  const r = await inpaintJob(job, ctx, region.mask, region.img, region.grow);
  const path = await writePngLike(ctx, job, { ...region.img, data: r.data }, region.src);
  ctx.onProgress(100);
  return { outputs: [await imageOutput(path)], metadata: { engine: 'local:inpaint', note } };
}

export async function objectRemover(job: Job<'object_remover'>, ctx: EngineContext): Promise<EngineResult> {
  const src = input(job, 0, 'image');
  const img = await readRgb(src);
  const mask = await loadMask(img.width, img.height, job.inputs[1], job.params.regions);
  return fillRegion(job, ctx, { src, img, mask, grow: 2 }, `The selected area was filled from its surroundings by the local engine (multi-scale PatchMatch patch synthesis from the rest of the picture); ${NO_MODEL}.`);
}

export async function textWatermarkRemover(job: Job<'text_watermark_remover'>, ctx: EngineContext): Promise<EngineResult> {
  const src = input(job, 0, 'image');
  const img = await readRgb(src);
  let mask: Uint8Array;
  let how: string;
  if (job.inputs[1] || job.params.regions?.length) {
    mask = await loadMask(img.width, img.height, job.inputs[1], job.params.regions);
    how = 'the selected area';
  } else {
    ctx.onProgress(5, 'reading text');
    const boxes = await detectTextRegions(img);
    if (boxes.length === 0) throw new EngineError(USER_TEXTS.SELECT_AREA, 'no text or watermark found automatically', false);
    mask = boxesMask(boxes, img.width, img.height);
    let n = 0;
    for (const v of mask) if (v) n++;
    how = `${boxes.length} line${boxes.length > 1 ? 's' : ''} of text and marks found by OCR (${MODEL_NAMES.ocr}; ${((n / mask.length) * 100).toFixed(1)}% of the picture, faces left out)`;
  }
  return fillRegion(job, ctx, { src, img, mask, grow: 3 }, `Removed ${how} by filling it from its surroundings (multi-scale PatchMatch patch synthesis); ${NO_MODEL}.`);
}

const PATTERNS = ['stripes', 'striped', 'dots', 'dotted', 'polka', 'checked', 'plaid', 'checkered', 'denim', 'floral'] as const;

export async function partialRedrawing(job: Job<'partial_redrawing'>, ctx: EngineContext): Promise<EngineResult> {
  const prompt = (job.params.prompt ?? '').trim();
  if (!prompt) throw new EngineError(USER_TEXTS.REDRAW_PROMPT, 'empty prompt');
  const src = input(job, 0, 'image');
  const img = await readRgb(src);
  const mask = await loadMask(img.width, img.height, job.inputs[1], job.params.regions);
  const seed = seedFor(prompt, job.params.seed);
  const pal = paletteFor(prompt, seed);
  const ws = words(prompt);
  const pattern = PATTERNS.find((p) => ws.includes(p));
  let base = img;
  const steps: string[] = [];
  if (!pal.colourWords.length && !pattern) {
    const r = await inpaintJob(job, ctx, mask, img, 1);
    base = { ...img, data: r.data };
    steps.push('filled the area from its surroundings');
  }
  // the edit is blended into the picture over a soft edge (a box edge showed before): recolour a band past the
  // selection, then mix by the blurred selection
  const feather = M.max(2, M.round(M.min(img.width, img.height) / 160));
  const soft = dilate(mask, img.width, img.height, feather * 3);
  const data = recolour(base, pal.colours, pal.colourWords.length ? 0.8 : 0.5, soft);
  steps.push(
    pal.colourWords.length
      ? `recoloured it to "${pal.colourWords.join('", "')}" keeping its light and shade`
      : 'recoloured it to a palette derived from the prompt',
  );
  if (pattern) {
    const r = rng(seed);
    const period = M.max(6, M.round(M.min(img.width, img.height) / (18 + r() * 14)));
    const accent = pal.colours[2];
    for (let y = 0; y < img.height; y++) {
      for (let x = 0; x < img.width; x++) {
        const p = y * img.width + x;
        if (!soft[p]) continue;
        let on = false;
        if (pattern.startsWith('strip')) on = M.floor(y / period) % 2 === 0;
        else if (pattern === 'dots' || pattern === 'dotted' || pattern === 'polka') {
          const dx = (x % period) - period / 2;
          const dy = (y % period) - period / 2;
          on = dx * dx + dy * dy < (period / 3.2) ** 2;
        } else if (pattern === 'denim') on = (x + y) % 4 < 1;
        else if (pattern === 'floral') {
          const dx = (x % period) - period / 2;
          const dy = (y % period) - period / 2;
          const a = M.atan2(dy, dx);
          on = M.hypot(dx, dy) < (period / 2.6) * M.abs(M.cos(2.5 * a));
        } else on = (M.floor(x / period) + M.floor(y / period)) % 2 === 0;
        if (on) {
          const l = luminance([data[p * 3], data[p * 3 + 1], data[p * 3 + 2]]) / 255;
          for (let c = 0; c < 3; c++) data[p * 3 + c] = clamp(M.round(accent[c] * (0.55 + l * 0.6)), 0, 255);
        }
      }
    }
    steps.push(`drew a ${pattern} pattern in ${hex(accent)}`);
  }
  const alpha = await sharp(Buffer.from(mask), { raw: { width: img.width, height: img.height, channels: 1 } }).blur(feather).extractChannel(0).raw().toBuffer();
  for (let p = 0; p < img.width * img.height; p++) {
    const a = alpha[p] / 255;
    if (a >= 1) continue;
    for (let c = 0; c < 3; c++) data[p * 3 + c] = M.round(img.data[p * 3 + c] * (1 - a) + data[p * 3 + c] * a);
  }
  steps.push(`blended it in over a ${feather * 2} px soft edge`);
  const path = await writePngLike(ctx, job, { ...img, data }, src);
  ctx.onProgress(100);
  return {
    outputs: [await imageOutput(path)],
    metadata: {
      engine: 'local:redraw',
      note: `In the selected area the local engine ${steps.join(', then ')}; ${NO_MODEL}.`,
    },
  };
}
