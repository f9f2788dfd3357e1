import { useId } from 'react';
import { theme } from '@studio/ui-kit/theme';
import { Field } from './field';

export interface Choice<T extends string | number> {
  value: T;
  label: string;
  detail?: string;
  /** shown but not choosable; `detail` says why */
  disabled?: boolean;
}

/** Native radio buttons styled as chips: arrow keys, labels and form semantics come for free. */
export function ChoiceGroup<T extends string | number>({
  legend,
  choices,
  value,
  onChange,
  columns,
}: {
  legend: string;
  choices: readonly Choice<T>[];
  value: T;
  onChange(value: NoInfer<T>): void;
  columns?: number;
}) {
  const name = useId();
  return (
    <Field legend={legend}>
      <div css={{ display: 'grid', gap: 8, gridTemplateColumns: columns ? `repeat(${columns}, minmax(0, 1fr))` : 'repeat(auto-fill, minmax(72px, 1fr))' }}>
        {choices.map((choice) => {
          const checked = choice.value === value;
          return (
            <label
              key={String(choice.value)}
              css={{
                position: 'relative',
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                justifyContent: 'center',
                gap: 2,
                minHeight: 40,
                padding: '6px 8px',
                borderRadius: 10,
                cursor: choice.disabled ? 'not-allowed' : 'pointer',
                opacity: choice.disabled ? 0.55 : 1,
                fontSize: 14,
                textAlign: 'center',
                border: `1px solid ${checked ? theme.link : theme.border}`,
                background: checked ? theme.surfaceRaised : 'transparent',
                color: theme.text,
                '&:focus-within': { outline: `2px solid ${theme.focus}`, outlineOffset: 2 },
              }}
            >
              <input
                type="radio"
                name={name}
                value={String(choice.value)}
                checked={checked}
                disabled={choice.disabled}
                onChange={() => onChange(choice.value)}
                css={{ position: 'absolute', opacity: 0, inset: 0, margin: 0, cursor: choice.disabled ? 'not-allowed' : 'pointer' }}
              />
              <span css={{ fontWeight: 600 }}>{choice.label}</span>
              {choice.detail ? <span css={{ fontSize: 11, color: theme.textMuted }}>{choice.detail}</span> : null}
            </label>
          );
        })}
      </div>
    </Field>
  );
}
