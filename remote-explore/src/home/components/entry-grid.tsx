import { AppLink } from '@studio/ui-kit/app-link';
import { Icon } from '@studio/ui-kit/icons';
import { focusRing, media, theme } from '@studio/ui-kit/theme';
import type { CatalogEntry } from '../utils/catalog';

/** A titled grid of entries, each a link with an icon, a name and one line of description. */
export function EntryGrid({ id, title, entries, dense = false }: { id: string; title: string; entries: readonly CatalogEntry[]; dense?: boolean }) {
  return (
    <section aria-labelledby={id} css={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <h2 id={id} css={{ margin: 0, fontSize: 22, lineHeight: 1.3, color: theme.text }}>
        {title}
      </h2>
      <ul
        css={{
          listStyle: 'none',
          margin: 0,
          padding: 0,
          display: 'grid',
          gap: 12,
          gridTemplateColumns: `repeat(auto-fill, minmax(${dense ? 220 : 240}px, 1fr))`,
          [media.phone]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 8 },
        }}
      >
        {entries.map((entry) => (
          <li key={entry.id} css={{ display: 'flex' }}>
            <AppLink
              to={entry.to}
              data-entry={entry.id}
              css={{
                flex: 1,
                display: 'flex',
                alignItems: 'flex-start',
                gap: 12,
                padding: 16,
                borderRadius: theme.radius,
                background: theme.surface,
                border: `1px solid ${theme.border}`,
                color: theme.text,
                textDecoration: 'none',
                transition: 'border-color 120ms ease, transform 120ms ease',
                '&:hover': { borderColor: theme.primary, transform: 'translateY(-1px)' },
                ...focusRing,
                [media.phone]: { flexDirection: 'column', gap: 8, padding: 12 },
              }}
            >
              <span
                css={{
                  display: 'inline-flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  flexShrink: 0,
                  width: 44,
                  height: 44,
                  borderRadius: 12,
                  color: '#ffffff',
                  background: 'linear-gradient(135deg, #6d4aff, #2ec5ff)',
                }}
              >
                <Icon name={entry.icon} />
              </span>
              <span css={{ display: 'flex', flexDirection: 'column', gap: 4, minWidth: 0 }}>
                <span css={{ fontWeight: 600, fontSize: 16 }}>{entry.title}</span>
                <span css={{ fontSize: 14, lineHeight: 1.4, color: theme.textMuted }}>{entry.description}</span>
              </span>
            </AppLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
