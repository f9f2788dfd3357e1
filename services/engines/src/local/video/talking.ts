/**
 * Talking photo, talking avatar and lip sync: the mouth found by face-api's 68 landmarks is opened and
 * closed frame by frame with the loudness of the speech (eSpeak NG from text, or an uploaded track): the
 * lower lip and jaw are displaced downwards and the gap is painted as the inside of a mouth. The avatar
 * variant also blinks and sways its head. No talking-head model runs here.
 */
import { join } from 'node:path';
import sharp from 'sharp';
import { USER_TEXTS } from 'shared-contracts/src/constants';
import { EngineError, throwIfAborted } from '../../errors';
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

/** Open the mouth of one RGB frame by `amount` (0..1), using the face's landmarks. In place. */
export function openMouth(frame: Buffer, width: number, height: number, face: FaceLandmarks, amount: number): void {
  if (amount < 0.02) return;
  const L = face.landmarks as Pt[];
  const left = L[48];
  const right = L[54];
  const cx = (left[0] + right[0]) / 2;
  const cy = (L[62][1] + L[66][1]) / 2;
  const mw = M.max(4, M.abs(right[0] - left[0]));
  const chinY = M.max(L[8][1], cy + mw * 0.5);
  const open = amount * 0.42 * mw;
  const halfW = mw * 0.75;
  const yEnd = M.min(height - 1, M.round(chinY + mw * 0.25));
  const x0 = M.max(0, M.floor(cx - halfW));
  const x1 = M.min(width - 1, M.ceil(cx + halfW));
  const y0 = M.max(0, M.floor(cy));
  const src = Buffer.from(frame.subarray(y0 * width * 3, (yEnd + 1) * width * 3));
  const at = (x: number, y: number, c: number) => src[((y - y0) * width + x) * 3 + c];
  const lowerLip = M.max(L[57][1], cy + 1);
  for (let x = x0; x <= x1; x++) {
    const dx = (x - cx) / halfW;
    const hx = M.max(0, 1 - dx * dx);
    const gapW = M.abs(x - cx) < mw * 0.48 ? M.sqrt(M.max(0, 1 - ((x - cx) / (mw * 0.48)) ** 2)) : 0;
    for (let y = y0; y <= yEnd; y++) {
      // displacement: full at the lips, easing to a third at the chin, nothing below
      const fall = y <= lowerLip ? 1 : M.max(0, 1 - ((y - lowerLip) / (yEnd - lowerLip + 1)) * 0.67) * (y > chinY ? M.max(0, 1 - (y - chinY) / (yEnd - chinY + 1)) : 1);
      const d = open * hx * fall;
      const p = (y * width + x) * 3;
      const gap = open * gapW;
      if (y - cy < gap && gapW > 0) {
        // inside of the mouth: teeth near the upper lip, dark further in
        const t = (y - cy) / M.max(1, gap);
        const teeth = open > 4 && t < 0.28;
        const col = teeth ? [228, 222, 212] : [70 - 40 * t, 22, 28];
        const edge = M.min(1, gapW * 3, (gap - (y - cy)) / 1.5);
        for (let c = 0; c < 3; c++) frame[p + c] = M.round(frame[p + c] * (1 - edge) + col[c] * edge);
        continue;
      }
      const ys = y - d;
      const yi = M.floor(ys);
      const fr = ys - yi;
      if (yi < y0) continue;
      for (let c = 0; c < 3; c++) {
        const a = at(x, yi, c);
        const b = yi + 1 <= yEnd ? at(x, yi + 1, c) : a;
        frame[p + c] = M.round(a * (1 - fr) + b * fr);
      }
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

export async function lipSync(job: Job<'lip_sync'>, ctx: EngineContext): Promise<EngineResult> {
  const src = input(job, 0, 'video');
  const info = await probeMedia(src).catch((e: Error) => {
    throw new EngineError(USER_TEXTS.FORMAT_UNSUPPORTED, e.message);
  });
  if (info.media !== 'video') throw new EngineError(USER_TEXTS.FORMAT_UNSUPPORTED, 'expected a video');
  const s = M.min(1, 1280 / M.max(info.width, info.height));
  const W = M.max(2, M.round((info.width * s) / 2) * 2);
  const H = M.max(2, M.round((info.height * s) / 2) * 2);
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
      if (i % 5 === 0) {
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
      note: `The mouth, tracked with face-api's 68 landmarks every fifth frame, opens and closes with the loudness of ${speech.source}; the video loops to the speech's length. Warped by the local engine; ${NO_MODEL}.`,
    },
  };
}
