/** What the Developer API sections share: formatting, field styles and the secret shown once. */
import dayjs from 'dayjs';
import { useId, useState } from 'react';
import { secondaryButton } from '../../shared/components/styles';
import type { Palette } from '../../shared/lib/palette';

export const when = (seconds: number) => (seconds ? dayjs.unix(seconds).format('YYYY-MM-DD HH:mm') : 'Never');
export const errorText = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong');

export function field(p: Palette) {
  return {
    minHeight: 34,
    padding: '0 10px',
    borderRadius: 8,
    border: `1px solid ${p.border}`,
    background: p.surface,
    color: p.text,
    fontSize: 14,
    '&:focus-visible': { outline: `2px solid ${p.focus}`, outlineOffset: 1 },
  };
}

export const small = (p: Palette, danger = false) => ({ ...secondaryButton(p), minHeight: 28, fontSize: 13, padding: '0 10px', ...(danger ? { color: p.danger } : {}) });

export /** A secret shown once, with Copy. */
function ShownOnce({ label, value, palette, onDone }: { label: string; value: string; palette: Palette; onDone(): void }) {
  const [copied, setCopied] = useState(false);
  const id = useId();
  return (
    <div role="status" css={{ border: `1px solid ${palette.link}`, borderRadius: 10, padding: 12, display: 'flex', flexDirection: 'column', gap: 8 }}>
      <label htmlFor={id} css={{ fontSize: 13 }}>
        {label} — copy it now: it is shown only this once.
      </label>
      <div css={{ display: 'flex', gap: 8 }}>
        <input id={id} readOnly value={value} data-testid="shown-once" onFocus={(event) => event.currentTarget.select()} css={{ ...field(palette), flex: 1, fontFamily: 'monospace' }} />
        <button
          type="button"
          css={small(palette)}
          onClick={() => {
            void navigator.clipboard?.writeText(value).then(
              () => setCopied(true),
              () => setCopied(false),
            );
          }}
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
        <button type="button" css={small(palette)} onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}

