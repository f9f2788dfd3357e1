/** The account service's configuration, and how it is read from the environment. */
import { randomBytes } from 'node:crypto';

export interface AccountClientConfig {
  /** the client_id (the product's app_key) */
  id: string;
  name: string;
  secret: string;
  /** origins whose URLs may be redirect URIs and whose pages may frame the login page and hear its messages */
  allowedOrigins: string[];
  /** further redirect URIs allowed by exact match */
  redirectUris?: string[];
}

export interface RateLimitConfig {
  /** failed logins per IP within the window (successful ones do not count) */
  loginPerIp: number;
  /** failed logins per e-mail within the window */
  failuresPerEmail: number;
  /** sign-ups per IP within the window */
  registerPerIp: number;
  windowMs: number;
}

export interface AccountConfig {
  /** registered clients; upserted into account_clients at start */
  clients: AccountClientConfig[];
  /** HS256 key of the access tokens (at least 32 characters) */
  tokenSecret: string;
  /** iss of the access tokens */
  issuer?: string;
  /** the browser-facing origin of the account service, e.g. http://account.studio.test:8130; used for avatar URLs */
  publicOrigin?: string;
  /** Secure cookies: 'auto' sets Secure (and SameSite=None) when the request came over https */
  cookieSecure?: boolean | 'auto';
  /** a trusted proxy header holding the visitor's country (e.g. cf-ipcountry); the sign-up form's default */
  countryHeader?: string;
  productName?: string;
  rateLimit?: Partial<RateLimitConfig>;
  /** account session lifetime */
  sessionTtlMs?: number;
  /** authorization code lifetime */
  codeTtlMs?: number;
  /** access token lifetime in seconds */
  accessTokenTtlSeconds?: number;
  /** the clock (epoch ms); tests pass a fake one */
  now?: () => number;
  /** scrypt cost; tests may lower it */
  scrypt?: { N: number; r: number; p: number };
}

export const DEFAULT_RATE_LIMIT: RateLimitConfig = {
  loginPerIp: 20,
  failuresPerEmail: 5,
  registerPerIp: 20,
  windowMs: 15 * 60 * 1000,
};

export const DEFAULT_CLIENT_ID = 'studio-web';
/** the same development default as the product API's ACCOUNT_CLIENT_SECRET, so the embedded default needs no setting */
export const DEV_CLIENT_SECRET = 'dev-studio-web-secret';

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/**
 * Reads ACCOUNT_* variables. In production (NODE_ENV=production) the client secret and the token secret are
 * required; elsewhere a development secret and a per-process token key are used, with a warning.
 */
export function loadAccountConfig(env: NodeJS.ProcessEnv = process.env): AccountConfig {
  const production = env.NODE_ENV === 'production';
  const warn = (message: string) => console.warn(`[account] ${message}`);
  let secret = env.ACCOUNT_CLIENT_SECRET;
  if (!secret) {
    if (production) throw new Error('ACCOUNT_CLIENT_SECRET is required in production');
    warn('ACCOUNT_CLIENT_SECRET is not set: using the development client secret');
    secret = DEV_CLIENT_SECRET;
  }
  let tokenSecret = env.ACCOUNT_TOKEN_SECRET;
  if (!tokenSecret) {
    if (production) throw new Error('ACCOUNT_TOKEN_SECRET is required in production');
    tokenSecret = randomBytes(32).toString('base64url');
  }
  const allowedOrigins = list(env.ACCOUNT_ALLOWED_ORIGINS);
  if (allowedOrigins.length === 0) allowedOrigins.push('http://localhost:8080', 'http://app.studio.test:8080');
  const secure = env.ACCOUNT_COOKIE_SECURE;
  const number = (value: string | undefined) => (value && Number.isFinite(Number(value)) ? Number(value) : undefined);
  return {
    clients: [
      {
        id: env.ACCOUNT_CLIENT_ID || DEFAULT_CLIENT_ID,
        name: env.ACCOUNT_CLIENT_NAME || 'AI Video Generator',
        secret,
        allowedOrigins,
        redirectUris: list(env.ACCOUNT_REDIRECT_URIS),
      },
    ],
    tokenSecret,
    issuer: env.ACCOUNT_ISSUER || undefined,
    publicOrigin: env.ACCOUNT_PUBLIC_ORIGIN || undefined,
    cookieSecure: secure === '1' || secure === 'true' ? true : secure === '0' || secure === 'false' ? false : 'auto',
    countryHeader: env.ACCOUNT_COUNTRY_HEADER || env.COUNTRY_HEADER || undefined,
    rateLimit: {
      loginPerIp: number(env.ACCOUNT_LOGIN_PER_IP),
      failuresPerEmail: number(env.ACCOUNT_FAILURES_PER_EMAIL),
      registerPerIp: number(env.ACCOUNT_REGISTER_PER_IP),
      windowMs: number(env.ACCOUNT_RATE_WINDOW_MS),
    },
  };
}

export interface ResolvedAccountConfig extends Required<Omit<AccountConfig, 'publicOrigin' | 'countryHeader' | 'rateLimit'>> {
  publicOrigin?: string;
  countryHeader?: string;
  rateLimit: RateLimitConfig;
}

export function resolveConfig(config: AccountConfig): ResolvedAccountConfig {
  if (!config.tokenSecret || config.tokenSecret.length < 32) throw new Error('account: tokenSecret must be at least 32 characters');
  if (config.clients.length === 0) throw new Error('account: at least one client is required');
  const rateLimit = { ...DEFAULT_RATE_LIMIT };
  for (const [key, value] of Object.entries(config.rateLimit ?? {})) {
    if (typeof value === 'number') rateLimit[key as keyof RateLimitConfig] = value;
  }
  return {
    clients: config.clients,
    tokenSecret: config.tokenSecret,
    issuer: config.issuer ?? 'studio-account',
    publicOrigin: config.publicOrigin?.replace(/\/$/, ''),
    cookieSecure: config.cookieSecure ?? 'auto',
    countryHeader: config.countryHeader?.toLowerCase(),
    productName: config.productName ?? 'AI Video Generator',
    rateLimit,
    sessionTtlMs: config.sessionTtlMs ?? 30 * 24 * 60 * 60 * 1000,
    codeTtlMs: config.codeTtlMs ?? 60 * 1000,
    accessTokenTtlSeconds: config.accessTokenTtlSeconds ?? 3600,
    now: config.now ?? Date.now,
    scrypt: config.scrypt ?? { N: 32768, r: 8, p: 1 },
  };
}
