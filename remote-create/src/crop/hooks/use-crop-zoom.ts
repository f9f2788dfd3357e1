import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { clampScale, fitScale, wheelScale, zoomRange, type Size, type ZoomRange } from '../utils/crop-math';
import type { WorkingImage } from '../utils/crop-image';

/** used until the viewport is measured (and in environments without layout) */
const FALLBACK_VIEWPORT: Size = { width: 640, height: 400 };
export const VIEWPORT_PADDING = 24;

export interface CropZoom {
  /** the scale at which the whole image fits the viewport */
  fit: number;
  range: ZoomRange;
  /** the scale shown (the fit until the image is first fitted) */
  scale: number;
  changeScale(next: number): void;
}

/** The viewport's inner size, measured now and on every resize. */
function useViewportSize(viewportRef: RefObject<HTMLDivElement | null>): Size {
  const [viewport, setViewport] = useState<Size>(FALLBACK_VIEWPORT);
  useLayoutEffect(() => {
    const element = viewportRef.current;
    if (!element) return;
    const measure = () => {
      const width = element.clientWidth - VIEWPORT_PADDING * 2;
      const height = element.clientHeight - VIEWPORT_PADDING * 2;
      if (width > 0 && height > 0) setViewport((old) => (old.width === width && old.height === height ? old : { width, height }));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [viewportRef]);
  return viewport;
}

interface WheelZoom {
  /** false until the image is fitted: the page keeps its wheel and pinch */
  ready(): boolean;
  /** one tick: towards the user (negative) zooms in */
  step(direction: number): void;
}

/** Wheel and pinch change the zoom by 0.2 a tick (native listeners, so the page does not scroll or zoom instead). */
function useWheelAndPinch(viewportRef: RefObject<HTMLDivElement | null>, zoom: WheelZoom) {
  useEffect(() => {
    const element = viewportRef.current;
    if (!element) return;
    function onWheel(event: WheelEvent) {
      if (!zoom.ready()) return;
      event.preventDefault();
      zoom.step(event.deltaY);
    }
    let pinchDistance = 0;
    const distance = (touches: TouchList) => Math.hypot(touches[0].clientX - touches[1].clientX, touches[0].clientY - touches[1].clientY);
    function onTouchStart(event: TouchEvent) {
      if (event.touches.length === 2) pinchDistance = distance(event.touches);
    }
    function onTouchMove(event: TouchEvent) {
      if (event.touches.length !== 2 || !zoom.ready() || pinchDistance === 0) return;
      event.preventDefault();
      const now = distance(event.touches);
      const ratio = now / pinchDistance;
      if (ratio > 1.1 || ratio < 0.9) {
        zoom.step(ratio > 1 ? -1 : 1);
        pinchDistance = now;
      }
    }
    element.addEventListener('wheel', onWheel, { passive: false });
    element.addEventListener('touchstart', onTouchStart, { passive: true });
    element.addEventListener('touchmove', onTouchMove, { passive: false });
    return () => {
      element.removeEventListener('wheel', onWheel);
      element.removeEventListener('touchstart', onTouchStart);
      element.removeEventListener('touchmove', onTouchMove);
    };
  }, [viewportRef, zoom]);
}

/**
 * The crop modal's zoom, from fit to 5x fit: the first fit of each image (then `onFirstFit`), the zoom
 * factor kept when the viewport (so the fit) changes, the point at the viewport's centre kept where it was
 * on every change, wheel and pinch.
 */
export function useCropZoom(viewportRef: RefObject<HTMLDivElement | null>, work: WorkingImage | null, onFirstFit: (fit: number) => void): CropZoom {
  const viewport = useViewportSize(viewportRef);
  const [scale, setScale] = useState<number | null>(null);
  const lastFit = useRef<number | null>(null);
  const firstFit = useRef(onFirstFit);
  firstFit.current = onFirstFit;
  const fit = work ? fitScale(work, viewport) : 1;
  const range = useMemo(() => zoomRange(fit), [fit]);

  useEffect(() => {
    if (work) return;
    setScale(null);
    lastFit.current = null;
  }, [work]);

  useEffect(() => {
    if (!work) return;
    if (scale === null || lastFit.current === null) {
      setScale(fit);
      firstFit.current(fit);
    } else if (lastFit.current !== fit) {
      const previousFit = lastFit.current;
      setScale((old) => clampScale(((old ?? fit) / previousFit) * fit, zoomRange(fit)));
    }
    lastFit.current = fit;
    // reacts to a new image and to a new fit only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [work, fit]);

  const anchor = useRef<{ rx: number; ry: number } | null>(null);
  const scaleRef = useRef(scale);
  scaleRef.current = scale;
  const rangeRef = useRef(range);
  rangeRef.current = range;
  const changeScale = useCallback(
    (next: number) => {
      const element = viewportRef.current;
      if (element && element.scrollWidth > 0 && element.scrollHeight > 0) {
        anchor.current = {
          rx: (element.scrollLeft + element.clientWidth / 2) / element.scrollWidth,
          ry: (element.scrollTop + element.clientHeight / 2) / element.scrollHeight,
        };
      }
      setScale(clampScale(next, rangeRef.current));
    },
    [viewportRef],
  );
  useLayoutEffect(() => {
    const element = viewportRef.current;
    if (!element || !anchor.current) return;
    element.scrollLeft = anchor.current.rx * element.scrollWidth - element.clientWidth / 2;
    element.scrollTop = anchor.current.ry * element.scrollHeight - element.clientHeight / 2;
    anchor.current = null;
  }, [viewportRef, scale]);

  const wheelZoom = useMemo<WheelZoom>(
    () => ({
      ready: () => scaleRef.current !== null,
      step: (direction) => changeScale(wheelScale(scaleRef.current ?? rangeRef.current.min, direction, rangeRef.current)),
    }),
    [changeScale],
  );
  useWheelAndPinch(viewportRef, wheelZoom);

  return { fit, range, scale: scale ?? fit, changeScale };
}
