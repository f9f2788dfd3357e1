import { lazy, Suspense, useId, useRef, useState } from 'react';
import type { CropResult } from 'shared-contracts';
import { focusRing, theme } from '@studio/ui-kit/theme';
import { ImagePreview } from '../../preview/components/image-preview';
import { UploadProgress } from '../../uploads/components/upload-progress';
import { readImageSize } from '../../uploads/utils/read-media';
import { acceptOf, checkImageFile, checkImageSize, IMAGE_RULE, imageUploadMessage } from '../../uploads/utils/upload-rules';
import { useMediaUpload } from '../hooks/use-media-upload';
import type { UploadedMedia } from '../utils/form';
import type { ImageSlot } from '../utils/modes';
import { DropArea, HiddenFileInput, InputAlert, InputLabel, SmallButton } from './media-input-parts';

// the crop library loads when a picture is first cropped, not with the creation screen (issue 25)
const ImageCropModal = lazy(() => import('../../crop/components/image-crop-modal').then((m) => ({ default: m.ImageCropModal })));

export interface ImageInputProps {
  slot: ImageSlot;
  /** the algorithm the upload grant is for */
  algorithm: string;
  value: UploadedMedia | undefined;
  onChange(value: UploadedMedia | undefined): void;
  onBusyChange(busy: boolean): void;
}

/** What is wrong with the image's dimensions (read from the file), or null. */
async function imageContentProblem(file: File): Promise<string | null> {
  try {
    return checkImageSize(await readImageSize(file));
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * An image input: pick or drop a file, checked by the rules of section 5 before it is sent, uploaded with
 * a progress bar; then crop it (the crop is uploaded in its place), preview it full size, replace or
 * remove it.
 */
export function ImageInput({ slot, algorithm, value, onChange, onBusyChange }: ImageInputProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { upload, uploading, error, setLocalError } = useMediaUpload(algorithm, value?.previewUrl, onBusyChange);
  const [source, setSource] = useState<Blob | null>(null);
  const [cropping, setCropping] = useState(false);
  const [previewOpen, setPreviewOpen] = useState(false);

  async function send(file: Blob, name: string) {
    const result = await upload.start(file);
    if (!result) return;
    onChange({ ossPath: result.oss_path, media: 'image', width: result.media.width, height: result.media.height, duration: 0, previewUrl: URL.createObjectURL(file), name });
  }

  async function take(file: File | undefined) {
    if (!file) return;
    setLocalError(null);
    // the type and size are refused at once; the content needs the file read
    const problem = checkImageFile(file) ?? (await imageContentProblem(file));
    if (problem) {
      setLocalError(problem);
      return;
    }
    setSource(file);
    await send(file, file.name);
  }

  async function onCropped(result: CropResult) {
    setCropping(false);
    await send(result.image, value?.name ?? 'cropped image');
  }

  function remove() {
    onChange(undefined);
    setSource(null);
    upload.reset();
  }

  return (
    <div css={{ position: 'relative', display: 'flex', flexDirection: 'column', gap: 8 }} data-testid={`image-input-${slot.key}`}>
      <InputLabel id={id}>{slot.label}</InputLabel>
      <HiddenFileInput inputRef={inputRef} id={id} accept={acceptOf(IMAGE_RULE)} describedBy={`${id}-rule`} disabled={uploading} onFile={(file) => void take(file)} />
      {value ? (
        <div css={{ display: 'flex', alignItems: 'center', gap: 12 }}>
          <button
            type="button"
            onClick={() => setPreviewOpen(true)}
            aria-label={`Preview ${slot.label.toLowerCase()}`}
            css={{ padding: 0, border: `1px solid ${theme.border}`, borderRadius: 10, background: 'none', cursor: 'zoom-in', overflow: 'hidden', flexShrink: 0, ...focusRing }}
          >
            <img src={value.previewUrl} alt="" css={{ display: 'block', width: 88, height: 88, objectFit: 'cover' }} />
          </button>
          <div css={{ display: 'flex', flexDirection: 'column', gap: 6, minWidth: 0 }}>
            <span css={{ fontSize: 13, color: theme.textMuted }} data-testid="uploaded-size">
              Uploaded · {value.width} × {value.height} px
            </span>
            <div css={{ display: 'flex', gap: 6, flexWrap: 'wrap' }}>
              <SmallButton disabled={!source || uploading} onClick={() => setCropping(true)}>
                Crop
              </SmallButton>
              <SmallButton disabled={uploading} onClick={() => inputRef.current?.click()}>
                Replace
              </SmallButton>
              <SmallButton disabled={uploading} onClick={remove}>
                Remove
              </SmallButton>
            </div>
          </div>
        </div>
      ) : (
        <DropArea htmlFor={id} busy={uploading} onDrop={(file) => void take(file)}>
          <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            <path d="M12 16V4" />
            <path d="M7 9l5-5 5 5" />
            <path d="M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
          </svg>
          <span css={{ fontSize: 14 }}>Click or drop an image</span>
          <span id={`${id}-rule`} css={{ fontSize: 12, color: theme.textMuted }}>
            {imageUploadMessage()}
          </span>
        </DropArea>
      )}
      {upload.state.phase === 'uploading' ? <UploadProgress percent={upload.state.percent} label={`Uploading ${slot.label.toLowerCase()}`} /> : null}
      <InputAlert message={error} />
      {cropping && source ? (
        <Suspense fallback={null}>
          <ImageCropModal file={source} minRatio={slot.minRatio} maxRatio={slot.maxRatio} onConfirm={(result) => void onCropped(result)} onCancel={() => setCropping(false)} />
        </Suspense>
      ) : null}
      {previewOpen && value ? <ImagePreview images={[{ src: value.previewUrl, alt: slot.label }]} index={0} onClose={() => setPreviewOpen(false)} /> : null}
    </div>
  );
}
