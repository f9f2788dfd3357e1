import { media, theme } from '@studio/ui-kit/theme';
import type { CreateForm, UploadedMedia } from '../utils/form';
import type { ImageSlotKey, ModeSpec } from '../utils/modes';
import { checkFrames } from '../utils/validation';
import { ImageInput } from './image-input';
import { VideoInput } from './video-input';

export interface MediaInputsProps {
  /** keys the inputs, so a new mode starts with empty ones */
  modeKey: string;
  spec: ModeSpec;
  form: CreateForm;
  setImage(key: ImageSlotKey, value: UploadedMedia | undefined): void;
  setVideo(value: UploadedMedia | null): void;
  setBusy(key: string, busy: boolean): void;
}

/** The mode's image slots (two side by side, one under the other on phones), the frame ratio check, the video. */
export function MediaInputs({ modeKey, spec, form, setImage, setVideo, setBusy }: MediaInputsProps) {
  const frameProblem = checkFrames(form.images.first ?? null, form.images.end ?? null);
  return (
    <>
      {spec.images ? (
        <div css={{ display: 'grid', gap: 16, gridTemplateColumns: spec.images.length > 1 ? 'repeat(2, minmax(0, 1fr))' : '1fr', [media.phone]: { gridTemplateColumns: '1fr' } }}>
          {spec.images.map((slot) => (
            <ImageInput
              key={`${modeKey}-${slot.key}`}
              slot={slot}
              algorithm={spec.algorithm}
              value={form.images[slot.key]}
              onChange={(value) => setImage(slot.key, value)}
              onBusyChange={(busy) => setBusy(slot.key, busy)}
            />
          ))}
        </div>
      ) : null}
      {frameProblem ? (
        <p role="alert" css={{ margin: 0, fontSize: 13, color: theme.danger }}>
          {frameProblem}
        </p>
      ) : null}

      {spec.video ? <VideoInput label={spec.video.label} algorithm={spec.algorithm} value={form.video} onChange={setVideo} onBusyChange={(busy) => setBusy('video', busy)} /> : null}
    </>
  );
}
