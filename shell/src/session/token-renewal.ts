/**
 * Sessions that last: the product token is renewed (`GET /v1/token/renew`, the spec's exception to the 401
 * rule) once half its lifetime has passed, so a person who keeps the studio open, even idle, is never signed
 * out by the clock. A background tab's timers are slowed by the browser: coming back renews at once when
 * the time has come. A renewal the API refuses with 401 or 140013 (the session was ended: a password
 * change or reset, a logout elsewhere) clears the session; a network or server failure is tried again.
 */
import { ApiError, API_CODES, type ApiClient } from 'shared-contracts';
import { subscribe } from 'valtio/vanilla';
import { decodeJwtPayload } from './jwt';
import type { ShellSession } from './session-store';

export interface RenewalOptions {
  session: ShellSession;
  api: ApiClient;
  now?: () => number;
  /** a failed renewal is tried again after this long (default 60 s), sooner if the token would lapse first */
  retryMs?: number;
  doc?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
}

/** When a token should be renewed (epoch ms): halfway through its life; null when it carries no times. */
export function renewalTime(jwt: string): number | null {
  const payload = decodeJwtPayload(jwt) as { iat?: unknown; exp?: unknown } | null;
  if (!payload || typeof payload.exp !== 'number') return null;
  const iat = typeof payload.iat === 'number' ? payload.iat : payload.exp - 3600;
  return Math.round(((iat + payload.exp) / 2) * 1000);
}

export function keepTokenFresh(options: RenewalOptions): () => void {
  const { session, api } = options;
  const now = options.now ?? Date.now;
  const doc = options.doc ?? document;
  const retryMs = options.retryMs ?? 60000;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let inFlight = false;

  const schedule = (delayMs?: number) => {
    if (timer) clearTimeout(timer);
    timer = null;
    const token = session.state.token;
    const at = token ? renewalTime(token) : null;
    if (at === null) return;
    const delay = delayMs ?? Math.max(0, at - now());
    // setTimeout holds at most ~24.8 days; a longer wait is scheduled again when it ends
    timer = setTimeout(() => void renew(), Math.min(delay, 2 ** 31 - 1));
  };

  const renew = async () => {
    const token = session.state.token;
    if (!token || inFlight) return;
    const at = renewalTime(token);
    if (at !== null && at > now()) return schedule();
    inFlight = true;
    try {
      const { jwt } = await api.call('GET /v1/token/renew');
      // the user may have signed out (or in as someone else) while the call was out
      if (session.state.token === token) session.setToken(jwt);
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.code === API_CODES.SESSION_INVALID)) {
        if (session.state.token === token) session.clear('session-invalid');
        return;
      }
      console.warn('[shell] token renewal failed; trying again', error);
      const exp = (decodeJwtPayload(token) as { exp?: number } | null)?.exp;
      const left = typeof exp === 'number' ? exp * 1000 - now() : retryMs;
      schedule(Math.max(1000, Math.min(retryMs, left / 2)));
      return;
    } finally {
      inFlight = false;
    }
  };

  const onVisible = () => {
    if (doc.visibilityState === 'visible') void renew();
  };
  let seen = session.state.token;
  const unsubscribe = subscribe(session.state, () => {
    if (session.state.token === seen) return;
    seen = session.state.token;
    schedule();
  });
  doc.addEventListener('visibilitychange', onVisible);
  schedule();
  return () => {
    unsubscribe();
    doc.removeEventListener('visibilitychange', onVisible);
    if (timer) clearTimeout(timer);
  };
}
