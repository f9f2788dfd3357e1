/**
 * How noisy a clip is: Immerkær's fast noise variance estimate (1996) on the luma of a few frames spread over the
 * clip. The Laplacian-difference mask cancels image structure to second order, so what is left is mostly noise;
 * the sum of its absolute response gives sigma. Used to set the denoiser's strength and to report the noise
 * before and after.
 */
import { ffmpegToBuffer } from '../../media/ffmpeg';

/** a module-local alias: hot loops avoid global lookups (slow inside vm contexts such as jest) */
const M = Math;

/** sigma of the noise (in 8-bit luma levels) of one grey frame */
function frameNoise(px: Uint8Array | Buffer, w: number, h: number): number {
  let s = 0;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const p = y * w + x;
      const v = px[p - w - 1] - 2 * px[p - w] + px[p - w + 1] - 2 * px[p - 1] + 4 * px[p] - 2 * px[p + 1] + px[p + w - 1] - 2 * px[p + w] + px[p + w + 1];
      s += v < 0 ? -v : v;
    }
  }
  return (s * M.sqrt(M.PI / 2)) / (6 * (w - 2) * (h - 2));
}

/** the median noise sigma of `samples` frames spread over the clip (at its own size, where grain lives) */
export async function clipNoise(path: string, info: { width: number; height: number; duration: number }, samples = 5, signal?: AbortSignal): Promise<number> {
  const w = info.width;
  const h = info.height;
  const sigmas: number[] = [];
  for (let i = 0; i < samples; i++) {
    const at = (info.duration * (i + 0.5)) / samples;
    const buf = await ffmpegToBuffer(['-ss', at.toFixed(3), '-i', path, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'], signal);
    if (buf.length >= w * h) sigmas.push(frameNoise(buf, w, h));
  }
  sigmas.sort((a, b) => a - b);
  return sigmas.length ? sigmas[M.floor(sigmas.length / 2)] : 0;
}
