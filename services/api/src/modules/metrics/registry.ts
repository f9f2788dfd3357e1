/**
 * Prometheus metrics (prom-client) of the API and the worker. Request rate and latency per route are
 * counted as requests pass; the business figures (queue depth and wait per lane, task durations and
 * failures per algorithm, credits held, committed and released, logins, purchases) are read from the
 * database when Prometheus scrapes, so the API and any number of worker processes report the same truth.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Queryable } from '@studio/db';
import { readWaiting, readWorkerLanes, type WorkerLaneFigures } from '../tasks/queue-figures.js';

export interface ApiMetrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route'>;
}

/** Runs a scrape-time read; a table another module owns may be absent (tests, partial deployments). */
async function safely<T>(read: () => Promise<T[]>): Promise<T[]> {
  try {
    return await read();
  } catch {
    return [];
  }
}

const rows = <T>(db: Queryable, sql: string): Promise<T[]> => safely(async () => (await db.query<T>(sql)).rows);

function dbGauge(registry: Registry, name: string, help: string, labelNames: string[], read: (set: (labels: Record<string, string>, value: number) => void) => Promise<void>) {
  return new Gauge({
    name,
    help,
    labelNames,
    registers: [registry],
    async collect() {
      this.reset();
      await read((labels, value) => this.set(labels, value));
    },
  });
}

/** The database figures every process exposes. */
function registerBusinessMetrics(registry: Registry, db: Queryable): void {
  dbGauge(registry, 'studio_task_queue_depth', 'Tasks waiting per lane', ['lane'], async (set) => {
    for (const r of await rows<{ lane: string; n: number }>(db, `SELECT lane, COUNT(*)::int AS n FROM tasks WHERE status = 'queued' AND deleted_at IS NULL GROUP BY lane`)) set({ lane: r.lane }, Number(r.n));
  });
  dbGauge(registry, 'studio_task_queue_oldest_wait_seconds', 'Age of the oldest waiting task per lane', ['lane'], async (set) => {
    for (const r of await rows<{ lane: string; s: number }>(db, `SELECT lane, EXTRACT(EPOCH FROM now() - MIN(queued_at))::float AS s FROM tasks WHERE status = 'queued' GROUP BY lane`)) set({ lane: r.lane }, Number(r.s));
  });
  dbGauge(registry, 'studio_task_queued', 'Runs waiting for a worker per lane and age band (<1m, 1-5m, 5-30m, >30m)', ['lane', 'age'], async (set) => {
    for (const lane of await safely(() => readWaiting(db))) for (const [age, n] of Object.entries(lane.by_age)) set({ lane: lane.lane, age }, n);
  });
  // each worker's lanes as they last reported (issue 20): a lane that stops fetching shows here first
  const workerLane = (name: string, help: string, pick: (row: WorkerLaneFigures) => number | null) =>
    dbGauge(registry, name, help, ['worker', 'lane'], async (set) => {
      for (const row of await safely(() => readWorkerLanes(db))) {
        const value = pick(row);
        if (value !== null) set({ worker: row.worker, lane: row.lane }, value);
      }
    });
  workerLane('studio_worker_lane_fetches', 'Fetches of each worker lane since the worker started', (row) => row.fetches);
  workerLane('studio_worker_lane_empty_fetches', 'Fetches that found the lane empty', (row) => row.empty_fetches);
  workerLane('studio_worker_lane_last_fetch_seconds', 'Seconds since the lane last fetched', (row) => row.last_fetch_seconds);
  workerLane('studio_worker_lane_restarts', 'Lane slots the watchdog restarted (they had stopped fetching while tasks waited)', (row) => row.restarts);
  workerLane('studio_worker_lane_seen_seconds', 'Seconds since the worker last reported the lane', (row) => row.seen_seconds);
  dbGauge(registry, 'studio_task_queue_wait_seconds_avg_1h', 'Mean wait from queued to started per lane, tasks started in the last hour', ['lane'], async (set) => {
    for (const r of await rows<{ lane: string; s: number }>(
      db,
      `SELECT lane, AVG(EXTRACT(EPOCH FROM started_at - queued_at))::float AS s FROM tasks WHERE started_at > now() - interval '1 hour' GROUP BY lane`,
    ))
      set({ lane: r.lane }, Number(r.s));
  });
  dbGauge(registry, 'studio_tasks_finished_1h', 'Tasks finished in the last hour per algorithm and status (failure = failed)', ['algorithm', 'status'], async (set) => {
    for (const r of await rows<{ algorithm: string; status: string; n: number }>(
      db,
      `SELECT algorithm, status, COUNT(*)::int AS n FROM tasks WHERE finished_at > now() - interval '1 hour' GROUP BY algorithm, status`,
    ))
      set({ algorithm: r.algorithm, status: r.status }, Number(r.n));
  });
  dbGauge(registry, 'studio_task_duration_seconds_avg_1h', 'Mean run time per algorithm, tasks finished in the last hour', ['algorithm'], async (set) => {
    for (const r of await rows<{ algorithm: string; s: number }>(
      db,
      `SELECT algorithm, AVG(EXTRACT(EPOCH FROM finished_at - started_at))::float AS s FROM tasks
       WHERE finished_at > now() - interval '1 hour' AND started_at IS NOT NULL GROUP BY algorithm`,
    ))
      set({ algorithm: r.algorithm }, Number(r.s));
  });
  // mail an operator must see: `failed` is mail given up after its last attempt (GET /v1/ops/mail lists it)
  dbGauge(registry, 'studio_mail', 'Mail in the outbox by status (queued, sent, failed)', ['status'], async (set) => {
    for (const r of await rows<{ status: string; n: number }>(db, `SELECT status, COUNT(*)::int AS n FROM mail_outbox GROUP BY status`)) set({ status: r.status }, Number(r.n));
  });
  dbGauge(registry, 'studio_credit_holds', 'Credit holds by status: count and credits', ['status', 'measure'], async (set) => {
    for (const r of await rows<{ status: string; n: number; credits: number }>(
      db,
      `SELECT status, COUNT(*)::int AS n, COALESCE(SUM(amount), 0)::bigint AS credits FROM credit_holds GROUP BY status`,
    )) {
      set({ status: r.status, measure: 'holds' }, Number(r.n));
      set({ status: r.status, measure: 'credits' }, Number(r.credits));
    }
  });
  dbGauge(registry, 'studio_logins_total', 'Sign-ins (product sessions started)', [], async (set) => {
    for (const r of await rows<{ n: number }>(db, 'SELECT COUNT(*)::bigint AS n FROM sessions')) set({}, Number(r.n));
  });
  dbGauge(registry, 'studio_purchases_total', 'Paid orders', [], async (set) => {
    for (const r of await rows<{ n: number }>(db, `SELECT COUNT(*)::bigint AS n FROM billing_orders WHERE paid_at IS NOT NULL`)) set({}, Number(r.n));
  });
}

let defaultsOn = false;

export function createApiMetrics(db: Queryable, options: { processMetrics?: boolean } = {}): ApiMetrics {
  const registry = new Registry();
  // process metrics once per process (the worker's in-process copy shares them)
  if (options.processMetrics !== false && !defaultsOn) {
    collectDefaultMetrics({ register: registry });
    defaultsOn = true;
  }
  registerBusinessMetrics(registry, db);
  return {
    registry,
    httpRequests: new Counter({ name: 'studio_http_requests_total', help: 'API requests per route and status', labelNames: ['method', 'route', 'status'], registers: [registry] }),
    httpDuration: new Histogram({
      name: 'studio_http_request_duration_seconds',
      help: 'API latency per route',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
  };
}

/** The worker process's own /metrics (it serves no HTTP otherwise): process metrics and the database figures. */
export async function startMetricsServer(db: Queryable, port: number, host = '0.0.0.0'): Promise<{ close(): Promise<void> }> {
  const { createServer } = await import('node:http');
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  registerBusinessMetrics(registry, db);
  const server = createServer((request, response) => {
    if (request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
