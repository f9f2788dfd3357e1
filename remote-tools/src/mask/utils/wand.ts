/**
 * The magic wand and the smart brush, over magic-wand-tool's scanline flood fill (MIT, the fill used by
 * many web editors): the wand selects the connected pixels whose colour is within `tolerance` (0-255 per
 * channel) of the clicked one; the smart brush does the same inside the brush circle only, so a stroke
 * along an object's edge snaps to the object and stops at the contrast instead of spilling over it.
 */
import MagicWand from 'magic-wand-tool';

export interface Pixels {
  width: number;
  height: number;
  /** RGBA */
  data: Uint8ClampedArray | Uint8Array;
}

export function wandSelect(pixels: Pixels, x: number, y: number, tolerance: number): Uint8Array {
  const px = Math.round(x);
  const py = Math.round(y);
  if (px < 0 || py < 0 || px >= pixels.width || py >= pixels.height) return new Uint8Array(pixels.width * pixels.height);
  const result = MagicWand.floodFill({ data: pixels.data, width: pixels.width, height: pixels.height, bytes: 4 }, px, py, Math.max(0, Math.min(255, tolerance)), null, false);
  return result ? result.data : new Uint8Array(pixels.width * pixels.height);
}

/** The wand limited to a circle: pixels outside it count as already visited, so the fill cannot leave it. */
export function smartBrushSelect(pixels: Pixels, x: number, y: number, radius: number, tolerance: number): Uint8Array {
  const { width, height } = pixels;
  const px = Math.round(x);
  const py = Math.round(y);
  if (px < 0 || py < 0 || px >= width || py >= height) return new Uint8Array(width * height);
  const visited = new Uint8Array(width * height).fill(1);
  const r = Math.max(1, radius);
  const r2 = r * r;
  for (let yy = Math.max(0, Math.floor(py - r)); yy <= Math.min(height - 1, Math.ceil(py + r)); yy++) {
    for (let xx = Math.max(0, Math.floor(px - r)); xx <= Math.min(width - 1, Math.ceil(px + r)); xx++) {
      if ((xx - px) ** 2 + (yy - py) ** 2 <= r2) visited[yy * width + xx] = 0;
    }
  }
  const result = MagicWand.floodFill({ data: pixels.data, width, height, bytes: 4 }, px, py, Math.max(0, Math.min(255, tolerance)), visited, false);
  if (!result) return new Uint8Array(width * height);
  // pixels the fill started outside the circle would be marked already; keep only the circle
  for (let i = 0; i < result.data.length; i++) if (visited[i]) result.data[i] = 0;
  return result.data;
}
