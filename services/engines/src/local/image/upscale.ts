/** Image enhancer: ESRGAN slim super-resolution, run in overlapping 128 px tiles on tfjs wasm. */
import { esrganModel } from '../models';
import { withTf } from '../tf';
import type { RawImage } from './raw';
import { throwIfAborted, yieldToLoop } from '../../errors';

const TILE = 128;
const PAD = 8;

export async function esrganUpscale(
  img: RawImage,
  scale: 2 | 3 | 4,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<RawImage> {
  return withTf(async (tf) => {
    const model = await esrganModel(scale);
    const { width: W, height: H } = img;
    const OW = W * scale;
    const OH = H * scale;
    const out = Buffer.alloc(OW * OH * 3);
    const tilesX = Math.ceil(W / TILE);
    const tilesY = Math.ceil(H / TILE);
    let done = 0;
    for (let ty = 0; ty < tilesY; ty++) {
      for (let tx = 0; tx < tilesX; tx++) {
        throwIfAborted(signal);
        await yieldToLoop();
        const x0 = tx * TILE;
        const y0 = ty * TILE;
        const x1 = Math.min(W, x0 + TILE);
        const y1 = Math.min(H, y0 + TILE);
        // padded source window
        const px0 = Math.max(0, x0 - PAD);
        const py0 = Math.max(0, y0 - PAD);
        const px1 = Math.min(W, x1 + PAD);
        const py1 = Math.min(H, y1 + PAD);
        const pw = px1 - px0;
        const ph = py1 - py0;
        const patch = new Float32Array(pw * ph * 3);
        for (let y = 0; y < ph; y++) {
          const src = ((py0 + y) * W + px0) * 3;
          for (let i = 0; i < pw * 3; i++) patch[y * pw * 3 + i] = img.data[src + i];
        }
        const result = tf.tidy(() => {
          const input = tf.tensor4d(patch, [1, ph, pw, 3]);
          const y = model.predict(input) as import('@tensorflow/tfjs').Tensor4D;
          return y.clipByValue(0, 255).round().toInt();
        });
        const values = (await result.data()) as Int32Array;
        result.dispose();
        const rw = pw * scale;
        // copy the unpadded centre
        for (let y = (y0 - py0) * scale; y < (y1 - py0) * scale; y++) {
          const oy = py0 * scale + y;
          const sx = (x0 - px0) * scale;
          const len = (x1 - x0) * scale;
          for (let x = 0; x < len; x++) {
            const s = (y * rw + sx + x) * 3;
            const o = (oy * OW + x0 * scale + x) * 3;
            out[o] = values[s];
            out[o + 1] = values[s + 1];
            out[o + 2] = values[s + 2];
          }
        }
        done++;
        onProgress(done / (tilesX * tilesY));
      }
    }
    return { data: out, width: OW, height: OH, channels: 3 };
  });
}
