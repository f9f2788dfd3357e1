import { loadApiConfig, loadConfig, loadWorkerConfig } from './config';
import type { ApiEnv } from './env';
import { storageConfigFromEnv } from './modules/storage/config';

const production = { NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40), ACCOUNT_CLIENT_SECRET: 'secret' };

describe('loadApiConfig', () => {
  it('serves Swagger UI in production only when API_DOCS=1 asks for it', () => {
    expect(loadApiConfig(production).docs).toBe(false);
    expect(loadApiConfig({ ...production, API_DOCS: '1' }).docs).toBe(true);
    expect(loadApiConfig({}).docs).toBe(true);
    expect(loadApiConfig({ API_DOCS: '0' }).docs).toBe(false);
  });

  it('believes forwarding headers only from the proxies TRUST_PROXY names, never from everyone', () => {
    expect(loadApiConfig({}).proxyTrust).toBe(false);
    expect(loadApiConfig({ TRUST_PROXY: '10.0.0.0/8' }).proxyTrust).toBe('10.0.0.0/8');
    const oneHop = loadApiConfig({ TRUST_PROXY: '1' }).proxyTrust;
    expect(typeof oneHop === 'function' && oneHop('203.0.113.1', 0) && !oneHop('203.0.113.2', 1)).toBe(true);
    expect(() => loadApiConfig({ TRUST_PROXY: 'true' })).toThrow(/never 'true'/);
  });
});

describe('loadConfig', () => {
  const env = {
    ...production,
    PAYMENTS: 'stripe',
    STRIPE_SECRET_KEY: 'sk',
    STRIPE_WEBHOOK_SECRET: 'wh',
    CHECKIN_COUNTRIES: 'pe, cl',
    STORAGE_DIR: '/srv/studio-files',
    METRICS_TOKEN: 'scrape',
    TRACK_FORWARD_URL: 'https://collector.example/e',
    ENGINE_DEFAULT: 'comfyui',
    COMFYUI_URL: 'http://gpu:8188',
    WORKER: '0',
    AB_TESTS_OFF: 'a, b',
    PORT: '9000',
    SMTP_URL: 'smtps://mailer:secret@smtp.example:465',
    MAIL_FROM: 'Studio <no-reply@studio.example>',
  };

  it('reads every section from the environment it is given, once, into a frozen tree', () => {
    const before = { ...process.env };
    const config = loadConfig(env);
    expect(config.api.checkin.countries).toEqual(['PE', 'CL']);
    expect(config.api.storage.dir).toBe('/srv/studio-files');
    expect(config.storage).toBe(config.api.storage);
    expect(config.api.metrics.token).toBe('scrape');
    expect(config.api.mail).toMatchObject({ smtpUrl: 'smtps://mailer:secret@smtp.example:465', from: 'Studio <no-reply@studio.example>', devServer: null });
    expect(config.api.tracking.forwardUrl).toBe('https://collector.example/e');
    expect(config.api.billing.payments).toBe('stripe');
    expect(config.tasks.engines.default).toBe('comfyui');
    expect(config.tasks.engineEnv).toEqual({ ENGINE_DEFAULT: 'comfyui', COMFYUI_URL: 'http://gpu:8188' });
    expect(config.worker.mode).toBe('off');
    expect(config.abTestsOff).toEqual(['a', 'b']);
    expect(config.server).toEqual({ port: 9000, host: '127.0.0.1' });
    expect(config.production).toBe(true);
    expect(Object.isFrozen(config) && Object.isFrozen(config.api.storage.quotaBytes) && Object.isFrozen(config.api.checkin.countries)).toBe(true);
    expect(() => {
      (config.api.metrics as { token: string }).token = 'changed';
    }).toThrow(TypeError);
    // nothing read into process.env, nothing written to it
    expect(process.env).toEqual(before);
  });

  it('honours QA overrides only outside production (APP_ENV first, then NODE_ENV)', () => {
    expect(loadConfig({ APP_ENV: 'test' }).api.qaOverrides).toBe(true);
    expect(loadConfig({ ...env, APP_ENV: 'production' }).api.qaOverrides).toBe(false);
    expect(loadConfig(env).api.qaOverrides).toBe(false);
  });

  it('the API refuses a production start without its secrets and payments; a worker needs neither', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ ...production })).toThrow(/PAYMENTS=sandbox/);
    // a product that cannot send a password reset must not pretend it can
    const { SMTP_URL: _url, MAIL_FROM: _from, ...withoutMail } = env;
    expect(() => loadConfig(withoutMail)).toThrow(/SMTP_URL and MAIL_FROM are required/);
    const worker = loadWorkerConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/studio', WORKER_METRICS_PORT: '0' });
    expect(worker.database.url).toBe('postgres://db/studio');
    expect(worker.worker.metricsPort).toBe(0);
    expect('api' in worker).toBe(false);
  });

  it('bounds every database connection, from DB_*_TIMEOUT_MS or by default, and stops a start on a wrong value', () => {
    expect(loadWorkerConfig({}).database.timeouts).toEqual({ connectMs: 10000, statementMs: 60000, idleInTransactionMs: 60000, queryMs: 70000 });
    const worker = loadWorkerConfig({ DB_CONNECT_TIMEOUT_MS: '2000', DB_STATEMENT_TIMEOUT_MS: '30000', DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '0' });
    expect(worker.database.timeouts).toEqual({ connectMs: 2000, statementMs: 30000, idleInTransactionMs: 0, queryMs: 40000 });
    expect(() => loadConfig({ DB_STATEMENT_TIMEOUT_MS: '30s' })).toThrow('DB_STATEMENT_TIMEOUT_MS');
  });

  it('stops a start on a bad setting, naming it and its value (the API, its worker and the composed product)', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow('PORT must be integer (got "eighty")');
    expect(() => loadConfig({ JWT_TTL_SECONDS: '2d' })).toThrow('JWT_TTL_SECONDS must be integer (got "2d")');
    expect(() => loadApiConfig({ JWT_TTL_SECONDS: '0' })).toThrow('JWT_TTL_SECONDS must be >= 1');
    expect(() => loadWorkerConfig({ WORKER_METRICS_PORT: '70000' })).toThrow('WORKER_METRICS_PORT must be <= 65535');
    expect(() => loadWorkerConfig({ WORKER_CONCURRENCY_VIDEO: 'many' })).toThrow('WORKER_CONCURRENCY_VIDEO');
    expect(() => loadWorkerConfig({ WORKER_CONCURRENCY_VIDEO: '-1' })).toThrow('WORKER_CONCURRENCY_VIDEO must be >= 0');
    // 0 slots is a worker that serves no task of that lane (a video-only worker beside others)
    expect(loadWorkerConfig({ WORKER_CONCURRENCY_IMAGE: '0', WORKER_CONCURRENCY_VIDEO: '2' }).tasks.worker.concurrency).toMatchObject({ image: 0, video: 2 });
    expect(() => loadConfig({ SHOWCASE: 'huge' })).toThrow(/SHOWCASE must be equal to/);
    // the engines' own settings are checked at the API's and the worker's start too
    expect(() => loadWorkerConfig({ ENGINE_BG_MODEL: 'u2net' })).toThrow('ENGINE_BG_MODEL');
    // every bad setting at once, so one restart fixes them all
    expect(() => loadConfig({ PORT: 'eighty', TASKS_PER_DAY: 'lots' })).toThrow(/PORT must be integer .*; TASKS_PER_DAY must be integer/);
    // numbers read as numbers; an empty setting is unset
    const config = loadConfig({ PORT: '8150', JWT_TTL_SECONDS: '600', HOST: '' });
    expect([config.server.port, config.api.jwtTtlSeconds, config.server.host]).toEqual([8150, 600, '127.0.0.1']);
  });

  it("hands the modules' loaders the checked settings, so a setting needs its line in env.ts and is parsed once", () => {
    const config = loadConfig({ TRACK_RETENTION_DAYS: '7', STORAGE_UPLOAD_TTL_SECONDS: '60', STORAGE_QUOTA_FREE_MB: '1.5', API_KEY_REQUESTS_PER_MINUTE: '30', SHOWCASE: 'small' });
    expect([config.api.tracking.retentionDays, config.storage.uploadTtlSeconds, config.storage.quotaBytes.free]).toEqual([7, 60, 1.5 * 1024 * 1024]);
    expect([config.api.developer.keyRequestsPerMinute, config.api.discovery.showcase]).toEqual([30, 'small']);
    expect(() => loadConfig({ TRACK_RETENTION_DAYS: '0' })).toThrow('TRACK_RETENTION_DAYS must be >= 1');
    expect(() => loadConfig({ STORAGE_UPLOAD_TTL_SECONDS: 'an hour' })).toThrow('STORAGE_UPLOAD_TTL_SECONDS must be integer');
    // a loader reading a setting env.ts does not declare fails to compile
    // @ts-expect-error STORAGE_COLOUR has no line in env.ts
    const undeclared = (env: ApiEnv): string | undefined => env.STORAGE_COLOUR;
    expect(undeclared({})).toBeUndefined();
    expect(storageConfigFromEnv({ STORAGE_SIGN_TTL_SECONDS: 120 }).signTtlSeconds).toBe(120);
  });
});
