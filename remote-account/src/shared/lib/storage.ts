/**
 * Local and session storage that never throws: storage errors are logged and ignored (spec section 8,
 * 'Local storage errors: logged or warned, ignored').
 */
type Area = 'local' | 'session';

function area(which: Area): Storage | null {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch (error) {
    console.warn(`[account] ${which} storage unavailable`, error);
    return null;
  }
}

export function readJson<T>(which: Area, key: string): T | null {
  const store = area(which);
  if (!store) return null;
  try {
    const raw = store.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch (error) {
    console.warn(`[account] cannot read ${key}`, error);
    return null;
  }
}

export function writeJson(which: Area, key: string, value: unknown): void {
  const store = area(which);
  if (!store) return;
  try {
    store.setItem(key, JSON.stringify(value));
  } catch (error) {
    console.warn(`[account] cannot write ${key}`, error);
  }
}

export function removeKey(which: Area, key: string): void {
  const store = area(which);
  if (!store) return;
  try {
    store.removeItem(key);
  } catch (error) {
    console.warn(`[account] cannot remove ${key}`, error);
  }
}

/** Keys this remote owns in local and session storage. */
export const STORAGE_KEYS = {
  /** sessionStorage: the pending authorization request (PKCE verifier, state, redirect_uri) */
  pendingLogin: 'account:pending-login',
  /** localStorage: the last login way shown and when ({way, at}) */
  lastLoginWay: 'account:last-login-way',
  /** localStorage: the check-in panel's last close time (epoch ms) */
  checkinLastClose: 'account:checkin-last-close',
  /** sessionStorage: the feedback session id and when it was made */
  feedbackSession: 'account:feedback-session',
  /** sessionStorage: embedded side-app mode flag (spec section 3 local flags) */
  embedMode: 'embedmode',
} as const;
