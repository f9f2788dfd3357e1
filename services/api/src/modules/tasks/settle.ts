/**
 * How a run ends. The hold decides races: a worker's success commits it in the statement that marks the
 * success, cancel releases it before it marks cancelled, so whichever settles the hold first wins and the
 * other backs off.
 */
import { API_CODES, TASK_RESULT_DAYS, USER_TEXTS, type Task } from 'shared-contracts';
import { ApiFailure, fail } from '../../http.js';
import { HoldStateError, commitCtes } from '../credits/ledger.js';
import type { NewMediaObject } from '../storage/media.js';
import { statementValues, type Placeholder } from '../../sql-params.js';
import { admitWaiting } from './admission.js';
import { GENERATIVE, resolveAlgorithm, type Lane } from '../algorithms/catalog.js';
import type { ServiceCore } from './service-types.js';
import { loadOwnTask, toTask, type StoredOutput, type TaskRow } from './store.js';
import { giveBackUsage } from './usage.js';

const RESULT_MS = TASK_RESULT_DAYS * 24 * 60 * 60 * 1000;

export async function releaseHold(core: ServiceCore, holdId: string | null): Promise<'released' | 'committed' | 'none'> {
  if (!holdId) return 'none';
  try {
    await core.ledger.release(holdId);
    return 'released';
  } catch (error) {
    if (error instanceof HoldStateError && error.status === 'committed') return 'committed';
    if (error instanceof HoldStateError) return 'none';
    throw error;
  }
}

/**
 * Ends a run as failure or cancelled: gives the credits and counters back and frees the slot. False when
 * the run was settled otherwise meanwhile (it succeeded, or another party ended it).
 */
export async function endRun(core: ServiceCore, row: TaskRow, status: 'failure' | 'cancelled', reason: string | null, options: { retryable?: boolean } = {}): Promise<boolean> {
  const settled = await releaseHold(core, row.hold_id);
  if (settled === 'committed') return false;
  const updated = await core.db.query(
    `UPDATE tasks SET status = $3, reason = $4, progress = NULL, finished_at = $5, retryable = $6
     WHERE id = $1 AND run_id = $2 AND status IN ('queued', 'generating')`,
    [row.id, row.run_id, status, reason, core.clock(), options.retryable ?? true],
  );
  if (updated.rowCount === 0) return false;
  await giveBackUsage(core.db, row.user_id, row.usage);
  if (row.job_id && row.status === 'queued' && row.lane !== 'inline') await core.queue.drop(row.lane, row.job_id);
  if (row.lane === 'video') await admitWaiting(core, row.user_id);
  return true;
}

/** What a success settles beside the run: its outputs' media rows, and the queue's job that carried it. */
export interface SuccessExtras {
  media?: NewMediaObject[];
  job?: { lane: Lane; id: string };
  /**
   * more of the caller's in the same statement (the worker's next take: one statement per run while a lane
   * has work): its CTEs, written after the settle's, and a select whose one row (or none) comes back as `next`
   */
  next?: (p: Placeholder) => { ctes: string; select: string };
}

/**
 * Success of a run, in ONE statement (one round trip, where pg-boss alone completes a job in one): the
 * run's task row is locked while it is still this run `generating`; the hold is committed (only then, and
 * only if still held); the task is marked success only if its hold is spent (or it has none); its
 * outputs' media rows are recorded only with the success; pg-boss's job is completed whatever the outcome.
 * So a hold is committed once and never both released and committed: a cancel releases first (under the
 * hold's row lock) and the commit then finds it no longer held, the task not marked; a superseded run
 * (requeued under a new run id) commits nothing. `won` false: the run lost (cancelled, superseded).
 * `jobDone`: the job was completed here (false when pg-boss's completion could not be read: the caller
 * completes it apart).
 */
export async function succeedRun(
  core: ServiceCore,
  row: TaskRow,
  outputs: StoredOutput[],
  extra: { engine: unknown; resultData: unknown },
  also: SuccessExtras = {},
): Promise<{ won: boolean; jobDone: boolean; next: Record<string, unknown> | null }> {
  const at = core.clock();
  const { values, p } = statementValues();
  const ctes = [`run AS (SELECT id FROM tasks WHERE id = ${p(row.id)} AND run_id = ${p(row.run_id)} AND status = 'generating' FOR UPDATE)`];
  let paid = 'TRUE';
  if (row.hold_id) {
    const commit = commitCtes(p, row.hold_id, at, 'EXISTS (SELECT 1 FROM run)');
    ctes.push(commit.ctes);
    paid = commit.paid;
  }
  ctes.push(`won AS (
       UPDATE tasks t SET status = 'success', progress = 100, outputs = ${p(JSON.stringify(outputs))}, engine = ${p(JSON.stringify(extra.engine))},
         result_data = ${p(extra.resultData ? JSON.stringify(extra.resultData) : null)}, finished_at = ${p(at)},
         expire_at = ${p(new Date(at.getTime() + RESULT_MS))}, reason = NULL
       FROM run WHERE t.id = run.id AND t.run_id = ${p(row.run_id)} AND t.status = 'generating' AND ${paid}
       RETURNING t.id)`);
  if (also.media?.length) ctes.push(`media AS (${core.media.recordSql(p, also.media, 'EXISTS (SELECT 1 FROM won)')})`);
  const job = also.job ? await core.queue.completionSql(p, also.job.lane, also.job.id) : null;
  if (job) ctes.push(`job AS (${job})`);
  const then = also.next?.(p);
  if (then) ctes.push(then.ctes);
  const answer = then ? `, next.* FROM (SELECT 1) AS one LEFT JOIN (${then.select}) AS next ON TRUE` : '';
  const statement = `WITH ${ctes.join(',\n     ')}\n     SELECT (SELECT count(*) FROM won)::int AS won${answer}`;
  // its text varies only with the shape of the run (a hold or none, outputs or none, what follows it):
  // prepared once per shape
  const result = await retryingConflicts(() => core.db.query<{ won: number } & Record<string, unknown>>(statement, values, { prepared: true }));
  const { won: count, ...next } = result.rows[0] ?? { won: 0 };
  if (row.lane === 'video') await admitWaiting(core, row.user_id);
  return { won: Number(count) > 0, jobDone: job !== null, next: then ? next : null };
}

/** A deadlock or serialization failure is tried again (the statement did nothing) */
async function retryingConflicts<T>(fn: () => Promise<T>, tries = 5): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fn();
    } catch (error) {
      const code = (error as { code?: string } | null)?.code;
      if (attempt >= tries || (code !== '40001' && code !== '40P01')) throw error;
    }
  }
}

export async function cancelTask(core: ServiceCore, uid: string, id: string): Promise<Task> {
  const row = await loadOwnTask(core.db, uid, id);
  if (!row) throw fail.notFound('No such task');
  if (row.status === 'cancelled') return toTask(row, core.media);
  if (row.status !== 'queued' && row.status !== 'generating') {
    throw new ApiFailure(409, API_CODES.CONFLICT, 'The task has already finished');
  }
  const ended = await endRun(core, row, 'cancelled', null);
  const after = (await loadOwnTask(core.db, uid, id)) as TaskRow;
  if (!ended && after.status !== 'cancelled') throw new ApiFailure(409, API_CODES.CONFLICT, 'The task has already finished');
  return toTask(after, core.media);
}

export async function removeTask(core: ServiceCore, uid: string, id: string): Promise<void> {
  const row = await loadOwnTask(core.db, uid, id);
  if (!row) throw fail.notFound('No such task');
  if (row.status === 'queued' || row.status === 'generating') await endRun(core, row, 'cancelled', null);
  const deleted = await core.db.query('UPDATE tasks SET deleted_at = $3 WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL', [id, uid, core.clock()]);
  if (deleted.rowCount === 0) throw new ApiFailure(500, API_CODES.INTERNAL, USER_TEXTS.TASK_DELETION_FAILED);
  const files = await core.db.query<{ path: string }>('SELECT path FROM media_objects WHERE task_id = $1 AND deleted_at IS NULL', [id]);
  await core.media.remove(files.rows.map((f) => f.path));
}

/** The user text of a failed run: generation and tools say it differently. */
export function failureReasonFor(row: Pick<TaskRow, 'engine_algorithm' | 'lane'>): string {
  const resolved = resolveAlgorithm(row.engine_algorithm);
  const generative = resolved ? GENERATIVE.has(resolved.id) : false;
  return generative ? USER_TEXTS.GENERATION_FAILED_LATER : USER_TEXTS.PROCESSING_FAILED;
}
