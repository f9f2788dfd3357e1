/**
 * The header: menu trigger, logo (to /home) with the title 'AI Video Generator', promotion icon slot,
 * community chat and theme toggle (desktop only), the credits and plan-level button (live credits), and
 * the account entry (remote_account/AccountEntry; a Login button when that remote is down).
 */
import { useLayoutEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useShell } from 'shared-contracts';
import { RemoteArea } from '../federation/remote-area';
import { CreditsButtonView, HeaderBar, LoginButton, MenuButton } from './header-parts';
import { layoutState } from './layout-state';
import { takeOverPrerenderedHeader } from './prerendered-header';
import { useSession, useViewport } from './use-shell-snapshot';
import { useIdle } from '../lifecycle/use-idle';
import { CommunityChat, ThemeToggle } from './wide-chrome-parts';

function CreditsButton() {
  const { bus } = useShell();
  const { flags, planLevel } = useSession();
  return (
    <CreditsButtonView
      isLogin={flags.isLogin}
      credits={flags.curCredits}
      planLevel={planLevel}
      onClick={() => bus.emit('billing:open', { smart: true, reason: 'header-credits' })}
    />
  );
}

function LoginFallback() {
  const { bus } = useShell();
  const { flags } = useSession();
  if (flags.isLogin) return null;
  return <LoginButton onClick={() => bus.emit('account:login-required', { reason: 'header-login', dialogType: 'login' })} />;
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
  const { bus } = useShell();
  const { drawerOpen, sidebarCollapsed, tabletMenuOpen } = useSnapshot(layoutState);
  // the gateway's copy of this header (a visitor's first HTML) goes in the frame this one is drawn in
  useLayoutEffect(() => takeOverPrerenderedHeader(bus), [bus]);
  const onMenu = () => {
    if (viewport.isPhone) layoutState.drawerOpen = !layoutState.drawerOpen;
    else if (viewport.isTablet) layoutState.tabletMenuOpen = !layoutState.tabletMenuOpen;
    else layoutState.sidebarCollapsed = !layoutState.sidebarCollapsed;
  };
  // what the button does to the menu, as it is now on this width (the tablet's rail opens wide over the page)
  const expanded = viewport.isPhone ? drawerOpen : viewport.isTablet ? tabletMenuOpen : !sidebarCollapsed;
  const menuLabel = viewport.isPhone ? (drawerOpen ? 'Close menu' : 'Open menu') : expanded ? 'Collapse menu' : 'Expand menu';
  return (
    <HeaderBar menu={<MenuButton aria-label={menuLabel} aria-expanded={expanded} aria-controls={viewport.isPhone ? 'shell-drawer' : 'shell-sidebar'} onClick={onMenu} />}>
      <div css={{ display: 'flex', alignItems: 'center' }}>
        {idle ? <RemoteArea module="remote_billing/PromotionSlot" props={{ placement: 'header-icon' }} area="Promotion" fallback="silent" /> : null}
      </div>
      {/* desktop only (spec section 2): on a tablet they crowd the credits and the account entry */}
      {viewport.isDesktop ? <CommunityChat /> : null}
      {viewport.isDesktop ? <ThemeToggle /> : null}
      <CreditsButton />
      <AccountSlot />
    </HeaderBar>
  );
}
