import type { RefObject } from 'react';
import ReactCrop, { type PixelCrop } from 'react-image-crop';
import 'react-image-crop/dist/ReactCrop.css';
import { media, theme } from '@studio/ui-kit/theme';
import { MIN_CROP_WIDTH, type Rect } from '../utils/crop-math';
import type { WorkingImage } from '../utils/crop-image';
import { VIEWPORT_PADDING } from '../hooks/use-crop-zoom';

const HANDLE_LABELS = {
  cropArea: 'Crop area: use the arrow keys to move it',
  nwDragHandle: 'Resize from the top left',
  nDragHandle: 'Resize from the top',
  neDragHandle: 'Resize from the top right',
  eDragHandle: 'Resize from the right',
  seDragHandle: 'Resize from the bottom right',
  sDragHandle: 'Resize from the bottom',
  swDragHandle: 'Resize from the bottom left',
  wDragHandle: 'Resize from the left',
};

export interface CropViewportProps {
  viewportRef: RefObject<HTMLDivElement | null>;
  imageRef: RefObject<HTMLImageElement | null>;
  work: WorkingImage | null;
  /** the crop in image pixels */
  crop: Rect | null;
  scale: number;
  aspect: number | null;
  failed: boolean;
  /** the smallest side a crop may have, in image pixels (what the server accepts) */
  minSide: number;
  /** the crop as dragged, in screen pixels */
  onChange(pixels: PixelCrop): void;
}

/** The scrollable area with the image at the zoom and react-image-crop's selection over it. */
export function CropViewport({ viewportRef, imageRef, work, crop, scale, aspect, failed, minSide, onChange }: CropViewportProps) {
  // the selection cannot be dragged smaller than the smallest picture the server takes (nor than 40 px on screen)
  const smallest = Math.min(minSide, work?.width ?? minSide, work?.height ?? minSide) * scale;
  return (
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
            crop={{ unit: 'px', x: crop.x * scale, y: crop.y * scale, width: crop.width * scale, height: crop.height * scale }}
            onChange={onChange}
            aspect={aspect ?? undefined}
            minWidth={Math.max(MIN_CROP_WIDTH, smallest)}
            minHeight={smallest}
            keepSelection
            ruleOfThirds
            style={{ maxWidth: 'none', display: 'block' }}
            ariaLabels={HANDLE_LABELS}
          >
            <img
              ref={imageRef}
              src={work.src}
              alt="The image being cropped"
              draggable={false}
              style={{ width: work.width * scale, height: work.height * scale, maxWidth: 'none', maxHeight: 'none', display: 'block' }}
            />
          </ReactCrop>
        </div>
      ) : (
        <p css={{ margin: 'auto', color: theme.textMuted }}>{failed ? 'The image could not be opened.' : 'Loading the image…'}</p>
      )}
    </div>
  );
}
