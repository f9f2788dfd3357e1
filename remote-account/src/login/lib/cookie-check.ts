/**
 * Third-party cookie support, checked once by a hidden frame of the account service that posts
 * {type: 'account:cookie-check', supported}; the answer is kept 2 days in a cookie (spec section 9).
 */
import { THIRD_PARTY_COOKIE_FLAG_DAYS, type ShellConfig } from 'shared-contracts';
import { readCookie, writeCookie } from '../../shared/lib/cookies';
import { accountOriginOf, cookieCheckUrl } from '../../shared/lib/login-urls';
import { parseCookieCheck } from './frame-messages';

const COOKIE_CHECK_FLAG = 'account_tpc';

export function storedCookieSupport(): boolean | null {
  const value = readCookie(COOKIE_CHECK_FLAG);
  if (value === '1') return true;
  if (value === '0') return false;
  return null;
}

function storeCookieSupport(supported: boolean): void {
  writeCookie(COOKIE_CHECK_FLAG, supported ? '1' : '0', THIRD_PARTY_COOKIE_FLAG_DAYS * 86400);
}

let pending: Promise<boolean | null> | null = null;

/** Answers the stored flag, or runs the check frame (at most once at a time); null when it did not answer in time. */
export function checkCookieSupport(config: ShellConfig, timeoutMs = 2500): Promise<boolean | null> {
  const stored = storedCookieSupport();
  if (stored !== null) return Promise.resolve(stored);
  if (pending) return pending;
  pending = new Promise<boolean | null>((resolve) => {
    const origin = accountOriginOf(config);
    const frame = document.createElement('iframe');
    frame.title = 'Third-party cookie check';
    frame.setAttribute('aria-hidden', 'true');
    frame.tabIndex = -1;
    frame.style.cssText = 'position:absolute;width:0;height:0;border:0;visibility:hidden';
    let timer = 0;
    const finish = (value: boolean | null) => {
      window.removeEventListener('message', onMessage);
      window.clearTimeout(timer);
      frame.remove();
      pending = null;
      if (value !== null) storeCookieSupport(value);
      resolve(value);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frame.contentWindow) return;
      const supported = parseCookieCheck(event, origin);
      if (supported !== null) finish(supported);
    };
    window.addEventListener('message', onMessage);
    timer = window.setTimeout(() => finish(null), timeoutMs);
    frame.src = cookieCheckUrl(config, window.location.origin);
    document.body.appendChild(frame);
  });
  return pending;
}
