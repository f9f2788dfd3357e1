/**
 * The session: the token cookie at start, the 1-day user cache wrapper {data, expire}, the uid comparison,
 * derived flags and plan level, refreshUser and clear(). State is a valtio proxy remotes read with
 * useSnapshot(shell.session.state).
 */
import { proxy } from 'valtio/vanilla';
import {
  ApiError,
  FRAME_MESSAGES,
  USER_TEXTS,
  TOKEN_COOKIE_DAYS,
  TOKEN_COOKIE_NAME,
  USER_CACHE_MS,
  type ApiClient,
  type CachedUser,
  type EventBus,
  type SessionApi,
  type SessionState,
  type User,
} from 'shared-contracts';
import { deleteCookie, readCookie, storageGetJson, storageRemove, storageSet, writeCookie } from '../api/cookies';
import { uidOfToken } from './jwt';
import { deriveFlags, planLevelOf } from './user-flags';

/** parent-domain cookie the account service and every app on the domain share (its one name is the contract's) */
export const TOKEN_COOKIE = TOKEN_COOKIE_NAME;
/** local and session storage key of the bearer token */
export const TOKEN_STORAGE_KEY = 'studio_token';
/** local storage key of the user cache wrapper */
export const USER_CACHE_KEY = 'studio_user_info';

type ClearReason = Parameters<SessionApi['clear']>[0];

export interface SessionDeps {
  bus: EventBus;
  cookieDomain: string;
  /** the API client is created after the session (it reads the token from it) */
  getApi(): ApiClient;
  now?: () => number;
  /** where the clear-user-info message goes; window.top by default */
  mainFrame?: () => Window | null;
  /** told once per outage when the user cannot be fetched for a network or server failure (a toast) */
  onNetworkTrouble?: (text: string) => void;
  /** pauses between refetches of the user during an outage (the last repeats) */
  retryDelaysMs?: number[];
}

/**
 * A failure that says nothing about the session: no answer at all, or a server-side 5xx (the API or the
 * database down, a gateway between). Only a 401 or code 140013 ends a session (the API client clears it).
 */
function isOutage(error: unknown): boolean {
  if (!(error instanceof ApiError)) return !(error instanceof Error && error.name === 'AbortError');
  return error.status === 0 || error.status >= 500;
}

export interface ShellSession extends SessionApi {
  /** token cookie, user cache and uid comparison; answers whether a user fetch is worthwhile */
  start(): { shouldRefresh: boolean };
}

function readCache(now: number): User | null {
  const wrapper = storageGetJson<CachedUser>('local', USER_CACHE_KEY);
  if (!wrapper || typeof wrapper !== 'object') return null;
  if (typeof wrapper.expire !== 'number' || wrapper.expire <= now || !wrapper.data || typeof wrapper.data !== 'object') {
    storageRemove('local', USER_CACHE_KEY);
    return null;
  }
  return wrapper.data;
}

function storeToken(state: SessionState, token: string): void {
  state.token = token;
  storageSet('local', TOKEN_STORAGE_KEY, token);
  storageSet('session', TOKEN_STORAGE_KEY, token);
}

function dropToken(state: SessionState): void {
  state.token = '';
  storageRemove('local', TOKEN_STORAGE_KEY);
  storageRemove('session', TOKEN_STORAGE_KEY);
}

/**
 * During an outage the signed-in user (cached or not yet fetched) stays and is refetched until the API
 * answers: after each delay in turn (the last repeats), at once when the browser is back online; the first
 * failure tells the user once.
 */
function outageRetry(deps: SessionDeps, refetch: () => void, hasToken: () => boolean): { schedule(): void; over(): void } {
  const retryDelays = deps.retryDelaysMs ?? [2000, 4000, 8000, 15000, 30000];
  let attempts = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const over = () => {
    attempts = 0;
    if (timer) clearTimeout(timer);
    timer = null;
  };
  if (typeof window !== 'undefined') {
    window.addEventListener('online', () => {
      if (timer && hasToken()) {
        over();
        refetch();
      }
    });
  }
  return {
    schedule() {
      if (timer) return;
      if (attempts === 0) deps.onNetworkTrouble?.(USER_TEXTS.NETWORK);
      const delay = retryDelays[Math.min(attempts, retryDelays.length - 1)];
      attempts += 1;
      timer = setTimeout(() => {
        timer = null;
        refetch();
      }, delay);
    },
    over,
  };
}

/** Tells the main frame (the product embedded elsewhere) that the user info is gone. */
function notifyMainFrame(deps: SessionDeps, reason: ClearReason): void {
  try {
    const target = deps.mainFrame ? deps.mainFrame() : window.top;
    target?.postMessage({ type: FRAME_MESSAGES.CLEAR_USER_INFO, reason }, '*');
  } catch (error) {
    console.warn('[shell] could not notify the main frame', error);
  }
}

export function createSession(deps: SessionDeps): ShellSession {
  const now = deps.now ?? Date.now;
  const state = proxy<SessionState>({ user: null, token: '', flags: deriveFlags(null), planLevel: 'guest' });

  function applyUser(user: User | null): void {
    state.user = user;
    state.flags = deriveFlags(user);
    state.planLevel = planLevelOf(user);
  }

  function writeCache(user: User): void {
    const wrapper: CachedUser = { data: user, expire: now() + USER_CACHE_MS };
    storageSet('local', USER_CACHE_KEY, JSON.stringify(wrapper));
  }

  function setUser(user: User): void {
    applyUser(user);
    writeCache(user);
    deps.bus.emit('session:user-changed', { user });
    deps.bus.emit('credits:changed', { credits: state.flags.curCredits });
  }

  const outage = outageRetry(deps, () => void session.refreshUser(), () => Boolean(state.token));

  const session: ShellSession = {
    state,
    start() {
      const cookieToken = readCookie(TOKEN_COOKIE);
      if (cookieToken) storeToken(state, cookieToken);
      else dropToken(state);
      const cached = readCache(now());
      if (cached) {
        const tokenUid = state.token ? uidOfToken(state.token) : null;
        if (tokenUid === null || String(cached.uid) !== tokenUid) {
          // a different (or no) account holds the parent-domain token now: the cached user is stale
          storageRemove('local', USER_CACHE_KEY);
          applyUser(null);
          deps.bus.emit('session:cleared', { reason: 'uid-mismatch' });
          return { shouldRefresh: Boolean(state.token) };
        }
        applyUser(cached);
        return { shouldRefresh: true };
      }
      applyUser(null);
      return { shouldRefresh: Boolean(state.token) };
    },
    setToken(token) {
      storeToken(state, token);
      writeCookie(TOKEN_COOKIE, token, { days: TOKEN_COOKIE_DAYS, domain: deps.cookieDomain || undefined });
    },
    setUser,
    async refreshUser() {
      if (!state.token) return null;
      try {
        const user = await deps.getApi().call('POST /v1/user');
        outage.over();
        if (!state.token) return null;
        setUser(user);
        return user;
      } catch (error) {
        console.warn('[shell] user refresh failed', error);
        if (state.token && isOutage(error)) outage.schedule();
        return state.user as User | null;
      }
    },
    clear(reason) {
      outage.over();
      const hadUser = state.user !== null || state.token !== '';
      storageRemove('local', USER_CACHE_KEY);
      dropToken(state);
      deleteCookie(TOKEN_COOKIE, { domain: deps.cookieDomain || undefined });
      applyUser(null);
      notifyMainFrame(deps, reason);
      if (hadUser || reason === 'logout') {
        deps.bus.emit('session:cleared', { reason });
        deps.bus.emit('session:user-changed', { user: null });
        deps.bus.emit('credits:changed', { credits: 0 });
      }
    },
  };

  // credits change without a full user refresh (a task spent some, a purchase landed)
  deps.bus.on('credits:changed', ({ credits }) => {
    const user = state.user as User | null;
    if (!user || user.integral?.integral === credits) return;
    const updated: User = { ...user, integral: { ...user.integral, integral: credits } };
    applyUser(updated);
    writeCache(updated);
  });
  // remote-account may store the login itself; take it over only when it is news to the session
  deps.bus.on('account:logged-in', ({ user }) => {
    if (user.token && user.token !== state.token) session.setToken(user.token);
    if (state.user?.uid !== user.uid) setUser(user);
  });

  return session;
}
