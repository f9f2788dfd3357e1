import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import type { CropResult } from 'shared-contracts';
import { Button } from '@studio/ui-kit/button';
import { ImageCropModal } from '../../crop/components/image-crop-modal';
import { focusRing, theme } from '@studio/ui-kit/theme';
import { ImagePreview } from '../../preview/components/image-preview';
import { UploadProgress } from '../../uploads/components/upload-progress';
import { useUpload } from '../../uploads/hooks/use-upload';
import { readImageSize } from '../../uploads/utils/read-media';
import { acceptOf, checkImageFile, checkImageSize, IMAGE_RULE, imageUploadMessage } from '../../uploads/utils/upload-rules';
import type { UploadedMedia } from '../utils/form';
import type { ImageSlot } from '../utils/modes';

export interface ImageInputProps {
  slot: ImageSlot;
  /** the algorithm the upload grant is for */
  algorithm: string;
  value: UploadedMedia | undefined;
  onChange(value: UploadedMedia | undefined): void;
  onBusyChange(busy: boolean): void;
}

/**
 * An image input: pick or drop a file, checked by the rules of section 5 before it is sent, uploaded with
 * a progress bar; then crop it (the crop is uploaded in its place), preview it full size, replace or
 * remove it.
 */
export function ImageInput({ slot, algorithm, value, onChange, onBusyChange }: ImageInputProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useUpload(algorithm);
  const [source, setSource] = useState<Blob | null>(null);
  const [cropping, setCropping] = useState(false);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);
  const uploading = upload.state.phase === 'uploading';

  useEffect(() => {
    onBusyChange(uploading);
  }, [uploading]);
  useEffect(() => () => onBusyChange(false), []);

  useEffect(() => () => {
    if (value?.previewUrl) URL.revokeObjectURL(value.previewUrl);
  }, [value?.previewUrl]);

  async function send(file: Blob, name: string) {
    const result = await upload.start(file);
    if (!result) return;
    onChange({
      ossPath: result.oss_path,
      media: 'image',
      width: result.media.width,
      height: result.media.height,
      duration: 0,
      previewUrl: URL.createObjectURL(file),
      name,
    });
  }

  async function take(file: File | undefined) {
    if (!file) return;
    setLocalError(null);
    const problem = checkImageFile(file);
    if (problem) {
      setLocalError(problem);
      return;
    }
    try {
      const size = await readImageSize(file);
      const sizeProblem = checkImageSize(size);
      if (sizeProblem) {
        setLocalError(sizeProblem);
        return;
      }
    } catch (error) {
      setLocalError(error instanceof Error ? error.message : String(error));
      return;
    }
    setSource(file);
    await send(file, file.name);
  }

  async function onCropped(result: CropResult) {
    setCropping(false);
    await send(result.image, value?.name ?? 'cropped image');
  }

  function onDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    void take(event.dataTransfer.files[0]);
  }

  const error = localError ?? (upload.state.phase === 'error' ? upload.state.message : null);

  return (
    <div css={{ position: 'relative', display: 'flex', flexDirection: 'column', gap: 8 }} data-testid={`image-input-${slot.key}`}>
      <span id={`${id}-label`} css={{ fontWeight: 600, fontSize: 14 }}>
        {slot.label}
      </span>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={acceptOf(IMAGE_RULE)}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-rule`}
        disabled={uploading}
        onChange={(event) => {
          void take(event.target.files?.[0]);
          event.target.value = '';
        }}
        css={{ position: 'absolute', width: 1, height: 1, opacity: 0, pointerEvents: 'none' }}
      />
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
              <Button variant="ghost" disabled={!source || uploading} onClick={() => setCropping(true)} css={{ minHeight: 32, padding: '0 10px', fontSize: 13 }}>
                Crop
              </Button>
              <Button variant="ghost" disabled={uploading} onClick={() => inputRef.current?.click()} css={{ minHeight: 32, padding: '0 10px', fontSize: 13 }}>
                Replace
              </Button>
              <Button
                variant="ghost"
                disabled={uploading}
                onClick={() => {
                  onChange(undefined);
                  setSource(null);
                  upload.reset();
                }}
                css={{ minHeight: 32, padding: '0 10px', fontSize: 13 }}
              >
                Remove
              </Button>
            </div>
          </div>
        </div>
      ) : (
        <label
          htmlFor={id}
          onDragOver={(event) => event.preventDefault()}
          onDrop={onDrop}
          css={{
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 6,
            minHeight: 120,
            padding: 16,
            borderRadius: 12,
            border: `1px dashed ${theme.border}`,
            background: theme.bg,
            textAlign: 'center',
            cursor: uploading ? 'progress' : 'pointer',
            'input:focus-visible + &': { outline: `2px solid ${theme.focus}`, outlineOffset: 2 },
          }}
        >
          <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            <path d="M12 16V4" />
            <path d="M7 9l5-5 5 5" />
            <path d="M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
          </svg>
          <span css={{ fontSize: 14 }}>Click or drop an image</span>
          <span id={`${id}-rule`} css={{ fontSize: 12, color: theme.textMuted }}>
            {imageUploadMessage()}
          </span>
        </label>
      )}
      {upload.state.phase === 'uploading' ? <UploadProgress percent={upload.state.percent} label={`Uploading ${slot.label.toLowerCase()}`} /> : null}
      {error ? (
        <p role="alert" css={{ margin: 0, fontSize: 13, color: theme.danger }}>
          {error}
        </p>
      ) : null}
      {cropping && source ? (
        <ImageCropModal file={source} minRatio={slot.minRatio} maxRatio={slot.maxRatio} onConfirm={(result) => void onCropped(result)} onCancel={() => setCropping(false)} />
      ) : null}
      {previewOpen && value ? <ImagePreview images={[{ src: value.previewUrl, alt: slot.label }]} index={0} onClose={() => setPreviewOpen(false)} /> : null}
    </div>
  );
}
