/** The account service's configuration, and how it is read from the environment. */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { parseTrustProxy, timeoutsFromEnv, type PoolTimeouts, type ProxyTrust } from '@studio/db';
import { loadMailConfig, type MailConfig } from '@studio/mail';
import { checkAccountEnv } from './env.js';

export interface AccountClientConfig {
  /** the client_id (the product's app_key) */
  id: string;
  name: string;
  secret: string;
  /** origins whose URLs may be redirect URIs and whose pages may frame the login page and hear its messages */
  allowedOrigins: string[];
  /** further redirect URIs allowed by exact match */
  redirectUris?: string[];
  /**
   * where the client hears about accounts (POST, signed with its secret): a deletion is told here before the
   * account is removed, so the product cancels its plans and removes its data; unset: the client is not told
   */
  eventsUrl?: string;
}

interface RateLimitConfig {
  /** failed logins per IP within the window (successful ones do not count) */
  loginPerIp: number;
  /** failed logins per e-mail within the window */
  failuresPerEmail: number;
  /** sign-ups per IP within the window */
  registerPerIp: number;
  /** password-reset requests per IP, and per e-mail address, within the window */
  resetPerIp: number;
  resetPerEmail: number;
  /** confirmation mails per address within the window */
  verifyPerEmail: number;
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
  /** how mail is sent (SMTP_URL, MAIL_FROM; the local server in development) */
  mail?: MailConfig;
  /** the product's Terms and Privacy pages, linked from the sign-up consent */
  legal?: { termsUrl: string; privacyUrl: string };
  /** where pages opened from a mail send the person back to (default: the first client's first origin + /home) */
  studioUrl?: string;
  /** lifetime of a password-reset link (default 30 minutes) and of a confirmation link (default 48 hours) */
  resetTtlMs?: number;
  verifyTtlMs?: number;
  /** the OpenID Provider's signing key (a private JWK, RS256); unset outside production: made per data folder */
  oidcSigningKey?: string;
}

const DEFAULT_RATE_LIMIT: RateLimitConfig = {
  loginPerIp: 20,
  failuresPerEmail: 5,
  registerPerIp: 20,
  resetPerIp: 10,
  resetPerEmail: 3,
  verifyPerEmail: 3,
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
export function loadAccountConfig(raw: NodeJS.ProcessEnv = process.env): AccountConfig {
  const env = checkAccountEnv(raw);
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
  return {
    clients: [
      {
        id: env.ACCOUNT_CLIENT_ID || DEFAULT_CLIENT_ID,
        name: env.ACCOUNT_CLIENT_NAME || 'AI Video Generator',
        secret,
        allowedOrigins,
        redirectUris: list(env.ACCOUNT_REDIRECT_URIS),
        eventsUrl: env.ACCOUNT_CLIENT_EVENTS_URL || undefined,
      },
    ],
    tokenSecret,
    issuer: env.ACCOUNT_ISSUER || undefined,
    publicOrigin: env.ACCOUNT_PUBLIC_ORIGIN || undefined,
    cookieSecure: secure === '1' || secure === 'true' ? true : secure === '0' || secure === 'false' ? false : 'auto',
    countryHeader: env.ACCOUNT_COUNTRY_HEADER || env.COUNTRY_HEADER || undefined,
    rateLimit: {
      loginPerIp: env.ACCOUNT_LOGIN_PER_IP,
      failuresPerEmail: env.ACCOUNT_FAILURES_PER_EMAIL,
      registerPerIp: env.ACCOUNT_REGISTER_PER_IP,
      resetPerIp: env.ACCOUNT_RESET_PER_IP,
      resetPerEmail: env.ACCOUNT_RESET_PER_EMAIL,
      verifyPerEmail: env.ACCOUNT_VERIFY_PER_EMAIL,
      windowMs: env.ACCOUNT_RATE_WINDOW_MS,
    },
    mail: loadMailConfig(raw),
    legal: env.ACCOUNT_TERMS_URL || env.ACCOUNT_PRIVACY_URL ? { termsUrl: env.ACCOUNT_TERMS_URL ?? '', privacyUrl: env.ACCOUNT_PRIVACY_URL ?? '' } : undefined,
    studioUrl: env.ACCOUNT_STUDIO_URL || undefined,
    oidcSigningKey: production ? required(env.ACCOUNT_OIDC_SIGNING_KEY, 'ACCOUNT_OIDC_SIGNING_KEY') : env.ACCOUNT_OIDC_SIGNING_KEY || undefined,
  };
}

/** How the account service runs on its own (main.ts): its address, its database, the proxies it believes. */
export interface AccountServerSettings {
  port: number;
  host: string;
  database: { url?: string; dataDir: string; timeouts: PoolTimeouts };
  trustProxy: ProxyTrust | undefined;
  /** seed the demo accounts: never in production; on PGlite, or on PostgreSQL when ACCOUNT_SEED_DEMO=1 */
  seedDemo: boolean;
}

/** The account service's settings on its own, checked with the rest (see env.ts). */
export function loadAccountServerSettings(raw: NodeJS.ProcessEnv = process.env): AccountServerSettings {
  const env = checkAccountEnv(raw);
  return {
    port: env.ACCOUNT_PORT ?? 8130,
    host: env.ACCOUNT_HOST ?? '127.0.0.1',
    // DB_*_TIMEOUT_MS, as the API reads them (@studio/db timeouts.ts)
    database: { url: env.DATABASE_URL, dataDir: path.resolve(env.ACCOUNT_PGLITE_DATA_DIR ?? '.data/pglite-account'), timeouts: timeoutsFromEnv(raw) },
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    seedDemo: env.NODE_ENV !== 'production' && (!env.DATABASE_URL || env.ACCOUNT_SEED_DEMO === '1'),
  };
}

function required(value: string | undefined, name: string): string {
  if (!value) throw new Error(`${name} is required in production`);
  return value;
}

export interface ResolvedAccountConfig
  extends Required<Omit<AccountConfig, 'publicOrigin' | 'countryHeader' | 'rateLimit' | 'mail' | 'oidcSigningKey'>> {
  publicOrigin?: string;
  countryHeader?: string;
  rateLimit: RateLimitConfig;
  mail: MailConfig;
  oidcSigningKey?: string;
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
    mail: config.mail ?? loadMailConfig({}),
    legal: config.legal ?? { termsUrl: '', privacyUrl: '' },
    studioUrl: config.studioUrl ?? `${config.clients[0].allowedOrigins[0] ?? ''}/home`,
    resetTtlMs: config.resetTtlMs ?? 30 * 60 * 1000,
    verifyTtlMs: config.verifyTtlMs ?? 48 * 3600 * 1000,
    oidcSigningKey: config.oidcSigningKey,
  };
}
