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
 * The lanes' loops are lanes.ts (a job is taken and its run claimed in one transaction); one job's life is
 * run-job.ts (outputs: run-outputs.ts; endings: run-outcomes.ts); this file wires the lanes, the wake-ups,
 * the sweeps and stop().
 */
import { randomBytes } from 'node:crypto';
import { startAnalysisWorker } from '../../analysis/work.js';
import { listen, type Database, type Listener } from '@studio/db';
import type { Ledger } from '../credits/ledger.js';
import type { StorageAdapter } from '../storage/adapter.js';
import { DEFAULT_QUOTA_BYTES } from '../storage/config.js';
import { createMediaStore } from '../storage/media.js';
import { createSigner } from '../storage/signing.js';
import type { Lane } from '../algorithms/catalog.js';
import { startWatchdog, checkLanes } from './lane-watchdog.js';
import { Lanes, type LaneFigures } from './lanes.js';
import { LANES, TaskQueue, laneToWake, localQueueSignals, NOTIFY_CHANNEL } from './queue.js';
import { createTaskService } from './service.js';
import { createSweeper, type SweepReport } from './sweeper.js';
import { startPresence, workerId } from './worker-presence.js';
import { DEFAULT_WORKER_CONFIG, type TaskWorkerConfig } from './worker-config.js';
import { createWorkFolders } from './work-folders.js';
import type { TaskEngines, WorkerLog, WorkerRuntime } from './worker-runtime.js';

export {  defaultConcurrency, workerConfigFromEnv, type TaskWorkerConfig } from './worker-config.js';
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
  /** this worker's lanes: slots, fetches, empty fetches, watchdog restarts (also in task_worker_lanes) */
  lanes(): Record<Lane, LaneFigures>;
  /** one look of the lane watchdog now (tests); answers the slots it restarted */
  watch(): Promise<number>;
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
    config: {
      staleMs: config.staleMs,
      maxAttempts: config.maxAttempts,
      queuedTimeoutMs: config.queuedTimeoutMs,
      orphanHoldMs: config.orphanHoldMs,
      stallMs: config.stallMs,
      liveWorkerMs: config.liveWorkerMs,
    },
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
    workFolders: createWorkFolders(config.workDir),
    stopping: false,
    abandoned: false,
  };
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
  // each run hands itself back once its engine stops; one whose engine ignores the stop is not waited for
  // past the lane watchdog's bound (its heartbeat ends then, and a sweeper takes the run back)
  const waitMs = Math.min(10_000, rt.config.laneStallMs || 10_000);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
  await Promise.race([Promise.all([...rt.running.values()].map((entry) => entry.done)), late]);
  clearTimeout(timer);
}

export async function startTaskWorker(options: StartTaskWorkerOptions): Promise<TaskWorkerHandle> {
  const rt = await createRuntime(options);
  const lanes = new Lanes(rt);
  lanes.start();
  const wake = (lane: string) => lanes.wake(lane);
  localQueueSignals.on('dispatched', wake);

  // across processes (PostgreSQL): NOTIFY from the API wakes this worker at once (its own process's come
  // in-process instead). The LISTEN connection rides out a server restart (reconnects with backoff and
  // LISTENs again); after a reconnection every slot is woken, since notifications sent meanwhile are lost
  const notified = (payload: string) => {
    const lane = laneToWake(payload);
    if (lane) wake(lane);
  };
  const listener: Listener | null = rt.db.url
    ? await listen(rt.db.url, NOTIFY_CHANNEL, notified, { log: rt.log, timeouts: rt.db.timeouts, onConnected: () => LANES.forEach((lane) => lanes.wakeAll(lane)) })
    : null;
  const sweeps = startSweeps(rt);
  const watchdog = startWatchdog(rt, lanes);
  // the heavy analysis the API asks for (faces, text regions, voice samples) runs here too (src/analysis)
  const analysis = await startAnalysisWorker(rt.queue.boss, rt.storage);
  const id = workerId();
  const presence = startPresence(rt.db, id, lanes, rt.config.presenceMs, (error) => rt.log.warn({ err: String(error) }, 'reporting the lanes failed'));
  rt.log.info({ worker: id, concurrency: rt.config.concurrency, schema: rt.config.queue.schema }, 'task worker started');

  return {
    queue: rt.queue,
    running: () => rt.running.size,
    sweep: () => rt.sweeper.sweep(),
    lanes: () => Object.fromEntries([...lanes.figures.entries()].map(([lane, figures]) => [lane, { ...figures }])) as Record<Lane, LaneFigures>,
    watch: () => checkLanes(rt, lanes),
    async stop(stopOptions = {}) {
      if (rt.stopping) return;
      rt.stopping = true;
      if (sweeps.timer) clearInterval(sweeps.timer);
      watchdog.stop();
      localQueueSignals.off('dispatched', wake);
      await stopRuns(rt, stopOptions.abandon ?? false);
      // a take in flight ends within the database's timeouts (a run it claimed meanwhile is handed back);
      // one stuck past the lane watchdog's bound is not waited for
      await lanes.stop(Math.min(10_000, rt.config.laneStallMs || 10_000));
      await rt.workFolders.close();
      // a worker that stops withdraws its lanes; one that dies (abandon) leaves them to age out of being live
      if (stopOptions.abandon) presence.halt();
      else await presence.stop();
      await sweeps.sweeping.catch(() => undefined);
      await analysis.stop();
      await listener?.close();
      await rt.queue.stop();
    },
  };
}
