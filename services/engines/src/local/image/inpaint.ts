/**
 * Masked inpainting without a model: multi-scale PatchMatch completion (patchmatch.ts) started from an
 * onion-peel fill at the coarsest level (each layer of unknown pixels, from the mask's edge inwards, takes
 * the distance-weighted mean of the known pixels around it, as in Telea's fast-marching method without the
 * gradient term). When too little known picture surrounds the hole for patches, the onion fill plus texture
 * from matching 8x8 blocks is used instead. Only masked pixels change.
 */
import sharp from 'sharp';
import { rng } from '../prompt';
import { dilate, maskBounds, type RawImage } from './raw';
import { patchMatchFill } from './patchmatch';
import { throwIfAborted } from '../../errors';

/** a module-local alias: hot loops avoid global lookups (slow inside vm contexts such as jest) */
const M = Math;

/** Work at most at this size (long side of the crop around the mask); larger crops are filled downscaled. */
const WORK_MAX = 384;

function fillOnion(data: Float32Array, w: number, h: number, unknown: Uint8Array, radius: number): void {
  // BFS layers from the known region
  const layer = new Int32Array(w * h).fill(-1);
  let frontier: number[] = [];
  for (let p = 0; p < w * h; p++) if (!unknown[p]) layer[p] = 0;
  for (let p = 0; p < w * h; p++) {
    if (!unknown[p]) continue;
    const x = p % w;
    const y = (p - x) / w;
    if ((x > 0 && !unknown[p - 1]) || (x < w - 1 && !unknown[p + 1]) || (y > 0 && !unknown[p - w]) || (y < h - 1 && !unknown[p + w])) {
      layer[p] = 1;
      frontier.push(p);
    }
  }
  if (frontier.length === 0) {
    // nothing known in the crop: fill with mid grey
    for (let p = 0; p < w * h; p++) if (unknown[p]) data.fill(128, p * 3, p * 3 + 3);
    return;
  }
  let k = 1;
  while (frontier.length) {
    for (const p of frontier) {
      const x = p % w;
      const y = (p - x) / w;
      let sr = 0, sg = 0, sb = 0, sw = 0;
      for (let dy = -radius; dy <= radius; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= h) continue;
        for (let dx = -radius; dx <= radius; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= w) continue;
          const q = yy * w + xx;
          const lq = layer[q];
          if (lq < 0 || lq >= k) continue;
          const d2 = dx * dx + dy * dy;
          if (d2 > radius * radius) continue;
          // closer and earlier-known pixels weigh more
          const wt = 1 / (d2 * (1 + (lq === 0 ? 0 : 0.5)));
          sr += data[q * 3] * wt;
          sg += data[q * 3 + 1] * wt;
          sb += data[q * 3 + 2] * wt;
          sw += wt;
        }
      }
      if (sw > 0) {
        data[p * 3] = sr / sw;
        data[p * 3 + 1] = sg / sw;
        data[p * 3 + 2] = sb / sw;
      }
    }
    for (const p of frontier) layer[p] = k;
    const next: number[] = [];
    for (const p of frontier) {
      const x = p % w;
      const y = (p - x) / w;
      const ns = [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, y > 0 ? p - w : -1, y < h - 1 ? p + w : -1];
      for (const q of ns) {
        if (q >= 0 && layer[q] < 0) {
          layer[q] = k + 1;
          next.push(q);
        }
      }
    }
    // pixels of the next layer must not be read as known yet
    for (const q of next) layer[q] = -1;
    for (const q of next) layer[q] = k + 1;
    k++;
    frontier = next;
  }
}

function boxBlur(src: Float32Array, w: number, h: number, r: number): Float32Array {
  const tmp = new Float32Array(src.length);
  const out = new Float32Array(src.length);
  for (let y = 0; y < h; y++) {
    for (let c = 0; c < 3; c++) {
      let acc = 0;
      let n = 0;
      for (let x = -r; x <= r; x++) if (x >= 0 && x < w) { acc += src[(y * w + x) * 3 + c]; n++; }
      for (let x = 0; x < w; x++) {
        tmp[(y * w + x) * 3 + c] = acc / n;
        const xo = x - r, xi = x + r + 1;
        if (xo >= 0) { acc -= src[(y * w + xo) * 3 + c]; n--; }
        if (xi < w) { acc += src[(y * w + xi) * 3 + c]; n++; }
      }
    }
  }
  for (let x = 0; x < w; x++) {
    for (let c = 0; c < 3; c++) {
      let acc = 0;
      let n = 0;
      for (let y = -r; y <= r; y++) if (y >= 0 && y < h) { acc += tmp[(y * w + x) * 3 + c]; n++; }
      for (let y = 0; y < h; y++) {
        out[(y * w + x) * 3 + c] = acc / n;
        const yo = y - r, yi = y + r + 1;
        if (yo >= 0) { acc -= tmp[(yo * w + x) * 3 + c]; n--; }
        if (yi < h) { acc += tmp[(yi * w + x) * 3 + c]; n++; }
      }
    }
  }
  return out;
}

/** Add texture: copy high-frequency detail of well-matching known 8x8 blocks into the filled area. */
function addTexture(data: Float32Array, w: number, h: number, unknown: Uint8Array, seed: number): void {
  const B = 8;
  const low = boxBlur(data, w, h, 3);
  const r = rng(seed);
  // candidate source blocks: fully known
  const sources: number[] = [];
  for (let y = 0; y + B <= h; y += 2) {
    for (let x = 0; x + B <= w; x += 2) {
      let ok = true;
      for (let yy = 0; yy < B && ok; yy += 3) for (let xx = 0; xx < B && ok; xx += 3) if (unknown[(y + yy) * w + x + xx]) ok = false;
      if (ok) sources.push(y * w + x);
    }
  }
  if (sources.length === 0) return;
  const out = new Float32Array(data);
  for (let by = 0; by < h; by += B) {
    for (let bx = 0; bx < w; bx += B) {
      let has = false;
      for (let yy = 0; yy < B && !has; yy++) for (let xx = 0; xx < B && !has; xx++) {
        const x = bx + xx, y = by + yy;
        if (x < w && y < h && unknown[y * w + x]) has = true;
      }
      if (!has) continue;
      // the block's low-frequency colour
      const cp = (M.min(h - 1, by + B / 2) * w + M.min(w - 1, bx + B / 2)) * 3;
      let best = -1;
      let bestD = Infinity;
      for (let t = 0; t < 48; t++) {
        const s = sources[M.floor(r() * sources.length)];
        const sp = (s + (B / 2) * w + B / 2) * 3;
        const d = (low[sp] - low[cp]) ** 2 + (low[sp + 1] - low[cp + 1]) ** 2 + (low[sp + 2] - low[cp + 2]) ** 2;
        if (d < bestD) { bestD = d; best = s; }
      }
      const sx = best % w;
      const sy = (best - sx) / w;
      for (let yy = 0; yy < B; yy++) {
        for (let xx = 0; xx < B; xx++) {
          const x = bx + xx, y = by + yy;
          if (x >= w || y >= h || !unknown[y * w + x]) continue;
          const q = ((sy + yy) * w + sx + xx) * 3;
          const p = (y * w + x) * 3;
          for (let c = 0; c < 3; c++) out[p + c] = data[p + c] + (data[q + c] - low[q + c]) * 0.9;
        }
      }
    }
  }
  data.set(out);
}

export interface InpaintOptions {
  seed?: number;
  signal?: AbortSignal;
  /** grow the mask by this many pixels before filling (covers anti-aliased edges of text or logos) */
  grow?: number;
  /** the long side the fill works at (default 384); larger keeps more detail and costs more time */
  workMax?: number;
}

/**
 * Fill the masked pixels of an RGB image from their surroundings. Returns a new RGB buffer; every pixel
 * outside the (grown) mask is byte-identical to the input.
 */
export async function inpaint(img: RawImage, mask: Uint8Array, opts: InpaintOptions = {}): Promise<{ data: Buffer; mask: Uint8Array }> {
  if (img.channels !== 3) throw new Error('inpaint expects RGB');
  const { width: W, height: H } = img;
  const grown = dilate(mask, W, H, opts.grow ?? 0);
  const b = maskBounds(grown, W, H);
  const out = Buffer.from(img.data);
  if (!b) return { data: out, mask: grown };
  const margin = M.max(16, M.round(M.max(b.w, b.h) * 0.6));
  const cx0 = M.max(0, b.x - margin);
  const cy0 = M.max(0, b.y - margin);
  const cx1 = M.min(W, b.x + b.w + margin);
  const cy1 = M.min(H, b.y + b.h + margin);
  const cw = cx1 - cx0;
  const ch = cy1 - cy0;
  const scale = M.min(1, (opts.workMax ?? WORK_MAX) / M.max(cw, ch));
  const ww = M.max(8, M.round(cw * scale));
  const wh = M.max(8, M.round(ch * scale));

  const cropRgb = await sharp(img.data, { raw: { width: W, height: H, channels: 3 } })
    .extract({ left: cx0, top: cy0, width: cw, height: ch })
    .resize(ww, wh, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer();
  const cropMaskFull = new Uint8Array(cw * ch);
  for (let y = 0; y < ch; y++) for (let x = 0; x < cw; x++) cropMaskFull[y * cw + x] = grown[(y + cy0) * W + x + cx0];
  const cropMask = scale === 1
    ? cropMaskFull
    : new Uint8Array(
        await sharp(Buffer.from(cropMaskFull), { raw: { width: cw, height: ch, channels: 1 } })
          .resize(ww, wh, { fit: 'fill', kernel: 'nearest' })
          .extractChannel(0)
          .raw()
          .toBuffer(),
      );
  // at the working scale, grow by one pixel so no unfilled edge remains after upscaling
  const unknown = scale === 1 ? cropMask : dilate(cropMask, ww, wh, 1);
  const data = new Float32Array(ww * wh * 3);
  for (let i = 0; i < data.length; i++) data[i] = cropRgb[i];
  throwIfAborted(opts.signal ?? new AbortController().signal);
  const seed = opts.seed ?? 1;
  const ok = patchMatchFill(data, ww, wh, unknown, seed, (l) => fillOnion(l.img, l.w, l.h, l.hole, 4));
  if (!ok) {
    // too little known picture around the hole for patches: diffusion fill plus texture
    fillOnion(data, ww, wh, unknown, 4);
    addTexture(data, ww, wh, unknown, seed);
  }
  const filled = Buffer.alloc(ww * wh * 3);
  for (let i = 0; i < data.length; i++) filled[i] = M.max(0, M.min(255, M.round(data[i])));
  const full = scale === 1
    ? filled
    : await sharp(filled, { raw: { width: ww, height: wh, channels: 3 } }).resize(cw, ch, { fit: 'fill', kernel: 'cubic' }).raw().toBuffer();
  for (let y = 0; y < ch; y++) {
    for (let x = 0; x < cw; x++) {
      const gp = (y + cy0) * W + x + cx0;
      if (!grown[gp]) continue;
      const sp = (y * cw + x) * 3;
      out[gp * 3] = full[sp];
      out[gp * 3 + 1] = full[sp + 1];
      out[gp * 3 + 2] = full[sp + 2];
    }
  }
  return { data: out, mask: grown };
}
