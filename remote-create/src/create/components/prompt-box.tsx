import { useId } from 'react';
import { USER_TEXTS } from 'shared-contracts';
import { theme } from '../../lib/theme';
import { countWords, type PromptSpec } from '../utils/modes';

/** The prompt with its word limit hint, a live count and the spec's text when it is too long. */
export function PromptBox({ spec, value, onChange }: { spec: PromptSpec; value: string; onChange(value: string): void }) {
  const id = useId();
  const words = countWords(value);
  const tooLong = words > spec.maxWords;
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <label htmlFor={id} css={{ fontWeight: 600, fontSize: 14 }}>
        {spec.label}
      </label>
      <textarea
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
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
    </div>
  );
}
