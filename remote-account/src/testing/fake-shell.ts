/**
 * A test double of the shell's ShellApi for this remote's tests: a real event bus, valtio state, and
 * jest mocks for the API client, toasts, navigation and tracking. Only tests import it.
 */
import { proxy } from 'valtio';
import {
  createEventBus,
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

export function createFakeShell(options: { user?: User | null; config?: Partial<ShellConfig>; viewport?: Partial<ViewportState> } = {}): FakeShell {
  const bus = createEventBus();
  const handlers = new Map<string, CallHandler>();
  const callMock = jest.fn(async (key: ApiCallKey, input?: { params?: unknown; query?: unknown; body?: unknown }) => {
    const handler = handlers.get(key);
    if (!handler) throw new Error(`no fake handler for ${key}`);
    return handler(input ?? {});
  });
  const api: ApiClient = {
    get: jest.fn(),
    post: jest.fn(),
    call: callMock as unknown as ApiClient['call'],
    upload: jest.fn(),
    url: (path: string) => path,
  };
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
  const toastMock = { success: jest.fn(), error: jest.fn(), warn: jest.fn(), info: jest.fn(), show: jest.fn() };
  const trackMock = jest.fn();
  const navigateMock = jest.fn();
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
