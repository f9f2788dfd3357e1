/**
 * How the login is shown (spec section 4): a frame when third-party cookies work, the 500x650 pop-up when
 * they do not, and a full-page redirect when another way was already used within the last hour (the first
 * way evidently did not get the user in).
 */
import { LOGIN_SESSION_REUSE_MS } from 'shared-contracts';
import type { LoginWay } from '../../shared/lib/login-urls';

export interface LastLoginWay {
  way: LoginWay;
  /** epoch ms */
  at: number;
}

export function chooseLoginWay(cookiesSupported: boolean, last: LastLoginWay | null, now: number): LoginWay {
  const preferred: LoginWay = cookiesSupported ? 'iframe' : 'popup';
  if (last && now - last.at >= 0 && now - last.at < LOGIN_SESSION_REUSE_MS && last.way !== preferred) return 'redirect';
  return preferred;
}
