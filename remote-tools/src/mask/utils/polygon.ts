/**
 * The polygon tool's fill: every pixel whose centre lies inside the closed polygon (even-odd rule, so a
 * shape that crosses itself leaves its overlaps open, as drawing programs do). Scanline over edge crossings.
 */
import type { Point } from './mask';

export function fillPolygon(points: readonly Point[], width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height);
  if (points.length < 3) return out;
  const minY = Math.max(0, Math.floor(Math.min(...points.map((p) => p.y))));
  const maxY = Math.min(height - 1, Math.ceil(Math.max(...points.map((p) => p.y))));
  const crossings: number[] = [];
  for (let y = minY; y <= maxY; y++) {
    const cy = y + 0.5;
    crossings.length = 0;
    for (let i = 0; i < points.length; i++) {
      const a = points[i];
      const b = points[(i + 1) % points.length];
      if ((a.y <= cy && b.y > cy) || (b.y <= cy && a.y > cy)) {
        crossings.push(a.x + ((cy - a.y) / (b.y - a.y)) * (b.x - a.x));
      }
    }
    crossings.sort((p, q) => p - q);
    for (let k = 0; k + 1 < crossings.length; k += 2) {
      // pixel x is inside when its centre x + 0.5 lies between the two crossings
      const from = Math.max(0, Math.ceil(crossings[k] - 0.5));
      const to = Math.min(width - 1, Math.floor(crossings[k + 1] - 0.5));
      for (let x = from; x <= to; x++) out[y * width + x] = 1;
    }
  }
  return out;
}
