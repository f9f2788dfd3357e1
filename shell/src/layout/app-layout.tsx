/**
 * The chrome around every page except /template: a sticky top block (the desktop header banner slot, which
 * pushes everything down, and the header), the fixed sidebar (wide on desktop, narrow on tablets and opened
 * wide over the page by the menu button, hidden on phones where the drawer takes over), the page and the
 * CMS content slots. The floating promotion sits at the sidebar's foot (the drawer's on phones), where it
 * covers nothing; while the customer chat's launcher shows, the page keeps a gutter on its right for it.
 */
import { lazy, Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { media } from '@studio/ui-kit/theme';
import { useSnapshot } from 'valtio';
import { RemoteArea } from '../federation/remote-area';
import { BOTTOM_SLOT_ID, CONTENT_SLOT_ID } from '../cms/slots';
import { CHAT_GUTTER, CHAT_LAUNCHER_ATTR } from '../chat/launcher-place';
import { LAYOUT } from '../theme/theme';
import { Header } from './header';
import { SIDEBAR_SCRIM_CSS } from './header-parts';
import { layoutState } from './layout-state';
import { Sidebar } from './sidebar';
import { useIdle } from '../lifecycle/use-idle';
import { useViewport } from './use-shell-snapshot';

/**
 * The CMS blocks (a visitor's SEO text) read as a quiet section below the page, aligned with its content,
 * whatever markup the CMS sends; an operator's template stylesheet (ShellConfig cmsStylesheetUrl) adds to it.
 */
const cmsSlotCss = {
  maxWidth: 1440,
  margin: '0 auto',
  padding: '0 32px',
  color: 'var(--c-text-muted)',
  fontSize: 15,
  lineHeight: 1.6,
  '&:empty': { display: 'none' },
  '&:last-of-type': { paddingBottom: 48 },
  '& h2, & h3': { color: 'var(--c-text)', fontSize: 20, lineHeight: 1.3, margin: '32px 0 8px' },
  '& p': { margin: '0 0 8px' },
  '& ul': { margin: '0 0 8px', paddingLeft: 20 },
  '& a': { color: 'var(--c-primary)' },
  [media.tablet]: { padding: '0 20px' },
  [media.phone]: { padding: '0 12px', fontSize: 14 },
} as const;

// phones only: fetched once the page is idle (or when the menu is first opened, if that comes first), so the
// first opening does not wait for a download
const loadPhoneDrawer = () => import(/* webpackChunkName: "phone-drawer" */ './phone-drawer');
const PhoneDrawer = lazy(() => loadPhoneDrawer().then((m) => ({ default: m.PhoneDrawer })));

/** The tablet's open menu closes on Escape, on a navigation, and when the width is no tablet's any more. */
function useTabletMenuDismissal(open: boolean, isTablet: boolean) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!isTablet) layoutState.tabletMenuOpen = false;
  }, [isTablet]);
  // a navigation, not the first render: a rail opened on the first HTML's copy is carried over open
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    layoutState.tabletMenuOpen = false;
  }, [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') layoutState.tabletMenuOpen = false;
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
}

export function AppLayout() {
  const idle = useIdle();
  const viewport = useViewport();
  const { sidebarCollapsed, drawerOpen, tabletMenuOpen } = useSnapshot(layoutState);
  // the drawer's code loads the first time it is opened
  const drawerUsed = useRef(false);
  if (drawerOpen) drawerUsed.current = true;
  const drawerRequested = drawerUsed.current;
  const top = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (idle && viewport.isPhone) loadPhoneDrawer().catch(() => undefined);
  }, [idle, viewport.isPhone]);

  // the sidebar starts below the banner and the header, whatever their height
  useLayoutEffect(() => {
    const element = top.current;
    if (!element) return;
    const apply = () => document.documentElement.style.setProperty('--shell-top-h', `${element.getBoundingClientRect().height}px`);
    apply();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(apply);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // a tablet's rail opens wide over the page (the page keeps the rail's margin); desktop's pushes the page
  const tabletOpen = viewport.isTablet && tabletMenuOpen;
  const narrow = (viewport.isTablet && !tabletOpen) || (viewport.isDesktop && sidebarCollapsed);
  const sidebarWidth = viewport.isPhone ? 0 : narrow ? LAYOUT.sidebarNarrow : LAYOUT.sidebarWide;
  const pageMargin = viewport.isPhone ? 0 : viewport.isTablet ? LAYOUT.sidebarNarrow : sidebarWidth;
  const closeTabletMenu = () => {
    layoutState.tabletMenuOpen = false;
  };
  useTabletMenuDismissal(tabletOpen, viewport.isTablet);

  return (
    <div data-layout={viewport.isPhone ? 'phone' : viewport.isTablet ? 'tablet' : 'desktop'} css={{ minHeight: '100vh' }}>
      <a
        href="#shell-main"
        css={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: 2000,
          padding: '8px 12px',
          borderRadius: 8,
          background: 'var(--c-surface-raised)',
          color: 'var(--c-text)',
          '&:focus': { top: 8 },
        }}
      >
        Skip to content
      </a>
      <div ref={top} css={{ position: 'sticky', top: 0, zIndex: 1000 }}>
        {viewport.isPhone || !idle ? null : (
          <RemoteArea module="remote_billing/PromotionSlot" props={{ placement: 'header-banner' }} area="Promotion" fallback="silent" />
        )}
        <Header />
      </div>
      {viewport.isPhone ? (
        drawerRequested ? (
          <Suspense fallback={null}>
            <PhoneDrawer />
          </Suspense>
        ) : null
      ) : (
        <>
          {tabletOpen ? <div aria-hidden="true" data-testid="sidebar-scrim" onClick={closeTabletMenu} css={SIDEBAR_SCRIM_CSS} /> : null}
          <Sidebar narrow={narrow} width={sidebarWidth} overlay={tabletOpen} onNavigate={tabletOpen ? closeTabletMenu : undefined} />
        </>
      )}
      <main id="shell-main" tabIndex={-1} css={{ marginLeft: pageMargin, minWidth: 0, outline: 'none', '@media (min-width: 768px)': { [`html[${CHAT_LAUNCHER_ATTR}] &`]: { paddingRight: CHAT_GUTTER } } }}>
        {/* the route's page fills the first screen, so a visitor's CMS blocks below it start under the fold and
            nothing in view moves while the page's content arrives above them (issue 25: layout shift) */}
        <div data-route-area="" css={{ minHeight: 'calc(100vh - var(--shell-top-h, 0px))' }}>
          <Outlet />
        </div>
        <div id={CONTENT_SLOT_ID} css={cmsSlotCss} />
        <div id={BOTTOM_SLOT_ID} css={cmsSlotCss} />
      </main>
    </div>
  );
}
