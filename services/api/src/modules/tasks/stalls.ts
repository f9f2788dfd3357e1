/**
 * Stalled runs: a queued run whose job no live lane takes. A lane that found nothing to take, after the
 * run's job was sent and while the run still waits, is the proof: the job is not fetchable (taken by a
 * fetch whose run was never claimed, as an older worker could leave it; its row locked by a wedged
 * session; lost). A busy lane never proves anything, so a run waiting its turn behind others is never
 * touched, however long the queue.
 *
 * The run's job is sent again: the same task, the same run id, its place in the lane kept, its hold
 * untouched. Whichever of its jobs is fetched first claims the run (the claim names the run and wants it
 * `queued`); any other finds it taken and is completed. Nothing is doubled, nothing charged again.
 */
import type { Database } from '@studio/db';
import type { TaskQueue } from './queue.js';
import { normaliseRow, type TaskRow } from './store.js';

export interface StallConfig {
  stallMs: number;
  liveWorkerMs: number;
}

/**
 * Runs stalled now. The empty fetch must have begun a little after the job went out (the grace, at most
 * 5 s): the sending transaction commits a moment after it stamps sent_at.
 */
export async function findStalled(db: Database, config: StallConfig, limit = 200): Promise<TaskRow[]> {
  const grace = Math.min(5000, config.stallMs);
  const found = await db.query<TaskRow>(
    `SELECT t.* FROM tasks t
     WHERE t.status = 'queued' AND t.deleted_at IS NULL AND t.lane <> 'inline' AND t.sent_at IS NOT NULL
       AND t.sent_at < now() - make_interval(secs => $1::float8 / 1000)
       AND EXISTS (SELECT 1 FROM task_worker_lanes w WHERE w.lane = t.lane
         AND w.seen_at > now() - make_interval(secs => $2::float8 / 1000)
         AND w.last_empty_at > t.sent_at + make_interval(secs => $3::float8 / 1000))
     ORDER BY t.sent_at LIMIT $4`,
    [config.stallMs, config.liveWorkerMs, grace, limit],
  );
  return found.rows.map(normaliseRow);
}

/** Sends a stalled run's job again (see above); false when the run moved on meanwhile. */
export async function resend(db: Database, queue: TaskQueue, row: TaskRow): Promise<boolean> {
  if (row.lane === 'inline') return false;
  const lane = row.lane;
  const sent = await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`tasks:${row.user_id}`]);
    const still = await tx.query(
      `SELECT 1 FROM tasks WHERE id = $1 AND run_id = $2 AND status = 'queued' AND job_id IS NOT DISTINCT FROM $3 FOR UPDATE`,
      [row.id, row.run_id, row.job_id],
    );
    if (still.rowCount === 0) return false;
    await queue.dispatch(tx, { id: row.id, runId: row.run_id, lane, priority: row.priority });
    return true;
  });
  if (!sent) return false;
  if (row.job_id) await queue.drop(lane, row.job_id);
  queue.signal([lane]);
  return true;
}
