/**
 * The phone menu: a slide-in drawer on ui-kit's Dialog (modal: named 'Menu', focus moved in and kept inside,
 * Escape or the backdrop closes it, focus given back); page scrolling is locked while it is open.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useSnapshot } from 'valtio';
import { PRODUCT_NAME } from 'shared-contracts';
import { Dialog } from '@studio/ui-kit/dialog';
import { Icon } from './icons';
import { iconButton } from './header-styles';
import { layoutState } from './layout-state';
import { SideMenu } from './side-menu';
import { FloatingPromotion } from './sidebar';
import { Logo } from './header';

/** The Dialog's panel as a full-height drawer along the left edge that slides in. */
const DRAWER_CSS = {
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

export function PhoneDrawer() {
  const { drawerOpen } = useSnapshot(layoutState);
  const { pathname } = useLocation();
  const close = () => {
    layoutState.drawerOpen = false;
  };

  // a navigation closes the drawer (not the first render: the drawer may have been opened before it loaded)
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    layoutState.drawerOpen = false;
  }, [pathname]);

  if (!drawerOpen) return null;
  return (
    <Dialog
      id="shell-drawer"
      title="Menu"
      hideTitle
      hideClose
      onClose={close}
      closeOnBackdrop
      zIndex={1500}
      padding={0}
      gap={0}
      testId="drawer"
      panelCss={DRAWER_CSS}
    >
      <div css={{ display: 'flex', alignItems: 'center', gap: 10, height: 56, flex: '0 0 auto', padding: '0 8px 0 14px', borderBottom: '1px solid var(--c-border)' }}>
        <Logo />
        <span css={{ fontWeight: 800, flex: 1 }}>{PRODUCT_NAME}</span>
        <button type="button" aria-label="Close menu" onClick={close} css={iconButton}>
          <Icon name="close" />
        </button>
      </div>
      <SideMenu onNavigate={close} />
      <FloatingPromotion compact />
    </Dialog>
  );
}
