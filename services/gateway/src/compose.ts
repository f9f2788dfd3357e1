/**
 * The composed product in one process: web front end, product API, account service and worker. PGlite is
 * one process with one connection, so in the embedded default everything shares this process and this
 * database handle; with DATABASE_URL the services can also run as their own processes.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Database } from '@studio/db';
import { accountPlugin, loadAccountConfig, migrateAccount, seedDemoAccounts } from '@studio/account';
import {
  apiPlugin,
  createHttpAccountClient,
  createLedger,
  createStorageFromEnv,
  createTaskEngines,
  loadApiConfig,
  migrateApi,
  seedDemoData,
  startTaskWorker,
  workerConfigFromEnv,
} from '@studio/api';
import { createGateway } from './server.js';
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

/**
 * AB_TESTS_OFF=code1,code2 switches A/B tests off (everyone gets the default variant), for an
 * integration environment or an incident; the tests stay in the catalogue to switch on again.
 */
async function switchOffAbTests(db: Database, list: string | undefined): Promise<void> {
  const codes = (list ?? '').split(',').map((code) => code.trim()).filter(Boolean);
  if (codes.length) await db.query('UPDATE ab_tests SET active = false WHERE code = ANY($1::text[])', [codes]);
}

export async function startProduct(options: ProductOptions): Promise<RunningProduct> {
  const baseEnv = options.env ?? process.env;
  const dataDir = options.dataDir ?? baseEnv.PGLITE_DATA_DIR ?? path.join(options.rootDir, '.data', 'pglite');
  const embedded = !baseEnv.DATABASE_URL;
  const production = baseEnv.NODE_ENV === 'production';
  const secrets = embedded && !production ? localSecrets(dataDir) : null;
  const env: NodeJS.ProcessEnv = {
    ...baseEnv,
    JWT_SECRET: baseEnv.JWT_SECRET ?? secrets?.jwtSecret,
    ACCOUNT_TOKEN_SECRET: baseEnv.ACCOUNT_TOKEN_SECRET ?? secrets?.accountTokenSecret,
    ACCOUNT_CLIENT_SECRET: baseEnv.ACCOUNT_CLIENT_SECRET ?? secrets?.clientSecret,
    ACCOUNT_INTERNAL_URL: baseEnv.ACCOUNT_INTERNAL_URL ?? `http://127.0.0.1:${options.port}/account`,
    ACCOUNT_ALLOWED_ORIGINS: baseEnv.ACCOUNT_ALLOWED_ORIGINS ?? `http://localhost:${options.port},http://127.0.0.1:${options.port}`,
    PUBLIC_URL: baseEnv.PUBLIC_URL ?? `http://localhost:${options.port}`,
    // uploads and results beside the embedded database, so one data folder holds the whole product
    STORAGE_DIR: baseEnv.STORAGE_DIR ?? (embedded ? `${dataDir}-storage` : undefined),
  };
  // the storage and engine settings are read from the process environment by the API's modules
  if (env.STORAGE_DIR) process.env.STORAGE_DIR = env.STORAGE_DIR;

  const db = await openDatabase({ url: env.DATABASE_URL, dataDir });
  await migrateAccount(db);
  await migrateApi(db);
  const accountConfig = loadAccountConfig(env);
  const apiConfig = loadApiConfig(env);
  if (embedded && !production && env.SEED_DEMO !== '0') {
    await seedDemoAccounts(db);
    await seedDemoData(db);
  }
  await switchOffAbTests(db, env.AB_TESTS_OFF);
  const accountClient = createHttpAccountClient({
    baseUrl: apiConfig.accountInternalUrl,
    clientId: apiConfig.accountClientId,
    clientSecret: apiConfig.accountClientSecret,
  });

  const app = await createGateway({
    rootDir: options.rootDir,
    logger: options.logger,
    shellConfig: shellConfigFromEnv(env),
    remotesJsonPath: env.REMOTES_JSON,
    seo: { canonicalOrigin: env.CANONICAL_ORIGIN },
    mountServices: async (gateway) => {
      gateway.addHook('onRequest', stripUntrustedCountry(env.COUNTRY_HEADER));
      await gateway.register(accountPlugin, { prefix: '/account', db, config: accountConfig });
      await gateway.register(apiPlugin, { db, config: apiConfig, accountClient, skipMigrations: true });
    },
  });
  await app.listen({ port: options.port, host: options.host });
  // the worker runs in this process in the embedded default (PGlite is one process); WORKER=0 leaves it
  // to `services/api/src/worker-main.ts` processes on a PostgreSQL server
  const engines = env.WORKER === '0' ? null : await createTaskEngines(env);
  const worker = engines
    ? await startTaskWorker({ db, ledger: createLedger(db), storage: createStorageFromEnv(env), engines, config: workerConfigFromEnv(env), log: app.log })
    : null;
  const shownHost = options.host === '0.0.0.0' || options.host === '::' ? 'localhost' : options.host;
  return {
    url: `http://${shownHost}:${options.port}`,
    app,
    db,
    async close() {
      await worker?.stop();
      await engines?.close();
      await app.close();
      await db.close();
    },
  };
}
