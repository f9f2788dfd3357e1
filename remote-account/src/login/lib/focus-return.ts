/**
 * Keyboard users keep their place: what opened the login dialog gets the focus back after signing in. The
 * header's Login button has usually become the avatar by then, so the avatar button in its place takes it
 * (not the page's start). Nothing moves when something else already holds the focus.
 */
export function openerOf(doc: Document | undefined): HTMLElement | null {
  const active = doc?.activeElement;
  return active instanceof HTMLElement && active !== doc?.body ? active : null;
}

export function returnFocusAfterLogin(doc: Document | undefined, opener: HTMLElement | null): ReturnType<typeof setTimeout> {
  // after React has closed the dialog and drawn the signed-in header
  return setTimeout(() => {
    if (!doc || (doc.activeElement && doc.activeElement !== doc.body)) return;
    const target = opener && doc.contains(opener) ? opener : doc.querySelector<HTMLElement>('[data-testid="account-avatar"]');
    target?.focus();
  }, 120);
}
