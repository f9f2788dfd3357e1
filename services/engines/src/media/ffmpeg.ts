/**
 * ffmpeg and ffprobe: the static binaries shipped inside @ffmpeg-installer / @ffprobe-installer, or the
 * ones named by FFMPEG_PATH / FFPROBE_PATH, or Debian's on PATH (`apt-get install ffmpeg`) as the fallback.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { accessSync, chmodSync, constants as fsConstants, existsSync } from 'node:fs';
import { EngineAbortedError, EngineError } from '../errors';
import { USER_TEXTS } from 'shared-contracts/constants';
import { engineSettings } from '../settings';

function executable(path: string): boolean {
  try {
    accessSync(path, fsConstants.X_OK);
    return true;
  } catch {
    // npm 11 skips the packages' `chmod u+x` install scripts; the tarballs usually keep the bit anyway
    try {
      chmodSync(path, 0o755);
      accessSync(path, fsConstants.X_OK);
      return true;
    } catch {
      return false;
    }
  }
}

function onPath(name: string): string | null {
  const r = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  const p = r.stdout.trim();
  return r.status === 0 && p ? p : null;
}

function resolveBinary(env: 'FFMPEG_PATH' | 'FFPROBE_PATH', pkg: string, name: string): string {
  const fromEnv = engineSettings()[env];
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const mod = require(pkg) as { path: string };
    if (mod.path && existsSync(mod.path) && executable(mod.path)) return mod.path;
  } catch {
    /* the platform package is missing: fall back to PATH */
  }
  const sys = onPath(name);
  if (sys) return sys;
  throw new Error(`${name} not found: install ${pkg} (npm) or ${name} (apt-get install ffmpeg), or set ${env}`);
}

let ffmpegPath: string | null = null;
let ffprobePath: string | null = null;
function ffmpegBin(): string {
  ffmpegPath ??= resolveBinary('FFMPEG_PATH', '@ffmpeg-installer/ffmpeg', 'ffmpeg');
  return ffmpegPath;
}
export function ffprobeBin(): string {
  ffprobePath ??= resolveBinary('FFPROBE_PATH', '@ffprobe-installer/ffprobe', 'ffprobe');
  return ffprobePath;
}

export interface RunOptions {
  signal?: AbortSignal;
  /** expected output duration in seconds, to turn ffmpeg's progress into a fraction */
  duration?: number;
  onProgress?: (fraction: number) => void;
  /** data written to stdin (then closed) */
  stdin?: Buffer;
}

/** Kill a child when the signal aborts; returns the cleanup. */
export function killOnAbort(child: ChildProcess, signal?: AbortSignal): () => void {
  if (!signal) return () => undefined;
  const onAbort = () => child.kill('SIGKILL');
  if (signal.aborted) onAbort();
  signal.addEventListener('abort', onAbort, { once: true });
  return () => signal.removeEventListener('abort', onAbort);
}

function stderrTail(s: string): string {
  return s.split('\n').filter(Boolean).slice(-6).join(' | ');
}

/** Run ffmpeg with the given arguments (-y, -hide_banner and progress reporting are added). */
export function runFfmpeg(args: string[], opts: RunOptions = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) return reject(new EngineAbortedError());
    const full = ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-progress', 'pipe:1', ...args];
    if (opts.stdin) full.splice(full.indexOf('-nostdin'), 1);
    const child = spawn(ffmpegBin(), full, { stdio: [opts.stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
    const cleanup = killOnAbort(child, opts.signal);
    let err = '';
    let buf = '';
    child.stderr!.on('data', (d: Buffer) => {
      err += d.toString();
      if (err.length > 20000) err = err.slice(-10000);
    });
    child.stdout!.on('data', (d: Buffer) => {
      buf += d.toString();
      let i;
      while ((i = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        const m = /^out_time_(?:ms|us)=(\d+)/.exec(line);
        if (m && opts.duration && opts.onProgress) {
          const seconds = Number(m[1]) / 1e6;
          opts.onProgress(Math.max(0, Math.min(1, seconds / opts.duration)));
        }
      }
    });
    if (opts.stdin) {
      child.stdin!.on('error', () => undefined);
      child.stdin!.end(opts.stdin);
    }
    child.on('error', (e) => {
      cleanup();
      reject(e);
    });
    child.on('close', (code) => {
      cleanup();
      if (opts.signal?.aborted) return reject(new EngineAbortedError());
      if (code === 0) {
        opts.onProgress?.(1);
        resolve();
      } else reject(new EngineError(USER_TEXTS.PROCESSING_FAILED, `ffmpeg exited ${code}: ${stderrTail(err)}`, true));
    });
  });
}

/** Run ffmpeg and collect its stdout (for raw frames or PCM). */
export function ffmpegToBuffer(args: string[], signal?: AbortSignal): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegBin(), ['-hide_banner', '-nostdin', '-loglevel', 'error', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const cleanup = killOnAbort(child, signal);
    const chunks: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (d: Buffer) => chunks.push(d));
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      cleanup();
      if (signal?.aborted) return reject(new EngineAbortedError());
      if (code === 0) resolve(Buffer.concat(chunks));
      else reject(new EngineError(USER_TEXTS.PROCESSING_FAILED, `ffmpeg exited ${code}: ${stderrTail(err)}`, true));
    });
  });
}

/**
 * An ffmpeg process fed with raw frames on stdin. `write` respects back-pressure; `end` resolves when the
 * file is complete.
 */
export function ffmpegFrameSink(args: string[], signal?: AbortSignal) {
  const child = spawn(ffmpegBin(), ['-hide_banner', '-y', '-loglevel', 'error', ...args], {
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  const cleanup = killOnAbort(child, signal);
  let err = '';
  child.stderr.on('data', (d: Buffer) => {
    err += d.toString();
  });
  child.stdin.on('error', () => undefined);
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      cleanup();
      if (signal?.aborted) return reject(new EngineAbortedError());
      if (code === 0) resolve();
      else reject(new EngineError(USER_TEXTS.PROCESSING_FAILED, `ffmpeg exited ${code}: ${stderrTail(err)}`, true));
    });
  });
  done.catch(() => undefined);
  return {
    async write(frame: Buffer): Promise<void> {
      if (signal?.aborted) throw new EngineAbortedError();
      if (!child.stdin.write(frame)) {
        await new Promise<void>((resolve) => {
          const onDrain = () => {
            child.removeListener('close', onDrain);
            resolve();
          };
          child.stdin.once('drain', onDrain);
          child.once('close', onDrain);
        });
      }
    },
    async end(): Promise<void> {
      child.stdin.end();
      await done;
    },
  };
}

/** Raw RGB24 frames read from a video, one callback per frame (sequentially). */
export async function forEachFrame(
  args: { input: string; width: number; height: number; extraInput?: string[]; filter?: string },
  onFrame: (frame: Buffer, index: number) => Promise<void>,
  signal?: AbortSignal,
): Promise<number> {
  const frameSize = args.width * args.height * 3;
  const vf = [args.filter, `scale=${args.width}:${args.height}`].filter(Boolean).join(',');
  const child = spawn(
    ffmpegBin(),
    ['-hide_banner', '-nostdin', '-loglevel', 'error', ...(args.extraInput ?? []), '-i', args.input, '-vf', vf, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const cleanup = killOnAbort(child, signal);
  let err = '';
  child.stderr.on('data', (d: Buffer) => {
    err += d.toString();
  });
  let pending: Buffer = Buffer.alloc(0);
  let index = 0;
  try {
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      while (pending.length >= frameSize) {
        const frame = Buffer.from(pending.subarray(0, frameSize));
        pending = pending.subarray(frameSize);
        await onFrame(frame, index++);
      }
    }
  } finally {
    cleanup();
  }
  const code: number | null = await new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.on('close', resolve);
  });
  if (signal?.aborted) throw new EngineAbortedError();
  if (code !== 0) throw new EngineError(USER_TEXTS.PROCESSING_FAILED, `ffmpeg exited ${code}: ${stderrTail(err)}`, true);
  return index;
}

/** The common H.264 output arguments: browsers need yuv420p. */
export function h264Args(opts: { crf?: number; preset?: string } = {}): string[] {
  return [
    '-c:v', 'libx264',
    '-preset', opts.preset ?? 'veryfast',
    '-crf', String(opts.crf ?? 20),
    '-pix_fmt', 'yuv420p',
    '-movflags', '+faststart',
  ];
}
