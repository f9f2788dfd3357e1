import { ApiError, createEventBus, FRAME_MESSAGES, USER_CACHE_MS, USER_TEXTS, type ApiClient, type User } from 'shared-contracts';
import { createSession, TOKEN_COOKIE, TOKEN_STORAGE_KEY, USER_CACHE_KEY } from './session-store';
import { deriveFlags, planLevelOf, displayNameOf } from './user-flags';

function jwtFor(uid: string): string {
  const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'HS256' })}.${b64({ uid, wsId: 'ws', token: 't', exp: 9999999999 })}.signature`;
}

function user(uid: string, overrides: Partial<User> = {}): User {
  return {
    token: jwtFor(uid),
    uid,
    verify: { level: 'free', expired_time: 0, is_expired: false },
    integral: { integral: 12 },
    is_free_trial: false,
    tokenInfo: { jwt: jwtFor(uid), access_token: 'a', is_new: false, created_at: 0 },
    featureCodes: [],
    freeTrails: [],
    country: 'US',
    is_europe: false,
    lang: 'en',
    isNewUser: false,
    avatar: '',
    nickname: '',
    firstname: 'Ada',
    lastname: 'Lovelace',
    email: 'ada@example.com',
    subscribe: [],
    ...overrides,
  };
}

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0].trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
}

function cacheUser(value: User, expire = Date.now() + USER_CACHE_MS) {
  localStorage.setItem(USER_CACHE_KEY, JSON.stringify({ data: value, expire }));
}

function setup(api: Partial<ApiClient> = {}, extra: { onNetworkTrouble?: (text: string) => void; retryDelaysMs?: number[] } = {}) {
  const bus = createEventBus();
  const events: string[] = [];
  bus.on('session:cleared', ({ reason }) => events.push(`cleared:${reason}`));
  const posted: unknown[] = [];
  const mainFrame = { postMessage: (message: unknown) => posted.push(message) } as unknown as Window;
  const session = createSession({ bus, cookieDomain: '', getApi: () => api as ApiClient, mainFrame: () => mainFrame, ...extra });
  return { bus, session, events, posted };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  clearCookies();
});

describe('token at start', () => {
  it('clears the local and session tokens when the cookie is absent', () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'old');
    sessionStorage.setItem(TOKEN_STORAGE_KEY, 'old');
    const { session } = setup();
    expect(session.start()).toEqual({ shouldRefresh: false });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(session.state.token).toBe('');
  });

  it('copies the cookie token to local and session storage and uses it as bearer', () => {
    const token = jwtFor('u1');
    document.cookie = `${TOKEN_COOKIE}=${token}; path=/`;
    const { session } = setup();
    expect(session.start()).toEqual({ shouldRefresh: true });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
    expect(session.state.token).toBe(token);
  });
});

describe('user cache', () => {
  it('restores a cached user whose uid matches the token', () => {
    document.cookie = `${TOKEN_COOKIE}=${jwtFor('u1')}; path=/`;
    cacheUser(user('u1'));
    const { session, events } = setup();
    session.start();
    expect(session.state.user?.uid).toBe('u1');
    expect(session.state.flags).toMatchObject({ isLogin: true, isFree: true, curCredits: 12 });
    expect(events).toEqual([]);
  });

  it('clears the cache when the stored jwt names another uid', () => {
    document.cookie = `${TOKEN_COOKIE}=${jwtFor('u2')}; path=/`;
    cacheUser(user('u1'));
    const { session, events } = setup();
    expect(session.start()).toEqual({ shouldRefresh: true });
    expect(localStorage.getItem(USER_CACHE_KEY)).toBeNull();
    expect(session.state.user).toBeNull();
    expect(session.state.flags.isLogin).toBe(false);
    expect(events).toEqual(['cleared:uid-mismatch']);
  });

  it('clears the cache when there is no token at all', () => {
    cacheUser(user('u1'));
    const { session } = setup();
    session.start();
    expect(localStorage.getItem(USER_CACHE_KEY)).toBeNull();
    expect(session.state.planLevel).toBe('guest');
  });

  it('drops an expired wrapper (1 day)', () => {
    document.cookie = `${TOKEN_COOKIE}=${jwtFor('u1')}; path=/`;
    cacheUser(user('u1'), Date.now() - 1);
    const { session } = setup();
    session.start();
    expect(session.state.user).toBeNull();
    expect(localStorage.getItem(USER_CACHE_KEY)).toBeNull();
  });

  it('writes the {data, expire} wrapper for one day on setUser', () => {
    const { session } = setup();
    const before = Date.now();
    session.setUser(user('u1'));
    const wrapper = JSON.parse(localStorage.getItem(USER_CACHE_KEY) ?? '{}') as { data: User; expire: number };
    expect(wrapper.data.uid).toBe('u1');
    expect(wrapper.expire).toBeGreaterThanOrEqual(before + USER_CACHE_MS);
    expect(wrapper.expire).toBeLessThanOrEqual(Date.now() + USER_CACHE_MS);
  });
});

describe('refresh, credits and clear', () => {
  it('refreshUser posts /v1/user with the token and stores the answer', async () => {
    document.cookie = `${TOKEN_COOKIE}=${jwtFor('u1')}; path=/`;
    const call = jest.fn(async () => user('u1', { integral: { integral: 99 } }));
    const { session } = setup({ call: call as unknown as ApiClient['call'] });
    session.start();
    await session.refreshUser();
    expect(call).toHaveBeenCalledWith('POST /v1/user');
    expect(session.state.flags.curCredits).toBe(99);
  });

  it('follows credits:changed live', () => {
    const { session, bus } = setup();
    session.setUser(user('u1'));
    bus.emit('credits:changed', { credits: 40 });
    expect(session.state.flags.curCredits).toBe(40);
    expect((JSON.parse(localStorage.getItem(USER_CACHE_KEY) ?? '{}') as { data: User }).data.integral.integral).toBe(40);
  });

  it('clear() empties the session, posts clear-user-info to the main frame and emits session:cleared', () => {
    document.cookie = `${TOKEN_COOKIE}=${jwtFor('u1')}; path=/`;
    cacheUser(user('u1'));
    const { session, events, posted } = setup();
    session.start();
    session.clear('unauthorized');
    expect(session.state.user).toBeNull();
    expect(session.state.token).toBe('');
    expect(localStorage.getItem(USER_CACHE_KEY)).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(document.cookie).not.toContain(TOKEN_COOKIE);
    expect(posted).toEqual([{ type: FRAME_MESSAGES.CLEAR_USER_INFO, reason: 'unauthorized' }]);
    expect(events).toEqual(['cleared:unauthorized']);
  });
});

describe('derived flags and plan level', () => {
  it('derives the flags per level', () => {
    expect(deriveFlags(null)).toEqual({ isLogin: false, isFree: false, isPremium: false, isSubscribed: false, curCredits: 0, isCredits10User: false });
    expect(deriveFlags(user('a', { verify: { level: 'premium', expired_time: 0, is_expired: false } }))).toMatchObject({
      isLogin: true,
      isFree: false,
      isPremium: true,
      isSubscribed: true,
    });
    expect(deriveFlags(user('a', { verify: { level: 'standard', expired_time: 0, is_expired: false } }))).toMatchObject({ isPremium: false, isSubscribed: true });
    expect(deriveFlags(user('a', { verify: { level: 'premium', expired_time: 0, is_expired: true } }))).toMatchObject({ isFree: true, isSubscribed: false });
    expect(deriveFlags(user('a', { featureCodes: ['sku_week_10_credits'] })).isCredits10User).toBe(true);
  });

  it('maps plan levels: free->free, premium->vip, standard->standard, logged out->guest, unknown->free', () => {
    const level = (value: string) => planLevelOf(user('a', { verify: { level: value as User['verify']['level'], expired_time: 0, is_expired: false } }));
    expect(level('free')).toBe('free');
    expect(level('premium')).toBe('vip');
    expect(level('standard')).toBe('standard');
    expect(level('inactive')).toBe('free');
    expect(level('platinum')).toBe('free');
    expect(planLevelOf(null)).toBe('guest');
  });

  it('falls back through the display names', () => {
    expect(displayNameOf(user('a', { nickname: 'neo' }))).toBe('neo');
    expect(displayNameOf(user('a'))).toBe('Ada Lovelace');
    expect(displayNameOf(user('a', { firstname: '', lastname: '' }))).toBe('ada@example.com');
  });
});

describe('an outage is not a logout', () => {
  it.each([
    ['the network', new ApiError(USER_TEXTS.NETWORK, 0, 0)],
    ['a 502 from the gateway', new ApiError(USER_TEXTS.NETWORK, 502, 502)],
    ['a 503 while the database restarts', new ApiError(USER_TEXTS.NETWORK, 503, 503)],
  ])('keeps the signed-in user through %s, says so once, and recovers on its own', async (_what, failure) => {
    jest.useFakeTimers();
    try {
      const ada = user('u-1');
      document.cookie = `${TOKEN_COOKIE}=${ada.token}; path=/`;
      cacheUser(ada);
      let down = 3;
      const fresh = { ...ada, integral: { integral: 99 } };
      const call = jest.fn(async () => {
        if (down > 0) {
          down -= 1;
          throw failure;
        }
        return fresh;
      });
      const notices: string[] = [];
      const { session, events } = setup({ call: call as unknown as ApiClient['call'] }, { onNetworkTrouble: (text) => notices.push(text), retryDelaysMs: [1000, 2000] });
      session.start();
      await session.refreshUser();
      expect(session.state.user?.uid).toBe('u-1');
      expect(session.state.token).toBe(ada.token);
      expect(events).toEqual([]);
      expect(notices).toEqual([USER_TEXTS.NETWORK]);
      await jest.advanceTimersByTimeAsync(1000 + 2000 + 2000);
      expect(call).toHaveBeenCalledTimes(4);
      expect(session.state.flags.curCredits).toBe(99);
      expect(notices).toHaveLength(1);
    } finally {
      jest.useRealTimers();
    }
  });
});
