/**
 * Voice noise suppression with RNNoise (a recurrent network trained on speech and noise; xiph, BSD-3-Clause),
 * run by `rnnoise-runner.mjs` in a short-lived process from npm `@echogarden/rnnoise-wasm` (its weights are
 * compiled into the WebAssembly, nothing is downloaded). The whole clip goes through, from its first frame.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { USER_TEXTS } from 'shared-contracts/constants';
import { EngineAbortedError, EngineError } from '../../errors';
import { killOnAbort } from '../../media/ffmpeg';

const RUNNER = join(__dirname, 'rnnoise-runner.mjs');

/** RNNoise's own sample rate */
export const RNNOISE_RATE = 48000;

/** Denoise interleaved 48 kHz s16le PCM; `wet` mixes the denoised signal with the original (1 = denoised only). */
export function rnnoise(pcm: Buffer, channels: number, wet: number, signal?: AbortSignal): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [RUNNER, String(channels), String(wet)], { stdio: ['pipe', 'pipe', 'pipe'] });
    const cleanup = killOnAbort(child, signal);
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.stdin.on('error', () => undefined);
    child.stdin.end(pcm);
    child.on('error', reject);
    child.on('close', (code) => {
      cleanup();
      if (signal?.aborted) return reject(new EngineAbortedError());
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new EngineError(USER_TEXTS.PROCESSING_FAILED, `rnnoise exited ${code}: ${err.trim().slice(-300)}`, true));
    });
  });
}
