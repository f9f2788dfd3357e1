import { forwardRef, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import type Konva from 'konva';
import { Circle, Image as KImage, Layer, Line, Stage } from 'react-konva';
import { theme } from '@studio/ui-kit/theme';
import { useFitView, usePanDrag, usePinchZoom } from '../hooks/use-fit-view';
import { useMaskModel, useStrokes } from '../hooks/use-mask-model';
import { usePolygon } from '../hooks/use-polygon';
import { boundsOf, type Point } from '../utils/mask';
import { wandSelect } from '../utils/wand';

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
  /** the box around everything selected, in picture pixels */
  bounds(): { x: number; y: number; w: number; h: number } | null;
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

function boxes(width: number, height: number, regions: readonly { x: number; y: number; w: number; h: number }[]): Uint8Array {
  const out = new Uint8Array(width * height);
  for (const r of regions) {
    for (let y = Math.max(0, Math.floor(r.y)); y < Math.min(height, Math.ceil(r.y + r.h)); y++) {
      out.fill(1, y * width + Math.max(0, Math.floor(r.x)), y * width + Math.min(width, Math.ceil(r.x + r.w)));
    }
  }
  return out;
}

/** The polygon drawn so far (screen points): its dashed outline, the first corner white (tap it to close). */
function PolygonMarks({ points }: { points: Point[] }) {
  return (
    <>
      {points.length ? <Line points={points.flatMap((p) => [p.x, p.y])} stroke="#ff4081" strokeWidth={2} dash={[6, 4]} /> : null}
      {points.map((p, i) => (
        <Circle key={i} x={p.x} y={p.y} radius={i === 0 ? 6 : 4} fill={i === 0 ? '#ffffff' : '#ff4081'} />
      ))}
    </>
  );
}

/**
 * The mask editor's canvas (konva): the picture, the selection tinted over it, and the pointer tools. Mouse,
 * pen and touch draw alike (pointer events); two fingers pinch to zoom, the wheel zooms at the pointer, the
 * move tool pans.
 */
export const MaskCanvas = forwardRef<MaskCanvasHandle, MaskCanvasProps>(function MaskCanvas({ image, tool, brushSize, tolerance, height, onChange }, ref) {
  const naturalW = image instanceof HTMLImageElement ? image.naturalWidth : image.width;
  const naturalH = image instanceof HTMLImageElement ? image.naturalHeight : image.height;
  const natural = useMemo(() => ({ w: naturalW, h: naturalH }), [naturalW, naturalH]);
  const box = useRef<HTMLDivElement>(null);
  const stageRef = useRef<Konva.Stage>(null);
  const overlayLayer = useRef<Konva.Layer>(null);
  const fitView = useFitView(box, natural, height);
  const { width, view, scale, offsetX, offsetY, toImage } = fitView;
  const model = useMaskModel(image, natural, overlayLayer);
  const polygon = usePolygon(model, natural);
  const [cursor, setCursor] = useState<Point | null>(null);
  const strokes = useStrokes(model, { tool, radius: () => brushSize / 2 / scale, tolerance });
  const pinch = usePinchZoom(box, view.zoom, fitView, strokes.cancel);
  const pan = usePanDrag(fitView);

  useEffect(() => {
    onChange({ selected: model.selected(), canUndo: model.canUndo(), canRedo: model.canRedo(), polygonPoints: polygon.points.length, zoom: view.zoom });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- model's readers are fresh on every version
  }, [model.version, polygon.points.length, view.zoom, onChange]);

  useImperativeHandle(ref, () => ({
    undo: model.undo,
    redo: model.redo,
    clear() {
      polygon.clear();
      model.apply(null, 0, true);
    },
    zoomBy: (factor) => fitView.zoomAt(factor, { x: width / 2, y: height / 2 }),
    fit: fitView.fit,
    closePolygon: polygon.close,
    setRegions: (regions) => model.apply(boxes(natural.w, natural.h, regions), 1, true),
    toPng: model.toPng,
    selected: model.selected,
    bounds: () => boundsOf(model.mask.current),
  }));

  const pointer = (): Point | null => stageRef.current?.getPointerPosition() ?? null;

  function onDown(event: Konva.KonvaEventObject<PointerEvent>) {
    const p = pointer();
    if (pinch.active() || !p) return;
    event.evt.preventDefault();
    if (tool === 'pan') {
      pan.begin(p);
      return;
    }
    const at = toImage(p);
    if (tool === 'polygon') {
      polygon.tap(at, scale);
      return;
    }
    if (tool === 'wand') {
      model.apply(wandSelect(model.getPixels(), at.x, at.y, tolerance), 1);
      return;
    }
    strokes.begin(at);
  }

  function onMove() {
    const p = pointer();
    if (!p) return;
    setCursor(p);
    if (pan.follow(p)) return;
    if (!pinch.active()) strokes.move(toImage(p));
  }

  function onUp() {
    pan.end();
    strokes.end();
  }

  const showCursor = cursor && (tool === 'brush' || tool === 'eraser' || tool === 'smart');
  const placed = { x: offsetX, y: offsetY, width: natural.w * scale, height: natural.h * scale };
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
        onTouchMove={pinch.onTouchMove}
        onTouchEnd={pinch.onTouchEnd}
        onDblClick={() => tool === 'polygon' && polygon.close()}
        onWheel={(event) => {
          event.evt.preventDefault();
          const p = pointer();
          if (p) fitView.zoomAt(event.evt.deltaY < 0 ? 1.1 : 1 / 1.1, p);
        }}
      >
        <Layer listening={false}>
          <KImage image={image} {...placed} />
        </Layer>
        <Layer ref={overlayLayer} listening={false}>
          <KImage image={model.overlay} {...placed} />
          <PolygonMarks points={polygon.points.map((p) => ({ x: offsetX + p.x * scale, y: offsetY + p.y * scale }))} />
          {showCursor ? <Circle x={cursor.x} y={cursor.y} radius={brushSize / 2} stroke="#ffffff" strokeWidth={1} /> : null}
        </Layer>
      </Stage>
    </div>
  );
});
