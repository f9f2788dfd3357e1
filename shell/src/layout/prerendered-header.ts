/**
 * The header's copy in a visitor's first HTML (the gateway writes it from server/shell-header.tsx): the shell's
 * own header takes its place in the frame it is first drawn in. What the visitor did on the copy meanwhile is
 * carried over: an opened menu stays open (its copy stays until the shell's drawer is drawn), and a tap on Login
 * or on the credits asks for the same thing the shell's buttons ask for (the bus keeps a request until its
 * listener comes).
 */
import { SHELL_DRAWER_PRERENDER_ID, SHELL_HEADER_PRERENDER_ID } from 'shared-contracts/first-load';
import type { ShellApi } from 'shared-contracts';
import { layoutState } from './layout-state';

/** the attribute in which the copy's script notes a tap on one of its buttons ('login' or 'credits') */
export const PRERENDER_PENDING_ATTR = 'data-pending';

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
  }
  const pending = copy.getAttribute(PRERENDER_PENDING_ATTR);
  copy.remove();
  if (drawer?.hidden) drawer.remove();
  if (pending === 'login') bus.emit('account:login-required', { reason: 'header-login', dialogType: 'login' });
  else if (pending === 'credits') bus.emit('billing:open', { smart: true, reason: 'header-credits' });
}
