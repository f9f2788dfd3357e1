/**
 * The services every entry point runs on, built one way from the config: the database (migrated), the
 * ledger, the storage, and for the API the account client and auth; the task worker and its engines on
 * demand. Used by the API on its own (main.ts), the worker process (worker-main.ts) and the composed
 * product (services/gateway/src/compose.ts). Tests build their app with buildApiApp instead.
 */
import { openDatabase, type Database } from '@studio/db';
import { createHttpAccountClient, type AccountClient } from './account-client.js';
import type { AuthService } from './auth.js';
import type { RuntimeConfig, StudioConfig } from './config.js';
import { createLedger, type Ledger } from './modules/credits/ledger.js';
import type { StorageAdapter } from './modules/storage/adapter.js';
import { createStorage } from './modules/storage/config.js';
import { decodeSlots } from './modules/storage/image-guard.js';
import { createTaskEngines } from './modules/tasks/engines.js';
import { startTaskWorker, type WorkerLog } from './modules/tasks/worker.js';
import { createApiAuth, migrateApi } from './plugin.js';
import { seedDemoData } from './seed.js';

export interface CoreServices {
  db: Database;
  ledger: Ledger;
  storage: StorageAdapter;
  /** closes the database (stop the app and the worker first) */
  close(): Promise<void>;
}

export interface ApiServices extends CoreServices {
  accountClient: AccountClient;
  auth: AuthService;
}

export interface BootstrapOptions {
  /** further migrations before the API's (the composed product's account service shares the database) */
  migrate?: (db: Database) => Promise<unknown>;
  /** seed the demo data into the embedded database (unless the config says SEED_DEMO=0 or production) */
  seed?: boolean;
  /** told about what the start did (demo accounts seeded) */
  log?: (message: string) => void;
}

/** A/B tests the config switches off (AB_TESTS_OFF): everyone gets the default plan until they are switched on again. */
export async function switchOffAbTests(db: Database, codes: readonly string[]): Promise<void> {
  if (codes.length) await db.query('UPDATE ab_tests SET active = false WHERE code = ANY($1::text[])', [codes]);
}

function isStudioConfig(config: RuntimeConfig): config is StudioConfig {
  return 'api' in config;
}

/** The API's services (auth and the account client included) from the whole config. */
export function bootstrap(config: StudioConfig, options?: BootstrapOptions): Promise<ApiServices>;
/** A worker's services (database, ledger, storage). */
export function bootstrap(config: RuntimeConfig, options?: BootstrapOptions): Promise<CoreServices>;
export async function bootstrap(config: RuntimeConfig, options: BootstrapOptions = {}): Promise<CoreServices | ApiServices> {
  decodeSlots.resize(config.imageDecodeConcurrency);
  // '' is no URL: the database package then opens PGlite in the data folder, whatever this process's env says
  const db = await openDatabase({ url: config.database.url, dataDir: config.database.dataDir });
  await options.migrate?.(db);
  await migrateApi(db);
  if (options.seed && config.seed.demo && (db.kind === 'pglite' || config.seed.onServer) && !config.production) {
    const result = await seedDemoData(db, { production: config.production, allowServer: config.seed.onServer });
    if (result.seeded && result.users.length) options.log?.(`demo accounts seeded: ${result.users.join(', ')}`);
  }
  const core: CoreServices = { db, ledger: createLedger(db), storage: createStorage(config.storage), close: () => db.close() };
  if (!isStudioConfig(config)) return core;

  await switchOffAbTests(db, config.abTestsOff);
  const api = config.api;
  const accountClient = createHttpAccountClient({ baseUrl: api.accountInternalUrl, clientId: api.accountClientId, clientSecret: api.accountClientSecret });
  return { ...core, accountClient, auth: createApiAuth(db, api, accountClient) };
}

/** Whether this process runs the task worker: WORKER=1, or by default on the embedded database (one process). */
export function runsWorker(config: RuntimeConfig, db: Database, defaultOn = db.kind === 'pglite'): boolean {
  return config.worker.mode === 'on' || (config.worker.mode === 'auto' && defaultOn);
}

export interface RunningWorker {
  /** hands running tasks back to the queue, then closes the engines */
  stop(): Promise<void>;
}

/** Starts the task worker and its engines (loaded on first use) on the bootstrapped services. */
export async function startWorker(config: RuntimeConfig, services: CoreServices, log?: WorkerLog): Promise<RunningWorker> {
  const engines = await createTaskEngines(config.tasks.engineEnv);
  // a ComfyUI older than the client can follow stops the worker here (verify throws), not at every task
  const comfyui = await engines.verify();
  if (comfyui?.error) log?.warn({ comfyui: comfyui.url, error: comfyui.error }, 'ComfyUI not reachable at start; runs routed to it will ask again');
  else if (comfyui) {
    const lacking = Object.entries(comfyui.workflows).filter(([, problems]) => problems?.length);
    if (lacking.length) log?.warn({ comfyui: comfyui.url, version: comfyui.version, lacking: Object.fromEntries(lacking) }, 'ComfyUI lacks what some workflows need');
    else log?.info({ comfyui: comfyui.url, version: comfyui.version }, 'ComfyUI checked: every routed workflow can run');
  }
  const { db, ledger, storage } = services;
  const worker = await startTaskWorker({ db, ledger, storage, engines, config: config.tasks.worker, log });
  return {
    async stop() {
      await worker.stop();
      await engines.close();
    },
  };
}
