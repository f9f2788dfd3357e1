import { useEffect, useRef, type RefObject } from 'react';
import type { ImagePreviewProps } from 'shared-contracts';
import { Button, Glyph, GLYPHS } from '@studio/ui-kit/button';
import { Dialog, type DialogPalette } from '@studio/ui-kit/dialog';
import { media } from '@studio/ui-kit/theme';
import { usePreviewView, type PreviewView } from '../hooks/use-preview-view';
import { PreviewToolbar, toolbarButton } from './preview-toolbar';

/** opaque: nothing of the page (header, list) shows through */
const VIEWER_PALETTE: DialogPalette = { surface: '#0b0b0f', surfaceRaised: '#1c1c22', text: '#ffffff', border: '#0b0b0f', backdrop: '#0b0b0f', focus: '#c4b3ff' };

const sideButton = { ...toolbarButton, position: 'absolute', top: '50%', transform: 'translateY(-50%)', background: 'rgba(0,0,0,0.5)', width: 48, minHeight: 48 } as const;

/** Arrows navigate, + and - zoom, on the dialog (Escape and Tab are the dialog's own). */
function useViewerKeys(anchorRef: RefObject<HTMLElement | null>, view: PreviewView) {
  const viewRef = useRef(view);
  viewRef.current = view;
  useEffect(() => {
    const dialog = anchorRef.current?.closest<HTMLElement>('[role="dialog"]');
    if (!dialog) return;
    function onKeyDown(event: KeyboardEvent) {
      const current = viewRef.current;
      if (event.key === 'ArrowLeft') current.go(-1);
      else if (event.key === 'ArrowRight') current.go(1);
      else if (event.key === '+' || event.key === '=') current.zoomIn();
      else if (event.key === '-') current.zoomOut();
      else return;
      event.preventDefault();
    }
    dialog.addEventListener('keydown', onKeyDown);
    return () => dialog.removeEventListener('keydown', onKeyDown);
  }, [anchorRef]);
}

/** The wheel zooms (a native listener, so the page behind does not scroll). */
function useWheelZoom(stageRef: RefObject<HTMLElement | null>, view: PreviewView) {
  const viewRef = useRef(view);
  viewRef.current = view;
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    function onWheel(event: WheelEvent) {
      event.preventDefault();
      if (event.deltaY < 0) viewRef.current.zoomIn();
      else if (event.deltaY > 0) viewRef.current.zoomOut();
    }
    stage.addEventListener('wheel', onWheel, { passive: false });
    return () => stage.removeEventListener('wheel', onWheel);
  }, [stageRef]);
}

/**
 * Full-screen preview of one image of a group: zoom 0.25 to 4 in steps of 0.2 (buttons, wheel, + and -),
 * rotation by quarter turns, previous and next (buttons and arrow keys), Escape closes.
 */
export function ImagePreview({ images, index: startIndex, onClose, label }: ImagePreviewProps) {
  const stageRef = useRef<HTMLDivElement>(null);
  const count = images.length;
  const view = usePreviewView(startIndex, count);
  useViewerKeys(stageRef, view);
  useWheelZoom(stageRef, view);
  const image = images[view.index];

  return (
    <Dialog title="Image preview" hideTitle hideClose fullScreen onClose={() => onClose()} palette={VIEWER_PALETTE} padding={0} gap={0}>
      <PreviewToolbar view={view} count={count} label={label} onClose={onClose} />
      <div ref={stageRef} css={{ position: 'relative', flex: 1, overflow: 'hidden', display: 'flex', alignItems: 'center', justifyContent: 'center', [media.phone]: { marginBottom: 60 } }}>
        {image ? (
          <img
            src={image.src}
            alt={image.alt}
            data-zoom={view.zoom}
            data-rotation={view.rotation}
            draggable={false}
            css={{ maxWidth: '90%', maxHeight: '90%', objectFit: 'contain', transition: 'transform 150ms ease', userSelect: 'none' }}
            style={{ transform: `scale(${view.zoom}) rotate(${view.rotation}deg)` }}
          />
        ) : (
          <p>There is no image to show.</p>
        )}
        {count > 1 ? (
          <>
            <Button variant="icon" aria-label="Previous image" disabled={view.index === 0} onClick={() => view.go(-1)} css={{ ...sideButton, left: 16, [media.phone]: { left: 8 } }}>
              <Glyph d={GLYPHS.left} />
            </Button>
            <Button variant="icon" aria-label="Next image" disabled={view.index === count - 1} onClick={() => view.go(1)} css={{ ...sideButton, right: 16, [media.phone]: { right: 8 } }}>
              <Glyph d={GLYPHS.right} />
            </Button>
          </>
        ) : null}
      </div>
    </Dialog>
  );
}
