import type { ReactNode } from 'react';
import { media, theme } from './theme';

/** The common frame of a page: its title, an optional line under it, then the page's body. */
export function PageFrame({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <section
      css={{
        color: theme.text,
        padding: '32px 32px 48px',
        maxWidth: 1440,
        margin: '0 auto',
        display: 'flex',
        flexDirection: 'column',
        gap: 20,
        [media.phone]: { padding: '20px 16px 32px' },
      }}
    >
      <header>
        <h1 css={{ margin: 0, fontSize: 28, lineHeight: 1.2, [media.phone]: { fontSize: 22 } }}>{title}</h1>
        {subtitle ? <p css={{ margin: '8px 0 0', color: theme.textMuted }}>{subtitle}</p> : null}
      </header>
      {children}
    </section>
  );
}
