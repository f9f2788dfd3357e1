import { parseTrustProxy, type ProxyTrust } from '@studio/db';

/** The product API's settings. `loadApiConfig` reads them from the environment. */
export interface ApiConfig {
  /** HS256 secret for the product JWT (at least 32 characters in production) */
  jwtSecret: string;
  /** lifetime of a JWT and of the session it carries, in seconds (default 2 days, the token cookie's life) */
  jwtTtlSeconds: number;
  /** the account service as this process reaches it, e.g. http://127.0.0.1:8080/account */
  accountInternalUrl: string;
  /** the product's OAuth client at the account service */
  accountClientId: string;
  accountClientSecret: string;
  /** when true the client address of X-Forwarded-For is believed (the API sits behind a proxy) */
  trustProxy: boolean;
  /** which proxies are believed about the client address (TRUST_PROXY: a hop count or their addresses);
   *  unset: `trustProxy` decides (tests) */
  proxyTrust?: ProxyTrust;
  /**
   * the header a trusted edge puts the visitor's country in (e.g. cf-ipcountry), set only when the edge
   * overwrites it; '' (the default) = no header is believed and the offline IP database decides
   */
  countryHeader: string;
  /** the API's public origin for the OpenAPI document; '' documents relative paths (same origin) */
  publicUrl: string;
  /** how often a session's account grant is asked about (ACCOUNT_RECHECK_SECONDS, default 60) */
  grantRecheckSeconds: number;
  /** serve Swagger UI at /v1/docs */
  docs: boolean;
  /** user ids allowed to review reported explore items (OPERATOR_UIDS, comma-separated; default none) */
  operatorUids: string[];
}

export const DEV_JWT_SECRET = 'dev-only-secret-change-me-0123456789abcdef';

export function loadApiConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const production = env.NODE_ENV === 'production';
  const jwtSecret = env.JWT_SECRET ?? (production ? '' : DEV_JWT_SECRET);
  if (production && jwtSecret.length < 32) {
    throw new Error('JWT_SECRET must be set to at least 32 characters when NODE_ENV=production');
  }
  return {
    jwtSecret,
    jwtTtlSeconds: Number(env.JWT_TTL_SECONDS ?? 2 * 24 * 3600),
    accountInternalUrl: env.ACCOUNT_INTERNAL_URL ?? 'http://127.0.0.1:8080/account',
    accountClientId: env.ACCOUNT_CLIENT_ID ?? 'studio-web',
    accountClientSecret: env.ACCOUNT_CLIENT_SECRET ?? (production ? '' : 'dev-studio-web-secret'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY) !== false,
    proxyTrust: parseTrustProxy(env.TRUST_PROXY),
    countryHeader: (env.COUNTRY_HEADER ?? '').trim().toLowerCase(),
    publicUrl: env.PUBLIC_URL ?? '',
    grantRecheckSeconds: Number(env.ACCOUNT_RECHECK_SECONDS ?? 60),
    // Swagger UI is for development: production serves it only when API_DOCS=1 says so
    docs: production ? env.API_DOCS === '1' : env.API_DOCS !== '0',
    operatorUids: (env.OPERATOR_UIDS ?? '').split(/[\s,]+/).filter(Boolean),
  };
}

/** A config for tests and benches: everything set, nothing read from the environment. */
export function testApiConfig(overrides: Partial<ApiConfig> = {}): ApiConfig {
  return {
    jwtSecret: 'test-secret-0123456789abcdef0123456789abcdef',
    jwtTtlSeconds: 3600,
    accountInternalUrl: 'http://127.0.0.1:1/account',
    accountClientId: 'studio-web',
    accountClientSecret: 'test-client-secret',
    trustProxy: false,
    countryHeader: '',
    publicUrl: '',
    grantRecheckSeconds: 0,
    docs: true,
    operatorUids: [],
    ...overrides,
  };
}
