import { useState } from 'react';
import { rotate, step, zoomIn, zoomOut } from '../utils/preview-math';

/** Which image of the group is shown, at what zoom and rotation; a move to another image starts it afresh. */
export function usePreviewView(startIndex: number, count: number) {
  const [index, setIndex] = useState(() => Math.min(Math.max(startIndex, 0), Math.max(count - 1, 0)));
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);

  function reset() {
    setZoom(1);
    setRotation(0);
  }

  return {
    index,
    zoom,
    rotation,
    go(direction: 1 | -1) {
      const next = step(index, count, direction);
      if (next === index) return;
      setIndex(next);
      reset();
    },
    zoomIn: () => setZoom(zoomIn),
    zoomOut: () => setZoom(zoomOut),
    rotate: (direction: 1 | -1) => setRotation((value) => rotate(value, direction)),
    reset,
  };
}

export type PreviewView = ReturnType<typeof usePreviewView>;
