import type { EngineOffer } from 'shared-contracts';
import { media, theme } from '@studio/ui-kit/theme';
import { refuses, unavailableNote } from '../utils/engine-limits';
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
  /** the engine that will run it: an input it cannot take is not offered */
  offer?: EngineOffer | null;
}

/** The mode's image slots (two side by side, one under the other on phones), the frame ratio check, the video. */
export function MediaInputs({ modeKey, spec, form, setImage, setVideo, setBusy, offer }: MediaInputsProps) {
  const frameProblem = checkFrames(form.images.first ?? null, form.images.end ?? null);
  // the end frame is the one optional image input an engine may not take (image to video on ComfyUI)
  const slots = (spec.images ?? []).filter((slot) => !(slot.key === 'end' && refuses(offer, 'end_frame')));
  const endRefused = (spec.images ?? []).length > slots.length;
  return (
    <>
      {slots.length ? (
        <div css={{ display: 'grid', gap: 16, gridTemplateColumns: slots.length > 1 ? 'repeat(2, minmax(0, 1fr))' : '1fr', [media.phone]: { gridTemplateColumns: '1fr' } }}>
          {slots.map((slot) => (
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
      {endRefused ? (
        <p data-testid="end-frame-unavailable" css={{ margin: 0, fontSize: 13, color: theme.textMuted }}>
          End frame: {unavailableNote(offer).toLowerCase()}; the video starts from your image and goes where the prompt says.
        </p>
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
