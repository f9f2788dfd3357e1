/**
 * The header's copy in a visitor's first HTML (the gateway writes it from server-header.tsx): the shell's own
 * header takes its place in the frame it is first drawn in. What the visitor did on the copy meanwhile is
 * carried over: an opened phone menu stays open (its copy stays until the shell's drawer is drawn), the tablet's
 * rail opened wide or the desktop sidebar collapsed stays so (the layout draws its sidebar so in the same frame),
 * and a tap on Login or on the credits asks for the same thing the shell's buttons ask for (the bus keeps a
 * request until its listener comes). When the shell cannot start (its fatal error page), the copies go, so the
 * error page is the whole page.
 */
import { FIRST_SCREEN_PRERENDER_ID, HOME_HERO_PRERENDER_ID, SHELL_DRAWER_PRERENDER_ID, SHELL_HEADER_PRERENDER_ID } from 'shared-contracts/first-load';
import type { ShellApi } from 'shared-contracts';
import { layoutState } from './layout-state';

/** the attribute in which the copy's script notes a tap on one of its buttons ('login' or 'credits') */
export const PRERENDER_PENDING_ATTR = 'data-pending';
/** the copy of the sidebar (tablet rail, desktop sidebar), beside the header's copy */
export const SIDEBAR_PRERENDER_ID = 'shell-sidebar-prerender';
/** on the sidebar's copy: the tablet's rail opened wide over the page; the desktop sidebar collapsed */
export const SIDEBAR_OPEN_ATTR = 'data-open';
export const SIDEBAR_COLLAPSED_ATTR = 'data-collapsed';
/** the copy's notice that the app could not load (its main script failed), shown by the copy's script */
export const START_FAILED_PRERENDER_ID = 'shell-start-failed';

export function dropPrerenderedDrawer(doc: Document = document): void {
  doc.getElementById(SHELL_DRAWER_PRERENDER_ID)?.remove();
}

export function takeOverPrerenderedHeader(bus: ShellApi['bus'], doc: Document = document): void {
  const copy = doc.getElementById(SHELL_HEADER_PRERENDER_ID);
  if (!copy) return;
  const drawer = doc.getElementById(SHELL_DRAWER_PRERENDER_ID);
  if (drawer && !drawer.hidden) {
    // out of the header's copy, which goes now: the shell's drawer replaces it when drawn
    copy.after(drawer);
    layoutState.drawerOpen = true;
    // closed on the copy while the shell's drawer is still loading: closed for the shell too (not opened again)
    new MutationObserver((_, observer) => {
      if (!drawer.hidden || !drawer.isConnected) return;
      observer.disconnect();
      drawer.remove();
      layoutState.drawerOpen = false;
    }).observe(drawer, { attributes: true, attributeFilter: ['hidden'] });
  }
  const sidebar = doc.getElementById(SIDEBAR_PRERENDER_ID);
  if (sidebar) {
    // the layout's next render, before the browser paints, draws its sidebar as the copy's was
    layoutState.tabletMenuOpen = sidebar.hasAttribute(SIDEBAR_OPEN_ATTR);
    layoutState.sidebarCollapsed = sidebar.hasAttribute(SIDEBAR_COLLAPSED_ATTR);
    sidebar.remove();
  }
  doc.getElementById(START_FAILED_PRERENDER_ID)?.remove();
  const pending = copy.getAttribute(PRERENDER_PENDING_ATTR);
  copy.remove();
  if (drawer?.hidden) drawer.remove();
  if (pending === 'login') bus.emit('account:login-required', { reason: 'header-login', dialogType: 'login' });
  else if (pending === 'credits') bus.emit('billing:open', { smart: true, reason: 'header-credits' });
}

/** The shell's fatal error page is the whole page: the first HTML's header, menus and first screen (/home's or any route's) go. */
export function dropPrerenderedChrome(doc: Document = document): void {
  for (const id of [SHELL_HEADER_PRERENDER_ID, SHELL_DRAWER_PRERENDER_ID, SIDEBAR_PRERENDER_ID, START_FAILED_PRERENDER_ID, HOME_HERO_PRERENDER_ID, FIRST_SCREEN_PRERENDER_ID]) doc.getElementById(id)?.remove();
}
