import sharp from 'sharp';
import { USER_TEXTS } from 'shared-contracts/constants';
import { EngineError, throwIfAborted } from '../../errors';
import type { AlgorithmParams, EngineContext, EngineJob, EngineResult } from '../../types';
import { clamp, imageOutput, input, nearestRatio, NO_MODEL, outFile, ratioSize } from '../common';
import { paletteFor, seedFor } from '../prompt';
import { compose } from './compose';
import { recolour } from './recolour';
import { detectFaces } from './face';
import { inpaint } from './inpaint';
import { MODEL_NAMES } from '../models';
import { readRgb, toSharp } from './raw';
import { removeBackground } from './segment';
import { esrganUpscale } from './upscale';
import { watermarkPng } from './watermark-mark';
import { engineSettings } from '../../settings';

/** a module-local alias: hot loops avoid global lookups (slow inside vm contexts such as jest) */
const M = Math;

type Job<A extends keyof AlgorithmParams> = EngineJob<A>;

/** Render the composition of a prompt to an RGB PNG buffer. */
async function renderPrompt(prompt: string, seed: number, width: number, height: number): Promise<{ png: Buffer; scene: string; drivers: string[] }> {
  const c = compose(prompt, seed, width, height);
  const png = await sharp(Buffer.from(c.background))
    .composite([{ input: Buffer.from(c.foreground) }])
    .removeAlpha()
    .png()
    .toBuffer();
  return { png, scene: c.scene, drivers: c.drivers };
}

/** 'Landscape: night, red, lava': the scene the composition drew and the prompt words that shaped it */
function sceneCaption(scene: string, drivers: string[]): string {
  const name = scene.charAt(0).toUpperCase() + scene.slice(1);
  const words = drivers.filter((w) => w !== scene).slice(0, 3);
  return words.length ? `${name}: ${words.join(', ')}` : name;
}

function describe(drivers: string[], scene: string): string {
  return drivers.length ? `a ${scene} composition shaped by "${drivers.join('", "')}"` : `an ${scene} composition with colours drawn from the prompt`;
}

export async function text2image(job: Job<'text2image'>, ctx: EngineContext): Promise<EngineResult> {
  const { prompt } = job.params;
  const { width, height, ratio } = ratioSize(job.params.ratio, '1:1');
  const num = clamp(M.round(job.params.num ?? 1), 1, 4);
  const outputs = [];
  let scene = '';
  let drivers: string[] = [];
  for (let i = 0; i < num; i++) {
    throwIfAborted(ctx.signal);
    // each image of a batch has its own seed (seed, seed+1, ...): one of them can be made again alone
    const r = await renderPrompt(prompt, seedFor(prompt, (job.params.seed ?? 0) + i), width, height);
    scene = r.scene;
    drivers = r.drivers;
    const path = outFile(ctx, job, i, 'png');
    await sharp(r.png).toFile(path);
    outputs.push(await imageOutput(path));
    ctx.onProgress(((i + 1) / num) * 100);
  }
  return {
    outputs,
    metadata: {
      engine: 'local:procedural-art',
      note: `A preview rendered procedurally from the prompt by the local engine at ${ratio} (${width}x${height}): ${describe(drivers, scene)}; ${NO_MODEL}.`,
      caption: sceneCaption(scene, drivers),
    },
  };
}

export async function image2image(job: Job<'image2image'>, ctx: EngineContext): Promise<EngineResult> {
  const { prompt } = job.params;
  const src = await sharp(input(job, 0, 'image')).rotate().metadata();
  const sw = src.autoOrient?.width ?? src.width ?? 1;
  const sh = src.autoOrient?.height ?? src.height ?? 1;
  // without a chosen ratio the upload keeps its own shape (never a silent crop); a chosen one crops to it
  const ratio = job.params.ratio ?? nearestRatio(sw, sh);
  const keep = 1024 / M.max(sw, sh);
  const { width, height } = job.params.ratio ? ratioSize(ratio) : { width: M.max(2, M.round(sw * keep)), height: M.max(2, M.round(sh * keep)) };
  const strength = clamp(job.params.strength ?? 0.6, 0, 1);
  const num = clamp(M.round(job.params.num ?? 1), 1, 4);
  const base = await readRgb(await sharp(input(job, 0, 'image')).rotate().resize(width, height, { fit: 'cover' }).toBuffer());
  const outputs = [];
  let drivers: string[] = [];
  for (let i = 0; i < num; i++) {
    throwIfAborted(ctx.signal);
    const seed = seedFor(prompt, (job.params.seed ?? 0) + i);
    const pal = paletteFor(prompt, seed);
    const c = compose(prompt, seed, width, height);
    drivers = c.drivers;
    const tinted = recolour(base, pal.colours, strength * 0.85);
    const fgAlpha = M.round(strength * 0.55 * 100) / 100;
    const fg = await sharp(Buffer.from(c.foreground)).ensureAlpha(1).png().toBuffer();
    const fgFaded = await sharp(fg)
      .composite([{ input: Buffer.from([255, 255, 255, M.round(fgAlpha * 255)]), raw: { width: 1, height: 1, channels: 4 }, tile: true, blend: 'dest-in' }])
      .png()
      .toBuffer();
    const path = outFile(ctx, job, i, 'png');
    await toSharp({ data: tinted, width, height, channels: 3 })
      .composite([{ input: fgFaded }])
      .removeAlpha()
      .png()
      .toFile(path);
    outputs.push(await imageOutput(path));
    ctx.onProgress(((i + 1) / num) * 100);
  }
  return {
    outputs,
    metadata: {
      engine: 'local:procedural-art',
      note: `A preview: the input was ${job.params.ratio ? `cropped to ${ratio}` : `kept at its own shape (${width}x${height})`}, recoloured to a palette from the prompt${drivers.length ? ` ("${drivers.join('", "')}")` : ''} and overlaid with procedural shapes at strength ${strength}; ${NO_MODEL}.`,
    },
  };
}

export async function imageEnhancer(job: Job<'image_enhancer'>, ctx: EngineContext): Promise<EngineResult> {
  const scale = ([2, 3, 4] as const).includes(job.params.scale ?? 2) ? (job.params.scale ?? 2) : 2;
  let img = await readRgb(input(job, 0, 'image'));
  let note = '';
  const maxOut = 4096;
  if (M.max(img.width, img.height) * scale > maxOut) {
    const s = maxOut / scale / M.max(img.width, img.height);
    const w = M.max(1, M.round(img.width * s));
    const h = M.max(1, M.round(img.height * s));
    img = { data: await toSharp(img).resize(w, h).raw().toBuffer(), width: w, height: h, channels: 3 };
    note = ` The input was first reduced to ${w}x${h} so the result stays within ${maxOut} px.`;
  }
  const up = await esrganUpscale(img, scale, (f) => ctx.onProgress(f * 95, 'upscaling'), ctx.signal);
  const path = outFile(ctx, job, 0, 'png');
  await toSharp(up).png().toFile(path);
  ctx.onProgress(100);
  return {
    outputs: [await imageOutput(path)],
    metadata: {
      engine: 'local:esrgan',
      model: MODEL_NAMES.esrgan(scale),
      note: `Upscaled ${scale}x with the ESRGAN slim super-resolution model on TensorFlow.js (WebAssembly).${note}`,
    },
  };
}

/** a cut-out outside these shares of the picture is not a result: nothing or everything was kept */
const CUTOUT_BOUNDS = { min: 0.02, max: 0.98 } as const;

export async function bgRemover(job: Job<'bg_remover'>, ctx: EngineContext): Promise<EngineResult> {
  const img = await readRgb(input(job, 0, 'image'));
  ctx.onProgress(10, 'segmenting');
  // ENGINE_BG_MODEL=selfie: an operator who does not take the AGPL ISNet weights (MODELS.md)
  const model = engineSettings().ENGINE_BG_MODEL ?? 'isnet';
  const matte = await removeBackground(img, model);
  const kept = M.round(matte.coverage * 1000) / 10;
  if (matte.coverage < CUTOUT_BOUNDS.min || matte.coverage > CUTOUT_BOUNDS.max) {
    // a failed task releases its hold: the user pays nothing for an empty or unchanged picture
    throw new EngineError(USER_TEXTS.NO_SUBJECT, `${matte.method} kept ${kept}% of the picture (bounds ${CUTOUT_BOUNDS.min * 100}-${CUTOUT_BOUNDS.max * 100}%)`, false);
  }
  const rgba = Buffer.alloc(img.width * img.height * 4);
  for (let p = 0; p < img.width * img.height; p++) {
    rgba[p * 4] = img.data[p * 3];
    rgba[p * 4 + 1] = img.data[p * 3 + 1];
    rgba[p * 4 + 2] = img.data[p * 3 + 2];
    rgba[p * 4 + 3] = matte.alpha[p];
  }
  const path = outFile(ctx, job, 0, 'png');
  await sharp(rgba, { raw: { width: img.width, height: img.height, channels: 4 } }).png().toFile(path);
  ctx.onProgress(100);
  const how = {
    isnet: 'The subject was separated from the background by the ISNet salient-object model (ONNX Runtime, CPU).',
    'selfie-segmentation': 'The person was separated from the background with the MediaPipe selfie segmentation model (TensorFlow.js, WebAssembly).',
    'border-colour': 'The segmentation model found no person, so the background was separated by a border-colour flood fill (works for subjects on a plain background; no model).',
  }[matte.method];
  const holes = matte.enclosed > 0.0005 ? ` Background enclosed by the subject was removed too (${(matte.enclosed * 100).toFixed(1)}% of the picture).` : '';
  return {
    outputs: [await imageOutput(path)],
    metadata: {
      engine: matte.method === 'isnet' ? 'local:isnet' : matte.method === 'selfie-segmentation' ? 'local:selfie-segmentation' : 'local:border-colour-matte',
      model: matte.method === 'isnet' ? MODEL_NAMES.isnet : matte.method === 'selfie-segmentation' ? MODEL_NAMES.selfie : undefined,
      note: `${how}${holes} Foreground kept: ${kept}% of the picture.`,
    },
  };
}

/** the extender fills at up to this long side (the new area is large: more detail than the object remover's 384) */
const EXTEND_WORK_MAX = 640;

export async function imageExtender(job: Job<'image_extender'>, ctx: EngineContext): Promise<EngineResult> {
  const src = input(job, 0, 'image');
  const img = await readRgb(src);
  const { width: W, height: H } = img;
  let left = 0, right = 0, top = 0, bottom = 0;
  if (job.params.expand) {
    left = M.max(0, M.round(job.params.expand.left ?? 0));
    right = M.max(0, M.round(job.params.expand.right ?? 0));
    top = M.max(0, M.round(job.params.expand.top ?? 0));
    bottom = M.max(0, M.round(job.params.expand.bottom ?? 0));
  } else {
    const t = ratioSize(job.params.ratio ?? '16:9');
    const target = t.width / t.height;
    if (W / H < target) {
      const nw = M.round(H * target);
      left = M.floor((nw - W) / 2);
      right = nw - W - left;
    } else {
      const nh = M.round(W / target);
      top = M.floor((nh - H) / 2);
      bottom = nh - H - top;
    }
  }
  if (left + right + top + bottom === 0) {
    // already the target shape: extend by 12% on every side
    left = right = M.round(W * 0.12);
    top = bottom = M.round(H * 0.12);
  }
  const NW = W + left + right;
  const NH = H + top + bottom;
  if (NW > 8192 || NH > 8192) throw new EngineError(USER_TEXTS.RESOLUTION_UNSUPPORTED, `extended canvas ${NW}x${NH}`);
  ctx.onProgress(10, 'filling the new area');
  // the new area is filled by content-aware completion (the object remover's PatchMatch, started from a soft
  // continuation of the edges), never by a mirror: a mirror doubles heads and reverses faces
  const canvas = Buffer.alloc(NW * NH * 3);
  const mask = new Uint8Array(NW * NH).fill(255);
  for (let y = 0; y < H; y++) {
    img.data.copy(canvas, ((y + top) * NW + left) * 3, y * W * 3, (y + 1) * W * 3);
    mask.fill(0, (y + top) * NW + left, (y + top) * NW + left + W);
  }
  const filled = await inpaint({ data: canvas, width: NW, height: NH, channels: 3 }, mask, { seed: seedFor(job.taskId), signal: ctx.signal, workMax: EXTEND_WORK_MAX });
  const path = outFile(ctx, job, 0, 'png');
  await sharp(filled.data, { raw: { width: NW, height: NH, channels: 3 } }).png().toFile(path);
  ctx.onProgress(100);
  return {
    outputs: [await imageOutput(path)],
    metadata: {
      engine: 'local:outpaint',
      note: `Extended from ${W}x${H} to ${NW}x${NH}: the new area was filled from the picture's own textures by content-aware completion (multi-scale PatchMatch), never mirrored; the original pixels are unchanged; ${NO_MODEL}.`,
    },
  };
}

export async function watermarkImage(job: Job<'watermark'>, ctx: EngineContext, src: string): Promise<EngineResult> {
  const meta = await sharp(src).rotate().metadata();
  const w = meta.autoOrient?.width ?? meta.width ?? 0;
  const h = meta.autoOrient?.height ?? meta.height ?? 0;
  const mark = await watermarkPng(w, h, job.params.text);
  const ext = meta.format === 'jpeg' ? 'jpg' : 'png';
  const path = outFile(ctx, job, 0, ext);
  const s = sharp(src).rotate().composite([{ input: mark.png, left: M.max(0, w - mark.width - mark.margin), top: M.max(0, h - mark.height - mark.margin) }]);
  if (ext === 'jpg') await s.jpeg({ quality: 92 }).toFile(path);
  else await s.png().toFile(path);
  ctx.onProgress(100);
  return {
    outputs: [await imageOutput(path)],
    metadata: { engine: 'local:watermark', note: 'The free-plan watermark (logo and name, bottom right) was drawn on the image.' },
  };
}

export async function faceLandmarks(job: Job<'image_fkp' | 'face_check'>, ctx: EngineContext): Promise<EngineResult> {
  const img = await readRgb(input(job, 0, 'image'));
  ctx.onProgress(20, 'detecting faces');
  const faces = await detectFaces(img);
  ctx.onProgress(100);
  if (faces.length === 0) throw new EngineError(USER_TEXTS.NO_FACE, 'no face detected');
  return {
    outputs: [],
    metadata: {
      engine: 'local:face-api',
      model: MODEL_NAMES.faces,
      note: `${faces.length} face${faces.length > 1 ? 's' : ''} found with the SSD MobileNet v1 detector and 68-point landmark model of face-api (TensorFlow.js, WebAssembly).`,
      data: { kind: 'faces', faces: job.algorithm === 'image_fkp' ? faces : faces.map((f) => ({ ...f, landmarks: [] })), width: img.width, height: img.height },
    },
  };
}
