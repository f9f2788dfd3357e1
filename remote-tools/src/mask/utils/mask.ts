/**
 * A selection mask: one byte a pixel (1 selected, 0 not) at the picture's own resolution, so what the user
 * paints is exactly what the engine gets. Brush, eraser, polygon, wand and smart brush all write here.
 */
export interface Mask {
  width: number;
  height: number;
  data: Uint8Array;
}

export interface Point {
  x: number;
  y: number;
}

export function createMask(width: number, height: number): Mask {
  return { width, height, data: new Uint8Array(width * height) };
}

export function cloneMask(mask: Mask): Mask {
  return { width: mask.width, height: mask.height, data: mask.data.slice() };
}

export function isEmpty(mask: Mask): boolean {
  return !mask.data.some((v) => v !== 0);
}

export function selectedCount(mask: Mask): number {
  let n = 0;
  for (const v of mask.data) n += v;
  return n;
}

/** A round stamp of the brush (value 1) or the eraser (value 0). */
function stampCircle(mask: Mask, cx: number, cy: number, radius: number, value: 0 | 1): void {
  const r = Math.max(0.5, radius);
  const x0 = Math.max(0, Math.floor(cx - r));
  const x1 = Math.min(mask.width - 1, Math.ceil(cx + r));
  const y0 = Math.max(0, Math.floor(cy - r));
  const y1 = Math.min(mask.height - 1, Math.ceil(cy + r));
  const r2 = r * r;
  for (let y = y0; y <= y1; y++) {
    const dy = y + 0.5 - cy;
    for (let x = x0; x <= x1; x++) {
      const dx = x + 0.5 - cx;
      if (dx * dx + dy * dy <= r2) mask.data[y * mask.width + x] = value;
    }
  }
}

/** A brush stroke from one pointer position to the next: stamps close enough that no gap shows. */
export function strokeSegment(mask: Mask, from: Point, to: Point, radius: number, value: 0 | 1): void {
  const distance = Math.hypot(to.x - from.x, to.y - from.y);
  const steps = Math.max(1, Math.ceil(distance / Math.max(1, radius / 3)));
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    stampCircle(mask, from.x + (to.x - from.x) * t, from.y + (to.y - from.y) * t, radius, value);
  }
}

/** Adds (value 1) or removes (value 0) the selected pixels of `part`. */
export function combine(mask: Mask, part: Uint8Array, value: 0 | 1): void {
  for (let i = 0; i < part.length; i++) if (part[i]) mask.data[i] = value;
}

/** The smallest box holding every selected pixel, or null. */
export function boundsOf(mask: Mask): { x: number; y: number; w: number; h: number } | null {
  let minX = mask.width;
  let minY = mask.height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < mask.height; y++) {
    const row = y * mask.width;
    for (let x = 0; x < mask.width; x++) {
      if (!mask.data[row + x]) continue;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  return maxX < 0 ? null : { x: minX, y: minY, w: maxX - minX + 1, h: maxY - minY + 1 };
}

/** The mask as RGBA: white selected, black elsewhere (what the engines read as a mask image). */
export function toRgba(mask: Mask, into?: Uint8ClampedArray): Uint8ClampedArray {
  const out = into ?? new Uint8ClampedArray(mask.width * mask.height * 4);
  for (let i = 0; i < mask.data.length; i++) {
    const v = mask.data[i] ? 255 : 0;
    out[i * 4] = v;
    out[i * 4 + 1] = v;
    out[i * 4 + 2] = v;
    out[i * 4 + 3] = 255;
  }
  return out;
}

/** The overlay shown over the picture: the selection tinted, the rest transparent. */
export function toOverlay(mask: Mask, color: [number, number, number, number], into?: Uint8ClampedArray): Uint8ClampedArray {
  const out = into ?? new Uint8ClampedArray(mask.width * mask.height * 4);
  for (let i = 0; i < mask.data.length; i++) {
    const on = mask.data[i] !== 0;
    out[i * 4] = on ? color[0] : 0;
    out[i * 4 + 1] = on ? color[1] : 0;
    out[i * 4 + 2] = on ? color[2] : 0;
    out[i * 4 + 3] = on ? color[3] : 0;
  }
  return out;
}
