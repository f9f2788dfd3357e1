/**
 * Logout (spec section 4): the server call (its failure is ignored), the session cleared (user cache,
 * token in local and session storage, the parent-domain token cookie), the legacy cookies expired on
 * every domain they may sit on, the host frame told, then the account service logout, which comes back
 * to the product's home page.
 */
import type { ShellApi } from 'shared-contracts';
import { deleteCookie } from '../shared/lib/cookies';
import { SHELL_TOKEN_COOKIE } from '../shared/lib/shell-names';
import { accountLogoutUrl } from '../shared/lib/login-urls';

/**
 * Token cookies of earlier client versions: the token cookie set host-only (before it moved to the
 * parent domain) and the bare names older builds used. deleteCookie expires each host-only and on every
 * parent domain.
 */
const LEGACY_TOKEN_COOKIES = [SHELL_TOKEN_COOKIE, 'token', 'access_token', 'jwt'] as const;

/** What the host frame receives when the product runs embedded (side-app mode). */
export const HOST_LOGOUT_MESSAGE = 'studio:logged-out';

let running: Promise<void> | null = null;

export function logout(shell: ShellApi, win: Window = window): Promise<void> {
  if (running) return running;
  running = (async () => {
    try {
      await shell.api.call('POST /v1/logout');
    } catch (error) {
      console.warn('[account] logout call failed (ignored)', error);
    }
    shell.session.clear('logout');
    for (const name of LEGACY_TOKEN_COOKIES) deleteCookie(name, shell.config.cookieDomain, win.document, win.location.hostname);
    if (win.parent && win.parent !== win) {
      try {
        win.parent.postMessage({ type: HOST_LOGOUT_MESSAGE }, '*');
      } catch (error) {
        console.warn('[account] could not notify the host frame', error);
      }
    }
    shell.track('user_logout', {});
    win.location.assign(accountLogoutUrl(shell.config, `${win.location.origin}/home`));
  })().finally(() => {
    running = null;
  });
  return running;
}
