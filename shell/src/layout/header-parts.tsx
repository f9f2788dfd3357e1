/**
 * The header's and the phone menu's parts that render without a running shell (no ShellApi, no remotes): the
 * shell's header (header.tsx) is made of them, and so is the copy of it that the gateway writes into a page's
 * first HTML (server/shell-header.tsx). Phone and wider screens differ by media queries, not by script, so the
 * one markup is right for both before the shell knows the width (issue 25: the first working click).
 */
import { useId, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PRODUCT_NAME, routePath, type PlanLevel } from 'shared-contracts';
import { LOGO_COLORS } from '@studio/ui-kit/palette';
import { media } from '@studio/ui-kit/theme';
import { iconButton } from './header-styles';
import { Icon } from './icons';
import { LAYOUT } from '../theme/theme';

// the plan's name as the account panel and the pricing page say it ('vip' is the flag's name only)
const PLAN_LABEL = { guest: 'Guest', free: 'Free', standard: 'Standard', vip: 'Premium' } as const;

function Logo() {
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

/** The header's bar: the menu button(s), the logo linking home, then what goes at its end (`children`). */
export function HeaderBar({ menu, children }: { menu: ReactNode; children: ReactNode }) {
  return (
    <header
      css={{
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        height: LAYOUT.headerHeight,
        padding: '0 16px 0 10px',
        background: 'var(--c-surface)',
        borderBottom: '1px solid var(--c-border)',
        [media.phone]: { gap: 4, height: LAYOUT.phoneHeaderHeight, padding: '0 8px' },
      }}
    >
      {menu}
      <Link
        to={routePath('Home')}
        aria-label={`${PRODUCT_NAME}, home`}
        css={{ display: 'flex', alignItems: 'center', gap: 10, color: 'var(--c-text)', textDecoration: 'none', minWidth: 0 }}
      >
        <span css={{ display: 'flex', '@media (max-width: 399px)': { display: 'none' } }}>
          <Logo />
        </span>
        {/* on a phone the name takes two short lines rather than an ellipsis */}
        <span css={{ fontWeight: 800, fontSize: 17, whiteSpace: 'nowrap', [media.phone]: { fontSize: 14, lineHeight: 1.1, maxWidth: 96, whiteSpace: 'normal' } }}>
          {PRODUCT_NAME}
        </span>
      </Link>
      <div css={{ flex: 1 }} />
      {children}
    </header>
  );
}

type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'children' | 'css'>;

/** The menu button; what it says and controls is the caller's (it depends on the width and the menu's state). */
export function MenuButton(props: ButtonProps) {
  return (
    <button type="button" {...props} css={iconButton}>
      <Icon name="menu" />
    </button>
  );
}

const hideOnPhone = { [media.phone]: { display: 'none' } } as const;

/** The credits and plan button: on a phone only the icon (and a member's credits), by media query. */
export function CreditsButtonView({ isLogin, credits, planLevel, ...rest }: ButtonProps & { isLogin: boolean; credits: number; planLevel: PlanLevel }) {
  const plan = PLAN_LABEL[planLevel];
  // the name starts with the words the button shows (WCAG 2.5.3 label in name)
  const label = isLogin ? `Credits: ${credits} ${plan} plan. Get more credits` : `Get credits, ${plan} plan. See plans and credits`;
  const strong = planLevel === 'vip' || planLevel === 'standard';
  return (
    <button
      type="button"
      aria-label={label}
      {...rest}
      css={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 6,
        height: 36,
        padding: '0 6px 0 10px',
        borderRadius: 999,
        border: '1px solid var(--c-border)',
        background: 'var(--c-surface)',
        color: 'var(--c-text)',
        cursor: 'pointer',
        fontWeight: 700,
        fontSize: 14,
        '&:hover': { background: 'var(--c-surface-hover)' },
        [media.phone]: { padding: '0 8px' },
      }}
    >
      <Icon name="bolt" size={16} />
      <span data-testid="header-credits" css={isLogin ? undefined : hideOnPhone}>
        {isLogin ? credits : 'Get credits'}
      </span>
      {/* a space between the figures, so their text reads as two words (a flex container draws no blank item) */}{' '}
      <span
        data-testid="header-plan"
        css={{
          padding: '2px 8px',
          borderRadius: 999,
          fontSize: 11.5,
          background: strong ? 'var(--c-primary-strong)' : 'var(--c-surface-hover)',
          color: strong ? 'var(--c-on-primary)' : 'var(--c-text)',
          ...hideOnPhone,
        }}
      >
        {plan}
      </span>
    </button>
  );
}

/** A visitor's Login button (the account remote's entry replaces it once loaded). */
export function LoginButton(props: ButtonProps) {
  return (
    <button
      type="button"
      {...props}
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

/** The phone menu's panel: a full-height drawer along the left edge that slides in. */
export const DRAWER_CSS = {
  position: 'absolute',
  top: 0,
  bottom: 0,
  left: 0,
  width: 'min(82vw, 300px)',
  maxWidth: 'none',
  maxHeight: 'none',
  border: 'none',
  borderRadius: 0,
  background: 'var(--c-surface)',
  overflowY: 'auto',
  animation: 'shell-drawer-in 0.2s ease-out',
  '@keyframes shell-drawer-in': { from: { transform: 'translateX(-100%)' }, to: { transform: 'translateX(0)' } },
} as const;

/** The sidebar's frame (the tablet's rail, the desktop sidebar): fixed below the top block, along the left edge. */
export const SIDEBAR_CSS = {
  position: 'fixed',
  left: 0,
  bottom: 0,
  top: 'var(--shell-top-h, 60px)',
  display: 'flex',
  flexDirection: 'column',
  background: 'var(--c-surface)',
  borderRight: '1px solid var(--c-border)',
  zIndex: 900,
  overflowY: 'auto',
  overflowX: 'visible',
  scrollbarWidth: 'thin',
} as const;

/** The sidebar's menu area, above its foot. */
export const SIDEBAR_MENU_CSS = { flex: 1, paddingTop: 6 } as const;

/** Behind the tablet's rail opened wide over the page: a click on it closes the rail. */
export const SIDEBAR_SCRIM_CSS = { position: 'fixed', inset: 0, zIndex: 899, background: 'var(--c-backdrop)' } as const;

/** The phone menu's top row: the logo, the name and its close button. */
export function DrawerHead(close: ButtonProps) {
  return (
    <div css={{ display: 'flex', alignItems: 'center', gap: 10, height: 56, flex: '0 0 auto', padding: '0 8px 0 14px', borderBottom: '1px solid var(--c-border)' }}>
      <Logo />
      <span css={{ fontWeight: 800, flex: 1 }}>{PRODUCT_NAME}</span>
      <button type="button" aria-label="Close menu" {...close} css={iconButton}>
        <Icon name="close" />
      </button>
    </div>
  );
}
