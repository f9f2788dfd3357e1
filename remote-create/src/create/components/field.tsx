import type { ReactNode } from 'react';
import { theme } from '@studio/ui-kit/theme';

/** A labelled block of the form; fieldsets get their legend, single controls their label elsewhere. */
export function Field({ legend, hint, children }: { legend: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset css={{ margin: 0, padding: 0, border: 0, display: 'flex', flexDirection: 'column', gap: 8, minWidth: 0 }}>
      <legend css={{ padding: 0, marginBottom: 8, fontWeight: 600, fontSize: 14, color: theme.text }}>{legend}</legend>
      {children}
      {hint ? <p css={{ margin: 0, fontSize: 12, color: theme.textMuted }}>{hint}</p> : null}
    </fieldset>
  );
}
