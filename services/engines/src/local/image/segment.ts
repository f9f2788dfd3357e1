/**
 * Background removal: MediaPipe selfie segmentation (people) on tfjs wasm. When the model finds no person,
 * a classic border-colour flood fill separates a plain background from the subject instead; the result's
 * note says which one ran.
 */
import sharp from 'sharp';
import { selfieModel } from '../models';
import { tfReady } from '../tf';
import type { RawImage } from './raw';

/** a module-local alias: hot loops avoid global lookups (slow inside vm contexts such as jest) */
const M = Math;

export interface Matte {
  /** one byte per pixel, 0 = background, 255 = foreground */
  alpha: Uint8Array;
  method: 'selfie-segmentation' | 'border-colour';
  /** share of pixels kept as foreground */
  coverage: number;
}

async function selfieMatte(img: RawImage): Promise<Float32Array> {
  const tf = await tfReady();
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

export async function removeBackground(img: RawImage): Promise<Matte> {
  const { width: W, height: H } = img;
  const prob = await selfieMatte(img);
  let person = 0;
  for (const v of prob) if (v > 0.5) person++;
  const personShare = person / prob.length;
  // a plain backdrop with no clear person: the border-colour matte separates it better
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
    let fg = 0;
    for (const v of alpha) if (v > 127) fg++;
    return { alpha, method: 'selfie-segmentation', coverage: fg / alpha.length };
  }
  const hard = borderColourMatte(img);
  const alpha = new Uint8Array(
    await sharp(Buffer.from(hard), { raw: { width: W, height: H, channels: 1 } }).blur(0.8).extractChannel(0).raw().toBuffer(),
  );
  let fg = 0;
  for (const v of alpha) if (v > 127) fg++;
  return { alpha, method: 'border-colour', coverage: fg / alpha.length };
}
