/**
 * The task worker: takes runs from the pg-boss queues, runs them on the engines, stores the outputs
 * (watermarked for the Free plan, the original kept privately for watermark_download), settles the credits
 * and frees the user's video slot. In-process in the embedded default (the gateway calls
 * startTaskWorker), its own process in production (src/worker-main.ts).
 *
 * A run holds a heartbeat (every heartbeatMs); cancel, delete or a requeue end it at the next beat. A
 * worker that dies stops beating: the sweeper (here, every sweepMs) requeues the run or, after
 * maxAttempts, fails it and releases its credits. stop() hands running runs back to the queue.
 *
 * One job's life is run-job.ts (outputs: run-outputs.ts; endings: run-outcomes.ts); this file wires the
 * lanes, the wake-ups, the sweeps and stop().
 */
import { randomBytes } from 'node:crypto';
import { listen, type Database, type Listener } from '@studio/db';
import type { Ledger } from '../credits/ledger.js';
import type { StorageAdapter } from '../storage/adapter.js';
import { DEFAULT_QUOTA_BYTES } from '../storage/config.js';
import { createMediaStore } from '../storage/media.js';
import { createSigner } from '../storage/signing.js';
import type { Lane } from './catalog.js';
import { LANES, TaskQueue, localQueueSignals, queueName, NOTIFY_CHANNEL, type JobData } from './queue.js';
import { runJob } from './run-job.js';
import { createTaskService } from './service.js';
import { createSweeper, type SweepReport } from './sweeper.js';
import { DEFAULT_WORKER_CONFIG, type TaskWorkerConfig } from './worker-config.js';
import type { TaskEngines, WorkerLog, WorkerRuntime } from './worker-runtime.js';

export { DEFAULT_WORKER_CONFIG, defaultConcurrency, workerConfigFromEnv, type TaskWorkerConfig } from './worker-config.js';
export type { TaskEngines, WorkerLog } from './worker-runtime.js';

const consoleLog: WorkerLog = {
  info: (obj, msg) => console.log(`[worker] ${msg}`, JSON.stringify(obj)),
  warn: (obj, msg) => console.warn(`[worker] ${msg}`, JSON.stringify(obj)),
  error: (obj, msg) => console.error(`[worker] ${msg}`, JSON.stringify(obj)),
};

export interface StartTaskWorkerOptions {
  db: Database;
  ledger: Ledger;
  storage: StorageAdapter;
  engines: TaskEngines;
  config?: Partial<TaskWorkerConfig>;
  log?: WorkerLog;
  now?: () => Date;
}

export interface TaskWorkerHandle {
  /**
   * Stops taking runs. Running runs are handed back to the queue (default), or with `abandon` left exactly
   * as a crashed process would leave them (their heartbeat stops; the sweeper finds them).
   */
  stop(options?: { abandon?: boolean }): Promise<void>;
  /** one sweep now (tests, benches) */
  sweep(): Promise<SweepReport>;
  /** runs in progress in this process */
  running(): number;
  readonly queue: TaskQueue;
}

/** The worker's services over the database, the storage and the engines it is given. */
async function createRuntime(options: StartTaskWorkerOptions): Promise<WorkerRuntime> {
  const config: TaskWorkerConfig = {
    ...DEFAULT_WORKER_CONFIG,
    ...options.config,
    concurrency: { ...DEFAULT_WORKER_CONFIG.concurrency, ...options.config?.concurrency },
  };
  const { db, ledger, storage } = options;
  // the worker records and removes files; it signs no links, so its signer's secret is its own
  const media = createMediaStore({
    db,
    storage,
    signer: createSigner(randomBytes(32).toString('base64url')),
    signTtlSeconds: 60,
    quotaBytes: DEFAULT_QUOTA_BYTES,
    now: options.now,
  });
  const queue = new TaskQueue(db, config.queue, { supervise: config.supervise });
  await queue.start();
  const service = createTaskService({ db, ledger, media, queue, rules: config.rules, holdTtlMs: 24 * 3600 * 1000, now: options.now });
  const sweeper = createSweeper({
    db,
    ledger,
    media,
    queue,
    service,
    config: { staleMs: config.staleMs, maxAttempts: config.maxAttempts, queuedTimeoutMs: config.queuedTimeoutMs, orphanHoldMs: config.orphanHoldMs },
    now: options.now,
  });
  return {
    db,
    storage,
    engines: options.engines,
    media,
    queue,
    service,
    sweeper,
    config,
    log: options.log ?? consoleLog,
    clock: options.now ?? (() => new Date()),
    running: new Map(),
    stopping: false,
    abandoned: false,
  };
}

/** pg-boss workers per lane, as many as the lane's concurrency; answers their ids by lane. */
async function workLanes(rt: WorkerRuntime): Promise<Map<Lane, string[]>> {
  const laneWorkers = new Map<Lane, string[]>();
  for (const lane of LANES) {
    const ids: string[] = [];
    for (let i = 0; i < rt.config.concurrency[lane]; i += 1) {
      let id = '';
      id = await rt.queue.boss.work<JobData>(queueName(lane), { batchSize: 1, pollingIntervalSeconds: rt.config.pollingIntervalSeconds }, async (jobs) => {
        for (const job of jobs) await runJob(rt, job);
        // pg-boss waits a polling interval after every job; after a job there may be more: fetch again at once
        if (id && !rt.stopping) rt.queue.boss.notifyWorker(id);
      });
      ids.push(id);
    }
    laneWorkers.set(lane, ids);
  }
  return laneWorkers;
}

/** Sweeps every sweepMs; answers the timer and the sweep in flight (stop() waits for it). */
function startSweeps(rt: WorkerRuntime) {
  const state = { sweeping: Promise.resolve() as Promise<unknown>, timer: null as NodeJS.Timeout | null };
  if (rt.config.sweepMs > 0) {
    state.timer = setInterval(() => {
      state.sweeping = rt.sweeper.sweep().then(
        (report) => {
          const total = Object.values(report).reduce((a, b) => a + b, 0);
          if (total > 0) rt.log.info(report, 'sweep');
        },
        (error: unknown) => rt.log.error({ err: String(error) }, 'sweep failed'),
      );
    }, rt.config.sweepMs);
    state.timer.unref();
  }
  return state;
}

/** Stops the runs in progress: handed back and awaited, or (abandon) left as a crash would leave them. */
async function stopRuns(rt: WorkerRuntime, abandon: boolean): Promise<void> {
  if (abandon) {
    rt.abandoned = true;
    for (const entry of rt.running.values()) {
      entry.why = 'abandon';
      entry.controller.abort();
    }
    return;
  }
  for (const entry of rt.running.values()) {
    if (!entry.why) entry.why = 'stopping';
    entry.controller.abort();
  }
  await Promise.all([...rt.running.values()].map((entry) => entry.done));
}

export async function startTaskWorker(options: StartTaskWorkerOptions): Promise<TaskWorkerHandle> {
  const rt = await createRuntime(options);
  const laneWorkers = await workLanes(rt);
  const wake = (lane: string) => {
    for (const id of laneWorkers.get(lane as Lane) ?? []) rt.queue.boss.notifyWorker(id);
  };
  localQueueSignals.on('dispatched', wake);

  // across processes (PostgreSQL): NOTIFY from the API wakes this worker at once. The LISTEN connection
  // rides out a server restart (reconnects with backoff and LISTENs again); after a reconnection every lane
  // is woken, since notifications sent meanwhile are lost
  const listener: Listener | null = rt.db.url
    ? await listen(rt.db.url, NOTIFY_CHANNEL, wake, { log: rt.log, onConnected: () => LANES.forEach((lane) => wake(lane)) })
    : null;
  const sweeps = startSweeps(rt);
  rt.log.info({ concurrency: rt.config.concurrency, schema: rt.config.queue.schema }, 'task worker started');

  return {
    queue: rt.queue,
    running: () => rt.running.size,
    sweep: () => rt.sweeper.sweep(),
    async stop(stopOptions = {}) {
      if (rt.stopping) return;
      rt.stopping = true;
      if (sweeps.timer) clearInterval(sweeps.timer);
      localQueueSignals.off('dispatched', wake);
      for (const lane of LANES) await rt.queue.boss.offWork(queueName(lane));
      await stopRuns(rt, stopOptions.abandon ?? false);
      await sweeps.sweeping.catch(() => undefined);
      await listener?.close();
      await rt.queue.stop();
    },
  };
}
