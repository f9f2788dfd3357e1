/**
 * One job of the queue, start to end: claim the run (`generating`), keep its heartbeat (progress and
 * liveness; a beat that finds the run gone stops it), run the engine under the lane's deadline, store the
 * outputs, and settle: success, the hold's commit, the outputs' media rows and the job's completion in one
 * statement (settle.ts succeedRun; run-outcomes.ts handles every other ending).
 */
import path from 'node:path';
import type { EngineJob } from '@studio/engines/types';
import type { Lane } from '../algorithms/catalog.js';
import type { JobData } from './queue.js';
import { endFailedRun } from './run-outcomes.js';
import { fetchInputs, storeOutputs } from './run-outputs.js';
import type { NewMediaObject } from '../storage/media.js';
import { normaliseRow, type TaskRow } from './store.js';
import { ENGINE_OUT } from './work-folders.js';
import type { AbortWhy, RunningRun, WorkerRuntime } from './worker-runtime.js';

/** A job taken from the queue, with its run claimed (`generating`), or null when the run had ended. */
export interface TakenJob {
  job: { id: string; data: JobData };
  row: TaskRow | null;
}

/**
 * Takes the lane's next job and claims its run, in ONE statement: pg-boss's own fetch (the job marked
 * active) is a CTE of the claim (the run `generating`), so the job and the claim commit together or not at
 * all (issue 20) in one round trip, where a transaction around the two took four (BEGIN, fetch, claim,
 * COMMIT). A lost answer leaves the run claimed without a heartbeat: the sweeper requeues it like a dead
 * worker's. A job whose run was cancelled, deleted or superseded meanwhile comes back with row null: the
 * caller completes it. One job at a time: a claimed run has its heartbeat from its claim on (a batch would
 * leave all but one without one until the slot reached them).
 *
 * The statement's text is fixed per lane (fetchStatement), its one value the clock: PostgreSQL prepares
 * and plans it once per connection. After a success the same take rides in the settle's statement
 * (runJob's `takeNext`: one statement per run while the lane has work).
 */
export async function takeAndClaim(rt: WorkerRuntime, lane: Lane): Promise<TakenJob | null> {
  const { ctes, select } = takeSql(await rt.queue.fetchStatement(lane), '$1');
  const result = await rt.db.query<TakenRow>(`WITH ${ctes}\n     ${select}`, [rt.clock()], { prepared: true });
  return result.rows[0] ? toTaken(result.rows[0]) : null;
}

type TakenRow = TaskRow & { taken_job_id: string; taken_job_data: JobData | string };

/** The take's pieces, `at` the placeholder of the claim's time: its CTEs, and the select of what it took. */
function takeSql(fetch: string, at: string): { ctes: string; select: string } {
  return {
    ctes: `taken AS (${fetch}),
     claimed AS (
       UPDATE tasks t SET status = 'generating', attempts = t.attempts + 1, started_at = ${at}, heartbeat_at = ${at}, progress = 0
       FROM taken
       WHERE t.id = (taken.data->>'task_id')::uuid AND t.run_id = (taken.data->>'run_id')::uuid
         AND t.status = 'queued' AND t.deleted_at IS NULL
       RETURNING t.*
     )`,
    select: `SELECT taken.id AS taken_job_id, taken.data AS taken_job_data, claimed.*
     FROM taken LEFT JOIN claimed ON claimed.id = (taken.data->>'task_id')::uuid AND claimed.run_id = (taken.data->>'run_id')::uuid`,
  };
}

function toTaken({ taken_job_id, taken_job_data, ...row }: TakenRow): TakenJob {
  return {
    job: { id: taken_job_id, data: (typeof taken_job_data === 'string' ? JSON.parse(taken_job_data) : taken_job_data) as JobData },
    row: row.id ? normaliseRow(row as TaskRow) : null,
  };
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

/** How a run ended for its slot: whether its job was completed with it, and the next job its settle took. */
export interface RunEnd {
  /** the job was completed with the run's success */
  jobDone: boolean;
  /** the lane's next job, taken and its run claimed in the success's statement (takeNext), else null */
  next: TakenJob | null;
}

/**
 * Runs the engine and stores its outputs; then success, unless the run was stopped or lost meanwhile. Where
 * `takeNext` says so as the success is written, the lane's next job is taken in the same statement (`end.next`).
 */
async function runToSuccess(rt: WorkerRuntime, job: { id: string }, row: TaskRow, watch: RunWatch, workDir: string, stored: string[], end: RunEnd, takeNext?: () => boolean): Promise<void> {
  const signal = watch.entry.controller.signal;
  // the engine contract: the folder an engine writes into exists (the ComfyUI engine writes straight into
  // it); the borrowed work folder has it, empty
  const outDir = path.join(workDir, ENGINE_OUT);
  const inputs = await fetchInputs(rt, row, workDir);
  const share = row.watermark ? 80 : 92;
  const progress = watch.progress;
  const result = await rt.engines.run({ taskId: row.id, algorithm: row.engine_algorithm, params: row.params, inputs } as EngineJob, {
    workDir: outDir,
    signal,
    onProgress: (pct) => {
      progress.value = Math.max(progress.value, Math.min(share, (Math.max(0, Math.min(100, pct)) * share) / 100));
    },
  });
  const records: NewMediaObject[] = [];
  const outputs = await storeOutputs({ rt, row, workDir, signal, stored, records }, result, (index) => {
    progress.value = Math.max(progress.value, share + ((100 - share) * (index + 1)) / Math.max(1, result.outputs.length) - 1);
  });
  if (rt.abandoned) return;
  if (signal.aborted) throw new Error(`aborted: ${watch.entry.why}`);
  const fetch = takeNext?.() ? await rt.queue.fetchStatement(row.lane as Lane) : null;
  const { won, jobDone, next } = await rt.service.succeed(
    row,
    outputs,
    { engine: { name: result.metadata.engine, model: result.metadata.model, note: result.metadata.note }, resultData: result.metadata.data ?? null },
    { media: records, job: { lane: row.lane as Lane, id: job.id }, ...(fetch ? { next: (p) => takeSql(fetch, p(rt.clock())) } : {}) },
  );
  end.jobDone = jobDone;
  end.next = next?.taken_job_id ? toTaken(next as unknown as TakenRow) : null;
  if (!won) {
    await rt.media.remove(stored);
    rt.log.info({ task: row.id }, 'run ended elsewhere (cancelled or superseded); outputs dropped');
  }
}

/**
 * Runs a claimed run (takeAndClaim) to its end. `takeNext`, asked as a success is written: whether to take
 * the lane's next job in the same statement (the slot goes on with it; a run claimed there is handed back
 * even when something after the settle fails).
 */
export async function runJob(rt: WorkerRuntime, job: { id: string; data: JobData }, row: TaskRow, takeNext?: () => boolean): Promise<RunEnd> {
  rt.log.info({ task: row.id, algorithm: row.algorithm, trace_id: job.data.trace_id ?? '' }, 'run started');
  const watch = watchRun(rt, row);
  const stored: string[] = [];
  const end: RunEnd = { jobDone: false, next: null };
  let workDir: string | null = null;
  try {
    workDir = await rt.workFolders.take();
    await runToSuccess(rt, job, row, watch, workDir, stored, end, takeNext);
    return end;
  } catch (error) {
    if (rt.abandoned) return end;
    if (stored.length) await rt.media.remove(stored).catch(() => undefined);
    await endFailedRun(rt, row, watch.entry.why, error);
    return end;
  } finally {
    watch.finish();
    // emptied in the background (the slot takes its next job meanwhile) and lent again; stop() waits for it
    if (workDir) rt.workFolders.give(workDir);
  }
}
