import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { ImagePreviewProps } from 'shared-contracts';
import { Button, Glyph, GLYPHS } from '@studio/ui-kit/button';
import { media } from '@studio/ui-kit/theme';
import { useDialog } from '@studio/ui-kit/use-dialog';
import { PREVIEW_MAX_ZOOM, PREVIEW_MIN_ZOOM, rotate, step, zoomIn, zoomOut } from '../utils/preview-math';

const toolbarButton = { color: '#ffffff', '&:hover:not(:disabled)': { background: 'rgba(255,255,255,0.12)' } } as const;

/**
 * Full-screen preview of one image of a group: zoom 0.25 to 4 in steps of 0.2 (buttons, wheel, + and -),
 * rotation by quarter turns, previous and next (buttons and arrow keys), Escape closes.
 */
export function ImagePreview({ images, index: startIndex, onClose, label }: ImagePreviewProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  useDialog(dialogRef, onClose);
  const count = images.length;
  const [index, setIndex] = useState(() => Math.min(Math.max(startIndex, 0), Math.max(count - 1, 0)));
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);

  function go(direction: 1 | -1) {
    const next = step(index, count, direction);
    if (next === index) return;
    setIndex(next);
    setZoom(1);
    setRotation(0);
  }

  // arrows navigate, + and - zoom (Escape and Tab are the dialog's)
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'ArrowLeft') go(-1);
      else if (event.key === 'ArrowRight') go(1);
      else if (event.key === '+' || event.key === '=') setZoom(zoomIn);
      else if (event.key === '-') setZoom(zoomOut);
      else return;
      event.preventDefault();
    }
    dialog.addEventListener('keydown', onKeyDown);
    return () => dialog.removeEventListener('keydown', onKeyDown);
  });

  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    function onWheel(event: WheelEvent) {
      event.preventDefault();
      if (event.deltaY < 0) setZoom(zoomIn);
      else if (event.deltaY > 0) setZoom(zoomOut);
    }
    stage.addEventListener('wheel', onWheel, { passive: false });
    return () => stage.removeEventListener('wheel', onWheel);
  }, []);

  const image = images[index];

  return createPortal(
    <div
      ref={dialogRef}
      role="dialog"
      aria-modal="true"
      aria-label="Image preview"
      tabIndex={-1}
      css={{
        position: 'fixed',
        inset: 0,
        zIndex: 3000,
        display: 'flex',
        flexDirection: 'column',
        // opaque: nothing of the page (header, list) shows through
        background: '#0b0b0f',
        color: '#ffffff',
        outline: 'none',
      }}
    >
      <div css={{ display: 'flex', alignItems: 'center', gap: 8, padding: '12px 16px', [media.phone]: { padding: '8px 8px 4px' } }}>
        <span aria-live="polite" css={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', minWidth: 40 }}>
          {count > 1 ? `${index + 1} / ${count}` : ''}
        </span>
        {label ? (
          <span data-testid="preview-label" css={{ fontSize: 12, fontWeight: 700, padding: '3px 8px', borderRadius: 999, border: '1px solid rgba(255,255,255,0.3)', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 }}>
            {label}
          </span>
        ) : null}
        <div
          role="toolbar"
          aria-label="Preview controls"
          css={{
            display: 'flex',
            alignItems: 'center',
            gap: 4,
            marginLeft: 'auto',
            // on a phone the controls sit in a bar of their own at the bottom, the close button stays top right
            [media.phone]: { position: 'absolute', left: 0, right: 0, bottom: 0, justifyContent: 'center', padding: '8px 8px calc(8px + env(safe-area-inset-bottom))', background: '#0b0b0f', gap: 0 },
          }}
        >
          <Button variant="icon" aria-label="Zoom out" css={toolbarButton} disabled={zoom <= PREVIEW_MIN_ZOOM} onClick={() => setZoom(zoomOut)}>
            <Glyph d={GLYPHS.minus} />
          </Button>
          <output aria-label="Zoom level" css={{ minWidth: 52, textAlign: 'center', fontVariantNumeric: 'tabular-nums' }}>
            {Math.round(zoom * 100)}%
          </output>
          <Button variant="icon" aria-label="Zoom in" css={toolbarButton} disabled={zoom >= PREVIEW_MAX_ZOOM} onClick={() => setZoom(zoomIn)}>
            <Glyph d={GLYPHS.plus} />
          </Button>
          <Button variant="icon" aria-label="Rotate left" css={toolbarButton} onClick={() => setRotation((r) => rotate(r, -1))}>
            <Glyph d={GLYPHS.rotateLeft} />
          </Button>
          <Button variant="icon" aria-label="Rotate right" css={toolbarButton} onClick={() => setRotation((r) => rotate(r, 1))}>
            <Glyph d={GLYPHS.rotateRight} />
          </Button>
          <Button
            variant="icon"
            aria-label="Reset zoom and rotation"
            css={toolbarButton}
            onClick={() => {
              setZoom(1);
              setRotation(0);
            }}
          >
            <Glyph d={GLYPHS.reset} />
          </Button>
        </div>
        <Button variant="icon" aria-label="Close preview" css={{ ...toolbarButton, flexShrink: 0, [media.phone]: { marginLeft: 'auto' } }} onClick={onClose}>
          <Glyph d={GLYPHS.close} />
        </Button>
      </div>

      <div ref={stageRef} css={{ position: 'relative', flex: 1, overflow: 'hidden', display: 'flex', alignItems: 'center', justifyContent: 'center', [media.phone]: { marginBottom: 60 } }}>
        {image ? (
          <img
            src={image.src}
            alt={image.alt}
            data-zoom={zoom}
            data-rotation={rotation}
            draggable={false}
            css={{ maxWidth: '90%', maxHeight: '90%', objectFit: 'contain', transition: 'transform 150ms ease', userSelect: 'none' }}
            style={{ transform: `scale(${zoom}) rotate(${rotation}deg)` }}
          />
        ) : (
          <p>There is no image to show.</p>
        )}
        {count > 1 ? (
          <>
            <Button
              variant="icon"
              aria-label="Previous image"
              disabled={index === 0}
              onClick={() => go(-1)}
              css={{ ...toolbarButton, position: 'absolute', left: 16, top: '50%', transform: 'translateY(-50%)', background: 'rgba(0,0,0,0.5)', width: 48, minHeight: 48, [media.phone]: { left: 8 } }}
            >
              <Glyph d={GLYPHS.left} />
            </Button>
            <Button
              variant="icon"
              aria-label="Next image"
              disabled={index === count - 1}
              onClick={() => go(1)}
              css={{ ...toolbarButton, position: 'absolute', right: 16, top: '50%', transform: 'translateY(-50%)', background: 'rgba(0,0,0,0.5)', width: 48, minHeight: 48, [media.phone]: { right: 8 } }}
            >
              <Glyph d={GLYPHS.right} />
            </Button>
          </>
        ) : null}
      </div>
    </div>,
    document.body,
  );
}
