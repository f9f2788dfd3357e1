/**
 * One job of the queue, start to end: claim the run (`generating`), keep its heartbeat (progress and
 * liveness; a beat that finds the run gone stops it), run the engine under the lane's deadline, store the
 * outputs, and settle: success commits the hold first (run-outcomes.ts handles every other ending).
 */
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Queryable } from '@studio/db';
import type { EngineJob } from '@studio/engines/types';
import type { Lane } from '../algorithms/catalog.js';
import type { JobData } from './queue.js';
import { endFailedRun } from './run-outcomes.js';
import { fetchInputs, storeOutputs } from './run-outputs.js';
import { normaliseRow, type TaskRow } from './store.js';
import type { AbortWhy, RunningRun, WorkerRuntime } from './worker-runtime.js';

/**
 * The run as `generating`, or null when it was cancelled, deleted or superseded meanwhile. Run in the
 * transaction that took its job from the queue (lanes.ts), so the job and the claim commit together.
 */
export async function claimRun(q: Queryable, rt: WorkerRuntime, data: JobData): Promise<TaskRow | null> {
  const claimed = await q.query<TaskRow>(
    `UPDATE tasks SET status = 'generating', attempts = attempts + 1, started_at = $3, heartbeat_at = $3, progress = 0
     WHERE id = $1 AND run_id = $2 AND status = 'queued' AND deleted_at IS NULL RETURNING *`,
    [data.task_id, data.run_id, rt.clock()],
  );
  return claimed.rowCount === 0 ? null : normaliseRow(claimed.rows[0]);
}

/** The run's watch: progress figure, heartbeat, deadline, and how to stop it. */
interface RunWatch {
  entry: RunningRun;
  abort(why: AbortWhy): void;
  progress: { value: number };
  finish(): void;
}

function watchRun(rt: WorkerRuntime, row: TaskRow): RunWatch {
  const controller = new AbortController();
  let resolveDone!: () => void;
  const entry: RunningRun = { controller, why: null, done: new Promise<void>((r) => (resolveDone = r)) };
  rt.running.set(row.id, entry);
  let abortedAt: number | null = null;
  const abort = (why: AbortWhy) => {
    if (!entry.why) entry.why = why;
    abortedAt ??= Date.now();
    controller.abort();
  };
  const progress = { value: 0 };
  // an engine that ignores its stop for laneStallMs more is not vouched for any longer: without its
  // heartbeat the sweeper takes the run back (requeued under a new run id, or failed and released), as
  // the lane watchdog restarts its slot; the task never spins forever behind a run that will not end
  const unheard = () => abortedAt !== null && rt.config.laneStallMs > 0 && Date.now() - abortedAt > rt.config.laneStallMs;
  const beat = setInterval(() => {
    if (rt.abandoned) return;
    if (unheard()) {
      clearInterval(beat);
      return;
    }
    rt.db
      .query(
        `UPDATE tasks SET heartbeat_at = $3, progress = GREATEST(COALESCE(progress, 0), $4) WHERE id = $1 AND run_id = $2 AND status = 'generating'`,
        [row.id, row.run_id, rt.clock(), Math.round(progress.value)],
      )
      .then(
        (result) => {
          if (result.rowCount === 0) abort('lost');
        },
        (error: unknown) => rt.log.warn({ task: row.id, err: String(error) }, 'heartbeat failed'),
      );
  }, rt.config.heartbeatMs);
  const deadline = setTimeout(() => abort('timeout'), rt.config.queue.laneTimeoutSeconds[row.lane as Lane] * 1000);
  return {
    entry,
    abort,
    progress,
    finish() {
      clearInterval(beat);
      clearTimeout(deadline);
      rt.running.delete(row.id);
      resolveDone();
    },
  };
}

/** Runs the engine and stores its outputs; then success, unless the run was stopped or lost meanwhile. */
async function runToSuccess(rt: WorkerRuntime, row: TaskRow, watch: RunWatch, workDir: string, stored: string[]): Promise<void> {
  const signal = watch.entry.controller.signal;
  await mkdir(workDir, { recursive: true });
  const inputs = await fetchInputs(rt, row, workDir);
  const share = row.watermark ? 80 : 92;
  const progress = watch.progress;
  // the engine contract: the folder an engine writes into exists (the ComfyUI engine writes straight into it)
  const outDir = path.join(workDir, 'out');
  await mkdir(outDir, { recursive: true });
  const result = await rt.engines.run({ taskId: row.id, algorithm: row.engine_algorithm, params: row.params, inputs } as EngineJob, {
    workDir: outDir,
    signal,
    onProgress: (pct) => {
      progress.value = Math.max(progress.value, Math.min(share, (Math.max(0, Math.min(100, pct)) * share) / 100));
    },
  });
  const outputs = await storeOutputs({ rt, row, workDir, signal, stored }, result, (index) => {
    progress.value = Math.max(progress.value, share + ((100 - share) * (index + 1)) / Math.max(1, result.outputs.length) - 1);
  });
  if (rt.abandoned) return;
  if (signal.aborted) throw new Error(`aborted: ${watch.entry.why}`);
  const won = await rt.service.succeed(row, outputs, {
    engine: { name: result.metadata.engine, model: result.metadata.model, note: result.metadata.note },
    resultData: result.metadata.data ?? null,
  });
  if (!won) {
    await rt.media.remove(stored);
    rt.log.info({ task: row.id }, 'run ended elsewhere (cancelled or superseded); outputs dropped');
  }
}

/** Runs a claimed run (claimRun) to its end. */
export async function runJob(rt: WorkerRuntime, job: { id: string; data: JobData }, row: TaskRow): Promise<void> {
  rt.log.info({ task: row.id, algorithm: row.algorithm, trace_id: job.data.trace_id ?? '' }, 'run started');
  const watch = watchRun(rt, row);
  const workDir = path.join(rt.config.workDir, `${row.id}-${row.run_id.slice(0, 8)}`);
  const stored: string[] = [];
  try {
    await runToSuccess(rt, row, watch, workDir, stored);
  } catch (error) {
    if (rt.abandoned) return;
    if (stored.length) await rt.media.remove(stored).catch(() => undefined);
    await endFailedRun(rt, row, watch.entry.why, error);
  } finally {
    watch.finish();
    // the work folder goes in the background (a recursive removal is several file system calls, about as
    // long as the rest of a small run): the slot takes its next job meanwhile, and stop() waits for it
    const tidy = rm(workDir, { recursive: true, force: true }).catch(() => undefined);
    rt.tidying.add(tidy);
    void tidy.finally(() => rt.tidying.delete(tidy));
  }
}
