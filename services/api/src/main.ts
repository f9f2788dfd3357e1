/**
 * The product API on its own: `tsx services/api/src/main.ts`.
 * Env (read once by config.ts loadConfig): PORT (8120), HOST (127.0.0.1), DATABASE_URL (else PGlite in
 * PGLITE_DATA_DIR or .data/pglite), JWT_SECRET, JWT_TTL_SECONDS, ACCOUNT_INTERNAL_URL, ACCOUNT_CLIENT_ID,
 * ACCOUNT_CLIENT_SECRET, TRUST_PROXY, COUNTRY_HEADER, PUBLIC_URL, API_DOCS, LOG_LEVEL, SEED_DEMO (0 to skip
 * the demo data of the embedded default), WORKER (1 runs the task worker here too; 0 never), and every
 * module's settings (see config.ts).
 */
import { bootstrap, runsWorker, startWorker } from './bootstrap.js';
import { loadConfig } from './config.js';
import { buildApiApp } from './plugin.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const services = await bootstrap(config, { seed: true, log: (message) => console.log(`[api] ${message}`) });
  const { db, ledger, auth, storage, accountClient, mailer } = services;
  const app = await buildApiApp({ db, config: config.api, accountClient, ledger, auth, storage, mailer, skipMigrations: true, logger: { level: config.logLevel } });
  mailer.useLog(app.log);
  // PGlite is one process: its worker must run here; on PostgreSQL, worker-main.ts processes do it (WORKER=1 here too)
  const worker = runsWorker(config, db) ? await startWorker(config, services, app.log) : null;
  await app.listen({ port: config.server.port, host: config.server.host });
  const stop = async () => {
    await worker?.stop();
    await app.close();
    await services.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error('[api] failed to start:', error);
  process.exit(1);
});
