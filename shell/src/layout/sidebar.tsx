/** The fixed left sidebar: side menu, the Upgrade entry slot (desktop) and the app-download entries. */
import { lazy, Suspense } from 'react';
import { RemoteArea } from '../federation/remote-area';
import { SideMenu } from './side-menu';
import { useIdle } from '../lifecycle/use-idle';

// the app-download entries wait for the system config anyway: their code loads with it
const AppDownload = lazy(() => import(/* webpackChunkName: "app-download" */ './app-download').then((m) => ({ default: m.AppDownload })));

export function Sidebar({ narrow, width }: { narrow: boolean; width: number }) {
  const idle = useIdle();
  return (
    <aside
      id="shell-sidebar"
      aria-label="Sidebar"
      data-narrow={narrow ? 'true' : 'false'}
      css={{
        position: 'fixed',
        left: 0,
        bottom: 0,
        top: 'var(--shell-top-h, 60px)',
        width,
        display: 'flex',
        flexDirection: 'column',
        background: 'var(--c-surface)',
        borderRight: '1px solid var(--c-border)',
        zIndex: 900,
        overflowY: 'auto',
        overflowX: 'visible',
        scrollbarWidth: 'thin',
      }}
    >
      <div css={{ flex: 1, paddingTop: 6 }}>
        <SideMenu narrow={narrow} />
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
    </aside>
  );
}
