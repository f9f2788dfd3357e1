import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { USER_TEXTS } from 'shared-contracts/constants';
import { EngineError } from '../../errors';
import { h264Args, runFfmpeg } from '../../media/ffmpeg';
import { probeMedia, type ProbedMedia } from '../../media/probe';
import type { AlgorithmParams, CameraMotion, EngineContext, EngineJob, EngineResult, Region } from '../../types';
import { clamp, input, mediaOutput, nearestRatio, NO_MODEL, outFile, ratioSize, videoSize } from '../common';
import { compose } from '../image/compose';
import { loadMask, maskBounds } from '../image/raw';
import { watermarkPng } from '../image/watermark-mark';
import { rng, seedFor } from '../prompt';
import { arrange, planMusic } from '../audio/synth';

type Job<A extends keyof AlgorithmParams> = EngineJob<A>;
const FPS = 25;

function progress(ctx: EngineContext, from = 0, to = 100) {
  return (f: number) => ctx.onProgress(from + (to - from) * f);
}

async function requireVideo(path: string): Promise<ProbedMedia> {
  const p = await probeMedia(path).catch((e: Error) => {
    throw new EngineError(USER_TEXTS.FORMAT_UNSUPPORTED, e.message);
  });
  if (p.media !== 'video') throw new EngineError(USER_TEXTS.FORMAT_UNSUPPORTED, `expected a video, got ${p.media}`);
  return p;
}

function pickMotion(motion: CameraMotion | undefined, seed: number): Exclude<CameraMotion, 'auto'> {
  if (motion && motion !== 'auto') return motion;
  const all = ['zoom_in', 'zoom_out', 'pan_left', 'pan_right', 'pan_up', 'pan_down'] as const;
  return all[Math.floor(rng(seed)() * all.length)];
}

/** zoompan expressions for a camera move over n frames (input already scaled to `over` x the frame) */
function zoompan(m: Exclude<CameraMotion, 'auto'>, n: number, w: number, h: number): string {
  const p = `(on/${Math.max(1, n - 1)})`;
  const cx = "iw/2-(iw/zoom/2)";
  const cy = "ih/2-(ih/zoom/2)";
  let z = '1.12';
  let x = cx;
  let y = cy;
  if (m === 'zoom_in') z = `1+0.25*${p}`;
  if (m === 'zoom_out') z = `1.25-0.25*${p}`;
  if (m === 'pan_left') x = `(iw-iw/zoom)*(1-${p})`;
  if (m === 'pan_right') x = `(iw-iw/zoom)*${p}`;
  if (m === 'pan_up') y = `(ih-ih/zoom)*(1-${p})`;
  if (m === 'pan_down') y = `(ih-ih/zoom)*${p}`;
  return `zoompan=z='${z}':x='${x}':y='${y}':d=1:s=${w}x${h}:fps=${FPS}`;
}

/**
 * The audio toggle: a soundtrack synthesised for the clip from the prompt's mood (like the music engine),
 * exactly as long as the clip. Answers the extra ffmpeg input and output arguments, and a few words for
 * the note.
 */
async function soundtrack(
  job: EngineJob,
  ctx: EngineContext,
  prompt: string,
  seed: number,
  duration: number,
  inputIndex: number,
): Promise<{ input: string[]; output: string[]; say: string }> {
  const plan = planMusic(prompt || 'calm ambient', undefined, seed);
  const wav = join(ctx.workDir, `${job.taskId}-sound.wav`);
  await writeFile(wav, arrange(plan, duration, seed, true).mix.toWav());
  return {
    input: ['-i', wav],
    output: ['-map', `${inputIndex}:a`, '-c:a', 'aac', '-b:a', '160k', '-t', String(duration)],
    say: `, with a soundtrack synthesised in ${plan.keyName} at ${plan.bpm} bpm (${plan.instruments.join(', ')})`,
  };
}

export async function text2video(job: Job<'text2video'>, ctx: EngineContext): Promise<EngineResult> {
  const { prompt } = job.params;
  const duration = clamp(job.params.duration ?? 5, 1, 10);
  const base = ratioSize(job.params.ratio, '16:9');
  const { width: W, height: H } = videoSize(base.width, base.height, job.params.resolution);
  const seed = seedFor(prompt, job.params.seed);
  const motion = pickMotion(job.params.motion, seed);
  // layers rendered larger than the frame so the camera can move
  const LW = Math.round(W * 1.3);
  const LH = Math.round(H * 1.3);
  const c = compose(prompt, seed, LW, LH);
  const bgPath = join(ctx.workDir, `${job.taskId}-bg.png`);
  const fgPath = join(ctx.workDir, `${job.taskId}-fg.png`);
  await sharp(Buffer.from(c.background)).removeAlpha().png().toFile(bgPath);
  await sharp(Buffer.from(c.foreground)).ensureAlpha().png().toFile(fgPath);
  const sound = job.params.audio ? await soundtrack(job, ctx, prompt, seed, duration, 2) : { input: [], output: [], say: '' };
  ctx.onProgress(10, 'rendering');
  const n = Math.round(duration * FPS);
  // the foreground layer moves twice as far as the background: parallax
  const dir = motion === 'pan_left' ? -1 : motion === 'pan_right' ? 1 : rng(seed + 1)() > 0.5 ? 1 : -1;
  const fx = `(iw-ow)/2+${dir}*(iw-ow)/2*(t/${duration}*2-1)*0.9`;
  const fy = motion === 'pan_up' ? `(ih-oh)*(1-t/${duration})` : motion === 'pan_down' ? `(ih-oh)*t/${duration}` : '(ih-oh)/2';
  const path = outFile(ctx, job, 0, 'mp4');
  await runFfmpeg(
    [
      '-loop', '1', '-framerate', String(FPS), '-t', String(duration), '-i', bgPath,
      '-loop', '1', '-framerate', String(FPS), '-t', String(duration), '-i', fgPath,
      ...sound.input,
      '-filter_complex',
      `[0:v]${zoompan(motion, n, W, H)},setsar=1[bg];` +
        `[1:v]format=rgba,scale=${Math.round(W * 1.3)}:${Math.round(H * 1.3)},crop=${W}:${H}:x='${fx}':y='${fy}',setsar=1[fg];` +
        // no fade-in: the first frame is a representative one (posters and thumbnails use it)
        `[bg][fg]overlay=0:0:shortest=1,fade=t=out:st=${Math.max(0, duration - 0.4)}:d=0.4[v]`,
      '-map', '[v]', ...sound.output, '-frames:v', String(n), '-r', String(FPS), ...h264Args(), path,
    ],
    { signal: ctx.signal, duration, onProgress: progress(ctx, 10, 98) },
  );
  return {
    outputs: [await mediaOutput(path)],
    metadata: {
      engine: 'local:procedural-video',
      note: `Rendered procedurally from the prompt by the local engine: a ${c.scene} composition${c.drivers.length ? ` shaped by "${c.drivers.join('", "')}"` : ''} in two layers, filmed with a ${motion.replace('_', ' ')} camera move and parallax${sound.say}; a preview, ${NO_MODEL}.`,
    },
  };
}

export async function image2video(job: Job<'image2video'>, ctx: EngineContext): Promise<EngineResult> {
  const src = input(job, 0, 'image');
  const meta = await sharp(src).rotate().metadata();
  const iw = meta.autoOrient?.width ?? meta.width ?? 1;
  const ih = meta.autoOrient?.height ?? meta.height ?? 1;
  const base = ratioSize(nearestRatio(iw, ih));
  const { width: W, height: H } = videoSize(base.width, base.height, job.params.resolution);
  const duration = clamp(job.params.duration ?? 5, 1, 10);
  const seed = seedFor(job.params.prompt ?? src, job.params.seed);
  const motion = pickMotion(job.params.motion, seed);
  const n = Math.round(duration * FPS);
  // cover-crop to the frame, with room for the camera
  const firstPath = join(ctx.workDir, `${job.taskId}-first.png`);
  await sharp(src).rotate().resize(Math.round(W * 1.3), Math.round(H * 1.3), { fit: 'cover' }).png().toFile(firstPath);
  const args = ['-loop', '1', '-framerate', String(FPS), '-t', String(duration), '-i', firstPath];
  let filter = `[0:v]${zoompan(motion, n, W, H)},setsar=1[a]`;
  let out = '[a]';
  let endNote = '';
  if (job.inputs[1]) {
    const endPath = join(ctx.workDir, `${job.taskId}-end.png`);
    await sharp(job.inputs[1]).rotate().resize(W, H, { fit: 'cover' }).png().toFile(endPath);
    args.push('-loop', '1', '-framerate', String(FPS), '-t', String(duration), '-i', endPath);
    // cross-dissolve from the moving first frame into the end frame over the second half
    filter += `;[1:v]format=yuva420p,setsar=1,fade=t=in:st=${duration / 2}:d=${duration / 2}:alpha=1[b];[a][b]overlay=0:0:shortest=1[m]`;
    out = '[m]';
    endNote = ', dissolving into the end frame';
  }
  filter += `;${out}null[v]`;
  const sound = job.params.audio ? await soundtrack(job, ctx, job.params.prompt ?? '', seed, duration, job.inputs[1] ? 2 : 1) : { input: [], output: [], say: '' };
  const path = outFile(ctx, job, 0, 'mp4');
  await runFfmpeg([...args, ...sound.input, '-filter_complex', filter, '-map', '[v]', ...sound.output, '-frames:v', String(n), '-r', String(FPS), ...h264Args(), path], {
    signal: ctx.signal,
    duration,
    onProgress: progress(ctx, 5, 98),
  });
  return {
    outputs: [await mediaOutput(path)],
    metadata: {
      engine: 'local:ken-burns',
      note: `The image was animated by the local engine with a ${motion.replace('_', ' ')} camera move (ken-burns)${endNote}${sound.say}; a preview, ${NO_MODEL}.`,
    },
  };
}

const ANIME: Record<string, { chain: string; say: string }> = {
  anime: {
    chain: 'hqdn3d=6:6:8:8,lutrgb=r=floor(val/42)*42+21:g=floor(val/42)*42+21:b=floor(val/42)*42+21,eq=saturation=1.45:contrast=1.08',
    say: 'smoothed, posterised to flat colour bands, saturated and outlined',
  },
  cartoon: {
    chain: 'hqdn3d=10:10:10:10,lutrgb=r=floor(val/64)*64+32:g=floor(val/64)*64+32:b=floor(val/64)*64+32,eq=saturation=1.7',
    say: 'strongly smoothed, posterised to few colours and outlined',
  },
  comic: {
    chain: 'hqdn3d=6:6:6:6,eq=saturation=0.55:contrast=1.35,lutrgb=r=floor(val/51)*51:g=floor(val/51)*51:b=floor(val/51)*51',
    say: 'desaturated, contrasted, posterised and outlined',
  },
  sketch: { chain: 'format=gray,hqdn3d=4:4:4:4', say: 'turned into pencil lines from its edges' },
  watercolor: {
    chain: 'boxblur=2:1,lutrgb=r=floor(val/32)*32+16:g=floor(val/32)*32+16:b=floor(val/32)*32+16,eq=saturation=1.3:brightness=0.04',
    say: 'softened into washed colour areas and outlined',
  },
};

export async function video2anime(job: Job<'video2anime'>, ctx: EngineContext): Promise<EngineResult> {
  const src = input(job, 0, 'video');
  const info = await requireVideo(src);
  const style = job.params.style && ANIME[job.params.style] ? job.params.style : 'anime';
  const { width: W, height: H } = job.params.resolution ? videoSize(info.width, info.height, job.params.resolution) : videoSize(info.width, info.height);
  const s = ANIME[style];
  const edges = style === 'sketch'
    ? `[0:v]scale=${W}:${H},${s.chain},edgedetect=low=0.08:high=0.2,negate,format=yuv420p[v]`
    : `[0:v]scale=${W}:${H},split[a][b];[a]${s.chain}[c];[b]format=gray,edgedetect=low=0.1:high=0.25,negate,format=gbrp[e];[c]format=gbrp[c2];[c2][e]blend=all_mode=multiply,format=yuv420p[v]`;
  const path = outFile(ctx, job, 0, 'mp4');
  await runFfmpeg(['-i', src, '-filter_complex', edges, '-map', '[v]', '-map', '0:a?', ...h264Args(), '-c:a', 'aac', '-b:a', '128k', path], {
    signal: ctx.signal,
    duration: info.duration,
    onProgress: progress(ctx),
  });
  return {
    outputs: [await mediaOutput(path)],
    metadata: {
      engine: 'local:ffmpeg-stylise',
      note: `Stylised as ${style} by an ffmpeg filter chain: every frame ${s.say}; ${NO_MODEL}.`,
    },
  };
}

const EFFECTS: Record<string, (d: number, W: number, H: number) => { pre: string; say: string }> = {
  zoom_pulse: (d, W, H) => ({ pre: `zoompan=z='1.12+0.08*sin(2*PI*on/${FPS})':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=1:s=${W}x${H}:fps=${FPS}`, say: 'a pulsing zoom' }),
  heartbeat: (d, W, H) => ({ pre: `zoompan=z='1.08+0.1*pow(abs(sin(PI*on/${FPS * 0.8})),12)':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=1:s=${W}x${H}:fps=${FPS}`, say: 'a heartbeat zoom' }),
  dolly: (d, W, H) => ({ pre: `zoompan=z='1+0.5*on/${d * FPS}':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=1:s=${W}x${H}:fps=${FPS}`, say: 'a dolly push-in' }),
  shake: (_d, W, H) => ({ pre: `scale=${Math.round(W * 1.1)}:${Math.round(H * 1.1)},crop=${W}:${H}:x='(iw-ow)/2+sin(t*37)*iw*0.02':y='(ih-oh)/2+cos(t*29)*ih*0.02'`, say: 'a camera shake' }),
  spin: (d, W, H) => ({ pre: `scale=${Math.round(Math.hypot(W, H))}:${Math.round(Math.hypot(W, H))},rotate=a='2*PI*t/${d}':ow=${W}:oh=${H}`, say: 'a full spin' }),
  glitch: (_d, W, H) => ({ pre: `scale=${W}:${H},format=gbrp,geq=r='r(X+12*sin(T*23)*gt(sin(T*7),0.3),Y)':g='g(X,Y)':b='b(X-12*sin(T*19)*gt(sin(T*7),0.3),Y)',noise=alls=18:allf=t`, say: 'a colour-split glitch with noise' }),
  fade_bw: (d, W, H) => ({ pre: `scale=${W}:${H},hue=s='max(0,1-t/${d})'`, say: 'a fade from colour to black and white' }),
};

export async function effect(job: Job<'effect'>, ctx: EngineContext): Promise<EngineResult> {
  const src = input(job, 0, 'image');
  const meta = await sharp(src).rotate().metadata();
  const base = ratioSize(nearestRatio(meta.autoOrient?.width ?? meta.width ?? 1, meta.autoOrient?.height ?? meta.height ?? 1));
  const { width: W, height: H } = videoSize(base.width, base.height, job.params.resolution ?? '540p');
  const d = clamp(job.params.duration ?? 5, 1, 10);
  const name = job.params.effect && EFFECTS[job.params.effect] ? job.params.effect : 'zoom_pulse';
  const e = EFFECTS[name](d, W, H);
  const still = join(ctx.workDir, `${job.taskId}-still.png`);
  await sharp(src).rotate().resize(Math.round(W * 1.2), Math.round(H * 1.2), { fit: 'cover' }).png().toFile(still);
  const path = outFile(ctx, job, 0, 'mp4');
  await runFfmpeg(
    ['-loop', '1', '-framerate', String(FPS), '-t', String(d), '-i', still, '-vf', `${e.pre},scale=${W}:${H},setsar=1`, '-frames:v', String(Math.round(d * FPS)), '-r', String(FPS), ...h264Args(), path],
    { signal: ctx.signal, duration: d, onProgress: progress(ctx) },
  );
  return {
    outputs: [await mediaOutput(path)],
    metadata: { engine: 'local:ffmpeg-effect', note: `The image was animated with ${e.say} by ffmpeg filters; ${NO_MODEL}.` },
  };
}

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

export async function videoDenoise(job: Job<'video_denoise'>, ctx: EngineContext): Promise<EngineResult> {
  const src = input(job, 0, 'video');
  const info = await requireVideo(src);
  const strength = job.params.strength ?? 'medium';
  const method = job.params.method ?? 'hqdn3d';
  const k = strength === 'low' ? 0 : strength === 'medium' ? 1 : 2;
  const filter = method === 'nlmeans'
    ? `nlmeans=s=${[1.5, 3, 5][k]}:p=7:r=9`
    : `hqdn3d=${[2, 5, 12][k]}:${[1.5, 4, 9][k]}:${[3, 8, 18][k]}:${[2.25, 6, 14][k]}`;
  // the soundtrack is cleaned too (the tool is listed under video and audio): FFT denoiser after a high-pass
  const nr = [10, 18, 28][k];
  const audioFilter = `highpass=f=70,afftdn=nr=${nr}:nf=-42:tn=1`;
  const path = outFile(ctx, job, 0, 'mp4');
  await runFfmpeg(['-i', src, '-vf', filter, '-af', audioFilter, '-map', '0:v:0', '-map', '0:a?', ...h264Args({ crf: 18 }), '-c:a', 'aac', '-b:a', '160k', path], {
    signal: ctx.signal,
    duration: info.duration,
    onProgress: progress(ctx),
  });
  return {
    outputs: [await mediaOutput(path)],
    metadata: { engine: 'local:ffmpeg-denoise', note: `Denoised with ffmpeg ${method} (${strength}: ${filter}) and its soundtrack with afftdn (${nr} dB); ${NO_MODEL}.` },
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

export async function watermarkVideo(job: Job<'watermark'>, ctx: EngineContext, src: string, info: ProbedMedia): Promise<EngineResult> {
  const mark = await watermarkPng(info.width, info.height, job.params.text);
  const markPath = join(ctx.workDir, `${job.taskId}-mark.png`);
  await writeFile(markPath, mark.png);
  const path = outFile(ctx, job, 0, 'mp4');
  await runFfmpeg(
    ['-i', src, '-i', markPath, '-filter_complex', `[0:v][1:v]overlay=W-w-${mark.margin}:H-h-${mark.margin},format=yuv420p[v]`, '-map', '[v]', '-map', '0:a?', ...h264Args({ crf: 18 }), '-c:a', 'aac', path],
    { signal: ctx.signal, duration: info.duration, onProgress: progress(ctx) },
  );
  return {
    outputs: [await mediaOutput(path)],
    metadata: { engine: 'local:watermark', note: 'The free-plan watermark (logo and name, bottom right) was drawn on every frame.' },
  };
}
