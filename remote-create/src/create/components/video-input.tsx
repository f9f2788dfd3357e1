import { useId, useRef } from 'react';
import { theme } from '@studio/ui-kit/theme';
import { UploadProgress } from '../../uploads/components/upload-progress';
import { readVideoMeta } from '../../uploads/utils/read-media';
import { acceptOf, ANIME_VIDEO_RULE, checkVideoFile, checkVideoMeta, videoUploadMessage } from '../../uploads/utils/upload-rules';
import { useMediaUpload } from '../hooks/use-media-upload';
import type { UploadedMedia } from '../utils/form';
import { DropArea, HiddenFileInput, InputAlert, InputLabel, SmallButton } from './media-input-parts';

/** What is wrong with the video's length or dimensions (read from the file), or null. */
async function videoContentProblem(file: File): Promise<string | null> {
  try {
    return checkVideoMeta(await readVideoMeta(file));
  } catch (error) {
    // a browser that cannot play the codec still may upload it: the server reads it with ffprobe
    console.warn('[remote-create] the browser could not read the video metadata', error);
    return null;
  }
}

export interface VideoInputProps {
  label: string;
  algorithm: string;
  value: UploadedMedia | null;
  onChange(value: UploadedMedia | null): void;
  onBusyChange(busy: boolean): void;
}

/** A video input: format, size and length checked first, uploaded with progress, then shown to play. */
export function VideoInput({ label, algorithm, value, onChange, onBusyChange }: VideoInputProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { upload, uploading, percent, error, setLocalError } = useMediaUpload(algorithm, value?.previewUrl, onBusyChange);

  async function take(file: File | undefined) {
    if (!file) return;
    setLocalError(null);
    // the type and size are refused at once; the content needs the file read
    const problem = checkVideoFile(file) ?? (await videoContentProblem(file));
    if (problem) {
      setLocalError(problem);
      return;
    }
    const result = await upload.start(file);
    if (!result) return;
    onChange({ ossPath: result.oss_path, media: 'video', width: result.media.width, height: result.media.height, duration: result.media.duration, previewUrl: URL.createObjectURL(file), name: file.name });
  }

  return (
    <div css={{ position: 'relative', display: 'flex', flexDirection: 'column', gap: 8 }}>
      <InputLabel id={id}>{label}</InputLabel>
      <HiddenFileInput inputRef={inputRef} id={id} accept={acceptOf(ANIME_VIDEO_RULE)} disabled={uploading} onFile={(file) => void take(file)} />
      {value ? (
        <div css={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
          <video src={value.previewUrl} controls muted playsInline css={{ width: '100%', maxHeight: 240, borderRadius: 10, background: '#000' }} aria-label={`${label}: ${value.name}`} />
          <div css={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8 }}>
            <span css={{ fontSize: 13, color: theme.textMuted }}>
              {value.width} × {value.height} px · {value.duration.toFixed(1)} s
            </span>
            <div css={{ display: 'flex', gap: 6 }}>
              <SmallButton onClick={() => inputRef.current?.click()}>Replace</SmallButton>
              <SmallButton
                onClick={() => {
                  onChange(null);
                  upload.reset();
                }}
              >
                Remove
              </SmallButton>
            </div>
          </div>
        </div>
      ) : (
        <DropArea htmlFor={id}>
          <span css={{ fontSize: 14 }}>Click to choose a video</span>
          <span css={{ fontSize: 12, color: theme.textMuted }}>{videoUploadMessage()}</span>
        </DropArea>
      )}
      {uploading ? <UploadProgress percent={percent} label={`Uploading ${label.toLowerCase()}`} /> : null}
      <InputAlert message={error} />
    </div>
  );
}
