/**
 * The task worker as its own process (production): `tsx services/api/src/worker-main.ts`.
 * It shares the API's database (DATABASE_URL: a PostgreSQL server; PGlite cannot be shared between
 * processes) and storage (STORAGE_DRIVER=s3 with the S3_* settings, or a STORAGE_DIR both reach).
 *
 * Env (read once by config.ts loadWorkerConfig): DATABASE_URL, STORAGE_*, S3_*, PGBOSS_SCHEMA, ENGINE_DEFAULT,
 * ENGINE_<ALGORITHM>, ENGINE_ALGORITHMS, COMFYUI_URL, COMFYUI_WORKFLOWS, WORKER_CONCURRENCY_VIDEO / _IMAGE /
 * _AUDIO / _CHECK, WORKER_POLL_SECONDS (1), WORKER_SWEEP_MS (15000), WORKER_STALE_MS (60000), WORKER_DIR,
 * TASK_TIMEOUT_<LANE>_SECONDS, WATERMARK_TEXT, WORKER_METRICS_PORT (9464; 0 = no /metrics).
 * SIGTERM hands running tasks back to the queue before exiting.
 */
import { bootstrap, startWorker } from './bootstrap.js';
import { loadWorkerConfig } from './config.js';
import { startMetricsServer } from './modules/metrics/registry.js';

async function main(): Promise<void> {
  const config = loadWorkerConfig();
  if (!config.database.url) {
    console.warn('[worker] DATABASE_URL is not set: this worker has its own PGlite database, which the API cannot see. Use it with a PostgreSQL server, or run the worker in-process (the default start).');
  }
  const services = await bootstrap(config);
  const worker = await startWorker(config, services);
  // Prometheus scrapes the worker at :WORKER_METRICS_PORT/metrics (default 9464; 0 = off)
  const metricsPort = config.worker.metricsPort;
  const metrics = metricsPort > 0 ? await startMetricsServer(services.db, metricsPort) : null;
  const stop = async () => {
    await metrics?.close();
    await worker.stop();
    await services.close();
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
