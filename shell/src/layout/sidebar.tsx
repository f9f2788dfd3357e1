/** The fixed left sidebar: side menu, the Upgrade entry slot (desktop), the app-download entries and the floating promotion. */
import { lazy, Suspense } from 'react';
import { RemoteArea } from '../federation/remote-area';
import { SIDEBAR_CSS, SIDEBAR_MENU_CSS } from './header-parts';
import { useIdle } from '../lifecycle/use-idle';
import { SideMenu } from './wide-chrome-parts';

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
        <SideMenu narrow={narrow} onNavigate={onNavigate} />
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
