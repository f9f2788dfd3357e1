/**
 * What the shell gives every remote, through one React context created here (shared-contracts is a
 * shared singleton, so the shell and the remotes see the same context object).
 */
import { createContext, useContext } from 'react';
import type { ApiClient } from './api-client.js';
import type { PlanLevel, User, UserFlags, UserPreferences } from './entities.js';
import type { EventBus } from './events.js';
import type { RemoteModuleHost } from './remote-modules.js';

export interface SessionState {
  user: User | null;
  token: string;
  flags: UserFlags;
  planLevel: PlanLevel;
}

export interface ViewportState {
  width: number;
  isPhone: boolean;
  isTablet: boolean;
  isDesktop: boolean;
}

export type ToastType = 'info' | 'warn' | 'success' | 'error';

export interface ToastApi {
  show(type: ToastType, message: string, durationMs?: number): void;
  info(message: string): void;
  warn(message: string): void;
  success(message: string): void;
  error(message: string): void;
}

export interface ShellConfig {
  /** base URL of the product API; '' means the page's own origin */
  apiBase: string;
  /** origin of the central account service */
  accountOrigin: string;
  /** 'development' | 'beta' | 'production' */
  env: string;
  productId: string;
  appKey: string;
  communityInviteUrl: string;
  termsUrl: string;
  privacyUrl: string;
  /** the parent domain for the token cookie, e.g. studio.test; '' for host-only */
  cookieDomain: string;
  /**
   * base URL of static assets (spec section 7: promotion art, icons and pictures from a configurable resource
   * base, e.g. a CDN mirroring the API's paths); '' or absent means the API base. Read it through
   * `resourceUrl`.
   */
  resourceBase?: string;
}

/**
 * A static asset's URL: an absolute URL as it is; a path (e.g. the promotion art's `/v1/common/promo-art/…`)
 * against the configured resource base, or through the API base (`apiUrl`, the shell's `api.url`) without one.
 */
export function resourceUrl(config: Pick<ShellConfig, 'resourceBase'>, src: string, apiUrl: (path: string) => string): string {
  if (!src.startsWith('/') || src.startsWith('//')) return src;
  const base = (config.resourceBase ?? '').replace(/\/+$/, '');
  return base ? `${base}${src}` : apiUrl(src);
}

export interface SessionApi {
  /** a valtio proxy: read it with useSnapshot */
  state: SessionState;
  /** store a fresh login: token in the parent-domain cookie, local and session storage */
  setToken(token: string): void;
  setUser(user: User): void;
  /** re-fetch the user from /v1/user; answers null when logged out */
  refreshUser(): Promise<User | null>;
  clear(reason: 'logout' | 'unauthorized' | 'session-invalid' | 'uid-mismatch'): void;
}

export interface PreferencesApi {
  state: UserPreferences;
  set<K extends keyof UserPreferences>(key: K, value: UserPreferences[K]): void;
}

export interface ShellApi {
  config: ShellConfig;
  api: ApiClient;
  bus: EventBus;
  session: SessionApi;
  preferences: PreferencesApi;
  /** a valtio proxy of the viewport: width and the breakpoints of section 9 */
  viewport: ViewportState;
  toast: ToastApi;
  /** in-app navigation, or the link rules for absolute URLs */
  navigate(to: string, options?: { replace?: boolean }): void;
  /** tracking call; events go to the collector */
  track(event: string, props?: Record<string, unknown>): void;
  /** renders another remote's exposed module, loaded on demand (shell 2.x from the issue-12 picker on; absent before) */
  RemoteModule?: RemoteModuleHost;
}

export const ShellContext = createContext<ShellApi | null>(null);

export function useShell(): ShellApi {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useShell must be used inside the shell (ShellContext missing)');
  return shell;
}
