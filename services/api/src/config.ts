/**
 * The one typed configuration of the services, read once from the environment by the entry points
 * (`loadConfig`, `loadWorkerConfig`) and frozen; nothing else reads process.env, and nothing writes it.
 * The environment is first checked against the API's one schema (env.ts, `ApiEnvSchema`): a bad setting stops
 * the start with its name. A module gets its section through ModuleContext.config (e.g. `ctx.config.storage`).
 */
import path from 'node:path';
import { parseTrustProxy, timeoutsFromEnv, type PoolTimeouts, type ProxyTrust } from '@studio/db';
import { loadMailConfig, type MailConfig } from '@studio/mail';
import { checkApiEnv, type ApiEnv } from './env.js';
import { loadBillingConfig, type BillingConfig } from './modules/billing/config.js';
import { developerConfigFromEnv, type DeveloperConfig } from './modules/developer/config.js';
import { parseCountries } from './modules/checkin/countries.js';
import { showcaseSizeFromEnv, type ShowcaseSize } from './modules/discovery/showcase-size.js';
import { storageConfigFromEnv, type StorageConfig } from './modules/storage/config.js';
import { creationLimitsFromEnv, type CreationLimits } from './modules/tasks/creation-limits.js';
import { engineConfigFromEnv } from './modules/tasks/engines.js';
import { planRulesFromEnv, type PlanRules } from './modules/tasks/pricing.js';
import { queueConfigFromEnv, type QueueConfig } from './modules/tasks/queue.js';
import { workerConfigFromEnv, type TaskWorkerConfig } from './modules/tasks/worker-config.js';

type EngineConfig = ReturnType<typeof engineConfigFromEnv>;

/** The product API's own settings (the core of ApiConfig). `loadApiConfig` reads them from the environment. */
export interface ApiCoreConfig {
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

/** The settings of the API's modules, one section each. */
export interface ModuleSections {
  /** APP_ENV (else NODE_ENV) is not production: QA overrides such as the ab_override cookie are honoured */
  qaOverrides: boolean;
  storage: StorageConfig;
  billing: BillingConfig;
  checkin: { countries: readonly string[] };
  tracking: { retentionDays: number; batchesPerMinute: number; forwardUrl: string };
  metrics: { token: string };
  discovery: { showcase: ShowcaseSize };
  tasks: TasksConfig;
  /** how mail is sent (SMTP_URL, MAIL_FROM, the local server in development; see @studio/mail) */
  mail: MailConfig;
  /** personal API keys and webhooks (modules/developer/keys.ts) */
  developer: DeveloperConfig;
}

/** The task pipeline's settings (modules/tasks: the API's routes and the worker). */
export interface TasksConfig {
  worker: Partial<TaskWorkerConfig>;
  queue: QueueConfig;
  rules: PlanRules;
  creationLimits: CreationLimits;
  engines: EngineConfig;
  /** the ENGINE_* and COMFYUI_* settings, in the form the engines package reads them */
  engineEnv: Readonly<Record<string, string | undefined>>;
}

/** What a module of the API sees as ctx.config: the API's core settings and every module's section. */
export type ApiConfig = ApiCoreConfig & ModuleSections;

const DEV_JWT_SECRET = 'dev-only-secret-change-me-0123456789abcdef';

/** The API's own settings of an environment (checked first: see env.ts). */
export function loadApiConfig(env: NodeJS.ProcessEnv): ApiCoreConfig {
  return apiCoreOf(checkApiEnv(env));
}

function apiCoreOf(env: ApiEnv): ApiCoreConfig {
  const production = env.NODE_ENV === 'production';
  const jwtSecret = env.JWT_SECRET ?? (production ? '' : DEV_JWT_SECRET);
  if (production && jwtSecret.length < 32) {
    throw new Error('JWT_SECRET must be set to at least 32 characters when NODE_ENV=production');
  }
  return {
    jwtSecret,
    jwtTtlSeconds: env.JWT_TTL_SECONDS ?? 2 * 24 * 3600,
    accountInternalUrl: env.ACCOUNT_INTERNAL_URL ?? 'http://127.0.0.1:8080/account',
    accountClientId: env.ACCOUNT_CLIENT_ID ?? 'studio-web',
    accountClientSecret: env.ACCOUNT_CLIENT_SECRET ?? (production ? '' : 'dev-studio-web-secret'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY) !== false,
    proxyTrust: parseTrustProxy(env.TRUST_PROXY),
    countryHeader: (env.COUNTRY_HEADER ?? '').trim().toLowerCase(),
    publicUrl: env.PUBLIC_URL ?? '',
    grantRecheckSeconds: env.ACCOUNT_RECHECK_SECONDS ?? 60,
    // Swagger UI is for development: production serves it only when API_DOCS=1 says so
    docs: production ? env.API_DOCS === '1' : env.API_DOCS !== '0',
    operatorUids: (env.OPERATOR_UIDS ?? '').split(/[\s,]+/).filter(Boolean),
  };
}

/**
 * The module sections of an environment (each module's own loader reads its variables). The loaders read the
 * checked settings (`ApiEnv`: a number is a number, an enum one of its values), so a setting read without its
 * line in env.ts fails tsc; the tasks' and mail's loaders still read the raw environment.
 */
export function loadModuleSections(env: NodeJS.ProcessEnv, checked: ApiEnv = checkApiEnv(env)): ModuleSections {
  return {
    qaOverrides: (checked.APP_ENV ?? checked.NODE_ENV) !== 'production',
    storage: storageConfigFromEnv(checked),
    billing: loadBillingConfig(checked),
    checkin: { countries: parseCountries(checked.CHECKIN_COUNTRIES) },
    tracking: {
      retentionDays: checked.TRACK_RETENTION_DAYS ?? 30,
      batchesPerMinute: checked.TRACK_BATCHES_PER_MINUTE ?? 120,
      forwardUrl: checked.TRACK_FORWARD_URL ?? '',
    },
    metrics: { token: checked.METRICS_TOKEN ?? '' },
    discovery: { showcase: showcaseSizeFromEnv(checked) },
    tasks: loadTasksConfig(env),
    mail: loadMailConfig(env),
    developer: developerConfigFromEnv(checked),
  };
}

function loadTasksConfig(env: NodeJS.ProcessEnv): TasksConfig {
  return {
    worker: workerConfigFromEnv(env),
    queue: queueConfigFromEnv(env),
    rules: planRulesFromEnv(env),
    creationLimits: creationLimitsFromEnv(env),
    engines: engineConfigFromEnv(env),
    engineEnv: Object.fromEntries(Object.entries(env).filter(([name]) => /^(ENGINE_|COMFYUI_)/.test(name))),
  };
}

/** What every entry point (API, worker, composed product) builds its services from: see bootstrap.ts. */
export interface RuntimeConfig {
  production: boolean;
  /**
   * DATABASE_URL (a PostgreSQL server), else PGlite in PGLITE_DATA_DIR (default .data/pglite); the bounds of
   * every connection: DB_CONNECT_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS, DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
   * DB_QUERY_TIMEOUT_MS (@studio/db timeouts.ts)
   */
  database: { url: string; dataDir: string; timeouts: PoolTimeouts };
  storage: StorageConfig;
  tasks: TasksConfig;
  /** LOG_LEVEL (default info) */
  logLevel: string;
  /** WORKER=1 on, 0 off, else auto (in-process on the embedded database); WORKER_METRICS_PORT (9464; 0 = none) */
  worker: { mode: 'on' | 'off' | 'auto'; metricsPort: number };
  /** SEED_DEMO=0 skips the demo data of the embedded database */
  /** demo: the demo data of the embedded default (SEED_DEMO unset or 1; 0 never); onServer: also into a
   * PostgreSQL server, only when SEED_DEMO=1 says so (an integration environment, as the account service's
   * ACCOUNT_SEED_DEMO=1 seeds their credentials there) */
  seed: { demo: boolean; onServer: boolean };
  /** IMAGE_DECODE_CONCURRENCY: heavy picture decodes at once in this process (default 2) */
  imageDecodeConcurrency: number;
}

/** The API's (and the composed product's) whole configuration. */
export interface StudioConfig extends RuntimeConfig {
  api: ApiConfig;
  /** PORT (8120) and HOST (127.0.0.1) of the API on its own */
  server: { port: number; host: string };
  /** AB_TESTS_OFF=code1,code2: A/B tests switched off at start (everyone gets the default plan) */
  abTestsOff: string[];
}

export function isProduction(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.NODE_ENV === 'production';
}

function loadRuntime(env: NodeJS.ProcessEnv, checked: ApiEnv, storage: StorageConfig, tasks: TasksConfig): RuntimeConfig {
  return {
    production: isProduction(env),
    database: { url: env.DATABASE_URL ?? '', dataDir: path.resolve(env.PGLITE_DATA_DIR ?? '.data/pglite'), timeouts: timeoutsFromEnv(env) },
    storage,
    tasks,
    logLevel: env.LOG_LEVEL ?? 'info',
    worker: { mode: env.WORKER === '1' ? 'on' : env.WORKER === '0' ? 'off' : 'auto', metricsPort: checked.WORKER_METRICS_PORT ?? 9464 },
    seed: { demo: env.SEED_DEMO !== '0', onServer: env.SEED_DEMO === '1' },
    imageDecodeConcurrency: checked.IMAGE_DECODE_CONCURRENCY ?? 2,
  };
}

/** Freezes a settings tree (plain objects and arrays; functions such as a proxy-trust test are left as they are). */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** The whole configuration of an environment, read once and frozen (the API's and the composed product's start). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): StudioConfig {
  const checked = checkApiEnv(env);
  const api: ApiConfig = { ...apiCoreOf(checked), ...loadModuleSections(env, checked) };
  return deepFreeze({
    ...loadRuntime(env, checked, api.storage, api.tasks),
    api,
    server: { port: checked.PORT ?? 8120, host: checked.HOST ?? '127.0.0.1' },
    abTestsOff: (env.AB_TESTS_OFF ?? '').split(',').map((code) => code.trim()).filter(Boolean),
  });
}

/** What a worker process needs (no API secrets, no payment settings), read once and frozen. */
export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env): RuntimeConfig {
  const checked = checkApiEnv(env);
  return deepFreeze(loadRuntime(env, checked, storageConfigFromEnv(checked), loadTasksConfig(env)));
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
    // the defaults of a test run (NODE_ENV=test: no billing scheduler, no showcase job)
    ...loadModuleSections({ NODE_ENV: 'test' }),
    // mail goes nowhere unless a test names its SMTP server (nothing listens on port 9): one attempt, then failed
    mail: { ...loadMailConfig({ SMTP_URL: 'smtp://127.0.0.1:9', MAIL_FROM: 'test@studio.test' }), maxAttempts: 1 },
    ...overrides,
  };
}
