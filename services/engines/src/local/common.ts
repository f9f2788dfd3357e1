import { join } from 'node:path';
import sharp from 'sharp';
import { USER_TEXTS, ASPECT_RATIOS, type AspectRatio } from 'shared-contracts/constants';
import { EngineError } from '../errors';
import { probeMedia } from '../media/probe';
import type { EngineContext, EngineJob, EngineOutput, VideoResolution } from '../types';

export function outFile(ctx: EngineContext, job: EngineJob, index: number, ext: string): string {
  const safe = job.taskId.replace(/[^A-Za-z0-9_-]/g, '_');
  return join(ctx.workDir, `${safe}-${index}.${ext}`);
}

export async function imageOutput(path: string): Promise<EngineOutput> {
  const m = await sharp(path).metadata();
  const mime = m.format === 'png' ? 'image/png' : m.format === 'webp' ? 'image/webp' : 'image/jpeg';
  return { path, media: 'image', width: m.width, height: m.height, mime };
}

export async function mediaOutput(path: string): Promise<EngineOutput> {
  const p = await probeMedia(path);
  return {
    path,
    media: p.media,
    width: p.media === 'audio' ? undefined : p.width,
    height: p.media === 'audio' ? undefined : p.height,
    duration: p.media === 'image' ? undefined : Math.round(p.duration * 1000) / 1000,
    mime: p.mime,
  };
}

export function input(job: EngineJob, index: number, what: string): string {
  const p = job.inputs[index];
  if (!p) throw new EngineError(USER_TEXTS.UPLOAD_FAILED, `missing input ${index} (${what})`);
  return p;
}

export function ratioSize(ratio: AspectRatio | undefined, fallback: AspectRatio = '16:9'): { width: number; height: number; ratio: AspectRatio } {
  const r = ASPECT_RATIOS.find((a) => a.ratio === (ratio ?? fallback));
  if (!r) throw new EngineError(USER_TEXTS.RESOLUTION_UNSUPPORTED, `unknown ratio ${String(ratio)}`);
  return { width: r.width, height: r.height, ratio: r.ratio };
}

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/** A video frame size: the ratio table size, or scaled so the short side is the resolution. Always even. */
export function videoSize(width: number, height: number, resolution?: VideoResolution): { width: number; height: number } {
  if (!resolution) return { width: even(width), height: even(height) };
  const short = Number(resolution.replace('p', ''));
  const s = short / Math.min(width, height);
  return { width: even(width * s), height: even(height * s) };
}

export function clamp(v: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, v));
}

/** The ratio table entry closest to a width/height. */
export function nearestRatio(width: number, height: number): AspectRatio {
  const r = width / height;
  let best: AspectRatio = ASPECT_RATIOS[0].ratio;
  let d = Infinity;
  for (const a of ASPECT_RATIOS) {
    const dd = Math.abs(Math.log(a.width / a.height / r));
    if (dd < d) { d = dd; best = a.ratio; }
  }
  return best;
}

export const NO_MODEL = 'no generative model ran';
