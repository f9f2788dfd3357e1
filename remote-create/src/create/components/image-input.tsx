import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import type { CropResult } from 'shared-contracts';
import { Button } from '../../components/button';
import { focusRing, theme } from '../../lib/theme';
import { ImageCropModal } from '../../crop/components/image-crop-modal';
import { ImagePreview } from '../../preview/components/image-preview';
import { checkImageFile, IMAGE_RULE_TEXT } from '../utils/image-rules';
import type { ImageSlot } from '../utils/modes';

interface Picked {
  url: string;
  width: number;
  height: number;
}

/**
 * An image input: pick or drop a file, crop it, see it and preview it full size. The image stays in
 * the browser; nothing is uploaded until generation opens.
 */
export function ImageInput({ slot }: { slot: ImageSlot }) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [toCrop, setToCrop] = useState<File | null>(null);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [previewOpen, setPreviewOpen] = useState(false);

  useEffect(() => () => {
    if (picked) URL.revokeObjectURL(picked.url);
  }, [picked]);

  function take(file: File | undefined) {
    if (!file) return;
    const problem = checkImageFile(file);
    setError(problem);
    if (!problem) setToCrop(file);
  }

  function onCropped(result: CropResult) {
    setToCrop(null);
    setPicked({ url: URL.createObjectURL(result.image), width: result.w, height: result.h });
  }

  function onDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    take(event.dataTransfer.files[0]);
  }

  return (
    <div css={{ position: 'relative', display: 'flex', flexDirection: 'column', gap: 8 }}>
      <span id={`${id}-label`} css={{ fontWeight: 600, fontSize: 14 }}>
        {slot.label}
      </span>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept=".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp"
        aria-labelledby={`${id}-label`}
        onChange={(event) => {
          take(event.target.files?.[0]);
          event.target.value = '';
        }}
        css={{ position: 'absolute', width: 1, height: 1, opacity: 0, pointerEvents: 'none' }}
      />
      {picked ? (
        <div css={{ display: 'flex', alignItems: 'center', gap: 12 }}>
          <button
            type="button"
            onClick={() => setPreviewOpen(true)}
            aria-label={`Preview ${slot.label.toLowerCase()}`}
            css={{ padding: 0, border: `1px solid ${theme.border}`, borderRadius: 10, background: 'none', cursor: 'zoom-in', overflow: 'hidden', ...focusRing }}
          >
            <img src={picked.url} alt="" css={{ display: 'block', width: 96, height: 96, objectFit: 'cover' }} />
          </button>
          <div css={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
            <span css={{ fontSize: 13, color: theme.textMuted }}>
              {picked.width} × {picked.height} px
            </span>
            <div css={{ display: 'flex', gap: 8 }}>
              <Button variant="ghost" onClick={() => inputRef.current?.click()}>
                Replace
              </Button>
              <Button variant="ghost" onClick={() => setPicked(null)}>
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
            cursor: 'pointer',
            'input:focus-visible + &': { outline: `2px solid ${theme.focus}`, outlineOffset: 2 },
          }}
        >
          <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            <path d="M12 16V4" />
            <path d="M7 9l5-5 5 5" />
            <path d="M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
          </svg>
          <span css={{ fontSize: 14 }}>Click or drop an image</span>
          <span css={{ fontSize: 12, color: theme.textMuted }}>{IMAGE_RULE_TEXT}</span>
        </label>
      )}
      {error ? (
        <p role="alert" css={{ margin: 0, fontSize: 13, color: theme.danger }}>
          {error}
        </p>
      ) : null}
      {toCrop ? <ImageCropModal file={toCrop} onConfirm={onCropped} onCancel={() => setToCrop(null)} /> : null}
      {previewOpen && picked ? (
        <ImagePreview images={[{ src: picked.url, alt: slot.label }]} index={0} onClose={() => setPreviewOpen(false)} />
      ) : null}
    </div>
  );
}
