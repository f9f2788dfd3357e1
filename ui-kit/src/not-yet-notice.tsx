import type { ReactNode } from 'react';
import { theme } from './theme';

/** A plain statement that a part of the product is not available yet. Never dressed up as content. */
export function NotYetNotice({ children }: { children: ReactNode }) {
  return (
    <p
      role="status"
      css={{
        margin: 0,
        padding: '14px 16px',
        border: `1px dashed ${theme.border}`,
        borderRadius: theme.radius,
        color: theme.textMuted,
        background: theme.surface,
        lineHeight: 1.5,
      }}
    >
      {children}
    </p>
  );
}
