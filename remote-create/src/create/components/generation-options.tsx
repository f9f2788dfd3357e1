/**
 * The creation form's issue-15 fields: the audio toggle of videos, an optional seed, image to image's
 * 'keep the shape', and the notice that this server renders previews without an AI model.
 */
import { useId } from 'react';
import { PREVIEW_NOTICE, type EngineOffer } from 'shared-contracts';
import { theme } from '@studio/ui-kit/theme';
import { seedOf } from '../utils/form';

const labelCss = { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 12, fontSize: 14, fontWeight: 600, color: theme.textMuted } as const;
const noteCss = { margin: 0, fontSize: 12, color: theme.textMuted } as const;

/** The audio switch; `unavailable` says why the engine that will run it cannot make a soundtrack. */
export function AudioToggle({ value, onChange, unavailable }: { value: boolean; onChange(value: boolean): void; unavailable?: string }) {
  const noteId = useId();
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
      <label css={labelCss}>
        Generate audio
        <input
          type="checkbox"
          role="switch"
          checked={value && !unavailable}
          disabled={Boolean(unavailable)}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby={noteId}
          data-testid="audio-toggle"
          css={{ width: 20, height: 20, accentColor: theme.primary }}
        />
      </label>
      <p id={noteId} css={noteCss}>
        {unavailable ?? 'A soundtrack that follows the mood of your prompt, as long as the video.'}
      </p>
    </div>
  );
}

export function SeedField({ value, onChange }: { value: string; onChange(value: string): void }) {
  const id = useId();
  const invalid = value.trim() !== '' && seedOf(value) === null;
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
      <label htmlFor={id} css={labelCss}>
        Seed (optional)
      </label>
      <input
        id={id}
        inputMode="numeric"
        value={value}
        placeholder="Random"
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={`${id}-note`}
        data-testid="seed-input"
        css={{ minHeight: 40, padding: '0 12px', borderRadius: 10, border: `1px solid ${invalid ? theme.danger : theme.border}`, background: theme.bg, color: theme.text, font: 'inherit' }}
      />
      <p id={`${id}-note`} css={{ ...noteCss, color: invalid ? theme.danger : theme.textMuted }}>
        {invalid ? 'A seed is a whole number from 0 to 2147483647.' : 'Leave empty for a new result each time; the same seed and settings give the same result.'}
      </p>
    </div>
  );
}

export function KeepShapeToggle({ value, onChange }: { value: boolean; onChange(value: boolean): void }) {
  return (
    <label css={{ ...labelCss, justifyContent: 'flex-start' }}>
      <input type="checkbox" checked={value} onChange={(event) => onChange(event.target.checked)} data-testid="keep-shape" css={{ width: 18, height: 18, accentColor: theme.primary }} />
      Keep the image’s own shape (untick to choose a ratio; the picture is then cropped to it)
    </label>
  );
}

/** Shown before Generate when the server answers that this algorithm renders previews without a model. */
export function PreviewNotice() {
  return (
    <aside
      data-testid="preview-notice"
      aria-label="About the results on this server"
      css={{ display: 'flex', flexDirection: 'column', gap: 6, padding: 12, borderRadius: 12, border: `1px solid ${theme.border}`, background: theme.bg, fontSize: 13, color: theme.textMuted }}
    >
      <strong css={{ color: theme.text, fontSize: 14 }}>{PREVIEW_NOTICE.title}</strong>
      <span>{PREVIEW_NOTICE.body}</span>
      <details>
        <summary css={{ cursor: 'pointer', color: theme.link }}>How an operator connects a model</summary>
        <p css={{ margin: '6px 0 0' }}>{PREVIEW_NOTICE.operator}</p>
      </details>
    </aside>
  );
}

/**
 * Shown before Generate when the GPU workers run it: the model that makes the result, what it cannot do on
 * this server (those settings are disabled above), and for video to anime how its frames go through.
 */
export function EngineNotice({ offer }: { offer: EngineOffer }) {
  if (offer.name !== 'comfyui') {
    // this server's own engine: what it does for this algorithm (said before the charge, issue 21)
    return offer.summary ? (
      <p data-testid="engine-notice" css={{ margin: 0, fontSize: 13, color: theme.textMuted }}>
        On this server: {offer.summary}
      </p>
    ) : null;
  }
  const frames = offer.frames;
  const refused = offer.refused ?? [];
  return (
    <p data-testid="engine-notice" css={{ margin: 0, fontSize: 13, color: theme.textMuted }}>
      Made on ComfyUI by <strong css={{ color: theme.text }}>{offer.model}</strong>
      {frames ? `: it redraws ${frames.fps} frames a second, up to ${frames.max_frames} frames (${Math.round(frames.max_frames / frames.fps)} s), ${frames.chunk_frames} at a time.` : '.'}
      {refused.length ? ` Not available with this model: ${refused.map((setting) => setting.label).join(', ')}.` : ''}
    </p>
  );
}
