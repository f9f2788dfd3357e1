import { useId, useState } from 'react';
import { USER_TEXTS } from 'shared-contracts';
import { theme } from '@studio/ui-kit/theme';
import { UploadProgress } from '../../uploads/components/upload-progress';
import { usePromptHelpers } from '../hooks/use-prompt-helpers';
import { countWords, type PromptSpec } from '../utils/modes';
import { PresetsDialog } from './presets-dialog';
import { PromptSamples, PromptTools } from './prompt-tools';

export interface PromptBoxProps {
  spec: PromptSpec;
  value: string;
  onChange(value: string): void;
  /** words the chosen style adds to the prompt (counted against the limit) */
  extraWords?: number;
  /** GET /v1/prompt/category-and-presets algorithm; no presets without it */
  presetsAlgorithm?: string;
  /** GET /v1/common/prompt_sample key; no samples without it */
  sampleKey?: string;
  polish?: boolean;
  imageToPrompt?: boolean;
  id?: string;
}

/**
 * The prompt with its word hint, a live count and 'Your prompt is too long. Please shorten it'; presets,
 * up to five samples, polish and image-to-prompt where the screen has them.
 */
export function PromptBox({ spec, value, onChange, extraWords = 0, presetsAlgorithm, sampleKey, polish = false, imageToPrompt = false, id: givenId }: PromptBoxProps) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const words = countWords(value) + (value.trim() ? extraWords : 0);
  const tooLong = words > spec.maxWords;
  const [presetsOpen, setPresetsOpen] = useState(false);
  const helpers = usePromptHelpers(value, onChange);
  /** a new prompt from anywhere but the helpers drops the helper's note */
  const set = (next: string) => {
    onChange(next);
    helpers.clearNote();
  };

  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <label htmlFor={id} css={{ fontWeight: 600, fontSize: 14 }}>
        {spec.label}
      </label>
      <textarea
        id={id}
        value={value}
        onChange={(event) => set(event.target.value)}
        placeholder={spec.placeholder}
        rows={5}
        aria-describedby={`${id}-hint ${id}-count${tooLong ? ` ${id}-error` : ''}`}
        aria-invalid={tooLong}
        css={{
          resize: 'vertical',
          minHeight: 120,
          padding: 12,
          borderRadius: 10,
          font: 'inherit',
          fontSize: 14,
          lineHeight: 1.5,
          color: theme.text,
          background: theme.bg,
          border: `1px solid ${tooLong ? theme.danger : theme.border}`,
          '&:focus-visible': { outline: `2px solid ${theme.focus}`, outlineOffset: 1 },
        }}
      />
      <div css={{ display: 'flex', justifyContent: 'space-between', gap: 8, fontSize: 12, color: theme.textMuted }}>
        <span id={`${id}-hint`}>{spec.hint}</span>
        <span id={`${id}-count`} css={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {words} / {spec.maxWords} words
        </span>
      </div>
      {tooLong ? (
        <p id={`${id}-error`} role="alert" css={{ margin: 0, fontSize: 13, color: theme.danger }}>
          {USER_TEXTS.PROMPT_TOO_LONG}
        </p>
      ) : null}

      <PromptTools
        presets={Boolean(presetsAlgorithm)}
        polish={polish}
        imageToPrompt={imageToPrompt}
        busy={helpers.busy}
        canClear={Boolean(value)}
        onPresets={() => setPresetsOpen(true)}
        onPolish={() => void helpers.polish()}
        onImage={(file) => void helpers.imageToPrompt(file)}
        onClear={() => set('')}
      />
      {helpers.uploadPercent !== null ? <UploadProgress percent={helpers.uploadPercent} label="Uploading the picture" /> : null}
      {helpers.error ? (
        <p role="alert" css={{ margin: 0, fontSize: 13, color: theme.danger }}>
          {helpers.error}
        </p>
      ) : null}
      {helpers.note ? <p css={{ margin: 0, fontSize: 12, color: theme.textMuted }}>{helpers.note}</p> : null}

      <PromptSamples sampleKey={sampleKey} onPick={set} />

      {presetsOpen && presetsAlgorithm ? (
        <PresetsDialog
          algorithm={presetsAlgorithm}
          onPick={(prompt) => {
            set(prompt);
            setPresetsOpen(false);
          }}
          onClose={() => setPresetsOpen(false)}
        />
      ) : null}
    </div>
  );
}
