/**
 * How a run ends. The hold decides races: a worker commits before it marks success, cancel releases
 * before it marks cancelled, so whichever settles the hold first wins and the other backs off.
 */
import { API_CODES, TASK_RESULT_DAYS, USER_TEXTS, type Task } from 'shared-contracts';
import { ApiFailure, fail } from '../../http.js';
import { HoldStateError } from '../credits/ledger.js';
import { admitWaiting } from './admission.js';
import { GENERATIVE, resolveAlgorithm } from '../algorithms/catalog.js';
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

/** Success of a run: the hold is committed first; false when the run lost (cancelled, superseded). */
export async function succeedRun(
  core: ServiceCore,
  row: TaskRow,
  outputs: StoredOutput[],
  extra: { engine: unknown; resultData: unknown },
): Promise<boolean> {
  if (row.hold_id) {
    try {
      await core.ledger.commit(row.hold_id);
    } catch (error) {
      if (error instanceof HoldStateError) return false;
      throw error;
    }
  }
  const at = core.clock();
  const updated = await core.db.query(
    `UPDATE tasks SET status = 'success', progress = 100, outputs = $3, engine = $4, result_data = $5, finished_at = $6,
       expire_at = $7, reason = NULL
     WHERE id = $1 AND run_id = $2 AND status = 'generating'`,
    [
      row.id,
      row.run_id,
      JSON.stringify(outputs),
      JSON.stringify(extra.engine),
      extra.resultData ? JSON.stringify(extra.resultData) : null,
      at,
      new Date(at.getTime() + RESULT_MS),
    ],
  );
  if (row.lane === 'video') await admitWaiting(core, row.user_id);
  return updated.rowCount > 0;
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
