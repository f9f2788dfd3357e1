import { luminance, mix, type Rgb } from '../prompt';
import type { RawImage } from './raw';

/** Recolour an RGB image towards a palette, keeping its light and shade. */
export function recolour(img: RawImage, palette: Rgb[], amount: number, mask?: Uint8Array): Buffer {
  const out = Buffer.from(img.data);
  const dark = palette.reduce((a, b) => (luminance(a) < luminance(b) ? a : b));
  const light = palette.reduce((a, b) => (luminance(a) > luminance(b) ? a : b));
  const mid = palette[0];
  // the target colour for each grey level, computed once
  const lut = new Float32Array(256 * 3);
  for (let g = 0; g < 256; g++) {
    const l = g / 255;
    const target = l < 0.5 ? mix(dark, mid, l * 2) : mix(mid, light, (l - 0.5) * 2);
    lut[g * 3] = target[0];
    lut[g * 3 + 1] = target[1];
    lut[g * 3 + 2] = target[2];
  }
  const src = img.data;
  for (let p = 0; p < img.width * img.height; p++) {
    if (mask && !mask[p]) continue;
    const i = p * 3;
    const grey = 0.2126 * src[i] + 0.7152 * src[i + 1] + 0.0722 * src[i + 2];
    const g = (grey + 0.5) | 0;
    // keep local contrast: add the pixel's deviation from its grey level
    for (let c = 0; c < 3; c++) {
      const v = src[i + c] * (1 - amount) + (lut[g * 3 + c] + (src[i + c] - grey) * 0.35) * amount;
      out[i + c] = v < 0 ? 0 : v > 255 ? 255 : (v + 0.5) | 0;
    }
  }
  return out;
}
