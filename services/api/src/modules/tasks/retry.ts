/** Retrying a failed or cancelled task: the same checks and pricing as a new one, then the shared startRun path. */
import { randomUUID } from 'node:crypto';
import { API_CODES, TASK_NOT_RETRYABLE, type Task } from 'shared-contracts';
import { ApiFailure, fail } from '../../http.js';
import { resolveAlgorithm } from '../algorithms/catalog.js';
import { checkSpace, prepare } from './prepare.js';
import type { Caller, ServiceCore } from './service-types.js';
import { startRun } from './start-run.js';
import { loadOwnTask } from './store.js';

export async function retryTask(core: ServiceCore, caller: Caller, id: string): Promise<Task> {
  const row = await loadOwnTask(core.db, caller.uid, id);
  if (!row) throw fail.notFound('No such task');
  if (row.status === 'queued' || row.status === 'generating') throw new ApiFailure(409, API_CODES.CONFLICT, 'The task is already running');
  if (row.status !== 'failure' && row.status !== 'cancelled') {
    throw new ApiFailure(409, API_CODES.CONFLICT, row.status === 'expired' ? 'The task has expired' : 'The task has already finished');
  }
  if (row.retryable === false) throw new ApiFailure(409, API_CODES.CONFLICT, TASK_NOT_RETRYABLE);
  const resolved = resolveAlgorithm(row.algorithm);
  if (!resolved) throw fail.notFound('No such task');
  const at = core.clock();
  const prepared = await prepare(core, caller, resolved, { ...row.params, file_paths: row.inputs }, at);
  await checkSpace(core, caller, resolved);
  return startRun(core, {
    caller,
    taskId: id,
    runId: randomUUID(),
    run: row.runs + 1,
    prepared,
    at,
    async writeRow(tx, run) {
      const updated = await tx.query(
        `UPDATE tasks SET status = 'queued', reason = NULL, retryable = true, progress = NULL, outputs = '[]', result_data = NULL, engine = NULL,
           params = $3, cost = $4, cost_basis = $5, hold_id = $6, usage = $7, plan = $8, priority = $9, watermark = $10,
           run_id = $11, runs = $12, attempts = 0, job_id = NULL, dispatched_at = NULL, queued_at = $13, started_at = NULL,
           heartbeat_at = NULL, finished_at = NULL, expire_at = NULL
         WHERE id = $1 AND user_id = $2 AND status IN ('failure', 'cancelled') AND deleted_at IS NULL`,
        [
          id,
          caller.uid,
          JSON.stringify(prepared.params),
          prepared.quote.cost,
          prepared.quote.basis,
          run.holdId,
          JSON.stringify(prepared.quote.usage),
          caller.level,
          run.priority,
          caller.level === 'free',
          run.runId,
          run.run,
          run.at,
        ],
      );
      if (updated.rowCount === 0) throw new ApiFailure(409, API_CODES.CONFLICT, 'The task is already running');
    },
  });
}
