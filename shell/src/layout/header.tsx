/**
 * The header: menu trigger, logo (to /home) with the title 'AI Video Generator', promotion icon slot,
 * community chat and theme toggle (desktop only), the credits and plan-level button (live credits), and
 * the account entry (remote_account/AccountEntry; a Login button when that remote is down).
 */
import { useId } from 'react';
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { PRODUCT_NAME, routePath, useShell } from 'shared-contracts';
import { LOGO_COLORS } from '@studio/ui-kit/palette';
import { RemoteArea } from '../federation/remote-area';
import { CommunityChat } from './community-chat';
import { iconButton } from './header-styles';
import { Icon } from './icons';
import { layoutState } from './layout-state';
import { useSession, useViewport } from './use-shell-snapshot';
import { LAYOUT } from '../theme/theme';
import { useIdle } from '../lifecycle/use-idle';

// the plan's name as the account panel and the pricing page say it ('vip' is the flag's name only)
const PLAN_LABEL = { guest: 'Guest', free: 'Free', standard: 'Standard', vip: 'Premium' } as const;

export function Logo() {
  // a gradient id per logo: a hidden copy (phone header) must not take the gradient of a visible one with it
  const gradient = `shell-logo-${useId().replace(/:/g, '')}`;
  return (
    <svg aria-hidden="true" width="30" height="30" viewBox="0 0 32 32" css={{ flex: 'none' }}>
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={LOGO_COLORS.start} />
          <stop offset="1" stopColor={LOGO_COLORS.end} />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill={`url(#${gradient})`} />
      <path d="M12.5 9.5v13l10-6.5z" fill={LOGO_COLORS.mark} />
    </svg>
  );
}

function ThemeToggle() {
  const { preferences } = useShell();
  const { theme } = useSnapshot(preferences.state);
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button type="button" aria-label={`Switch to ${next} theme`} title={`Switch to ${next} theme`} onClick={() => preferences.set('theme', next)} css={iconButton}>
      <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
    </button>
  );
}

function CreditsButton({ compact }: { compact: boolean }) {
  const { bus } = useShell();
  const { flags, planLevel } = useSession();
  const plan = PLAN_LABEL[planLevel];
  // the name starts with the words the button shows (WCAG 2.5.3 label in name)
  const label = flags.isLogin ? `Credits: ${flags.curCredits} ${plan} plan. Get more credits` : `Get credits, ${plan} plan. See plans and credits`;
  return (
    <button
      type="button"
      aria-label={label}
      onClick={() => bus.emit('billing:open', { smart: true, reason: 'header-credits' })}
      css={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 6,
        height: 36,
        padding: compact ? '0 8px' : '0 6px 0 10px',
        borderRadius: 999,
        border: '1px solid var(--c-border)',
        background: 'var(--c-surface)',
        color: 'var(--c-text)',
        cursor: 'pointer',
        fontWeight: 700,
        fontSize: 14,
        '&:hover': { background: 'var(--c-surface-hover)' },
      }}
    >
      <Icon name="bolt" size={16} />
      {flags.isLogin || !compact ? <span data-testid="header-credits">{flags.isLogin ? flags.curCredits : 'Get credits'}</span> : null}
      {/* a space between the figures, so their text reads as two words */}
      {compact ? null : ' '}
      {compact ? null : (
        <span
          data-testid="header-plan"
          css={{
            padding: '2px 8px',
            borderRadius: 999,
            fontSize: 11.5,
            background: planLevel === 'vip' || planLevel === 'standard' ? 'var(--c-primary-strong)' : 'var(--c-surface-hover)',
            color: planLevel === 'vip' || planLevel === 'standard' ? 'var(--c-on-primary)' : 'var(--c-text)',
          }}
        >
          {plan}
        </span>
      )}
    </button>
  );
}

function LoginFallback() {
  const { bus } = useShell();
  const { flags } = useSession();
  if (flags.isLogin) return null;
  return (
    <button
      type="button"
      onClick={() => bus.emit('account:login-required', { reason: 'header-login', dialogType: 'login' })}
      css={{
        height: 36,
        padding: '0 16px',
        borderRadius: 999,
        border: 'none',
        cursor: 'pointer',
        fontWeight: 700,
        background: 'var(--c-primary-strong)',
        color: 'var(--c-on-primary)',
      }}
    >
      Login
    </button>
  );
}

/**
 * Holds the Login button's place while the account remote loads. Not a second Login button: the loading
 * slot and the failed slot are different places in React's tree, so a button shown in both is replaced
 * under a click that lands during the switch, and that click is lost.
 */
function AccountLoading() {
  const { flags } = useSession();
  if (flags.isLogin) return null;
  return <span aria-hidden="true" data-testid="account-loading" css={{ display: 'inline-block', width: 76, height: 36 }} />;
}

function AccountSlot() {
  return (
    <RemoteArea module="remote_account/AccountEntry" props={{}} area="Account" fallback={() => <LoginFallback />} loading={<AccountLoading />} />
  );
}

export function Header() {
  const idle = useIdle();
  const viewport = useViewport();
  const { drawerOpen, sidebarCollapsed, tabletMenuOpen } = useSnapshot(layoutState);
  const onMenu = () => {
    if (viewport.isPhone) layoutState.drawerOpen = !layoutState.drawerOpen;
    else if (viewport.isTablet) layoutState.tabletMenuOpen = !layoutState.tabletMenuOpen;
    else layoutState.sidebarCollapsed = !layoutState.sidebarCollapsed;
  };
  // what the button does to the menu, as it is now on this width (the tablet's rail opens wide over the page)
  const expanded = viewport.isPhone ? drawerOpen : viewport.isTablet ? tabletMenuOpen : !sidebarCollapsed;
  const menuLabel = viewport.isPhone ? (drawerOpen ? 'Close menu' : 'Open menu') : expanded ? 'Collapse menu' : 'Expand menu';
  return (
    <header
      css={{
        display: 'flex',
        alignItems: 'center',
        gap: viewport.isPhone ? 4 : 8,
        height: viewport.isPhone ? LAYOUT.phoneHeaderHeight : LAYOUT.headerHeight,
        padding: viewport.isPhone ? '0 8px' : '0 16px 0 10px',
        background: 'var(--c-surface)',
        borderBottom: '1px solid var(--c-border)',
      }}
    >
      <button
        type="button"
        aria-label={menuLabel}
        aria-expanded={expanded}
        aria-controls={viewport.isPhone ? 'shell-drawer' : 'shell-sidebar'}
        onClick={onMenu}
        css={iconButton}
      >
        <Icon name="menu" />
      </button>
      <Link
        to={routePath('Home')}
        aria-label={`${PRODUCT_NAME}, home`}
        css={{ display: 'flex', alignItems: 'center', gap: 10, color: 'var(--c-text)', textDecoration: 'none', minWidth: 0 }}
      >
        <span css={{ display: 'flex', '@media (max-width: 399px)': { display: 'none' } }}>
          <Logo />
        </span>
        {/* on a phone the name takes two short lines rather than an ellipsis */}
        <span css={viewport.isPhone ? { fontWeight: 800, fontSize: 14, lineHeight: 1.1, maxWidth: 96 } : { fontWeight: 800, fontSize: 17, whiteSpace: 'nowrap' }}>
          {PRODUCT_NAME}
        </span>
      </Link>
      <div css={{ flex: 1 }} />
      <div css={{ display: 'flex', alignItems: 'center' }}>
        {idle ? <RemoteArea module="remote_billing/PromotionSlot" props={{ placement: 'header-icon' }} area="Promotion" fallback="silent" /> : null}
      </div>
      {/* desktop only (spec section 2): on a tablet they crowd the credits and the account entry */}
      {viewport.isDesktop ? <CommunityChat /> : null}
      {viewport.isDesktop ? <ThemeToggle /> : null}
      <CreditsButton compact={viewport.isPhone} />
      <AccountSlot />
    </header>
  );
}
