import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type Konva from 'konva';
import { cloneMask, combine, createMask, selectedCount, strokeSegment, toOverlay, toRgba, type Mask } from '../utils/mask';
import { UndoStack } from '../utils/undo-stack';
import { smartBrushSelect, type Pixels } from '../utils/wand';

const OVERLAY: [number, number, number, number] = [255, 64, 129, 150];

function pixelsOf(image: CanvasImageSource, width: number, height: number): Pixels {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('canvas getContext fail');
  ctx.drawImage(image, 0, 0, width, height);
  return { width, height, data: ctx.getImageData(0, 0, width, height).data };
}

/**
 * The selection at the picture's own size, its undo history and the tinted overlay the canvas shows.
 * `version` changes on every finished change (stroke, fill, undo, redo, clear).
 */
export function useMaskModel(image: CanvasImageSource, natural: { w: number; h: number }, overlayLayer: RefObject<Konva.Layer | null>) {
  const mask = useRef<Mask>(createMask(natural.w, natural.h));
  const history = useRef(new UndoStack<Mask>(30));
  const pixels = useRef<Pixels | null>(null);
  const [version, setVersion] = useState(0);
  const overlay = useMemo(() => {
    const canvas = document.createElement('canvas');
    canvas.width = natural.w;
    canvas.height = natural.h;
    return canvas;
  }, [natural]);

  // a new frame of the same video keeps the selection: only a new size starts afresh
  useEffect(() => {
    mask.current = createMask(natural.w, natural.h);
    history.current.clear();
    setVersion((v) => v + 1);
  }, [natural]);
  useEffect(() => {
    pixels.current = null;
  }, [image]);

  const repaint = useCallback(() => {
    const ctx = overlay.getContext('2d');
    if (!ctx) return;
    const data = ctx.createImageData(natural.w, natural.h);
    toOverlay(mask.current, OVERLAY, data.data);
    ctx.putImageData(data, 0, 0);
    overlayLayer.current?.batchDraw();
  }, [natural, overlay, overlayLayer]);

  useEffect(() => repaint(), [repaint, version]);

  /** ends a change: `before` goes on the undo stack */
  const commit = useCallback((before: Mask) => {
    history.current.push(before);
    setVersion((v) => v + 1);
  }, []);

  const getPixels = useCallback(() => {
    if (!pixels.current) pixels.current = pixelsOf(image, natural.w, natural.h);
    return pixels.current;
  }, [image, natural]);

  const step = useCallback((direction: 'undo' | 'redo') => {
    const next = direction === 'undo' ? history.current.undo(cloneMask(mask.current)) : history.current.redo(cloneMask(mask.current));
    if (next) mask.current = next;
    setVersion((v) => v + 1);
  }, []);

  const apply = useCallback(
    (part: Uint8Array | null, value: 0 | 1, replace = false) => {
      const before = cloneMask(mask.current);
      if (replace) mask.current.data.fill(0);
      if (part) combine(mask.current, part, value);
      commit(before);
    },
    [commit],
  );

  const toPng = useCallback((): Promise<Blob> => {
    const canvas = document.createElement('canvas');
    canvas.width = natural.w;
    canvas.height = natural.h;
    const ctx = canvas.getContext('2d');
    if (!ctx) return Promise.reject(new Error('canvas getContext fail'));
    const data = ctx.createImageData(natural.w, natural.h);
    toRgba(mask.current, data.data);
    ctx.putImageData(data, 0, 0);
    return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('mask export failed'))), 'image/png'));
  }, [natural]);

  return {
    mask,
    overlay,
    version,
    repaint,
    commit,
    apply,
    getPixels,
    undo: () => step('undo'),
    redo: () => step('redo'),
    toPng,
    selected: () => selectedCount(mask.current),
    canUndo: () => history.current.canUndo,
    canRedo: () => history.current.canRedo,
  };
}

/**
 * A brush, eraser or smart-brush stroke on the selection: begun at a point, continued dab by dab, ended
 * as one undoable change, or cancelled (a second finger arrived: that was a pinch).
 */
export function useStrokes(model: ReturnType<typeof useMaskModel>, paint: { tool: string; radius: () => number; tolerance: number }) {
  const drawing = useRef<{ last: { x: number; y: number }; before: Mask } | null>(null);

  function dab(from: { x: number; y: number }, to: { x: number; y: number }) {
    if (paint.tool === 'smart') combine(model.mask.current, smartBrushSelect(model.getPixels(), to.x, to.y, paint.radius(), paint.tolerance), 1);
    else strokeSegment(model.mask.current, from, to, paint.radius(), paint.tool === 'eraser' ? 0 : 1);
    model.repaint();
  }

  return {
    begin(at: { x: number; y: number }) {
      drawing.current = { last: at, before: cloneMask(model.mask.current) };
      dab(at, at);
    },
    /** false when no stroke is under way */
    move(at: { x: number; y: number }): boolean {
      const stroke = drawing.current;
      if (!stroke) return false;
      dab(stroke.last, at);
      stroke.last = at;
      return true;
    },
    end() {
      const stroke = drawing.current;
      drawing.current = null;
      if (stroke) model.commit(stroke.before);
    },
    cancel() {
      if (!drawing.current) return;
      model.mask.current = drawing.current.before;
      drawing.current = null;
      model.repaint();
    },
  };
}
