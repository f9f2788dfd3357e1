import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import ReactCrop, { type PixelCrop } from 'react-image-crop';
import 'react-image-crop/dist/ReactCrop.css';
import { useShell, type ImageCropModalProps } from 'shared-contracts';
import { Button, Glyph, GLYPHS } from '@studio/ui-kit/button';
import { media, theme } from '@studio/ui-kit/theme';
import { useDialog } from '@studio/ui-kit/use-dialog';
import {
  applyAspect,
  aspectChoicesFor,
  clampRatio,
  clampScale,
  clampToImage,
  defaultCrop,
  fitScale,
  MIN_CROP_WIDTH,
  roundRect,
  wheelScale,
  zoomRange,
  type Rect,
  type Size,
} from '../utils/crop-math';
import { cropToBlob, prepareWorkingImage, type WorkingImage } from '../utils/crop-image';

/** used until the viewport is measured (and in environments without layout) */
const FALLBACK_VIEWPORT: Size = { width: 640, height: 400 };
const VIEWPORT_PADDING = 24;

/**
 * The image crop modal: the image at a zoom from fit to 5x fit (slider with minus and plus, wheel and
 * pinch), a crop that stays inside the image, aspect choices within the ratio bounds (none in multiple
 * mode), restore, Cancel and Confirm. Confirm answers the crop of the working image (at most 2000 px).
 */
export function ImageCropModal({ file, minRatio, maxRatio, maxSize, multiple = false, onConfirm, onCancel }: ImageCropModalProps) {
  const shell = useShell();
  const dialogRef = useRef<HTMLDivElement>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  const imageRef = useRef<HTMLImageElement>(null);
  useDialog(dialogRef, onCancel);

  const [work, setWork] = useState<WorkingImage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [viewport, setViewport] = useState<Size>(FALLBACK_VIEWPORT);
  const [scale, setScale] = useState<number | null>(null);
  const [crop, setCrop] = useState<Rect | null>(null);
  const [aspect, setAspect] = useState<number | null>(null);

  const lastFit = useRef<number | null>(null);
  const choices = useMemo(() => aspectChoicesFor(minRatio, maxRatio, multiple), [minRatio, maxRatio, multiple]);

  // read the file at its working size
  useEffect(() => {
    let live = true;
    let prepared: WorkingImage | null = null;
    setWork(null);
    setError(null);
    setScale(null);
    setCrop(null);
    setAspect(null);
    lastFit.current = null;
    prepareWorkingImage(file, maxSize).then(
      (image) => {
        prepared = image;
        if (live) setWork(image);
        else image.release();
      },
      (reason: unknown) => {
        if (!live) return;
        const message = reason instanceof Error ? reason.message : String(reason);
        console.error('[crop] could not prepare the image', reason);
        setError(message);
      },
    );
    return () => {
      live = false;
      prepared?.release();
    };
  }, [file, maxSize]);

  // measure the viewport the image is fitted into
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
  }, []);

  const fit = work ? fitScale(work, viewport) : 1;
  const range = useMemo(() => zoomRange(fit), [fit]);

  // first fit, and keep the zoom factor when the viewport (so the fit) changes
  useEffect(() => {
    if (!work) return;
    if (scale === null || lastFit.current === null) {
      setScale(fit);
      setCrop(defaultCrop(work, fit, null, minRatio, maxRatio));
    } else if (lastFit.current !== fit) {
      const previousFit = lastFit.current;
      setScale((old) => clampScale(((old ?? fit) / previousFit) * fit, zoomRange(fit)));
    }
    lastFit.current = fit;
    // reacts to a new image and to a new fit only
  }, [work, fit]);

  // zoom keeps the point at the centre of the viewport where it was
  const anchor = useRef<{ rx: number; ry: number } | null>(null);
  const scaleRef = useRef(scale);
  scaleRef.current = scale;
  const rangeRef = useRef(range);
  rangeRef.current = range;
  const changeScale = useCallback((next: number) => {
    const element = viewportRef.current;
    if (element && element.scrollWidth > 0 && element.scrollHeight > 0) {
      anchor.current = {
        rx: (element.scrollLeft + element.clientWidth / 2) / element.scrollWidth,
        ry: (element.scrollTop + element.clientHeight / 2) / element.scrollHeight,
      };
    }
    setScale(clampScale(next, rangeRef.current));
  }, []);
  useLayoutEffect(() => {
    const element = viewportRef.current;
    if (!element || !anchor.current) return;
    element.scrollLeft = anchor.current.rx * element.scrollWidth - element.clientWidth / 2;
    element.scrollTop = anchor.current.ry * element.scrollHeight - element.clientHeight / 2;
    anchor.current = null;
  }, [scale]);

  // wheel and pinch: 0.2 per tick (native listeners, so the page does not scroll or zoom instead)
  useEffect(() => {
    const element = viewportRef.current;
    if (!element) return;
    function onWheel(event: WheelEvent) {
      if (scaleRef.current === null) return;
      event.preventDefault();
      changeScale(wheelScale(scaleRef.current, event.deltaY, rangeRef.current));
    }
    let pinchDistance = 0;
    const distance = (touches: TouchList) => Math.hypot(touches[0].clientX - touches[1].clientX, touches[0].clientY - touches[1].clientY);
    function onTouchStart(event: TouchEvent) {
      if (event.touches.length === 2) pinchDistance = distance(event.touches);
    }
    function onTouchMove(event: TouchEvent) {
      if (event.touches.length !== 2 || scaleRef.current === null || pinchDistance === 0) return;
      event.preventDefault();
      const now = distance(event.touches);
      const ratio = now / pinchDistance;
      if (ratio > 1.1 || ratio < 0.9) {
        changeScale(wheelScale(scaleRef.current, ratio > 1 ? -1 : 1, rangeRef.current));
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
  }, [changeScale]);

  const displayScale = scale ?? fit;

  function onCropChange(pixels: PixelCrop) {
    if (!work) return;
    const natural = { x: pixels.x / displayScale, y: pixels.y / displayScale, width: pixels.width / displayScale, height: pixels.height / displayScale };
    const bounded = aspect ? natural : clampRatio(natural, minRatio, maxRatio);
    setCrop(clampToImage(bounded, work));
  }

  function chooseAspect(value: number) {
    if (!work || !crop) return;
    if (aspect === value) {
      setAspect(null);
      return;
    }
    setAspect(value);
    setCrop(applyAspect(crop, value, work));
  }

  function restore() {
    if (!work) return;
    setAspect(null);
    changeScale(fit);
    setCrop(defaultCrop(work, fit, null, minRatio, maxRatio));
  }

  async function confirm() {
    if (!work || !crop || !imageRef.current) return;
    setBusy(true);
    setError(null);
    const rect = roundRect(crop, work);
    try {
      const image = await cropToBlob(imageRef.current, rect, work.type);
      onConfirm({
        image,
        naturalWidth: work.width,
        naturalHeight: work.height,
        x: rect.x,
        y: rect.y,
        w: rect.width,
        h: rect.height,
        record: {
          picture: { width: work.width, height: work.height },
          clip: { x: rect.x, y: rect.y, w: rect.width, h: rect.height, scale: displayScale / fit, aspect },
        },
      });
    } catch (reason) {
      const message = reason instanceof Error ? reason.message : String(reason);
      console.error('[crop] could not crop the image', reason);
      setError(message);
      shell.toast.error(message);
    } finally {
      setBusy(false);
    }
  }

  const zoomPercent = Math.round((displayScale / fit) * 100);

  function onSliderKey(event: KeyboardEvent<HTMLInputElement>) {
    const moves: Record<string, number> = {
      ArrowRight: range.step,
      ArrowUp: range.step,
      PageUp: range.step,
      ArrowLeft: -range.step,
      ArrowDown: -range.step,
      PageDown: -range.step,
      Home: range.min - displayScale,
      End: range.max - displayScale,
    };
    const move = moves[event.key];
    if (move === undefined) return;
    event.preventDefault();
    changeScale(displayScale + move);
  }

  return createPortal(
    <div
      css={{
        position: 'fixed',
        inset: 0,
        zIndex: 3000,
        background: 'rgba(0, 0, 0, 0.65)',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 16,
        [media.phone]: { padding: 0 },
      }}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby="image-crop-title"
        tabIndex={-1}
        css={{
          width: 'min(760px, 100%)',
          maxHeight: '100%',
          display: 'flex',
          flexDirection: 'column',
          gap: 16,
          padding: 20,
          borderRadius: theme.radiusLarge,
          background: theme.surface,
          color: theme.text,
          border: `1px solid ${theme.border}`,
          outline: 'none',
          [media.phone]: { width: '100%', height: '100%', borderRadius: 0, padding: 16 },
        }}
      >
        <div css={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <h2 id="image-crop-title" css={{ margin: 0, fontSize: 18 }}>
            Crop image
          </h2>
          <Button variant="icon" aria-label="Close" onClick={onCancel}>
            <Glyph d={GLYPHS.close} />
          </Button>
        </div>

        <div
          ref={viewportRef}
          data-testid="crop-viewport"
          css={{
            position: 'relative',
            display: 'flex',
            height: 420,
            overflow: 'auto',
            padding: VIEWPORT_PADDING,
            borderRadius: theme.radius,
            background: 'repeating-conic-gradient(#26262e 0% 25%, #1c1c22 0% 50%) 50% / 20px 20px',
            touchAction: 'pan-x pan-y',
            [media.phone]: { flex: 1, height: 'auto', minHeight: 240 },
          }}
        >
          {work && crop ? (
            <div css={{ margin: 'auto' }}>
              <ReactCrop
                crop={{ unit: 'px', x: crop.x * displayScale, y: crop.y * displayScale, width: crop.width * displayScale, height: crop.height * displayScale }}
                onChange={onCropChange}
                aspect={aspect ?? undefined}
                minWidth={MIN_CROP_WIDTH}
                keepSelection
                ruleOfThirds
                style={{ maxWidth: 'none', display: 'block' }}
                ariaLabels={{
                  cropArea: 'Crop area: use the arrow keys to move it',
                  nwDragHandle: 'Resize from the top left',
                  nDragHandle: 'Resize from the top',
                  neDragHandle: 'Resize from the top right',
                  eDragHandle: 'Resize from the right',
                  seDragHandle: 'Resize from the bottom right',
                  sDragHandle: 'Resize from the bottom',
                  swDragHandle: 'Resize from the bottom left',
                  wDragHandle: 'Resize from the left',
                }}
              >
                <img
                  ref={imageRef}
                  src={work.src}
                  alt="The image being cropped"
                  draggable={false}
                  style={{ width: work.width * displayScale, height: work.height * displayScale, maxWidth: 'none', maxHeight: 'none', display: 'block' }}
                />
              </ReactCrop>
            </div>
          ) : (
            <p css={{ margin: 'auto', color: theme.textMuted }}>{error ? 'The image could not be opened.' : 'Loading the image…'}</p>
          )}
        </div>

        {error ? (
          <p role="alert" css={{ margin: 0, color: theme.danger }}>
            {error}
          </p>
        ) : null}

        <div css={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <Button variant="icon" aria-label="Zoom out" disabled={!work || displayScale <= range.min + 1e-9} onClick={() => changeScale(displayScale - range.step)}>
            <Glyph d={GLYPHS.minus} />
          </Button>
          <input
            type="range"
            aria-label="Zoom"
            aria-valuetext={`${zoomPercent}%`}
            min={range.min}
            max={range.max}
            // "any" so a wheel step of 0.2 is shown where it lands; the keys step a tenth of the range below
            step="any"
            data-step={range.step}
            value={displayScale}
            disabled={!work}
            onChange={(event) => changeScale(Number(event.target.value))}
            onKeyDown={onSliderKey}
            css={{ flex: 1, accentColor: theme.primary }}
          />
          <Button variant="icon" aria-label="Zoom in" disabled={!work || displayScale >= range.max - 1e-9} onClick={() => changeScale(displayScale + range.step)}>
            <Glyph d={GLYPHS.plus} />
          </Button>
          <span css={{ minWidth: 48, textAlign: 'right', fontVariantNumeric: 'tabular-nums', color: theme.textMuted, fontSize: 14 }}>{zoomPercent}%</span>
        </div>

        {choices.length > 0 ? (
          <div role="group" aria-label="Aspect ratio" css={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
            {choices.map((choice) => (
              <Button
                key={choice.label}
                variant={aspect === choice.value ? 'primary' : 'ghost'}
                aria-pressed={aspect === choice.value}
                disabled={!work}
                onClick={() => chooseAspect(choice.value)}
              >
                {choice.label}
              </Button>
            ))}
          </div>
        ) : null}

        <div css={{ display: 'flex', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap', marginTop: 'auto' }}>
          <Button variant="ghost" onClick={restore} disabled={!work}>
            <Glyph d={GLYPHS.reset} size={16} />
            Restore
          </Button>
          <div css={{ display: 'flex', gap: 8 }}>
            <Button variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
            <Button variant="primary" onClick={() => void confirm()} disabled={!work || !crop || busy}>
              Confirm
            </Button>
          </div>
        </div>
      </div>
    </div>,
    document.body,
  );
}
