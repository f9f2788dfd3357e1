/**
 * Talking photo, talking avatar and lip sync: the mouth found by face-api's 68 landmarks is opened and
 * closed frame by frame with the loudness of the speech (eSpeak NG from text, or an uploaded track): the
 * lower lip and jaw are displaced downwards and the gap is painted as the inside of a mouth. The avatar
 * variant also blinks and sways its head. No talking-head model runs here.
 */
import { join } from 'node:path';
import sharp from 'sharp';
import { USER_TEXTS } from 'shared-contracts/constants';
import { EngineError, throwIfAborted, yieldToLoop } from '../../errors';
import { ffmpegFrameSink, ffmpegToBuffer, forEachFrame, h264Args, runFfmpeg } from '../../media/ffmpeg';
import { probeMedia } from '../../media/probe';
import type { AlgorithmParams, EngineContext, EngineJob, EngineResult, FaceLandmarks } from '../../types';
import { input, mediaOutput, NO_MODEL, outFile } from '../common';
import { detectFaces } from '../image/face';
import { MODEL_NAMES } from '../models';
import { DEFAULT_VOICE, speak } from '../audio/speech';

/** a module-local alias: hot loops avoid global lookups (slow inside vm contexts such as jest) */
const M = Math;

const FPS = 25;
/** lip sync re-finds the face this often (frames); the mouth follows the last landmarks in between */
const DETECT_EVERY = 10;
type Job<A extends keyof AlgorithmParams> = EngineJob<A>;

interface Speech {
  path: string;
  duration: number;
  /** 0..1 mouth opening per video frame */
  envelope: Float32Array;
  source: string;
}

/** The speech track (uploaded, or spoken from text) and its loudness per frame. */
async function speechFor(job: Job<'talking_photo' | 'talking_avatar' | 'lip_sync'>, ctx: EngineContext): Promise<Speech> {
  let path: string;
  let source: string;
  if (job.inputs[1]) {
    path = job.inputs[1];
    const p = await probeMedia(path).catch((e: Error) => {
      throw new EngineError(USER_TEXTS.FORMAT_UNSUPPORTED, e.message);
    });
    if (!p.hasAudio) throw new EngineError(USER_TEXTS.FORMAT_UNSUPPORTED, 'the audio input has no sound');
    source = 'the uploaded audio';
  } else {
    const text = (job.params.text ?? '').trim();
    if (!text) throw new EngineError(USER_TEXTS.PROCESSING_FAILED, 'give text or an audio track');
    path = join(ctx.workDir, `${job.taskId}-speech.wav`);
    await speak(text, path, { voice: job.params.voice ?? DEFAULT_VOICE, signal: ctx.signal });
    source = `eSpeak NG (${job.params.voice ?? DEFAULT_VOICE})`;
  }
  const pcm = await ffmpegToBuffer(['-i', path, '-t', '300', '-ac', '1', '-ar', '16000', '-f', 's16le', 'pipe:1'], ctx.signal);
  const n = pcm.length / 2;
  const duration = n / 16000;
  if (duration < 0.2) throw new EngineError(USER_TEXTS.PROCESSING_FAILED, 'the speech is too short');
  const per = 16000 / FPS;
  const frames = M.ceil(duration * FPS);
  const rms = new Float32Array(frames);
  for (let f = 0; f < frames; f++) {
    let s = 0;
    let c = 0;
    for (let i = M.floor(f * per); i < M.min(n, M.floor((f + 1) * per)); i++) {
      s += (pcm.readInt16LE(i * 2) / 32768) ** 2;
      c++;
    }
    rms[f] = c ? M.sqrt(s / c) : 0;
  }
  const sorted = Float32Array.from(rms).sort();
  const loud = sorted[M.floor(sorted.length * 0.95)] || 1e-6;
  const gate = loud * 0.12;
  const env = new Float32Array(frames);
  let v = 0;
  for (let f = 0; f < frames; f++) {
    const target = M.max(0, M.min(1, (rms[f] - gate) / (loud - gate)));
    v += (target > v ? 0.7 : 0.45) * (target - v); // fast open, slower close
    env[f] = v;
  }
  return { path, duration, envelope: env, source };
}

type Pt = [number, number];

/**
 * Open the mouth of one RGB frame by `amount` (0..1), using the face's landmarks. Works in the mouth's own
 * axes (so a tilted head opens along its own chin line): the lower lip and jaw slide down, bilinearly
 * resampled, and the gap is painted as the inside of a mouth. In place.
 */
function openMouth(frame: Buffer, width: number, height: number, face: FaceLandmarks, amount: number): void {
  if (amount < 0.02) return;
  const L = face.landmarks as Pt[];
  const left = L[48];
  const right = L[54];
  const ang = M.atan2(right[1] - left[1], right[0] - left[0]);
  const ca = M.cos(ang);
  const sa = M.sin(ang);
  // centre between the inner lips
  const cx = (L[62][0] + L[66][0]) / 2;
  const cy = (L[62][1] + L[66][1]) / 2;
  const mw = M.max(4, M.hypot(right[0] - left[0], right[1] - left[1]));
  // distances along the face's downward axis (v)
  const vOf = (p: Pt) => -(p[0] - cx) * sa + (p[1] - cy) * ca;
  const vLowerLip = M.max(1, vOf(L[57]));
  const vChin = M.max(vOf(L[8]), mw * 0.5);
  const vEnd = vChin + mw * 0.25;
  const halfW = mw * 0.75;
  const open = amount * 0.42 * mw;
  // bounding box of the rotated working area
  const corners: Pt[] = [[-halfW, -2], [halfW, -2], [-halfW, vEnd], [halfW, vEnd]].map(([u, v]) => [cx + u * ca - v * sa, cy + u * sa + v * ca]);
  const x0 = M.max(0, M.floor(M.min(...corners.map((c) => c[0]))) - 1);
  const x1 = M.min(width - 1, M.ceil(M.max(...corners.map((c) => c[0]))) + 1);
  const y0 = M.max(0, M.floor(M.min(...corners.map((c) => c[1]))) - 1);
  const y1 = M.min(height - 1, M.ceil(M.max(...corners.map((c) => c[1]))) + 1);
  const bw = x1 - x0 + 1;
  const src = Buffer.alloc(bw * (y1 - y0 + 1) * 3);
  for (let y = y0; y <= y1; y++) frame.copy(src, (y - y0) * bw * 3, (y * width + x0) * 3, (y * width + x1 + 1) * 3);
  const sample = (x: number, y: number, c: number) => {
    const xi = M.max(x0, M.min(x1 - 1, M.floor(x)));
    const yi = M.max(y0, M.min(y1 - 1, M.floor(y)));
    const fx = M.max(0, M.min(1, x - xi));
    const fy = M.max(0, M.min(1, y - yi));
    const i00 = ((yi - y0) * bw + (xi - x0)) * 3 + c;
    const i01 = i00 + 3;
    const i10 = i00 + bw * 3;
    const i11 = i10 + 3;
    return (src[i00] * (1 - fx) + src[i01] * fx) * (1 - fy) + (src[i10] * (1 - fx) + src[i11] * fx) * fy;
  };
  const gapHalf = mw * 0.46;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const u = (x - cx) * ca + (y - cy) * sa;
      const v = -(x - cx) * sa + (y - cy) * ca;
      if (v < 0 || v > vEnd || M.abs(u) > halfW) continue;
      const hx = M.max(0, 1 - (u / halfW) ** 2);
      const p = (y * width + x) * 3;
      const gapW = M.abs(u) < gapHalf ? M.sqrt(1 - (u / gapHalf) ** 2) : 0;
      const gap = open * gapW;
      if (v < gap) {
        // inside of the mouth: upper teeth near the upper lip in the middle, darker further in
        const t = v / M.max(1, gap);
        const teeth = open > 5 && t < 0.3 && M.abs(u) < gapHalf * 0.7;
        const shade = 1 - 0.5 * t;
        const col = teeth ? [205 * shade + 20, 198 * shade + 18, 188 * shade + 18] : [92 - 55 * t, 30 - 12 * t, 34 - 14 * t];
        const edge = M.min(1, gapW * 4, (gap - v) / 1.5, v / 1.2 + 0.35);
        for (let c = 0; c < 3; c++) frame[p + c] = M.round(frame[p + c] * (1 - edge) + col[c] * edge);
        continue;
      }
      // displacement along v: full at the lower lip, easing to a third at the chin, to nothing below
      let fall = 1;
      if (v > vLowerLip) fall = 1 - ((v - vLowerLip) / M.max(1, vChin - vLowerLip)) * 0.67;
      if (v > vChin) fall = 0.33 * M.max(0, 1 - (v - vChin) / M.max(1, vEnd - vChin));
      const d = open * hx * M.max(0, fall);
      if (d < 0.05) continue;
      const sx = x + d * sa;
      const sy = y - d * ca;
      for (let c = 0; c < 3; c++) frame[p + c] = M.round(sample(sx, sy, c));
    }
  }
}

/** Close the eyes (avatar blink): each eye is covered with the skin just above it. In place. */
function blink(frame: Buffer, width: number, height: number, face: FaceLandmarks): void {
  const L = face.landmarks as Pt[];
  for (const [a, b] of [[36, 41], [42, 47]]) {
    const pts = L.slice(a, b + 1);
    const xs = pts.map((p) => p[0]);
    const ys = pts.map((p) => p[1]);
    const ex0 = M.max(0, M.floor(M.min(...xs)) - 2);
    const ex1 = M.min(width - 1, M.ceil(M.max(...xs)) + 2);
    const ey0 = M.max(1, M.floor(M.min(...ys)) - 3);
    const ey1 = M.min(height - 1, M.ceil(M.max(...ys)) + 3);
    const cx = (ex0 + ex1) / 2;
    const cyy = (ey0 + ey1) / 2;
    const rx = (ex1 - ex0) / 2;
    const ry = (ey1 - ey0) / 2;
    const skinRow = M.max(0, ey0 - M.round(ry));
    for (let y = ey0; y <= ey1; y++) {
      for (let x = ex0; x <= ex1; x++) {
        const e = ((x - cx) / rx) ** 2 + ((y - cyy) / ry) ** 2;
        if (e > 1) continue;
        const k = M.min(1, (1 - e) * 3);
        const p = (y * width + x) * 3;
        const s = (skinRow * width + x) * 3;
        const lash = M.abs(y - (cyy + ry * 0.35)) < 1 ? 0.45 : 1;
        for (let c = 0; c < 3; c++) frame[p + c] = M.round(frame[p + c] * (1 - k) + frame[s + c] * lash * k);
      }
    }
  }
}

async function talkingStill(job: Job<'talking_photo' | 'talking_avatar'>, ctx: EngineContext, avatar: boolean): Promise<EngineResult> {
  const src = input(job, 0, 'image');
  const res = job.params.resolution ? Number(job.params.resolution.replace('p', '')) : 720;
  const meta = await sharp(src).rotate().metadata();
  const iw = meta.autoOrient?.width ?? meta.width ?? 1;
  const ih = meta.autoOrient?.height ?? meta.height ?? 1;
  const s = M.min(1, res / M.min(iw, ih), 1280 / M.max(iw, ih));
  const W = M.max(2, M.round((iw * s) / 2) * 2);
  const H = M.max(2, M.round((ih * s) / 2) * 2);
  const base = await sharp(src).rotate().resize(W, H, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  ctx.onProgress(5, 'finding the face');
  const faces = await detectFaces({ data: base, width: W, height: H, channels: 3 });
  if (!faces.length) throw new EngineError(USER_TEXTS.NO_FACE, 'no face detected');
  const face = faces[0];
  ctx.onProgress(15, 'speech');
  const speech = await speechFor(job, ctx);
  const frames = speech.envelope.length;
  const rawPath = outFile(ctx, job, 0, 'raw.mp4');
  const path = outFile(ctx, job, 0, 'mp4');
  const sink = ffmpegFrameSink(
    ['-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${W}x${H}`, '-r', String(FPS), '-i', 'pipe:0', '-i', speech.path, '-map', '0:v', '-map', '1:a', ...h264Args(), '-c:a', 'aac', '-b:a', '128k', '-shortest', avatar ? rawPath : path],
    ctx.signal,
  );
  for (let f = 0; f < frames; f++) {
    throwIfAborted(ctx.signal);
    const frame = Buffer.from(base);
    openMouth(frame, W, H, face, speech.envelope[f]);
    if (avatar && f % 90 >= 84) blink(frame, W, H, face);
    await sink.write(frame);
    await yieldToLoop();
    if (f % 10 === 0) ctx.onProgress(20 + (f / frames) * (avatar ? 55 : 78));
  }
  await sink.end();
  if (avatar) {
    // a gentle head sway and breathing zoom
    await runFfmpeg(
      ['-i', rawPath, '-vf', `scale=${M.round(W * 1.06 / 2) * 2}:${M.round(H * 1.06 / 2) * 2},rotate=a='0.018*sin(2*PI*t/3.3)':ow=${W}:oh=${H}:c=black,format=yuv420p`, '-c:a', 'copy', ...h264Args(), path],
      { signal: ctx.signal, duration: speech.duration, onProgress: (f) => ctx.onProgress(75 + f * 24) },
    );
  }
  return {
    outputs: [await mediaOutput(path)],
    metadata: {
      engine: 'local:landmark-lipsync',
      model: MODEL_NAMES.faces,
      note: `The mouth found by face-api's 68 landmarks opens and closes with the loudness of ${speech.source}${avatar ? '; the avatar also blinks and sways' : ''}. Warped by the local engine; no talking-head model ran.`,
    },
  };
}

export function talkingPhoto(job: Job<'talking_photo'>, ctx: EngineContext): Promise<EngineResult> {
  return talkingStill(job, ctx, false);
}
export function talkingAvatar(job: Job<'talking_avatar'>, ctx: EngineContext): Promise<EngineResult> {
  return talkingStill(job, ctx, true);
}

/**
 * Whether a face shows in a video: the face detector on `samples` frames spread over it (at most 640 px). Run
 * before a lip sync starts (by the API before the charge, and by the engine before it renders), so a clip
 * without a face is refused in a second rather than after a whole render.
 */
export async function videoHasFace(path: string, samples = 4, signal?: AbortSignal): Promise<boolean> {
  const info = await probeMedia(path).catch((e: Error) => {
    throw new EngineError(USER_TEXTS.FORMAT_UNSUPPORTED, e.message);
  });
  if (info.media !== 'video') throw new EngineError(USER_TEXTS.FORMAT_UNSUPPORTED, 'expected a video');
  const s = M.min(1, 640 / M.max(info.width, info.height));
  const W = M.max(2, M.round((info.width * s) / 2) * 2);
  const H = M.max(2, M.round((info.height * s) / 2) * 2);
  for (let i = 0; i < samples; i++) {
    const at = ((info.duration || 0) * (i + 0.5)) / samples;
    const frame = await ffmpegToBuffer(['-ss', at.toFixed(3), '-i', path, '-frames:v', '1', '-vf', `scale=${W}:${H}`, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], signal);
    if (frame.length < W * H * 3) continue;
    if ((await detectFaces({ data: frame.subarray(0, W * H * 3), width: W, height: H, channels: 3 })).length) return true;
  }
  return false;
}

export async function lipSync(job: Job<'lip_sync'>, ctx: EngineContext): Promise<EngineResult> {
  const src = input(job, 0, 'video');
  const info = await probeMedia(src).catch((e: Error) => {
    throw new EngineError(USER_TEXTS.FORMAT_UNSUPPORTED, e.message);
  });
  if (info.media !== 'video') throw new EngineError(USER_TEXTS.FORMAT_UNSUPPORTED, 'expected a video');
  const s = M.min(1, 1280 / M.max(info.width, info.height));
  const W = M.max(2, M.round((info.width * s) / 2) * 2);
  const H = M.max(2, M.round((info.height * s) / 2) * 2);
  ctx.onProgress(2, 'looking for a face');
  // refused before the render, for good: a Retry of the same clip cannot find a face either
  if (!(await videoHasFace(src, 4, ctx.signal))) throw new EngineError(USER_TEXTS.NO_FACE, 'no face in 4 frames spread over the video', false);
  const speech = await speechFor(job, ctx);
  ctx.onProgress(10, 'syncing');
  const frames = speech.envelope.length;
  const path = outFile(ctx, job, 0, 'mp4');
  const sink = ffmpegFrameSink(
    ['-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${W}x${H}`, '-r', String(FPS), '-i', 'pipe:0', '-i', speech.path, '-map', '0:v', '-map', '1:a', ...h264Args(), '-c:a', 'aac', '-b:a', '128k', '-shortest', path],
    ctx.signal,
  );
  let face: FaceLandmarks | null = null;
  let facesSeen = 0;
  await forEachFrame(
    // the video loops until the speech ends
    { input: src, width: W, height: H, extraInput: ['-stream_loop', '-1', '-t', speech.duration.toFixed(3)], filter: `fps=${FPS}` },
    async (frame, i) => {
      if (i >= frames) return;
      if (i % DETECT_EVERY === 0) {
        const found = await detectFaces({ data: frame, width: W, height: H, channels: 3 });
        if (found.length) {
          face = found[0];
          facesSeen++;
        }
      }
      if (face) openMouth(frame, W, H, face, speech.envelope[i]);
      await sink.write(frame);
      if (i % 10 === 0) ctx.onProgress(10 + (i / frames) * 88);
    },
    ctx.signal,
  );
  await sink.end();
  if (!facesSeen) throw new EngineError(USER_TEXTS.NO_FACE, 'no face detected in the video');
  return {
    outputs: [await mediaOutput(path)],
    metadata: {
      engine: 'local:landmark-lipsync',
      model: MODEL_NAMES.faces,
      note: `The mouth, tracked with face-api's 68 landmarks every ${DETECT_EVERY} frames, opens and closes with the loudness of ${speech.source}; the video loops to the speech's length. Warped by the local engine; ${NO_MODEL}.`,
    },
  };
}
