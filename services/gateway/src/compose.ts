/**
 * The composed product in one process: web front end, product API, account service and worker. PGlite is
 * one process with one connection, so in the embedded default everything shares this process and this
 * database handle; with DATABASE_URL the services can also run as their own processes.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@studio/db';
import { accountPlugin, loadAccountConfig, migrateAccount, seedDemoAccounts } from '@studio/account';
import { apiPlugin, bootstrap, loadConfig, runsWorker, startWorker } from '@studio/api';
import { createGateway } from './server.js';
import { parseOrigins } from './security.js';
import { stripUntrustedCountry } from './country-header.js';

export interface ProductOptions {
  rootDir: string;
  port: number;
  host: string;
  /** PGlite data folder (default <root>/.data/pglite); ignored when DATABASE_URL is set */
  dataDir?: string;
  logger?: boolean;
  env?: NodeJS.ProcessEnv;
}

export interface RunningProduct {
  url: string;
  app: FastifyInstance;
  db: Database;
  close(): Promise<void>;
}

export function shellConfigFromEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return {
    apiBase: env.API_BASE ?? '',
    accountOrigin: env.ACCOUNT_ORIGIN ?? '',
    env: env.APP_ENV ?? (env.NODE_ENV === 'production' ? 'production' : 'development'),
    productId: env.PRODUCT_ID ?? 'ai-media-studio',
    appKey: env.ACCOUNT_CLIENT_ID ?? 'studio-web',
    communityInviteUrl: env.COMMUNITY_INVITE_URL ?? 'https://discord.com/invite/ai-media-studio',
    termsUrl: env.TERMS_URL ?? '/terms',
    privacyUrl: env.PRIVACY_URL ?? '/privacy',
    cookieDomain: env.COOKIE_DOMAIN ?? '',
    chatWidgetUrl: env.CHAT_WIDGET_URL ?? '',
    chatWidgetSelector: env.CHAT_WIDGET_SELECTOR ?? '',
    resourceBase: env.RESOURCE_BASE_URL ?? '',
  };
}

interface LocalSecrets {
  jwtSecret: string;
  accountTokenSecret: string;
  clientSecret: string;
}

/**
 * Secrets of the embedded default, made once per data folder and kept beside it, so a restart keeps
 * everyone signed in. Production sets them in the environment instead.
 */
function localSecrets(dataDir: string): LocalSecrets {
  const file = `${dataDir}-secrets.json`;
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as LocalSecrets;
  const secrets: LocalSecrets = {
    jwtSecret: randomBytes(32).toString('base64url'),
    accountTokenSecret: randomBytes(32).toString('base64url'),
    clientSecret: randomBytes(24).toString('base64url'),
  };
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

export async function startProduct(options: ProductOptions): Promise<RunningProduct> {
  const baseEnv = options.env ?? process.env;
  const dataDir = options.dataDir ?? baseEnv.PGLITE_DATA_DIR ?? path.join(options.rootDir, '.data', 'pglite');
  const embedded = !baseEnv.DATABASE_URL;
  const production = baseEnv.NODE_ENV === 'production';
  const secrets = embedded && !production ? localSecrets(dataDir) : null;
  // the embedded default's settings on top of the environment; the process environment itself is never written
  const env: NodeJS.ProcessEnv = {
    ...baseEnv,
    PGLITE_DATA_DIR: dataDir,
    JWT_SECRET: baseEnv.JWT_SECRET ?? secrets?.jwtSecret,
    ACCOUNT_TOKEN_SECRET: baseEnv.ACCOUNT_TOKEN_SECRET ?? secrets?.accountTokenSecret,
    ACCOUNT_CLIENT_SECRET: baseEnv.ACCOUNT_CLIENT_SECRET ?? secrets?.clientSecret,
    ACCOUNT_INTERNAL_URL: baseEnv.ACCOUNT_INTERNAL_URL ?? `http://127.0.0.1:${options.port}/account`,
    ACCOUNT_ALLOWED_ORIGINS: baseEnv.ACCOUNT_ALLOWED_ORIGINS ?? `http://localhost:${options.port},http://127.0.0.1:${options.port}`,
    PUBLIC_URL: baseEnv.PUBLIC_URL ?? `http://localhost:${options.port}`,
    // uploads and results beside the embedded database, so one data folder holds the whole product
    STORAGE_DIR: baseEnv.STORAGE_DIR ?? (embedded ? `${dataDir}-storage` : undefined),
  };
  // one config, read once: the API's and its modules' (config.ts), the account service's
  const config = loadConfig(env);
  const accountConfig = loadAccountConfig(env);
  // the embedded default (PGlite, not production) gets the demo accounts and their product data
  const services = await bootstrap(config, { migrate: migrateAccount, seed: true });
  const { db, ledger, auth, storage, accountClient } = services;
  if (embedded && !production && config.seed.demo) await seedDemoAccounts(db);

  const app = await createGateway({
    rootDir: options.rootDir,
    logger: options.logger,
    shellConfig: shellConfigFromEnv(env),
    remotesJsonPath: env.REMOTES_JSON,
    trustProxy: config.api.proxyTrust ?? false,
    embedOrigins: parseOrigins(env.EMBED_ORIGINS),
    seo: { canonicalOrigin: env.CANONICAL_ORIGIN },
    mountServices: async (gateway) => {
      gateway.addHook('onRequest', stripUntrustedCountry(config.api.countryHeader));
      await gateway.register(accountPlugin, { prefix: '/account', db, config: accountConfig });
      await gateway.register(apiPlugin, { db, config: config.api, accountClient, ledger, auth, storage, skipMigrations: true });
    },
  });
  await app.listen({ port: options.port, host: options.host });
  // the worker runs in this process in the embedded default (PGlite is one process); WORKER=0 leaves it
  // to `services/api/src/worker-main.ts` processes on a PostgreSQL server
  const worker = runsWorker(config, db, true) ? await startWorker(config, services, app.log) : null;
  const shownHost = options.host === '0.0.0.0' || options.host === '::' ? 'localhost' : options.host;
  return {
    url: `http://${shownHost}:${options.port}`,
    app,
    db,
    async close() {
      await worker?.stop();
      await app.close();
      await services.close();
    },
  };
}
