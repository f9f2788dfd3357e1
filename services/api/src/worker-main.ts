/**
 * The task worker as its own process (production): `tsx services/api/src/worker-main.ts`.
 * It shares the API's database (DATABASE_URL: a PostgreSQL server; PGlite cannot be shared between
 * processes) and storage (STORAGE_DRIVER=s3 with the S3_* settings, or a STORAGE_DIR both reach).
 *
 * Env: DATABASE_URL, STORAGE_*, S3_*, PGBOSS_SCHEMA, ENGINE_DEFAULT, ENGINE_<ALGORITHM>, ENGINE_ALGORITHMS,
 * COMFYUI_URL, COMFYUI_WORKFLOWS, WORKER_CONCURRENCY_VIDEO / _IMAGE / _AUDIO / _CHECK (1/1/1/2),
 * WORKER_POLL_SECONDS (1), WORKER_SWEEP_MS (15000), WORKER_STALE_MS (60000), WORKER_DIR, TASK_TIMEOUT_<LANE>_SECONDS,
 * WATERMARK_TEXT, WORKER_METRICS_PORT (9464; 0 = no /metrics).
 * SIGTERM hands running tasks back to the queue before exiting.
 */
import { openDatabase } from '@studio/db';
import { createLedger } from './modules/credits/ledger.js';
import { migrateApi } from './plugin.js';
import { createStorageFromEnv } from './modules/storage/config.js';
import { createTaskEngines } from './modules/tasks/engines.js';
import { startTaskWorker, workerConfigFromEnv } from './modules/tasks/worker.js';
import { startMetricsServer } from './modules/metrics/registry.js';

async function main(): Promise<void> {
  const db = await openDatabase();
  if (db.kind === 'pglite') {
    console.warn('[worker] DATABASE_URL is not set: this worker has its own PGlite database, which the API cannot see. Use it with a PostgreSQL server, or run the worker in-process (the default start).');
  }
  await migrateApi(db);
  const engines = await createTaskEngines();
  const worker = await startTaskWorker({ db, ledger: createLedger(db), storage: createStorageFromEnv(), engines, config: workerConfigFromEnv() });
  // Prometheus scrapes the worker at :WORKER_METRICS_PORT/metrics (default 9464; 0 = off)
  const metricsPort = Number(process.env.WORKER_METRICS_PORT ?? 9464);
  const metrics = metricsPort > 0 ? await startMetricsServer(db, metricsPort) : null;
  const stop = async () => {
    await metrics?.close();
    await worker.stop();
    await engines.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error('[worker] failed to start:', error);
    process.exit(1);
  });
}
