/**
 * The task worker: takes runs from the pg-boss queues, runs them on the engines, stores the outputs
 * (watermarked for the Free plan, the original kept privately for watermark_download), settles the credits
 * and frees the user's video slot. In-process in the embedded default (the gateway calls
 * startTaskWorker), its own process in production (src/worker-main.ts).
 *
 * A run holds a heartbeat (every heartbeatMs); cancel, delete or a requeue end it at the next beat. A
 * worker that dies stops beating: the sweeper (here, every sweepMs) requeues the run or, after
 * maxAttempts, fails it and releases its credits. stop() hands running runs back to the queue.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { listen, type Database, type Listener } from '@studio/db';
import type { EngineContext, EngineJob, EngineOutput, EngineResult } from '@studio/engines/types';
import { EngineError } from '@studio/engines/errors';
import { USER_TEXTS } from 'shared-contracts';
import type { Ledger } from '../../ledger.js';
import type { StorageAdapter } from '../storage/adapter.js';
import { DEFAULT_QUOTA_BYTES } from '../storage/config.js';
import { createMediaStore, extensionOf, type MediaStore } from '../storage/media.js';
import { createSigner } from '../storage/signing.js';
import type { Lane } from './catalog.js';
import { DEFAULT_PLAN_RULES, planRulesFromEnv, type PlanRules } from './pricing.js';
import { queueConfigFromEnv } from './queue.js';
import { DEFAULT_QUEUE_CONFIG, LANES, TaskQueue, localQueueSignals, queueName, NOTIFY_CHANNEL, type JobData, type QueueConfig } from './queue.js';
import { createTaskService, type TaskService } from './service.js';
import { normaliseRow, type StoredOutput, type TaskRow } from './store.js';
import { createSweeper, type SweepReport } from './sweeper.js';

/** What the worker needs of the engines (an EngineRegistry of @studio/engines, or a test engine). */
export interface TaskEngines {
  run(job: EngineJob, ctx: EngineContext): Promise<EngineResult>;
  close?(): Promise<void>;
}

export interface TaskWorkerConfig {
  /** runs at once per lane in this process */
  concurrency: Record<Lane, number>;
  pollingIntervalSeconds: number;
  heartbeatMs: number;
  /** a run whose heartbeat is older than this is presumed dead */
  staleMs: number;
  /** runs of one task before a dead worker's run is failed instead of requeued */
  maxAttempts: number;
  /** sweeps every this many ms (0: none here) */
  sweepMs: number;
  queuedTimeoutMs: number;
  orphanHoldMs: number;
  workDir: string;
  queue: QueueConfig;
  rules: PlanRules;
  /** the text of the free-plan watermark (engine default when unset) */
  watermarkText?: string;
  /** run pg-boss maintenance in this process */
  supervise: boolean;
}

/**
 * Runs at once by default, from the machine's cores: engines wait on ffmpeg, the synthesiser and storage
 * as much as they compute, so two runs a core keep a machine busy and let a Premium user's 5 video slots
 * (Standard 3) run together where a machine has the cores for it.
 */
export function defaultConcurrency(cores = os.availableParallelism?.() ?? os.cpus().length): Record<Lane, number> {
  const c = Math.max(1, cores);
  return { video: Math.min(8, Math.max(2, c * 2)), image: Math.min(8, Math.max(2, c * 2)), audio: Math.min(4, Math.max(1, c)), check: Math.min(8, Math.max(2, c * 2)) };
}

export const DEFAULT_WORKER_CONFIG: TaskWorkerConfig = {
  concurrency: defaultConcurrency(),
  pollingIntervalSeconds: 1,
  heartbeatMs: 2000,
  staleMs: 60000,
  maxAttempts: 2,
  sweepMs: 15000,
  queuedTimeoutMs: 6 * 60 * 60 * 1000,
  orphanHoldMs: 10 * 60 * 1000,
  workDir: path.join(os.tmpdir(), 'studio-work'),
  queue: DEFAULT_QUEUE_CONFIG,
  rules: DEFAULT_PLAN_RULES,
  supervise: true,
};

/** Worker settings from the environment (WORKER_*, TASK_TIMEOUT_*, PGBOSS_SCHEMA, TASKS_*, WATERMARK_TEXT). */
export function workerConfigFromEnv(env: NodeJS.ProcessEnv = process.env): Partial<TaskWorkerConfig> {
  const n = (name: string, fallback: number) => (env[name] ? Number(env[name]) : fallback);
  const d = DEFAULT_WORKER_CONFIG;
  return {
    concurrency: {
      video: n('WORKER_CONCURRENCY_VIDEO', d.concurrency.video),
      image: n('WORKER_CONCURRENCY_IMAGE', d.concurrency.image),
      audio: n('WORKER_CONCURRENCY_AUDIO', d.concurrency.audio),
      check: n('WORKER_CONCURRENCY_CHECK', d.concurrency.check),
    },
    pollingIntervalSeconds: n('WORKER_POLL_SECONDS', d.pollingIntervalSeconds),
    sweepMs: n('WORKER_SWEEP_MS', d.sweepMs),
    staleMs: n('WORKER_STALE_MS', d.staleMs),
    queue: queueConfigFromEnv(env),
    rules: planRulesFromEnv(env),
    ...(env.WATERMARK_TEXT ? { watermarkText: env.WATERMARK_TEXT } : {}),
    ...(env.WORKER_DIR ? { workDir: env.WORKER_DIR } : {}),
  };
}

export interface WorkerLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

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

const FORMAT_OF_EXT: Record<string, string> = { jpg: 'jpeg', jpeg: 'jpeg', png: 'png', webp: 'webp', mp4: 'mp4', mov: 'mov', mp3: 'mp3', m4a: 'm4a', wav: 'wav', gif: 'gif' };

type AbortWhy = 'timeout' | 'lost' | 'stopping' | 'abandon';

export async function startTaskWorker(options: StartTaskWorkerOptions): Promise<TaskWorkerHandle> {
  const config: TaskWorkerConfig = {
    ...DEFAULT_WORKER_CONFIG,
    ...options.config,
    concurrency: { ...DEFAULT_WORKER_CONFIG.concurrency, ...options.config?.concurrency },
  };
  const { db, ledger, storage, engines } = options;
  const log = options.log ?? consoleLog;
  const clock = options.now ?? (() => new Date());
  // the worker records and removes files; it signs no links, so its signer's secret is its own
  const media: MediaStore = createMediaStore({
    db,
    storage,
    signer: createSigner(randomBytes(32).toString('base64url')),
    signTtlSeconds: 60,
    quotaBytes: DEFAULT_QUOTA_BYTES,
    now: options.now,
  });
  const queue = new TaskQueue(db, config.queue, { supervise: config.supervise });
  await queue.start();
  const service: TaskService = createTaskService({
    db,
    ledger,
    media,
    queue,
    rules: config.rules,
    holdTtlMs: 24 * 3600 * 1000,
    premiumModelAvailable: false,
    now: options.now,
  });
  const sweeper = createSweeper({
    db,
    ledger,
    media,
    queue,
    service,
    config: { staleMs: config.staleMs, maxAttempts: config.maxAttempts, queuedTimeoutMs: config.queuedTimeoutMs, orphanHoldMs: config.orphanHoldMs },
    now: options.now,
  });

  const running = new Map<string, { controller: AbortController; why: AbortWhy | null; done: Promise<void> }>();
  let stopping = false;
  let abandoned = false;

  async function store(row: TaskRow, output: EngineOutput, index: number, kind: 'result' | 'original', engineName: string): Promise<{ path: string; format: string }> {
    const ext = (path.extname(output.path).slice(1) || output.mime.split('/')[1] || 'bin').toLowerCase();
    const format = FORMAT_OF_EXT[ext] ?? ext;
    const key = `users/${row.user_id}/results/${row.id}/${row.run_id.slice(0, 8)}-${index}${kind === 'original' ? '-original' : ''}.${extensionOf(format)}`;
    const size = (await stat(output.path)).size;
    await storage.putFile(key, output.path, { contentType: output.mime });
    await media.record(db, {
      path: key,
      userId: row.user_id,
      kind,
      media: output.media,
      format,
      mime: output.mime,
      size,
      width: output.width ?? 0,
      height: output.height ?? 0,
      duration: output.duration ?? 0,
      algorithm: row.algorithm,
      taskId: row.id,
    });
    void engineName;
    return { path: key, format };
  }

  async function handle(job: { id: string; data: JobData }): Promise<void> {
    if (stopping) {
      // taken just as the worker stops: send the run again for another worker
      const found = await db.query<{ lane: Lane; priority: number }>(
        `SELECT lane, priority FROM tasks WHERE id = $1 AND run_id = $2 AND status = 'queued'`,
        [job.data.task_id, job.data.run_id],
      );
      const again = found.rows[0];
      if (again) await db.transaction((tx) => queue.dispatch(tx, { id: job.data.task_id, runId: job.data.run_id, lane: again.lane, priority: again.priority }));
      return;
    }
    const at = clock();
    const claimed = await db.query<TaskRow>(
      `UPDATE tasks SET status = 'generating', attempts = attempts + 1, started_at = $3, heartbeat_at = $3, progress = 0
       WHERE id = $1 AND run_id = $2 AND status = 'queued' AND deleted_at IS NULL RETURNING *`,
      [job.data.task_id, job.data.run_id, at],
    );
    if (claimed.rowCount === 0) return; // cancelled, deleted or superseded meanwhile
    const row = normaliseRow(claimed.rows[0]);
    log.info({ task: row.id, algorithm: row.algorithm, trace_id: job.data.trace_id ?? '' }, 'run started');
    const lane = row.lane as Lane;
    const controller = new AbortController();
    let resolveDone!: () => void;
    const entry = { controller, why: null as AbortWhy | null, done: new Promise<void>((r) => (resolveDone = r)) };
    running.set(row.id, entry);
    const abort = (why: AbortWhy) => {
      if (!entry.why) entry.why = why;
      controller.abort();
    };
    let progress = 0;
    const beat = setInterval(() => {
      if (abandoned) return;
      db.query(
        `UPDATE tasks SET heartbeat_at = $3, progress = GREATEST(COALESCE(progress, 0), $4) WHERE id = $1 AND run_id = $2 AND status = 'generating'`,
        [row.id, row.run_id, clock(), Math.round(progress)],
      ).then(
        (result) => {
          if (result.rowCount === 0) abort('lost');
        },
        (error: unknown) => log.warn({ task: row.id, err: String(error) }, 'heartbeat failed'),
      );
    }, config.heartbeatMs);
    const deadline = setTimeout(() => abort('timeout'), config.queue.laneTimeoutSeconds[lane] * 1000);
    const workDir = path.join(config.workDir, `${row.id}-${row.run_id.slice(0, 8)}`);
    const stored: string[] = [];
    try {
      await mkdir(workDir, { recursive: true });
      const inputs: string[] = [];
      for (const [index, key] of row.inputs.entries()) {
        const object = await media.get(key);
        if (!object) throw new EngineError(USER_TEXTS.UPLOAD_FAILED, `input ${key} is gone`);
        const file = path.join(workDir, `input-${index}.${extensionOf(object.format)}`);
        await storage.downloadTo(key, file);
        inputs.push(file);
      }
      // `model: 'premium'` stays in: a ComfyUI workflow can read it ({{param:model}}); the local engine ignores it
      const params = row.params;
      const share = row.watermark ? 80 : 92;
      const result = await engines.run(
        { taskId: row.id, algorithm: row.engine_algorithm, params, inputs } as EngineJob,
        {
          workDir: path.join(workDir, 'out'),
          signal: controller.signal,
          onProgress: (pct) => {
            progress = Math.max(progress, Math.min(share, (Math.max(0, Math.min(100, pct)) * share) / 100));
          },
        },
      );
      const outputs: StoredOutput[] = [];
      for (const [index, output] of result.outputs.entries()) {
        const visual = output.media === 'image' || output.media === 'video';
        if (row.watermark && visual) {
          const marked = await engines.run(
            {
              taskId: row.id,
              algorithm: 'watermark',
              params: config.watermarkText ? { text: config.watermarkText } : {},
              inputs: [output.path],
            } as EngineJob,
            { workDir: path.join(workDir, `wm-${index}`), signal: controller.signal, onProgress: () => undefined },
          );
          const markedOutput = marked.outputs[0];
          const original = await store(row, output, index, 'original', result.metadata.engine);
          stored.push(original.path);
          const publicFile = await store(row, { ...markedOutput, width: markedOutput.width ?? output.width, height: markedOutput.height ?? output.height, duration: markedOutput.duration ?? output.duration }, index, 'result', result.metadata.engine);
          stored.push(publicFile.path);
          outputs.push({
            file_path: publicFile.path,
            original_path: original.path,
            media: output.media,
            mime: markedOutput.mime,
            format: publicFile.format,
            width: markedOutput.width ?? output.width,
            height: markedOutput.height ?? output.height,
            duration: markedOutput.duration ?? output.duration,
            engine: result.metadata.engine,
            watermarked: true,
          });
        } else {
          const file = await store(row, output, index, 'result', result.metadata.engine);
          stored.push(file.path);
          outputs.push({
            file_path: file.path,
            media: output.media,
            mime: output.mime,
            format: file.format,
            width: output.width,
            height: output.height,
            duration: output.duration,
            engine: result.metadata.engine,
            watermarked: false,
          });
        }
        progress = Math.max(progress, share + ((100 - share) * (index + 1)) / Math.max(1, result.outputs.length) - 1);
      }
      if (abandoned) return;
      if (controller.signal.aborted) throw new Error(`aborted: ${entry.why}`);
      const won = await service.succeed(row, outputs, {
        engine: { name: result.metadata.engine, model: result.metadata.model, note: result.metadata.note },
        resultData: result.metadata.data ?? null,
      });
      if (!won) {
        await media.remove(stored);
        log.info({ task: row.id }, 'run ended elsewhere (cancelled or superseded); outputs dropped');
      }
    } catch (error) {
      if (abandoned) return;
      if (stored.length) await media.remove(stored).catch(() => undefined);
      const why = entry.why;
      if (why === 'lost') {
        log.info({ task: row.id }, 'run stopped: cancelled, deleted or superseded');
      } else if (why === 'stopping') {
        await sweeper.requeue(row, 'stopping');
        log.info({ task: row.id }, 'run handed back to the queue (worker stopping)');
      } else {
        const reason =
          why === 'timeout'
            ? service.failureReasonFor(row)
            : error instanceof EngineError
              ? error.userText
              : service.failureReasonFor(row);
        if (!(error instanceof EngineError) || why === 'timeout') {
          log.error({ task: row.id, algorithm: row.engine_algorithm, why, err: error instanceof Error ? error.stack ?? error.message : String(error) }, 'run failed');
        } else {
          log.info({ task: row.id, algorithm: row.engine_algorithm, detail: error.detail }, 'run refused by the engine');
        }
        await service.endRun(row, 'failure', reason);
      }
    } finally {
      clearInterval(beat);
      clearTimeout(deadline);
      running.delete(row.id);
      resolveDone();
      await rm(workDir, { recursive: true, force: true }).catch(() => undefined);
    }
  }

  const laneWorkers = new Map<Lane, string[]>();
  for (const lane of LANES) {
    const ids: string[] = [];
    for (let i = 0; i < config.concurrency[lane]; i += 1) {
      let id = '';
      id = await queue.boss.work<JobData>(queueName(lane), { batchSize: 1, pollingIntervalSeconds: config.pollingIntervalSeconds }, async (jobs) => {
        for (const job of jobs) await handle(job);
        // pg-boss waits a polling interval after every job; after a job there may be more: fetch again at once
        if (id && !stopping) queue.boss.notifyWorker(id);
      });
      ids.push(id);
    }
    laneWorkers.set(lane, ids);
  }
  const wake = (lane: string) => {
    for (const id of laneWorkers.get(lane as Lane) ?? []) queue.boss.notifyWorker(id);
  };
  localQueueSignals.on('dispatched', wake);

  // across processes (PostgreSQL): NOTIFY from the API wakes this worker at once. The LISTEN connection
  // rides out a server restart (reconnects with backoff and LISTENs again); after a reconnection every lane
  // is woken, since notifications sent meanwhile are lost
  const listener: Listener | null = db.url
    ? await listen(db.url, NOTIFY_CHANNEL, wake, { log, onConnected: () => LANES.forEach((lane) => wake(lane)) })
    : null;

  let sweeping: Promise<unknown> = Promise.resolve();
  const sweepTimer =
    config.sweepMs > 0
      ? setInterval(() => {
          sweeping = sweeper.sweep().then(
            (report) => {
              const total = Object.values(report).reduce((a, b) => a + b, 0);
              if (total > 0) log.info(report, 'sweep');
            },
            (error: unknown) => log.error({ err: String(error) }, 'sweep failed'),
          );
        }, config.sweepMs)
      : null;
  sweepTimer?.unref();

  log.info({ concurrency: config.concurrency, schema: config.queue.schema }, 'task worker started');

  return {
    queue,
    running: () => running.size,
    sweep: () => sweeper.sweep(),
    async stop(stopOptions = {}) {
      if (stopping) return;
      stopping = true;
      if (sweepTimer) clearInterval(sweepTimer);
      localQueueSignals.off('dispatched', wake);
      for (const lane of LANES) await queue.boss.offWork(queueName(lane));
      if (stopOptions.abandon) {
        abandoned = true;
        for (const entry of running.values()) {
          entry.why = 'abandon';
          entry.controller.abort();
        }
      } else {
        for (const entry of running.values()) {
          if (!entry.why) entry.why = 'stopping';
          entry.controller.abort();
        }
        await Promise.all([...running.values()].map((entry) => entry.done));
      }
      await sweeping.catch(() => undefined);
      await listener?.close();
      await queue.stop();
    },
  };
}
