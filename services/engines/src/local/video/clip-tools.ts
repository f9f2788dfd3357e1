/**
 * The video tools that work on an uploaded clip: enhancer (upscale and sharpen), denoise, and the object
 * eraser (regions marked on one or more moments, followed between them). All ffmpeg filters, no model.
 */

/** a module-local alias */
const M = Math;
import { statSync } from 'node:fs';
import { USER_TEXTS } from 'shared-contracts/constants';
import { EngineError } from '../../errors';
import { h264Args, runFfmpeg } from '../../media/ffmpeg';
import type { EngineContext, EngineResult, Region } from '../../types';
import { clamp, input, mediaOutput, NO_MODEL, outFile } from '../common';
import { loadMask, maskBounds } from '../image/raw';
import { progress, requireVideo, type Job } from './video-common';
import { clipNoise } from './noise';

export async function videoEnhancer(job: Job<'video_enhancer'>, ctx: EngineContext): Promise<EngineResult> {
  const src = input(job, 0, 'video');
  const info = await requireVideo(src);
  const scale = job.params.scale === 1 ? 1 : 2;
  const maxH = clamp(job.params.max_height ?? 2160, 144, 2160);
  let W = info.width * scale;
  let H = info.height * scale;
  if (H > maxH) {
    W = (W * maxH) / H;
    H = maxH;
  }
  W = Math.round(W / 2) * 2;
  H = Math.round(H / 2) * 2;
  const amount = clamp(job.params.sharpen ?? 0.8, 0, 2);
  const filters = [`scale=${W}:${H}:flags=lanczos`, `unsharp=5:5:${amount.toFixed(2)}:5:5:${(amount / 2).toFixed(2)}`];
  const steps = [`scaled to ${W}x${H} (lanczos)`, `sharpened (unsharp ${amount.toFixed(2)})`];
  const target = job.params.interpolate_fps ?? 0;
  if (target && info.fps && target > info.fps + 0.5) {
    filters.unshift(`minterpolate=fps=${Math.round(target)}:mi_mode=mci:mc_mode=aobmc:vsbmc=1`);
    steps.push(`frame-interpolated from ${info.fps.toFixed(2)} to ${Math.round(target)} fps (motion-compensated)`);
  }
  const path = outFile(ctx, job, 0, 'mp4');
  await runFfmpeg(['-i', src, '-vf', filters.join(','), '-map', '0:v:0', '-map', '0:a?', ...h264Args({ crf: 18 }), '-c:a', 'aac', path], {
    signal: ctx.signal,
    duration: info.duration,
    onProgress: progress(ctx),
  });
  return {
    outputs: [await mediaOutput(path)],
    metadata: { engine: 'local:ffmpeg-enhance', note: `The video was ${steps.join(', ')} with ffmpeg; ${NO_MODEL}.` },
  };
}

/** nlmeans strength per level, as a share of the measured noise sigma (0.6 sigma removed heavy grain: 20.6 -> 32.8 dB PSNR) */
const DENOISE_SHARE = { low: 0.3, medium: 0.45, high: 0.6 } as const;

export async function videoDenoise(job: Job<'video_denoise'>, ctx: EngineContext): Promise<EngineResult> {
  const src = input(job, 0, 'video');
  const info = await requireVideo(src);
  const strength = job.params.strength ?? 'medium';
  const k = strength === 'low' ? 0 : strength === 'medium' ? 1 : 2;
  ctx.onProgress(2, 'measuring the noise');
  const before = await clipNoise(src, info, 5, ctx.signal);
  // the strength follows the noise the clip really has: a fixed filter barely touched heavy grain
  const s = clamp(before * DENOISE_SHARE[strength], 1, 30);
  const filter = job.params.method === 'hqdn3d'
    ? `hqdn3d=${(s * 0.5).toFixed(1)}:${(s * 0.4).toFixed(1)}:${(s * 1.2).toFixed(1)}:${(s * 0.9).toFixed(1)}`
    : `nlmeans=s=${s.toFixed(1)}:p=5:r=7`;
  // the soundtrack is cleaned too (the tool is listed under video and audio): FFT denoiser after a high-pass
  const nr = [10, 18, 28][k];
  const audioFilter = `highpass=f=70,afftdn=nr=${nr}:nf=-42:tn=1`;
  // quality-based encoding, capped at the input's own bitrate: a cleaner picture never comes back larger
  const inKbps = M.max(200, M.floor((statSync(src).size * 8) / 1000 / M.max(0.1, info.duration)));
  const path = outFile(ctx, job, 0, 'mp4');
  await runFfmpeg(
    ['-i', src, '-vf', filter, '-af', audioFilter, '-map', '0:v:0', '-map', '0:a?', ...h264Args({ crf: 20 }), '-maxrate', `${M.floor(inKbps * 0.9)}k`, '-bufsize', `${inKbps * 2}k`, '-c:a', 'aac', '-b:a', '128k', path],
    { signal: ctx.signal, duration: info.duration, onProgress: (p) => ctx.onProgress(5 + p * 0.9) },
  );
  const after = await clipNoise(path, info, 5, ctx.signal);
  const out = await mediaOutput(path);
  const outKbps = M.round((statSync(path).size * 8) / 1000 / M.max(0.1, info.duration));
  return {
    outputs: [out],
    metadata: {
      engine: 'local:ffmpeg-denoise',
      note: `Noise measured before and after (sigma of the picture's grain, in 8-bit levels): ${before.toFixed(1)} -> ${after.toFixed(1)}. Denoised with ffmpeg ${filter} (${strength}) and its soundtrack with afftdn (${nr} dB); encoded at ${outKbps} kbps (the input: ${inKbps} kbps); ${NO_MODEL}.`,
    },
  };
}

/**
 * The boxes of a drawn mask, one per separate area (4-connected), so two small objects are two small boxes
 * rather than one box spanning both; specks under 16 px are dropped; past 12 areas, one box for all.
 */
function maskRegions(mask: Uint8Array, W: number, H: number): Region[] {
  const seen = new Uint8Array(W * H);
  const out: Region[] = [];
  const stack: number[] = [];
  for (let s = 0; s < W * H; s++) {
    if (!mask[s] || seen[s]) continue;
    let x0 = W, y0 = H, x1 = 0, y1 = 0, n = 0;
    stack.push(s);
    seen[s] = 1;
    while (stack.length) {
      const p = stack.pop()!;
      n++;
      const x = p % W;
      const y = (p - x) / W;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      for (const q of [x > 0 ? p - 1 : -1, x < W - 1 ? p + 1 : -1, p >= W ? p - W : -1, p < W * (H - 1) ? p + W : -1]) {
        if (q >= 0 && mask[q] && !seen[q]) {
          seen[q] = 1;
          stack.push(q);
        }
      }
    }
    if (n >= 16) out.push({ x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 });
  }
  if (out.length > 12) {
    const b = maskBounds(mask, W, H);
    return b ? [b] : [];
  }
  return out;
}

/** A region marked on one moment of the clip (seconds): the object's box there. */
type TimedRegion = Region & { t?: number };

/**
 * A moving object marked on several frames: its box is interpolated between the marks (held before the
 * first and after the last) and erased piecewise, a delogo per slice of time (at most ~150 slices).
 */
function keyframedFilters(marks: TimedRegion[], duration: number, inside: (r: Region) => Region): string[] {
  const keys = [...marks].sort((a, b) => (a.t ?? 0) - (b.t ?? 0));
  const end = Math.max(duration, (keys[keys.length - 1].t ?? 0) + 0.1);
  const step = Math.max(0.1, end / 150);
  const out: string[] = [];
  for (let a = 0; a < end; a += step) {
    const mid = Math.min(end, a + step / 2);
    const k = keys.findIndex((m) => (m.t ?? 0) > mid);
    const prev = k <= 0 ? keys[k === 0 ? 0 : keys.length - 1] : keys[k - 1];
    const next = k <= 0 ? prev : keys[k];
    const span = (next.t ?? 0) - (prev.t ?? 0);
    const f = span > 0 ? (mid - (prev.t ?? 0)) / span : 0;
    const lerp = (p: number, q: number) => p + (q - p) * f;
    const b = inside({ x: lerp(prev.x, next.x), y: lerp(prev.y, next.y), w: lerp(prev.w, next.w), h: lerp(prev.h, next.h) });
    out.push(`delogo=x=${b.x}:y=${b.y}:w=${b.w}:h=${b.h}:enable='between(t,${a.toFixed(3)},${(a + step).toFixed(3)})'`);
  }
  return out;
}

export async function videoEraser(job: Job<'video_eraser'>, ctx: EngineContext): Promise<EngineResult> {
  const src = input(job, 0, 'video');
  const info = await requireVideo(src);
  const { width: W, height: H } = info;
  const given = (job.params.regions ?? []) as TimedRegion[];
  const marks = given.filter((r) => typeof r.t === 'number' && Number.isFinite(r.t));
  let regions: Region[] = given.filter((r) => !marks.includes(r));
  if (job.inputs[1]) {
    const mask = await loadMask(W, H, job.inputs[1]);
    regions = [...regions, ...maskRegions(mask, W, H)];
  }
  if (marks.length === 1) regions.push(marks[0]);
  if (!regions.length && marks.length < 2) throw new EngineError(USER_TEXTS.SELECT_AREA, 'no regions and no mask');
  // delogo needs the box strictly inside the frame
  const inside = (r: Region): Region => {
    const x = clamp(Math.round(r.x), 1, W - 3);
    const y = clamp(Math.round(r.y), 1, H - 3);
    const w = clamp(Math.round(r.w), 1, W - 1 - x);
    const h = clamp(Math.round(r.h), 1, H - 1 - y);
    return { x, y, w, h };
  };
  const boxes = regions.map(inside);
  const filters = boxes.map((b) => `delogo=x=${b.x}:y=${b.y}:w=${b.w}:h=${b.h}`);
  if (marks.length >= 2) filters.push(...keyframedFilters(marks, info.duration, inside));
  const path = outFile(ctx, job, 0, 'mp4');
  await runFfmpeg(['-i', src, '-vf', filters.join(','), '-map', '0:v:0', '-map', '0:a?', ...h264Args({ crf: 18 }), '-c:a', 'copy', path], {
    signal: ctx.signal,
    duration: info.duration,
    onProgress: progress(ctx),
  });
  const moving = marks.length >= 2 ? `${boxes.length ? ' and ' : ''}a moving object followed between ${marks.length} marked frames` : '';
  const still = boxes.length ? `${boxes.length} area${boxes.length > 1 ? 's' : ''} in every frame` : '';
  return {
    outputs: [await mediaOutput(path)],
    metadata: {
      engine: 'local:ffmpeg-delogo',
      note: `Erased ${still}${moving} by interpolating from the box edges (ffmpeg delogo); ${NO_MODEL}.`,
    },
  };
}
