import { useId, type ReactNode } from 'react';
import { focusRing, theme } from '@studio/ui-kit/theme';

export interface Choice<T extends string | number> {
  value: T;
  label: string;
  /** greyed out with this reason (a plan right the user does not have) */
  locked?: string;
}

/** A labelled radio group of pill buttons (keyboard: arrows move, as native radios do). */
export function ChoiceGroup<T extends string | number>({ label, value, choices, onChange }: { label: string; value: T; choices: readonly Choice<T>[]; onChange(value: NoInfer<T>): void }) {
  const id = useId();
  return (
    <fieldset css={{ border: 0, margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8 }}>
      <legend css={{ fontWeight: 600, fontSize: 14, marginBottom: 8 }}>{label}</legend>
      <div css={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        {choices.map((choice) => {
          const checked = choice.value === value;
          return (
            <label
              key={String(choice.value)}
              title={choice.locked}
              css={{
                display: 'inline-flex',
                alignItems: 'center',
                gap: 6,
                padding: '8px 14px',
                borderRadius: 999,
                fontSize: 14,
                cursor: choice.locked ? 'not-allowed' : 'pointer',
                opacity: choice.locked ? 0.6 : 1,
                border: `1px solid ${checked ? theme.primary : theme.border}`,
                background: checked ? theme.primary : 'transparent',
                color: checked ? theme.onPrimary : theme.text,
                '&:focus-within': { outline: `2px solid ${theme.focus}`, outlineOffset: 2 },
              }}
            >
              <input
                type="radio"
                name={id}
                value={String(choice.value)}
                checked={checked}
                disabled={Boolean(choice.locked)}
                onChange={() => onChange(choice.value)}
                css={{ position: 'absolute', opacity: 0, width: 1, height: 1 }}
              />
              {choice.label}
              {choice.locked ? <span css={{ fontSize: 12 }}>({choice.locked})</span> : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

export function Field({ label, children, hint }: { label: string; children: (id: string) => ReactNode; hint?: string }) {
  const id = useId();
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
      <label htmlFor={id} css={{ fontWeight: 600, fontSize: 14 }}>
        {label}
      </label>
      {children(id)}
      {hint ? <span css={{ fontSize: 13, color: theme.textMuted }}>{hint}</span> : null}
    </div>
  );
}

export const inputCss = {
  font: 'inherit',
  fontSize: 14,
  padding: '10px 12px',
  borderRadius: 10,
  border: `1px solid ${theme.border}`,
  background: theme.bg,
  color: theme.text,
  width: '100%',
  boxSizing: 'border-box',
  ...focusRing,
} as const;

/** The plan right a Free user lacks, said on the locked choice. */
export const PAID_ONLY = 'Standard and Premium';
