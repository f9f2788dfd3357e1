/**
 * The product API as a Fastify plugin: every route under /v1 and /api, the envelope on every answer, a 404
 * envelope for unknown paths under both prefixes, the OpenAPI document with Swagger UI at /v1/docs, and
 * the modules of the registry. The gateway registers it at the root of the composed origin.
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { migrate, type Database } from '@studio/db';
import { migrateRateCounter } from '@studio/db/rate-counter';
import { Mailer, migrateMail } from '@studio/mail';
import type { AccountClient } from './account-client.js';
import { createAuth, type AuthService } from './auth.js';
import { applyCatalogue } from './modules/catalogue/index.js';
import type { ApiConfig } from './config.js';
import { incomingTraceId, installEnvelopeHandlers, installNotFound } from './http.js';
import { createLedger, type Ledger } from './modules/credits/ledger.js';
import type { StorageAdapter } from './modules/storage/adapter.js';
import { createStorage } from './modules/storage/config.js';
import { apiModules, coreModules } from './modules/registry.js';
import type { ApiModuleDefinition, ModuleContext } from './modules/types.js';
import { grantDueMembershipCredits } from './modules/billing/grants.js';
import { createKeyAuthenticator } from './modules/developer/keys.js';
import { DEVELOPER_OPENAPI_SCHEMAS, DEVELOPER_SECURITY_SCHEMES, DEVELOPER_TAG } from './modules/developer/openapi.js';

export const API_MIGRATIONS_DIR = path.resolve(__dirname, '..', 'migrations');

export interface ApiPluginOptions {
  db: Database;
  config: ApiConfig;
  accountClient: AccountClient;
  /** modules to register; default: the registry (src/modules/registry.ts) */
  modules?: ApiModuleDefinition[];
  /** the start command may have migrated already */
  skipMigrations?: boolean;
  /** release credit holds left behind by crashed workers every this many ms (default 60000; 0 = off) */
  holdSweepMs?: number;
  /** called with the services the plugin built (benches and tests reach the ledger this way) */
  onReady?: (ctx: ModuleContext) => void;
  /** services bootstrap built (the entry points); unset, the plugin builds its own from db and config */
  ledger?: Ledger;
  auth?: AuthService;
  storage?: StorageAdapter;
  /** the mail queue bootstrap built; unset, the plugin makes its own from config.mail and stops it on close */
  mailer?: Mailer;
}

/** The API's auth on the account service: a session stands while its account grant does. */
export function createApiAuth(db: Database, config: ApiConfig, accountClient: AccountClient): AuthService {
  // membership credits are granted by the billing lifecycle job and at fulfilment, never when a token is checked
  return createAuth(db, config, {
    grantActive: accountClient.tokenActive ? (grant) => accountClient.tokenActive!(grant) : undefined,
    grantRecheckMs: config.grantRecheckSeconds * 1000,
    apiKeys: createKeyAuthenticator(db, config.developer),
  });
}

/** Applies the API's SQL migrations and the catalogue step. Safe at every start. */
export async function migrateApi(db: Database): Promise<string[]> {
  // the one rate counter's table first: a migration of the API's moves its old counts there
  const applied = await migrateRateCounter(db);
  applied.push(...(await migrate(db, 'api', API_MIGRATIONS_DIR)));
  // the mail outbox: the shop's mails are found by what it already holds (receipts, reminders)
  applied.push(...(await migrateMail(db)));
  if (await applyCatalogue(db)) applied.push('catalogue');
  return applied;
}

export async function apiPlugin(app: FastifyInstance, opts: ApiPluginOptions): Promise<void> {
  const { db, config, accountClient } = opts;
  if (!opts.skipMigrations) await migrateApi(db);
  const ledger = opts.ledger ?? createLedger(db);
  const auth = opts.auth ?? createApiAuth(db, config, accountClient);
  const mailer = opts.mailer ?? new Mailer({ db, config: config.mail, log: app.log });
  if (!opts.mailer) app.addHook('onClose', async () => mailer.stop());
  const ctx: ModuleContext = {
    mailer,
    db,
    config,
    accountClient,
    ledger,
    auth,
    storage: opts.storage ?? createStorage(config.storage),
    ensureMembershipGrants: (userId, at) => grantDueMembershipCredits(db, ledger, { userId, at }),
  };

  app.decorateRequest('user', null);
  installEnvelopeHandlers(app);

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'AI media studio product API',
        version: '1.0.0',
        description:
          'Every answer is the envelope {code, msg, data, trace_id}; code 0 is success. 401 with code 140013 means the session is no longer valid.',
      },
      servers: [{ url: config.publicUrl || '/' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          ...DEVELOPER_SECURITY_SCHEMES,
        },
        schemas: DEVELOPER_OPENAPI_SCHEMAS,
      },
      tags: [
        { name: 'identity', description: 'Sign-in, session and user' },
        { name: 'content', description: 'Configuration and content' },
        { name: 'billing', description: 'Sku catalogue' },
        { name: 'credits', description: 'The credit ledger' },
        DEVELOPER_TAG,
      ],
    },
  });
  if (config.docs) await app.register(swaggerUi, { routePrefix: '/v1/docs' });

  for (const module of [...coreModules, ...(opts.modules ?? apiModules)]) {
    if (module.migrationsDir) await migrate(db, `api-${module.name}`, module.migrationsDir);
    await app.register(module.plugin, ctx);
  }

  await app.register(async (scope) => installNotFound(scope, { catchAll: true }), { prefix: '/v1' });
  await app.register(async (scope) => installNotFound(scope, { catchAll: true }), { prefix: '/api' });

  const sweepMs = opts.holdSweepMs ?? 60000;
  if (sweepMs > 0) {
    const timer = setInterval(() => {
      ledger.releaseStaleHolds().then(
        (released) => released > 0 && app.log.info({ released }, 'released stale credit holds'),
        (error: unknown) => app.log.error({ err: error }, 'stale hold sweep failed'),
      );
    }, sweepMs);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
  opts.onReady?.(ctx);
}

export interface BuildApiAppOptions extends ApiPluginOptions {
  /** pino options, or false for no logs (tests) */
  logger?: FastifyServerOptions['logger'];
}

/** A Fastify app with only the product API (tests, benches, running it on its own). */
export async function buildApiApp(opts: BuildApiAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? { level: 'info' },
    genReqId: (request) => incomingTraceId(request.headers['x-trace-id']) ?? randomUUID(),
    logController: new LogController({ requestIdLogLabel: 'trace_id' }),
    trustProxy: opts.config.proxyTrust ?? opts.config.trustProxy,
  });
  installEnvelopeHandlers(app);
  installNotFound(app);
  await app.register(apiPlugin, opts);
  return app;
}
