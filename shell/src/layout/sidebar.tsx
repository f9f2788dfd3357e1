/** The fixed left sidebar: side menu, the Upgrade entry slot (desktop) and the app-download entries. */
import { RemoteArea } from '../federation/remote-area';
import { AppDownload } from './app-download';
import { SideMenu } from './side-menu';

export function Sidebar({ narrow, width }: { narrow: boolean; width: number }) {
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
          <RemoteArea module="remote_billing/PromotionSlot" props={{ placement: 'upgrade-entry' }} area="Upgrade" fallback="silent" />
        </div>
      )}
      <AppDownload narrow={narrow} />
    </aside>
  );
}
