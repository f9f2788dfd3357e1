/**
 * Test double of the ShellApi (tests only; product code never imports this file): navigate, toast,
 * track and the API client are jest mocks, session and viewport are real valtio proxies, the bus is the
 * contract's real bus.
 */
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { proxy } from 'valtio';
import { ApiError, createEventBus, ShellContext, type ShellApi } from 'shared-contracts';

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
