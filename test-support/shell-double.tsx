/**
 * Test double of the ShellApi (tests only; product code never imports this file): navigate, toast,
 * track and the API client are jest mocks, session and viewport are real valtio proxies, the bus is the
 * contract's real bus. The one ShellApi double of every remote's tests (createShellDouble, and
 * createFakeShell for tests that need a working session and call handlers).
 */
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { proxy } from 'valtio';
import {
  ApiError,
  createEventBus,
  ShellContext,
  type ApiCallKey,
  type ApiClient,
  type PlanLevel,
  type SessionState,
  type ShellApi,
  type ShellConfig,
  type User,
  type UserPreferences,
  type ViewportState,
} from 'shared-contracts';

export type ShellDouble = ShellApi & {
  navigate: jest.Mock;
  api: ShellApi['api'] & { get: jest.Mock; post: jest.Mock; call: jest.Mock; upload: jest.Mock };
  toast: ShellApi['toast'] & { error: jest.Mock; show: jest.Mock; warn: jest.Mock; info: jest.Mock; success: jest.Mock };
  session: ShellApi['session'] & { refreshUser: jest.Mock };
};

export function createShellDouble(width = 1280): ShellDouble {
  const notFound = () => Promise.reject(new ApiError('Not found', 404, 404));
  const shell = {
    config: {
      apiBase: '',
      accountOrigin: '',
      env: 'test',
      productId: 'test',
      appKey: 'test',
      communityInviteUrl: '',
      termsUrl: '',
      privacyUrl: '',
      cookieDomain: '',
    },
    api: {
      get: jest.fn(notFound),
      post: jest.fn(notFound),
      call: jest.fn(notFound),
      upload: jest.fn(notFound),
      url: (path: string) => path,
    },
    bus: createEventBus(),
    session: {
      state: proxy({
        user: null,
        token: '',
        flags: { isLogin: false, isFree: true, isPremium: false, isSubscribed: false, curCredits: 0, isCredits10User: false },
        planLevel: 'guest' as const,
      }),
      setToken: jest.fn(),
      setUser: jest.fn(),
      refreshUser: jest.fn(async () => null),
      clear: jest.fn(),
    },
    preferences: { state: proxy({ theme: 'dark' as const, language: 'en', autoSave: false }), set: jest.fn() },
    viewport: proxy({ width, isPhone: width < 768, isTablet: width >= 768 && width < 1188, isDesktop: width >= 1188 }),
    toast: { show: jest.fn(), info: jest.fn(), warn: jest.fn(), success: jest.fn(), error: jest.fn() },
    navigate: jest.fn(),
    track: jest.fn(),
  };
  return shell as unknown as ShellDouble;
}

export function renderWithShell(ui: ReactElement, shell: ShellDouble = createShellDouble()): RenderResult & { shell: ShellDouble } {
  return { shell, ...render(<ShellContext.Provider value={shell}>{ui}</ShellContext.Provider>) };
}

export type CallHandler = (input: { params?: unknown; query?: unknown; body?: unknown }) => unknown;

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    token: 'jwt-token',
    uid: 'u1',
    verify: { level: 'free', expired_time: 0, is_expired: false },
    integral: { integral: 5 },
    is_free_trial: false,
    tokenInfo: { jwt: 'jwt-token', access_token: 'a', is_new: false, created_at: 1 },
    featureCodes: [],
    freeTrails: [],
    country: 'CL',
    is_europe: false,
    lang: 'en',
    isNewUser: false,
    avatar: '',
    nickname: '',
    firstname: '',
    lastname: '',
    email: 'free@demo.local',
    subscribe: [],
    ...overrides,
  };
}

function levelOf(user: User | null): PlanLevel {
  if (!user) return 'guest';
  if (user.verify.is_expired) return 'free';
  return user.verify.level === 'premium' ? 'vip' : user.verify.level === 'standard' ? 'standard' : 'free';
}

export interface FakeShell extends ShellApi {
  handlers: Map<string, CallHandler>;
  callMock: jest.Mock;
  toastMock: { success: jest.Mock; error: jest.Mock; warn: jest.Mock; info: jest.Mock; show: jest.Mock };
  trackMock: jest.Mock;
  navigateMock: jest.Mock;
  setTokenMock: jest.Mock;
  clearMock: jest.Mock;
  refreshUserMock: jest.Mock;
  login(user: User): void;
}

/**
 * The same double with a signed-in user when asked, calls answered by registered handlers (`handlers`),
 * and a session that really logs in and out (what the account remote's tests need).
 */
export function createFakeShell(options: { user?: User | null; config?: Partial<ShellConfig>; viewport?: Partial<ViewportState> } = {}): FakeShell {
  const base = createShellDouble(options.viewport?.width ?? 1440);
  const bus = base.bus;
  const handlers = new Map<string, CallHandler>();
  const callMock = jest.fn(async (key: ApiCallKey, input?: { params?: unknown; query?: unknown; body?: unknown }) => {
    const handler = handlers.get(key);
    if (!handler) throw new Error(`no fake handler for ${key}`);
    return handler(input ?? {});
  });
  const api: ApiClient = { ...base.api, get: jest.fn(), post: jest.fn(), upload: jest.fn(), call: callMock as unknown as ApiClient['call'] };
  const state = proxy<SessionState>({
    user: null,
    token: '',
    flags: { isLogin: false, isFree: false, isPremium: false, isSubscribed: false, curCredits: 0, isCredits10User: false },
    planLevel: 'guest',
  });
  const apply = (user: User | null) => {
    state.user = user;
    state.planLevel = levelOf(user);
    state.flags = {
      isLogin: Boolean(user),
      isFree: Boolean(user) && levelOf(user) === 'free',
      isPremium: levelOf(user) === 'vip',
      isSubscribed: levelOf(user) === 'vip' || levelOf(user) === 'standard',
      curCredits: user?.integral.integral ?? 0,
      isCredits10User: false,
    };
  };
  const setTokenMock = jest.fn((token: string) => {
    state.token = token;
  });
  const clearMock = jest.fn((reason: 'logout' | 'unauthorized' | 'session-invalid' | 'uid-mismatch') => {
    state.token = '';
    apply(null);
    bus.emit('session:cleared', { reason });
  });
  const refreshUserMock = jest.fn(async () => {
    if (!state.token && !state.user) return null;
    const user = (await callMock('POST /v1/user')) as User;
    apply(user);
    return user;
  });
  const toastMock = base.toast;
  const trackMock = base.track as jest.Mock;
  const navigateMock = base.navigate;
  const config: ShellConfig = {
    apiBase: '',
    accountOrigin: 'http://account.studio.test',
    env: 'development',
    productId: 'studio',
    appKey: 'studio-web',
    communityInviteUrl: 'https://chat.example.org/invite/studio',
    termsUrl: 'https://studio.test/terms',
    privacyUrl: 'https://studio.test/privacy',
    cookieDomain: 'studio.test',
    ...options.config,
  };
  const viewport = proxy<ViewportState>({ width: 1440, isPhone: false, isTablet: false, isDesktop: true, ...options.viewport });
  const preferences = proxy<UserPreferences>({ theme: 'dark', language: 'en', autoSave: true });
  const shell: FakeShell = {
    config,
    api,
    bus,
    session: {
      state,
      setToken: setTokenMock,
      setUser: (user: User) => apply(user),
      refreshUser: refreshUserMock as unknown as () => Promise<User | null>,
      clear: clearMock,
    },
    preferences: { state: preferences, set: (key, value) => void (preferences[key] = value) },
    viewport,
    toast: toastMock,
    navigate: navigateMock,
    track: trackMock,
    handlers,
    callMock,
    toastMock,
    trackMock,
    navigateMock,
    setTokenMock,
    clearMock,
    refreshUserMock,
    login(user: User) {
      state.token = user.token;
      apply(user);
    },
  };
  if (options.user) shell.login(options.user);
  return shell;
}
