/**
 * The product API on its own: `tsx services/api/src/main.ts`.
 * Env: PORT (8120), HOST (127.0.0.1), DATABASE_URL (else PGlite in PGLITE_DATA_DIR or .data/pglite),
 * JWT_SECRET, JWT_TTL_SECONDS, ACCOUNT_INTERNAL_URL, ACCOUNT_CLIENT_ID, ACCOUNT_CLIENT_SECRET, TRUST_PROXY,
 * COUNTRY_HEADER, PUBLIC_URL, API_DOCS, LOG_LEVEL, SEED_DEMO (0 to skip the demo data of the embedded default).
 */
import { openDatabase } from '@studio/db';
import { createHttpAccountClient } from './account-client.js';
import { loadApiConfig } from './config.js';
import { buildApiApp, migrateApi } from './plugin.js';
import { seedDemoData } from './seed.js';
import { createLedger } from './modules/credits/ledger.js';
import { createStorageFromEnv } from './modules/storage/config.js';
import { createTaskEngines } from './modules/tasks/engines.js';
import { startTaskWorker, workerConfigFromEnv } from './modules/tasks/worker.js';

async function main(): Promise<void> {
  const config = loadApiConfig();
  const db = await openDatabase();
  await migrateApi(db);
  if (db.kind === 'pglite' && process.env.SEED_DEMO !== '0') {
    const result = await seedDemoData(db);
    if (result.seeded && result.users.length) console.log(`[api] demo accounts seeded: ${result.users.join(', ')}`);
  }
  const accountClient = createHttpAccountClient({
    baseUrl: config.accountInternalUrl,
    clientId: config.accountClientId,
    clientSecret: config.accountClientSecret,
  });
  const app = await buildApiApp({ db, config, accountClient, skipMigrations: true });
  // PGlite is one process: its worker must run here; on PostgreSQL, worker-main.ts processes do it (WORKER=1 here too)
  const runWorker = process.env.WORKER === '1' || (db.kind === 'pglite' && process.env.WORKER !== '0');
  const engines = runWorker ? await createTaskEngines() : null;
  const worker = engines
    ? await startTaskWorker({ db, ledger: createLedger(db), storage: createStorageFromEnv(), engines, config: workerConfigFromEnv(), log: app.log })
    : null;
  const port = Number(process.env.PORT ?? 8120);
  const host = process.env.HOST ?? '127.0.0.1';
  await app.listen({ port, host });
  const stop = async () => {
    await worker?.stop();
    await engines?.close();
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error('[api] failed to start:', error);
  process.exit(1);
});
