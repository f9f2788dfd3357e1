import { PRODUCT_NAME, routePath } from 'shared-contracts';
import { AppLink } from './app-link';
import { media, theme } from './theme';

/** The legal links every page that sells or signs up shows (Home, the purchase dialog, the legal pages). */
export const LEGAL_LINKS = [
  { label: 'Terms of Service', to: routePath('Terms') },
  { label: 'Privacy Policy', to: routePath('Privacy') },
  { label: 'Refund policy', to: routePath('RefundPolicy') },
] as const;

/** `compact`: a row of links only (inside a dialog); `newTab`: the pages open in a new tab, so a purchase under way stays. */
export function SiteFooter({ compact = false, newTab = false }: { compact?: boolean; newTab?: boolean }) {
  const linkCss = { color: theme.text, textDecoration: 'underline', textUnderlineOffset: 3, '&:hover': { color: theme.link } } as const;
  return (
    <footer
      css={{
        borderTop: `1px solid ${theme.border}`,
        color: theme.textMuted,
        fontSize: 13,
        padding: compact ? '12px 0 0' : '20px 32px 28px',
        display: 'flex',
        flexWrap: 'wrap',
        gap: '8px 20px',
        alignItems: 'center',
        justifyContent: compact ? 'center' : 'space-between',
        [media.phone]: { padding: compact ? '12px 0 0' : '16px 16px 24px', justifyContent: 'center' },
      }}
    >
      {compact ? null : <span>© {new Date().getFullYear()} {PRODUCT_NAME}</span>}
      <nav aria-label="Legal">
        <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: '8px 20px', justifyContent: 'center' }}>
          {LEGAL_LINKS.map((link) => (
            <li key={link.to}>
              {newTab ? (
                <a href={link.to} target="_blank" rel="noopener" css={linkCss}>
                  {link.label}
                </a>
              ) : (
                <AppLink to={link.to} css={linkCss}>
                  {link.label}
                </AppLink>
              )}
            </li>
          ))}
        </ul>
      </nav>
    </footer>
  );
}
