import { useCallback, useMemo, useRef, useState } from 'react';
import type { PixelCrop } from 'react-image-crop';
import { useShell, type ImageCropModalProps } from 'shared-contracts';
import { IMAGE_LIMIT } from 'shared-contracts/upload-limits';
import { Dialog } from '@studio/ui-kit/dialog';
import { theme } from '@studio/ui-kit/theme';
import { applyAspect, aspectChoicesFor, clampRatio, clampToImage, defaultCrop, roundRect, type Rect } from '../utils/crop-math';
import { cropToBlob } from '../utils/crop-image';
import { useCropZoom } from '../hooks/use-crop-zoom';
import { useWorkingImage } from '../hooks/use-working-image';
import { AspectChoices, CropActions, ZoomBar } from './crop-controls';
import { CropViewport } from './crop-viewport';

/**
 * The image crop modal: the image at a zoom from fit to 5x fit (slider with minus and plus, wheel and
 * pinch), a crop that stays inside the image, aspect choices within the ratio bounds (none in multiple
 * mode), restore, Cancel and Confirm. Confirm answers the crop of the working image (at most 2000 px).
 */
export function ImageCropModal({ file, minRatio, maxRatio, maxSize, multiple = false, onConfirm, onCancel }: ImageCropModalProps) {
  const shell = useShell();
  const viewportRef = useRef<HTMLDivElement>(null);
  const imageRef = useRef<HTMLImageElement>(null);
  const { work, error, setError } = useWorkingImage(file, maxSize);
  const [busy, setBusy] = useState(false);
  const [crop, setCrop] = useState<Rect | null>(null);
  const [aspect, setAspect] = useState<number | null>(null);
  const choices = useMemo(() => aspectChoicesFor(minRatio, maxRatio, multiple), [minRatio, maxRatio, multiple]);
  // a crop smaller than the smallest picture the server takes would only be refused after the upload
  const minSide = IMAGE_LIMIT.minSide;
  const tooSmall = crop ? Math.round(Math.min(crop.width, crop.height)) < minSide : false;

  // a new image starts free, with the default area centred at the fit
  const startCrop = useCallback(
    (fit: number) => {
      if (!work) return;
      setAspect(null);
      setCrop(defaultCrop(work, fit, null, minRatio, maxRatio));
    },
    [work, minRatio, maxRatio],
  );
  const zoom = useCropZoom(viewportRef, work, startCrop);
  const { fit, scale } = zoom;

  function onCropChange(pixels: PixelCrop) {
    if (!work) return;
    const natural = { x: pixels.x / scale, y: pixels.y / scale, width: pixels.width / scale, height: pixels.height / scale };
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
    zoom.changeScale(fit);
    startCrop(fit);
  }

  async function confirm() {
    if (!work || !crop || !imageRef.current) return;
    setBusy(true);
    setError(null);
    const rect = roundRect(crop, work);
    const clip = { x: rect.x, y: rect.y, w: rect.width, h: rect.height };
    try {
      const image = await cropToBlob(imageRef.current, rect, work.type);
      onConfirm({ image, naturalWidth: work.width, naturalHeight: work.height, ...clip, record: { picture: { width: work.width, height: work.height }, clip: { ...clip, scale: scale / fit, aspect } } });
    } catch (reason) {
      const message = reason instanceof Error ? reason.message : String(reason);
      console.error('[crop] could not crop the image', reason);
      setError(message);
      shell.toast.error(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title="Crop image" onClose={() => onCancel()} width={760} phoneFullScreen>
      <div css={{ display: 'flex', flexDirection: 'column', gap: 16, flex: 1, minHeight: 0 }}>
        <CropViewport viewportRef={viewportRef} imageRef={imageRef} work={work} crop={crop} scale={scale} aspect={aspect} failed={Boolean(error)} minSide={minSide} onChange={onCropChange} />
        {tooSmall ? (
          <p role="status" data-testid="crop-too-small" css={{ margin: 0, color: theme.danger }}>
            {`The crop must be at least ${minSide} × ${minSide} px, the smallest picture accepted.`}
          </p>
        ) : null}
        {error ? (
          <p role="alert" css={{ margin: 0, color: theme.danger }}>
            {error}
          </p>
        ) : null}
        <ZoomBar zoom={zoom} disabled={!work} />
        <AspectChoices choices={choices} aspect={aspect} disabled={!work} onChoose={chooseAspect} />
        <CropActions ready={Boolean(work)} canConfirm={Boolean(work && crop) && !busy && !tooSmall} onRestore={restore} onCancel={onCancel} onConfirm={() => void confirm()} />
      </div>
    </Dialog>
  );
}
