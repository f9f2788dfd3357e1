/** The worker's settings: their defaults (from the machine's cores) and how the environment names them. */
import os from 'node:os';
import path from 'node:path';
import type { Lane } from '../algorithms/catalog.js';
import { DEFAULT_PLAN_RULES, planRulesFromEnv, type PlanRules } from './pricing.js';
import { DEFAULT_QUEUE_CONFIG, queueConfigFromEnv, type QueueConfig } from './queue.js';

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
  /**
   * a queued run whose job went out this long ago, passed over by a live lane since (the lane found
   * nothing to take), is stalled: the sweeper sends its job again
   */
  stallMs: number;
  /** a worker whose lanes reported within this long is live */
  liveWorkerMs: number;
  /** how often a worker reports its lanes (task_worker_lanes) */
  presenceMs: number;
  /** the lane watchdog restarts a slot this long overdue while tasks wait (0: no watchdog) */
  laneStallMs: number;
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
  stallMs: 60000,
  liveWorkerMs: 30000,
  presenceMs: 5000,
  laneStallMs: 60000,
  queuedTimeoutMs: 6 * 60 * 60 * 1000,
  orphanHoldMs: 10 * 60 * 1000,
  workDir: path.join(os.tmpdir(), 'studio-work'),
  queue: DEFAULT_QUEUE_CONFIG,
  rules: DEFAULT_PLAN_RULES,
  supervise: true,
};

/**
 * Worker settings from the environment (WORKER_*, TASK_TIMEOUT_*, PGBOSS_SCHEMA, TASKS_*, WATERMARK_TEXT):
 * WORKER_STALL_MS, WORKER_LIVE_MS, WORKER_PRESENCE_MS, WORKER_LANE_STALL_MS among them (issue 20).
 */
export function workerConfigFromEnv(env: NodeJS.ProcessEnv): Partial<TaskWorkerConfig> {
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
    stallMs: n('WORKER_STALL_MS', d.stallMs),
    liveWorkerMs: n('WORKER_LIVE_MS', d.liveWorkerMs),
    presenceMs: n('WORKER_PRESENCE_MS', d.presenceMs),
    laneStallMs: n('WORKER_LANE_STALL_MS', d.laneStallMs),
    queue: queueConfigFromEnv(env),
    rules: planRulesFromEnv(env),
    ...(env.WATERMARK_TEXT ? { watermarkText: env.WATERMARK_TEXT } : {}),
    ...(env.WORKER_DIR ? { workDir: env.WORKER_DIR } : {}),
  };
}
