import { useState } from 'react';
import type { Point } from '../utils/mask';
import { fillPolygon } from '../utils/polygon';
import type { useMaskModel } from './use-mask-model';

/** how near the first corner (screen pixels) a tap closes the polygon */
const CLOSE_RADIUS = 12;

/**
 * The polygon tool: the corners placed so far, in picture pixels. A tap near the first corner (or close(),
 * from a double click or the editor's button) fills the polygon into the selection as one undoable step.
 */
export function usePolygon(model: Pick<ReturnType<typeof useMaskModel>, 'apply'>, natural: { w: number; h: number }) {
  const [points, setPoints] = useState<Point[]>([]);

  function close() {
    if (points.length < 3) return;
    model.apply(fillPolygon(points, natural.w, natural.h), 1);
    setPoints([]);
  }

  /** a corner at `at`, or the polygon closed when `at` is on its first corner (`scale`: screen pixels a picture pixel) */
  function tap(at: Point, scale: number) {
    const first = points[0];
    if (points.length >= 3 && first && Math.hypot(first.x - at.x, first.y - at.y) * scale < CLOSE_RADIUS) close();
    else setPoints((pts) => [...pts, at]);
  }

  return { points, tap, close, clear: () => setPoints([]) };
}
