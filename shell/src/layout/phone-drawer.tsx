/** The phone menu: a slide-in drawer; page scrolling is locked while it is open. */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useSnapshot } from 'valtio';
import { PRODUCT_NAME } from 'shared-contracts';
import { Icon } from './icons';
import { iconButton } from './header-styles';
import { layoutState } from './layout-state';
import { SideMenu } from './side-menu';
import { Logo } from './header';

export function PhoneDrawer() {
  const { drawerOpen } = useSnapshot(layoutState);
  const panel = useRef<HTMLDivElement>(null);
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

  useEffect(() => {
    if (!drawerOpen) return;
    const body = document.body;
    const previous = body.style.overflow;
    body.style.overflow = 'hidden';
    body.dataset.drawerOpen = 'true';
    const opener = document.activeElement;
    panel.current?.querySelector<HTMLElement>('button, a[href]')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
      if (event.key !== 'Tab' || !panel.current) return;
      const items = [...panel.current.querySelectorAll<HTMLElement>('button, a[href]')];
      if (items.length === 0) return;
      const first = items[0];
      const last = items[items.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      body.style.overflow = previous;
      delete body.dataset.drawerOpen;
      document.removeEventListener('keydown', onKey);
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, [drawerOpen]);

  if (!drawerOpen) return null;
  return (
    <div css={{ position: 'fixed', inset: 0, zIndex: 1500 }}>
      <div data-testid="drawer-backdrop" onClick={close} css={{ position: 'absolute', inset: 0, background: 'var(--c-backdrop)' }} />
      <div
        id="shell-drawer"
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        css={{
          position: 'absolute',
          top: 0,
          bottom: 0,
          left: 0,
          width: 'min(82vw, 300px)',
          background: 'var(--c-surface)',
          overflowY: 'auto',
          boxShadow: 'var(--shadow-pop)',
          animation: 'shell-drawer-in 0.2s ease-out',
          '@keyframes shell-drawer-in': { from: { transform: 'translateX(-100%)' }, to: { transform: 'translateX(0)' } },
        }}
      >
        <div css={{ display: 'flex', alignItems: 'center', gap: 10, height: 56, padding: '0 8px 0 14px', borderBottom: '1px solid var(--c-border)' }}>
          <Logo />
          <span css={{ fontWeight: 800, flex: 1 }}>{PRODUCT_NAME}</span>
          <button type="button" aria-label="Close menu" onClick={close} css={iconButton}>
            <Icon name="close" />
          </button>
        </div>
        <SideMenu onNavigate={close} />
      </div>
    </div>
  );
}
