import sharp, { type Sharp } from 'sharp';
import { USER_TEXTS } from 'shared-contracts/constants';
import { EngineError } from '../../errors';
import type { Region } from '../../types';

/** a module-local alias: hot loops avoid global lookups (slow inside vm contexts such as jest) */
const M = Math;

export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 3 | 4;
}

/** Decode any image to raw RGB (EXIF orientation applied). */
export async function readRgb(path: string | Buffer): Promise<RawImage> {
  try {
    const { data, info } = await sharp(path).rotate().removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, channels: 3 };
  } catch (e) {
    throw new EngineError(USER_TEXTS.FORMAT_UNSUPPORTED, `cannot decode image: ${(e as Error).message}`);
  }
}

export function toSharp(img: RawImage): Sharp {
  return sharp(img.data, { raw: { width: img.width, height: img.height, channels: img.channels } });
}

/**
 * The area to work on, one byte per pixel (255 = inside): from a mask image (white or opaque = inside,
 * resized to the image) and/or regions in image pixels. Throws 'Please select the area to modify first.'
 * when both are empty.
 */
export async function loadMask(width: number, height: number, maskPath?: string, regions?: Region[]): Promise<Uint8Array> {
  const mask = new Uint8Array(width * height);
  if (maskPath) {
    const { data, info } = await sharp(maskPath)
      .ensureAlpha()
      .resize(width, height, { fit: 'fill' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    // a brush mask is either white-on-black or opaque-on-transparent
    let transparent = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] < 128) transparent++;
    const useAlpha = transparent > 0 && transparent < width * height;
    for (let p = 0, i = 0; p < width * height; p++, i += info.channels) {
      const on = useAlpha ? data[i + 3] >= 128 : data[i] + data[i + 1] + data[i + 2] >= 3 * 128;
      if (on) mask[p] = 255;
    }
  }
  for (const r of regions ?? []) {
    const x0 = M.max(0, M.floor(r.x));
    const y0 = M.max(0, M.floor(r.y));
    const x1 = M.min(width, M.ceil(r.x + r.w));
    const y1 = M.min(height, M.ceil(r.y + r.h));
    for (let y = y0; y < y1; y++) mask.fill(255, y * width + x0, y * width + x1);
  }
  let any = false;
  for (let i = 0; i < mask.length; i++) if (mask[i]) { any = true; break; }
  if (!any) throw new EngineError(USER_TEXTS.SELECT_AREA, 'no mask pixels and no regions');
  return mask;
}

export function maskBounds(mask: Uint8Array, width: number, height: number): Region | null {
  let x0 = width, y0 = height, x1 = -1, y1 = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (mask[row + x]) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
    }
  }
  return x1 < 0 ? null : { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
}

/** Grow a mask by `r` pixels (square structuring element, separable). */
export function dilate(mask: Uint8Array, width: number, height: number, r: number): Uint8Array {
  if (r <= 0) return mask;
  const tmp = new Uint8Array(mask.length);
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let last = -1e9;
    for (let x = 0; x < width; x++) if (mask[row + x]) last = x; else if (x - last <= r) tmp[row + x] = 255;
    last = 1e9;
    for (let x = width - 1; x >= 0; x--) {
      if (mask[row + x]) { last = x; tmp[row + x] = 255; } else if (last - x <= r) tmp[row + x] = 255;
    }
  }
  for (let x = 0; x < width; x++) {
    let last = -1e9;
    for (let y = 0; y < height; y++) if (tmp[y * width + x]) last = y; else if (y - last <= r) out[y * width + x] = 255;
    last = 1e9;
    for (let y = height - 1; y >= 0; y--) {
      if (tmp[y * width + x]) { last = y; out[y * width + x] = 255; } else if (last - y <= r) out[y * width + x] = 255;
    }
  }
  return out;
}
