/**
 * The phone menu: a slide-in drawer on ui-kit's Dialog (modal: named 'Menu', focus moved in and kept inside,
 * Escape or the backdrop closes it, focus given back); page scrolling is locked while it is open.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useSnapshot } from 'valtio';
import { Dialog } from '@studio/ui-kit/dialog';
import { DRAWER_CSS, DrawerHead } from './header-parts';
import { layoutState } from './layout-state';
import { dropPrerenderedDrawer } from './prerendered-header';
import { SideMenu } from './side-menu';
import { FloatingPromotion } from './sidebar';

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

  // the first HTML's copy of this menu, opened before the shell ran, stays until this one is drawn
  useLayoutEffect(() => {
    if (drawerOpen) dropPrerenderedDrawer();
  }, [drawerOpen]);

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
      <DrawerHead onClick={close} />
      <SideMenu onNavigate={close} />
      <FloatingPromotion compact />
    </Dialog>
  );
}
