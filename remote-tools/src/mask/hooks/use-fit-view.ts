import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { Point } from '../utils/mask';

const MIN_ZOOM = 0.5;
const MAX_ZOOM = 8;

/**
 * The mask editor's view: the picture fitted and centred in the box at zoom 1, zoomed about a point (the
 * pointer, the pinch centre, the box centre) and panned by an offset from there.
 */
export function useFitView(box: RefObject<HTMLDivElement | null>, natural: { w: number; h: number }, height: number) {
  const [width, setWidth] = useState(600);
  const [view, setView] = useState({ zoom: 1, x: 0, y: 0 });

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setWidth(Math.max(200, el.clientWidth)));
    observer.observe(el);
    setWidth(Math.max(200, el.clientWidth));
    return () => observer.disconnect();
  }, [box]);

  const fitScale = Math.min(width / natural.w, height / natural.h);
  const scale = fitScale * view.zoom;
  const offsetX = (width - natural.w * scale) / 2 + view.x;
  const offsetY = (height - natural.h * scale) / 2 + view.y;

  const zoomAt = useCallback(
    (factor: number, at: Point) => {
      setView((v) => {
        const zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, v.zoom * factor));
        const s0 = fitScale * v.zoom;
        const s1 = fitScale * zoom;
        // keep the picture point under `at` where it is
        const ix = (at.x - ((width - natural.w * s0) / 2 + v.x)) / s0;
        const iy = (at.y - ((height - natural.h * s0) / 2 + v.y)) / s0;
        return { zoom, x: at.x - ix * s1 - (width - natural.w * s1) / 2, y: at.y - iy * s1 - (height - natural.h * s1) / 2 };
      });
    },
    [fitScale, height, natural, width],
  );

  const fit = useCallback(() => setView({ zoom: 1, x: 0, y: 0 }), []);
  const panTo = useCallback((x: number, y: number) => setView((v) => ({ ...v, x, y })), []);
  const panBy = useCallback((dx: number, dy: number) => setView((v) => ({ ...v, x: v.x + dx, y: v.y + dy })), []);

  /** screen (stage) point -> picture pixel */
  const toImage = useCallback((p: Point): Point => ({ x: (p.x - offsetX) / scale, y: (p.y - offsetY) / scale }), [offsetX, offsetY, scale]);

  return { width, view, scale, offsetX, offsetY, zoomAt, fit, panTo, panBy, toImage };
}

/**
 * Two-finger pinch on the canvas: zooms about the fingers' centre and pans as it moves. `onStart` is told
 * when a pinch begins (a stroke the first finger started is then undone).
 */
export function usePinchZoom(box: RefObject<HTMLDivElement | null>, zoom: number, fitView: Pick<ReturnType<typeof useFitView>, 'zoomAt' | 'panBy'>, onStart: () => void) {
  const pinch = useRef<{ distance: number; zoom: number; center: Point } | null>(null);

  function onTouchMove(event: { evt: TouchEvent }) {
    const touches = event.evt.touches;
    if (touches.length !== 2) return;
    event.evt.preventDefault();
    const rect = box.current?.getBoundingClientRect();
    const a = { x: touches[0].clientX - (rect?.left ?? 0), y: touches[0].clientY - (rect?.top ?? 0) };
    const b = { x: touches[1].clientX - (rect?.left ?? 0), y: touches[1].clientY - (rect?.top ?? 0) };
    const distance = Math.hypot(a.x - b.x, a.y - b.y);
    const center = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    if (!pinch.current) {
      onStart();
      pinch.current = { distance, zoom, center };
      return;
    }
    fitView.zoomAt((pinch.current.zoom * (distance / pinch.current.distance)) / zoom, center);
    fitView.panBy(center.x - pinch.current.center.x, center.y - pinch.current.center.y);
    pinch.current.center = center;
  }

  function onTouchEnd(event: { evt: TouchEvent }) {
    if (event.evt.touches.length < 2) pinch.current = null;
  }

  return { onTouchMove, onTouchEnd, active: () => pinch.current !== null };
}

/** The move tool's drag: the view follows the pointer from where the press began. */
export function usePanDrag(fitView: Pick<ReturnType<typeof useFitView>, 'view' | 'panTo'>) {
  const drag = useRef<{ from: Point; start: { x: number; y: number } } | null>(null);
  return {
    begin(p: Point) {
      drag.current = { from: p, start: { x: fitView.view.x, y: fitView.view.y } };
    },
    /** pans to follow `p`; false when no drag runs */
    follow(p: Point): boolean {
      if (!drag.current) return false;
      fitView.panTo(drag.current.start.x + p.x - drag.current.from.x, drag.current.start.y + p.y - drag.current.from.y);
      return true;
    },
    end() {
      drag.current = null;
    },
  };
}
