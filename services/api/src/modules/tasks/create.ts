/** Creating a task: a run of an algorithm (held and queued by startRun), or a watermark download answered at once. */
import { randomUUID } from 'node:crypto';
import { API_CODES, type CreateTaskRequest, type Task, type TaskUserData } from 'shared-contracts';
import { ApiFailure, fail } from '../../http.js';
import { WATERMARK_DOWNLOAD, resolveAlgorithm } from '../algorithms/catalog.js';
import { checkSpace, prepare } from './prepare.js';
import type { Caller, ServiceCore } from './service-types.js';
import { startRun } from './start-run.js';
import { loadOwnTask, loadTask, toTask, type StoredOutput, type TaskRow } from './store.js';

/** watermark_download: the original for a paid plan, the watermarked file for Free, as an attachment link. */
async function createInline(core: ServiceCore, caller: Caller, body: CreateTaskRequest): Promise<Task> {
  const prev = await loadOwnTask(core.db, caller.uid, body.prev_task ?? '');
  if (!prev || prev.status !== 'success') throw fail.notFound('No such task');
  const wanted = typeof body.data?.file_path === 'string' ? body.data.file_path : prev.outputs[0]?.file_path;
  const output = prev.outputs.find((o) => o.file_path === wanted);
  if (!output) throw fail.notFound('No such file in that task');
  const paid = caller.level !== 'free';
  const chosen: StoredOutput =
    paid && output.watermarked && output.original_path
      ? { ...output, file_path: output.original_path, original_path: undefined, watermarked: false }
      : { ...output, original_path: undefined };
  const id = randomUUID();
  const at = core.clock();
  await core.db.query(
    `INSERT INTO tasks (id, user_id, algorithm, engine_algorithm, lane, status, progress, params, inputs, file_path, user_data,
       prev_task, module, outputs, engine, cost, cost_basis, plan, priority, watermark, run_id, queued_at, started_at, finished_at,
       expire_at, created_at)
     VALUES ($1, $2, $3, $3, 'inline', 'success', 100, '{}', ARRAY[$4]::text[], $4, $5, $6, $7, $8, $9, 0, 'Free', $10, 0, $11, $12,
       $13, $13, $13, $14, $13)`,
    [
      id,
      caller.uid,
      WATERMARK_DOWNLOAD,
      output.file_path,
      JSON.stringify(body.user_data ?? { module: prev.module }),
      prev.id,
      body.user_data?.module ?? prev.module,
      JSON.stringify([chosen]),
      JSON.stringify({
        name: 'api:watermark_download',
        note: chosen.watermarked
          ? 'The watermarked result: free-plan downloads carry the watermark; Standard and Premium download the original.'
          : 'The original result, without a watermark.',
      }),
      caller.level,
      chosen.watermarked,
      randomUUID(),
      at,
      prev.expire_at,
    ],
  );
  const row = (await loadTask(core.db, id)) as TaskRow;
  return toTask(row, core.media, { attachment: true });
}

export async function createTask(core: ServiceCore, caller: Caller, algorithm: string, body: CreateTaskRequest): Promise<Task> {
  if (algorithm === WATERMARK_DOWNLOAD) return createInline(core, caller, body);
  const resolved = resolveAlgorithm(algorithm);
  if (!resolved) throw fail.notFound(`Unknown algorithm: ${algorithm}`);
  const at = core.clock();
  const prepared = await prepare(core, caller, resolved, body.data ?? {}, at);
  if (body.expected_cost !== undefined && body.expected_cost !== prepared.quote.cost) {
    throw new ApiFailure(409, API_CODES.CONFLICT, `The cost is now ${prepared.quote.cost} credits; please confirm again`, {
      cost: prepared.quote.cost,
      basis: prepared.quote.basis,
    });
  }
  await checkSpace(core, caller, resolved);
  if (body.prev_task) {
    const prev = await loadOwnTask(core.db, caller.uid, body.prev_task);
    if (!prev) throw fail.notFound('No such task');
  }
  const userData: TaskUserData = body.user_data ?? { module: '' };
  return startRun(core, {
    caller,
    taskId: randomUUID(),
    runId: randomUUID(),
    run: 1,
    prepared,
    at,
    async writeRow(tx, run) {
      await tx.query(
        `INSERT INTO tasks (id, user_id, algorithm, engine_algorithm, lane, status, params, inputs, file_path, user_data, prev_task,
           module, is_workflow, cost, cost_basis, hold_id, usage, plan, priority, watermark, run_id, queued_at, created_at)
         VALUES ($1, $2, $3, $4, $5, 'queued', $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $21)`,
        [
          run.taskId,
          caller.uid,
          algorithm,
          resolved.id,
          resolved.lane,
          JSON.stringify(prepared.params),
          prepared.inputs.map((o) => o.path),
          prepared.inputs[0]?.path ?? null,
          JSON.stringify(userData),
          body.prev_task ?? null,
          typeof userData.module === 'string' ? userData.module : '',
          Boolean((body.data as { is_workflow?: unknown } | undefined)?.is_workflow ?? userData.isFromTpl),
          prepared.quote.cost,
          prepared.quote.basis,
          run.holdId,
          JSON.stringify(prepared.quote.usage),
          caller.level,
          run.priority,
          caller.level === 'free',
          run.runId,
          run.at,
        ],
      );
    },
  });
}
