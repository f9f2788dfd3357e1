import type { ShellApi } from 'shared-contracts';

/** True when signed in; otherwise asks the account remote for the login dialog and answers false. */
export function requireLogin(shell: ShellApi, reason: string): boolean {
  if (shell.session.state.flags.isLogin) return true;
  shell.bus.emit('account:login-required', { reason });
  return false;
}

/** A media link the API answered (relative to the API) as the browser must load it. */
export function mediaUrl(shell: ShellApi, url: string): string {
  return url.startsWith('/') ? shell.api.url(url) : url;
}
