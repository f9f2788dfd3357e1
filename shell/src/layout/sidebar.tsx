/** The fixed left sidebar: side menu, the Upgrade entry slot (desktop), the app-download entries and the floating promotion. */
import { lazy, Suspense } from 'react';
import { RemoteArea } from '../federation/remote-area';
import { SIDEBAR_CSS, SIDEBAR_MENU_CSS } from './header-parts';
import { useIdle } from '../lifecycle/use-idle';

// tablets and desktops only (a phone's menu is the drawer): the menu's code is no part of a phone's first load
// (issue 25); on a wider screen start-up asks for it at once (preloadSideMenu) and draws the first frame once it is
// in, so the sidebar that replaces the first HTML's copy is never drawn empty
type SideMenuModule = typeof import('./side-menu');
let sideMenuModule: SideMenuModule | null = null;
const loadSideMenu = () =>
  import(/* webpackChunkName: "side-menu" */ './side-menu').then((m) => {
    sideMenuModule = m;
    return m;
  });
const LazySideMenu = lazy(() => loadSideMenu().then((m) => ({ default: m.SideMenu })));

/**
 * Fetches the side menu's code now; settles when it is in or has failed (a failure shows again, and is handled,
 * when the sidebar renders the menu).
 */
export function preloadSideMenu(): Promise<void> {
  return loadSideMenu().then(
    () => undefined,
    () => undefined,
  );
}

function SideMenuSlot(props: { narrow: boolean; onNavigate?: () => void }) {
  // already in (the usual case on a wider screen): drawn in the same frame, not after a suspended one
  if (sideMenuModule) return <sideMenuModule.SideMenu {...props} />;
  return (
    <Suspense fallback={null}>
      <LazySideMenu {...props} />
    </Suspense>
  );
}

// the app-download entries wait for the system config anyway: their code loads with it
const AppDownload = lazy(() => import(/* webpackChunkName: "app-download" */ './app-download').then((m) => ({ default: m.AppDownload })));

/** The floating promotion icon's place in the chrome (the sidebar's foot; the phone drawer's). */
export function FloatingPromotion({ compact }: { compact: boolean }) {
  return (
    <div css={{ display: 'flex', justifyContent: 'center', padding: '12px 8px 16px', '&:empty': { display: 'none' } }}>
      <RemoteArea module="remote_billing/PromotionSlot" props={{ placement: 'floating-icon', compact }} area="Promotion" fallback="silent" />
    </div>
  );
}

/** `overlay`: the tablet's rail opened wide over the page (a shadow sets it apart; a navigation closes it). */
export function Sidebar({ narrow, width, overlay = false, onNavigate }: { narrow: boolean; width: number; overlay?: boolean; onNavigate?: () => void }) {
  const idle = useIdle();
  return (
    <aside
      id="shell-sidebar"
      aria-label="Sidebar"
      data-narrow={narrow ? 'true' : 'false'}
      css={{ ...SIDEBAR_CSS, width, boxShadow: overlay ? 'var(--shadow-pop)' : 'none' }}
    >
      <div css={SIDEBAR_MENU_CSS}>
        <SideMenuSlot narrow={narrow} onNavigate={onNavigate} />
      </div>
      {narrow ? null : (
        <div css={{ padding: '4px 8px' }}>
          {idle ? <RemoteArea module="remote_billing/PromotionSlot" props={{ placement: 'upgrade-entry' }} area="Upgrade" fallback="silent" /> : null}
        </div>
      )}
      {idle ? (
        <Suspense fallback={null}>
          <AppDownload narrow={narrow} />
        </Suspense>
      ) : null}
      {/* the floating promotion at the foot of the sidebar: over the page it covered cards and their actions */}
      {idle ? <FloatingPromotion compact={narrow} /> : null}
    </aside>
  );
}
