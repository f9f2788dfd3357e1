import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@studio/ui-kit/button';
import { theme } from '@studio/ui-kit/theme';
import { UploadProgress } from '../../uploads/components/upload-progress';
import { useUpload } from '../../uploads/hooks/use-upload';
import { readVideoMeta } from '../../uploads/utils/read-media';
import { acceptOf, ANIME_VIDEO_RULE, checkVideoFile, checkVideoMeta, videoUploadMessage } from '../../uploads/utils/upload-rules';
import type { UploadedMedia } from '../utils/form';

/** A video input: format, size and length checked first, uploaded with progress, then shown to play. */
export function VideoInput({
  label,
  algorithm,
  value,
  onChange,
  onBusyChange,
}: {
  label: string;
  algorithm: string;
  value: UploadedMedia | null;
  onChange(value: UploadedMedia | null): void;
  onBusyChange(busy: boolean): void;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useUpload(algorithm);
  const [localError, setLocalError] = useState<string | null>(null);
  const uploading = upload.state.phase === 'uploading';

  useEffect(() => {
    onBusyChange(uploading);
  }, [uploading]);
  useEffect(() => () => onBusyChange(false), []);
  useEffect(() => () => {
    if (value?.previewUrl) URL.revokeObjectURL(value.previewUrl);
  }, [value?.previewUrl]);

  async function take(file: File | undefined) {
    if (!file) return;
    setLocalError(null);
    const problem = checkVideoFile(file);
    if (problem) {
      setLocalError(problem);
      return;
    }
    try {
      const meta = await readVideoMeta(file);
      const metaProblem = checkVideoMeta(meta);
      if (metaProblem) {
        setLocalError(metaProblem);
        return;
      }
    } catch (error) {
      // a browser that cannot play the codec still may upload it: the server reads it with ffprobe
      console.warn('[remote-create] the browser could not read the video metadata', error);
    }
    const result = await upload.start(file);
    if (!result) return;
    onChange({
      ossPath: result.oss_path,
      media: 'video',
      width: result.media.width,
      height: result.media.height,
      duration: result.media.duration,
      previewUrl: URL.createObjectURL(file),
      name: file.name,
    });
  }

  const error = localError ?? (upload.state.phase === 'error' ? upload.state.message : null);

  return (
    <div css={{ position: 'relative', display: 'flex', flexDirection: 'column', gap: 8 }}>
      <span id={`${id}-label`} css={{ fontWeight: 600, fontSize: 14 }}>
        {label}
      </span>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={acceptOf(ANIME_VIDEO_RULE)}
        aria-labelledby={`${id}-label`}
        disabled={uploading}
        onChange={(event) => {
          void take(event.target.files?.[0]);
          event.target.value = '';
        }}
        css={{ position: 'absolute', width: 1, height: 1, opacity: 0, pointerEvents: 'none' }}
      />
      {value ? (
        <div css={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
          <video src={value.previewUrl} controls muted playsInline css={{ width: '100%', maxHeight: 240, borderRadius: 10, background: '#000' }} aria-label={`${label}: ${value.name}`} />
          <div css={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8 }}>
            <span css={{ fontSize: 13, color: theme.textMuted }}>
              {value.width} × {value.height} px · {value.duration.toFixed(1)} s
            </span>
            <div css={{ display: 'flex', gap: 6 }}>
              <Button variant="ghost" onClick={() => inputRef.current?.click()} css={{ minHeight: 32, padding: '0 10px', fontSize: 13 }}>
                Replace
              </Button>
              <Button
                variant="ghost"
                onClick={() => {
                  onChange(null);
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
          <span css={{ fontSize: 14 }}>Click to choose a video</span>
          <span css={{ fontSize: 12, color: theme.textMuted }}>{videoUploadMessage()}</span>
        </label>
      )}
      {uploading ? <UploadProgress percent={upload.state.phase === 'uploading' ? upload.state.percent : 0} label={`Uploading ${label.toLowerCase()}`} /> : null}
      {error ? (
        <p role="alert" css={{ margin: 0, fontSize: 13, color: theme.danger }}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
