import { Link, useLocation } from 'react-router';
import type { RemoteModuleName } from 'shared-contracts';
import { useShellInternals } from '../app/internals';
import { routePath } from '../routing/named-routes';
import { MenuIcon } from './menu-icons';
import { BADGE_LABEL, MENU, menuTarget, type BadgeKind, type MenuItem } from './menu-items';

function isActive(item: MenuItem, pathname: string): boolean {
  const base = routePath(item.route);
  return pathname === base || pathname.startsWith(`${base}/`);
}

function Badge({ kind, compact }: { kind: BadgeKind; compact?: boolean }) {
  return (
    <span
      data-badge={kind}
      css={{
        marginLeft: compact ? 0 : 'auto',
        padding: compact ? '0 5px' : '1px 7px',
        borderRadius: 999,
        fontSize: compact ? 9 : 10.5,
        fontWeight: 800,
        lineHeight: compact ? '14px' : '16px',
        letterSpacing: 0.3,
        textTransform: 'uppercase',
        background: `var(--c-badge-${kind}-bg)`,
        color: `var(--c-badge-${kind}-text)`,
      }}
    >
      {BADGE_LABEL[kind]}
    </span>
  );
}

interface SideMenuProps {
  narrow?: boolean;
  onNavigate?: () => void;
}

/** The side menu: groups, badges, preload on hover/focus. `narrow` is the tablet rail. */
export function SideMenu(props: SideMenuProps) {
  const { runtime } = useShellInternals();
  return <SideMenuView {...props} preload={(module) => runtime.preload(module)} />;
}

/** The side menu without the shell (the first HTML's copy of the phone menu has no remotes to preload). */
export function SideMenuView({ narrow = false, onNavigate, preload: preloadModule }: SideMenuProps & { preload?: (module: RemoteModuleName) => void }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Main menu">
      {MENU.map((group, index) => (
        <div key={group.title ?? `top-${index}`} role="group" aria-label={group.title} css={{ padding: narrow ? '4px 0' : '6px 0' }}>
          {group.title && !narrow ? (
            <div
              aria-hidden="true"
              css={{ padding: '10px 14px 4px', fontSize: 12, fontWeight: 700, color: 'var(--c-text-muted)', textTransform: 'uppercase', letterSpacing: 0.6 }}
            >
              {group.title}
            </div>
          ) : null}
          {group.title && narrow ? <div aria-hidden="true" css={{ height: 1, margin: '4px 14px', background: 'var(--c-border)' }} /> : null}
          {group.items.map((item) => {
            const active = isActive(item, pathname);
            const preload = preloadModule ? () => preloadModule(item.preload) : undefined;
            const content = (
              <>
                <MenuIcon name={item.icon} size={narrow ? 22 : 20} />
                <span css={narrow ? { fontSize: 11, lineHeight: 1.2, textAlign: 'center', overflowWrap: 'anywhere' } : { flex: 1, minWidth: 0, lineHeight: 1.25 }}>
                  {item.label}
                </span>
                {item.badge ? <Badge kind={item.badge} compact={narrow} /> : null}
              </>
            );
            const style = {
              display: 'flex',
              flexDirection: narrow ? ('column' as const) : ('row' as const),
              alignItems: 'center',
              gap: narrow ? 3 : 10,
              margin: narrow ? '2px 6px' : '1px 8px',
              padding: narrow ? '8px 2px' : '9px 12px',
              borderRadius: 10,
              textDecoration: 'none',
              fontSize: 14.5,
              fontWeight: active ? 700 : 500,
              color: active ? 'var(--c-text)' : 'var(--c-text-muted)',
              background: active ? 'var(--c-surface-hover)' : 'transparent',
              '&:hover': { background: 'var(--c-surface-hover)', color: 'var(--c-text)' },
            };
            if (item.href) {
              return (
                <a key={item.label} href={item.href} target="_blank" rel="noopener noreferrer" css={style}>
                  {content}
                </a>
              );
            }
            return (
              <Link
                key={item.label}
                to={menuTarget(item)}
                aria-current={active ? 'page' : undefined}
                onMouseEnter={preload}
                onFocus={preload}
                onClick={onNavigate}
                css={style}
              >
                {content}
              </Link>
            );
          })}
        </div>
      ))}
    </nav>
  );
}
