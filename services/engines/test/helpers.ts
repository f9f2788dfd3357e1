import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { ffmpegToBuffer, runFfmpeg } from '../src/media/ffmpeg';
import type { EngineContext, EngineJob, AlgorithmId, AlgorithmParams } from '../src/types';
import { LocalEngine } from '../src/local/engine';

export function tempDir(prefix: string): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), `engines-${prefix}-`));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface Recorded extends EngineContext {
  progress: number[];
}

export function ctxFor(workDir: string, signal = new AbortController().signal): Recorded {
  const progress: number[] = [];
  return { workDir, signal, progress, onProgress: (p) => progress.push(p) };
}

let n = 0;
export function job<A extends AlgorithmId>(algorithm: A, params: AlgorithmParams[A], inputs: string[] = []): EngineJob<A> {
  return { taskId: `t${Date.now().toString(36)}${n++}`, algorithm, params, inputs };
}

export const engine = new LocalEngine();

/** A textured test picture: gradients, a few shapes and noise (deterministic). */
export async function makePicture(path: string, width = 320, height = 240): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3a6ea5"/><stop offset="1" stop-color="#e8c36a"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>
<circle cx="${width * 0.3}" cy="${height * 0.4}" r="${height * 0.2}" fill="#c0392b"/>
<rect x="${width * 0.6}" y="${height * 0.5}" width="${width * 0.25}" height="${height * 0.3}" fill="#27ae60"/>
</svg>`;
  await sharp(Buffer.from(svg)).png().toFile(path);
  return path;
}

/** A short test video (moving test pattern, with a tone when `audio`). */
export async function makeVideo(path: string, opts: { width?: number; height?: number; seconds?: number; audio?: boolean; fps?: number } = {}): Promise<string> {
  const { width = 192, height = 108, seconds = 1, audio = true, fps = 25 } = opts;
  await runFfmpeg([
    '-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=${fps}:duration=${seconds}`,
    ...(audio ? ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`] : []),
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', ...(audio ? ['-c:a', 'aac', '-shortest'] : []), path,
  ]);
  return path;
}

/** Raw RGB of an image file. */
export async function rgb(path: string): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(path).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Mean absolute difference per channel over the pixels where `inside(x, y)` holds. */
export function meanDiff(a: { data: Buffer; width: number; height: number }, b: { data: Buffer }, inside: (x: number, y: number) => boolean): number {
  let s = 0;
  let c = 0;
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      if (!inside(x, y)) continue;
      const p = (y * a.width + x) * 3;
      s += Math.abs(a.data[p] - b.data[p]) + Math.abs(a.data[p + 1] - b.data[p + 1]) + Math.abs(a.data[p + 2] - b.data[p + 2]);
      c += 3;
    }
  }
  return c ? s / c : 0;
}

/** Mono PCM samples (16 kHz) of a media file's audio. */
export async function pcm(path: string, rate = 16000, channel?: 'left' | 'right'): Promise<Float32Array> {
  const af = channel ? ['-af', `pan=mono|c0=${channel === 'left' ? 'c0' : 'c1'}`] : ['-ac', '1'];
  const buf = await ffmpegToBuffer(['-i', path, ...af, '-ar', String(rate), '-f', 's16le', 'pipe:1']);
  const out = new Float32Array(buf.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = buf.readInt16LE(i * 2) / 32768;
  return out;
}

export function rms(s: Float32Array): number {
  let t = 0;
  for (const v of s) t += v * v;
  return s.length ? Math.sqrt(t / s.length) : 0;
}

/** Power of one frequency (Goertzel), normalised by length. */
export function tonePower(s: Float32Array, freq: number, rate = 16000): number {
  const k = (2 * Math.cos((2 * Math.PI * freq) / rate));
  let s1 = 0;
  let s2 = 0;
  for (const v of s) {
    const s0 = v + k * s1 - s2;
    s2 = s1;
    s1 = s0;
  }
  return (s1 * s1 + s2 * s2 - k * s1 * s2) / (s.length * s.length);
}

/** Frames of a video as raw RGB at a small size. */
export async function frames(path: string, width: number, height: number): Promise<Buffer[]> {
  const buf = await ffmpegToBuffer(['-i', path, '-vf', `scale=${width}:${height}`, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1']);
  const size = width * height * 3;
  const out: Buffer[] = [];
  for (let o = 0; o + size <= buf.length; o += size) out.push(buf.subarray(o, o + size));
  return out;
}

export function frameDiff(a: Buffer, b: Buffer): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += Math.abs(a[i] - b[i]);
  return s / a.length;
}

/** The face photo shipped in @vladmandic/face-api's npm package (demo/sample1.jpg, three people). */
export function faceSample(): string {
  return join(require.resolve('@vladmandic/face-api/package.json'), '..', 'demo', 'sample1.jpg');
}
