/**
 * Finding overlaid text and watermarks without OCR: a morphological top-hat (bright strokes on a darker
 * surround, and the reverse) marks thin high-contrast strokes; components shaped like text lines or small
 * logos are kept. A heuristic, and the result's note says so.
 */
import type { RawImage } from './raw';
import { dilate } from './raw';

/** a module-local alias: hot loops avoid global lookups (slow inside vm contexts such as jest) */
const M = Math;

function slide(src: Uint8Array, w: number, h: number, r: number, pick: (a: number, b: number) => number): Uint8Array {
  const tmp = new Uint8Array(src.length);
  const out = new Uint8Array(src.length);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let v = src[y * w + x];
      for (let k = M.max(0, x - r); k <= M.min(w - 1, x + r); k++) v = pick(v, src[y * w + k]);
      tmp[y * w + x] = v;
    }
  }
  for (let x = 0; x < w; x++) {
    for (let y = 0; y < h; y++) {
      let v = tmp[y * w + x];
      for (let k = M.max(0, y - r); k <= M.min(h - 1, y + r); k++) v = pick(v, tmp[k * w + x]);
      out[y * w + x] = v;
    }
  }
  return out;
}

export function detectTextMask(img: RawImage): Uint8Array {
  const { width: W, height: H, data } = img;
  const lum = new Uint8Array(W * H);
  for (let p = 0; p < W * H; p++) lum[p] = M.round(0.299 * data[p * 3] + 0.587 * data[p * 3 + 1] + 0.114 * data[p * 3 + 2]);
  const r = M.max(2, M.round(M.min(W, H) / 160));
  const min = (a: number, b: number) => (a < b ? a : b);
  const max = (a: number, b: number) => (a > b ? a : b);
  const opened = slide(slide(lum, W, H, r, min), W, H, r, max);
  const closed = slide(slide(lum, W, H, r, max), W, H, r, min);
  const strokes = new Uint8Array(W * H);
  for (let p = 0; p < W * H; p++) {
    const white = lum[p] - opened[p];
    const black = closed[p] - lum[p];
    if (white > 48 || black > 48) strokes[p] = 255;
  }
  // join the strokes of a word, then judge each component by its shape
  const joined = dilate(strokes, W, H, r);
  const seen = new Uint8Array(W * H);
  const keep = new Uint8Array(W * H);
  const stack: number[] = [];
  for (let s = 0; s < W * H; s++) {
    if (!joined[s] || seen[s]) continue;
    const pixels: number[] = [];
    let x0 = W, y0 = H, x1 = 0, y1 = 0;
    stack.push(s);
    seen[s] = 1;
    while (stack.length) {
      const p = stack.pop()!;
      pixels.push(p);
      const x = p % W;
      const y = (p - x) / W;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      const ns = [x > 0 ? p - 1 : -1, x < W - 1 ? p + 1 : -1, p >= W ? p - W : -1, p < W * (H - 1) ? p + W : -1];
      for (const q of ns) if (q >= 0 && joined[q] && !seen[q]) { seen[q] = 1; stack.push(q); }
    }
    const bw = x1 - x0 + 1;
    const bh = y1 - y0 + 1;
    let strokeCount = 0;
    for (const p of pixels) if (strokes[p]) strokeCount++;
    const density = strokeCount / (bw * bh);
    const textLike = bh < H * 0.2 && bw < W * 0.95 && bh >= 3 && density > 0.05 && density < 0.9 && pixels.length < W * H * 0.15;
    if (!textLike) continue;
    // the whole box of the word or mark (with its plate, if any) goes
    // generous: a plate or outline around the letters goes too (a thin leftover rim shows more than a wider fill)
    const m = 2 * r + 3;
    for (let y = M.max(0, y0 - m); y <= M.min(H - 1, y1 + m); y++) keep.fill(255, y * W + M.max(0, x0 - m), y * W + M.min(W, x1 + m + 1));
  }
  return keep;
}

/** The detected text and marks as boxes (the text remover's starting selection in the editor). */
export function detectTextRegions(img: RawImage): { x: number; y: number; w: number; h: number }[] {
  const { width: W, height: H } = img;
  const mask = detectTextMask(img);
  const seen = new Uint8Array(W * H);
  const boxes: { x: number; y: number; w: number; h: number }[] = [];
  const stack: number[] = [];
  for (let s = 0; s < W * H; s++) {
    if (!mask[s] || seen[s]) continue;
    let x0 = W, y0 = H, x1 = 0, y1 = 0;
    stack.push(s);
    seen[s] = 1;
    while (stack.length) {
      const p = stack.pop()!;
      const x = p % W;
      const y = (p - x) / W;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      const ns = [x > 0 ? p - 1 : -1, x < W - 1 ? p + 1 : -1, p >= W ? p - W : -1, p < W * (H - 1) ? p + W : -1];
      for (const q of ns) if (q >= 0 && mask[q] && !seen[q]) { seen[q] = 1; stack.push(q); }
    }
    boxes.push({ x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 });
  }
  return boxes;
}
