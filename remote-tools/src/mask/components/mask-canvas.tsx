import { forwardRef, useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import type Konva from 'konva';
import { Circle, Image as KImage, Layer, Line, Stage } from 'react-konva';
import { theme } from '@studio/ui-kit/theme';
import { cloneMask, createMask, combine, selectedCount, strokeSegment, toOverlay, toRgba, type Mask, type Point } from '../utils/mask';
import { fillPolygon } from '../utils/polygon';
import { UndoStack } from '../utils/undo-stack';
import { smartBrushSelect, wandSelect, type Pixels } from '../utils/wand';

export type MaskTool = 'brush' | 'eraser' | 'wand' | 'polygon' | 'smart' | 'pan';

export interface MaskCanvasHandle {
  undo(): void;
  redo(): void;
  clear(): void;
  zoomBy(factor: number): void;
  fit(): void;
  closePolygon(): void;
  /** replaces the selection with these boxes (the text remover's detected regions), as one undoable step */
  setRegions(regions: readonly { x: number; y: number; w: number; h: number }[]): void;
  /** the mask as a PNG, white where selected, at the picture's own size */
  toPng(): Promise<Blob>;
  selected(): number;
}

export interface MaskCanvasProps {
  image: HTMLImageElement | HTMLCanvasElement;
  tool: MaskTool;
  /** brush diameter in screen pixels */
  brushSize: number;
  /** colour distance for the wand and the smart brush, 0-255 */
  tolerance: number;
  /** height of the drawing area in px */
  height: number;
  onChange(state: { selected: number; canUndo: boolean; canRedo: boolean; polygonPoints: number; zoom: number }): void;
}

const OVERLAY: [number, number, number, number] = [255, 64, 129, 150];
const MIN_ZOOM = 0.5;
const MAX_ZOOM = 8;

function pixelsOf(image: HTMLImageElement | HTMLCanvasElement, width: number, height: number): Pixels {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('canvas getContext fail');
  ctx.drawImage(image, 0, 0, width, height);
  const data = ctx.getImageData(0, 0, width, height);
  return { width, height, data: data.data };
}

/**
 * The mask editor's canvas (konva): the picture, the selection tinted over it, and the pointer tools. Mouse,
 * pen and touch draw alike (pointer events); two fingers pinch to zoom, the wheel zooms at the pointer, the
 * hand tool (or a drag with two fingers) pans. The mask lives at the picture's own resolution.
 */
export const MaskCanvas = forwardRef<MaskCanvasHandle, MaskCanvasProps>(function MaskCanvas({ image, tool, brushSize, tolerance, height, onChange }, ref) {
  const naturalW = image instanceof HTMLImageElement ? image.naturalWidth : image.width;
  const naturalH = image instanceof HTMLImageElement ? image.naturalHeight : image.height;
  // a new frame of the same video keeps the mask: only a new size starts afresh
  const natural = useMemo(() => ({ w: naturalW, h: naturalH }), [naturalW, naturalH]);
  const box = useRef<HTMLDivElement>(null);
  const stageRef = useRef<Konva.Stage>(null);
  const overlayLayer = useRef<Konva.Layer>(null);
  const [width, setWidth] = useState(600);
  const mask = useRef<Mask>(createMask(natural.w, natural.h));
  const history = useRef(new UndoStack<Mask>(30));
  const pixels = useRef<Pixels | null>(null);
  const overlay = useMemo(() => {
    const canvas = document.createElement('canvas');
    canvas.width = natural.w;
    canvas.height = natural.h;
    return canvas;
  }, [natural]);
  const [view, setView] = useState({ zoom: 1, x: 0, y: 0 });
  const [polygon, setPolygon] = useState<Point[]>([]);
  const [cursor, setCursor] = useState<Point | null>(null);
  const drawing = useRef<{ last: Point; before: Mask } | null>(null);
  const pinch = useRef<{ distance: number; zoom: number; center: Point } | null>(null);
  const pan = useRef<{ from: Point; start: { x: number; y: number } } | null>(null);

  const fitScale = Math.min(width / natural.w, height / natural.h);
  const scale = fitScale * view.zoom;
  // centred at zoom 1; panning moves from there
  const offsetX = (width - natural.w * scale) / 2 + view.x;
  const offsetY = (height - natural.h * scale) / 2 + view.y;

  useEffect(() => {
    mask.current = createMask(natural.w, natural.h);
    history.current.clear();
  }, [natural]);
  useEffect(() => {
    pixels.current = null;
  }, [image]);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setWidth(Math.max(200, el.clientWidth)));
    observer.observe(el);
    setWidth(Math.max(200, el.clientWidth));
    return () => observer.disconnect();
  }, []);

  const report = useCallback(
    (points = polygon.length) => {
      onChange({ selected: selectedCount(mask.current), canUndo: history.current.canUndo, canRedo: history.current.canRedo, polygonPoints: points, zoom: view.zoom });
    },
    [onChange, polygon.length, view.zoom],
  );

  const repaint = useCallback(() => {
    const ctx = overlay.getContext('2d');
    if (!ctx) return;
    const data = ctx.createImageData(natural.w, natural.h);
    toOverlay(mask.current, OVERLAY, data.data);
    ctx.putImageData(data, 0, 0);
    overlayLayer.current?.batchDraw();
  }, [overlay, natural]);

  useEffect(() => {
    repaint();
    report();
  }, [repaint, report]);

  const commit = useCallback(
    (before: Mask) => {
      history.current.push(before);
      repaint();
      report();
    },
    [repaint, report],
  );

  const toImage = (p: Point): Point => ({ x: (p.x - offsetX) / scale, y: (p.y - offsetY) / scale });
  const pointer = (): Point | null => stageRef.current?.getPointerPosition() ?? null;
  const getPixels = () => {
    if (!pixels.current) pixels.current = pixelsOf(image, natural.w, natural.h);
    return pixels.current;
  };
  const radius = () => brushSize / 2 / scale;

  const zoomAt = useCallback(
    (factor: number, at: Point) => {
      setView((v) => {
        const zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, v.zoom * factor));
        const s0 = fitScale * v.zoom;
        const s1 = fitScale * zoom;
        const ox0 = (width - natural.w * s0) / 2 + v.x;
        const oy0 = (height - natural.h * s0) / 2 + v.y;
        // keep the picture point under `at` where it is
        const ix = (at.x - ox0) / s0;
        const iy = (at.y - oy0) / s0;
        const ox1 = at.x - ix * s1;
        const oy1 = at.y - iy * s1;
        return { zoom, x: ox1 - (width - natural.w * s1) / 2, y: oy1 - (height - natural.h * s1) / 2 };
      });
    },
    [fitScale, height, natural, width],
  );

  const closePolygon = useCallback(() => {
    if (polygon.length < 3) return;
    const before = cloneMask(mask.current);
    combine(mask.current, fillPolygon(polygon, natural.w, natural.h), 1);
    setPolygon([]);
    commit(before);
  }, [commit, natural, polygon]);

  useImperativeHandle(
    ref,
    () => ({
      undo() {
        const previous = history.current.undo(cloneMask(mask.current));
        if (previous) mask.current = previous;
        repaint();
        report();
      },
      redo() {
        const next = history.current.redo(cloneMask(mask.current));
        if (next) mask.current = next;
        repaint();
        report();
      },
      clear() {
        const before = cloneMask(mask.current);
        mask.current.data.fill(0);
        setPolygon([]);
        commit(before);
      },
      zoomBy: (factor) => zoomAt(factor, { x: width / 2, y: height / 2 }),
      fit: () => setView({ zoom: 1, x: 0, y: 0 }),
      closePolygon,
      setRegions(regions) {
        const before = cloneMask(mask.current);
        mask.current.data.fill(0);
        for (const r of regions) {
          for (let y = Math.max(0, Math.floor(r.y)); y < Math.min(natural.h, Math.ceil(r.y + r.h)); y++) {
            mask.current.data.fill(1, y * natural.w + Math.max(0, Math.floor(r.x)), y * natural.w + Math.min(natural.w, Math.ceil(r.x + r.w)));
          }
        }
        commit(before);
      },
      toPng() {
        const canvas = document.createElement('canvas');
        canvas.width = natural.w;
        canvas.height = natural.h;
        const ctx = canvas.getContext('2d');
        if (!ctx) return Promise.reject(new Error('canvas getContext fail'));
        const data = ctx.createImageData(natural.w, natural.h);
        toRgba(mask.current, data.data);
        ctx.putImageData(data, 0, 0);
        return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('mask export failed'))), 'image/png'));
      },
      selected: () => selectedCount(mask.current),
    }),
    [closePolygon, commit, height, natural, repaint, report, width, zoomAt],
  );

  function onDown(event: Konva.KonvaEventObject<PointerEvent>) {
    if (pinch.current) return;
    const p = pointer();
    if (!p) return;
    event.evt.preventDefault();
    if (tool === 'pan') {
      pan.current = { from: p, start: { x: view.x, y: view.y } };
      return;
    }
    const at = toImage(p);
    if (tool === 'polygon') {
      const first = polygon[0];
      if (polygon.length >= 3 && first && Math.hypot(first.x - at.x, first.y - at.y) * scale < 12) closePolygon();
      else {
        setPolygon((pts) => [...pts, at]);
        report(polygon.length + 1);
      }
      return;
    }
    if (tool === 'wand') {
      const before = cloneMask(mask.current);
      combine(mask.current, wandSelect(getPixels(), at.x, at.y, tolerance), 1);
      commit(before);
      return;
    }
    const before = cloneMask(mask.current);
    drawing.current = { last: at, before };
    if (tool === 'smart') combine(mask.current, smartBrushSelect(getPixels(), at.x, at.y, radius(), tolerance), 1);
    else strokeSegment(mask.current, at, at, radius(), tool === 'eraser' ? 0 : 1);
    repaint();
  }

  function onMove() {
    const p = pointer();
    if (!p) return;
    setCursor(p);
    if (pan.current) {
      setView((v) => ({ ...v, x: pan.current!.start.x + p.x - pan.current!.from.x, y: pan.current!.start.y + p.y - pan.current!.from.y }));
      return;
    }
    const stroke = drawing.current;
    if (!stroke || pinch.current) return;
    const at = toImage(p);
    if (tool === 'smart') combine(mask.current, smartBrushSelect(getPixels(), at.x, at.y, radius(), tolerance), 1);
    else strokeSegment(mask.current, stroke.last, at, radius(), tool === 'eraser' ? 0 : 1);
    stroke.last = at;
    repaint();
  }

  function onUp() {
    pan.current = null;
    const stroke = drawing.current;
    drawing.current = null;
    if (stroke) commit(stroke.before);
  }

  function onTouchMove(event: Konva.KonvaEventObject<TouchEvent>) {
    const touches = event.evt.touches;
    if (touches.length !== 2) return;
    event.evt.preventDefault();
    const rect = box.current?.getBoundingClientRect();
    const a = { x: touches[0].clientX - (rect?.left ?? 0), y: touches[0].clientY - (rect?.top ?? 0) };
    const b = { x: touches[1].clientX - (rect?.left ?? 0), y: touches[1].clientY - (rect?.top ?? 0) };
    const distance = Math.hypot(a.x - b.x, a.y - b.y);
    const center = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    if (drawing.current) {
      // a second finger arrived mid-stroke: that was a pinch, not a stroke
      mask.current = drawing.current.before;
      drawing.current = null;
      repaint();
    }
    if (!pinch.current) {
      pinch.current = { distance, zoom: view.zoom, center };
      return;
    }
    const factor = (pinch.current.zoom * (distance / pinch.current.distance)) / view.zoom;
    zoomAt(factor, center);
    setView((v) => ({ ...v, x: v.x + center.x - pinch.current!.center.x, y: v.y + center.y - pinch.current!.center.y }));
    pinch.current.center = center;
  }

  const showCursor = cursor && (tool === 'brush' || tool === 'eraser' || tool === 'smart');
  return (
    <div ref={box} css={{ width: '100%', height, touchAction: 'none', borderRadius: theme.radius, overflow: 'hidden', background: '#0b0c10', cursor: tool === 'pan' ? 'grab' : 'crosshair' }} data-testid="mask-canvas">
      <Stage
        ref={stageRef}
        width={width}
        height={height}
        onPointerDown={onDown}
        onPointerMove={onMove}
        onPointerUp={onUp}
        onPointerLeave={() => {
          setCursor(null);
          onUp();
        }}
        onTouchMove={onTouchMove}
        onTouchEnd={(event) => {
          if (event.evt.touches.length < 2) pinch.current = null;
        }}
        onDblClick={() => tool === 'polygon' && closePolygon()}
        onWheel={(event) => {
          event.evt.preventDefault();
          const p = pointer();
          if (p) zoomAt(event.evt.deltaY < 0 ? 1.1 : 1 / 1.1, p);
        }}
      >
        <Layer listening={false}>
          <KImage image={image} x={offsetX} y={offsetY} width={natural.w * scale} height={natural.h * scale} />
        </Layer>
        <Layer ref={overlayLayer} listening={false}>
          <KImage image={overlay} x={offsetX} y={offsetY} width={natural.w * scale} height={natural.h * scale} />
          {polygon.length ? (
            <Line points={polygon.flatMap((p) => [offsetX + p.x * scale, offsetY + p.y * scale])} stroke="#ff4081" strokeWidth={2} dash={[6, 4]} />
          ) : null}
          {polygon.map((p, i) => (
            <Circle key={i} x={offsetX + p.x * scale} y={offsetY + p.y * scale} radius={i === 0 ? 6 : 4} fill={i === 0 ? '#ffffff' : '#ff4081'} />
          ))}
          {showCursor ? <Circle x={cursor.x} y={cursor.y} radius={brushSize / 2} stroke="#ffffff" strokeWidth={1} /> : null}
        </Layer>
      </Stage>
    </div>
  );
});
