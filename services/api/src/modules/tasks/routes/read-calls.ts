/** The calls that read and annotate the caller's tasks: one result, a batch, the list, data_save. */
import { Type, type Static } from '@sinclair/typebox';
import { TASK_PAGE_SIZE, type LikeValue, type TaskListRequest, type TaskUserData } from 'shared-contracts';
import type { Queryable } from '@studio/db';
import { defineCall } from '../../../define-call.js';
import { fail } from '../../../http.js';
import { resolveAlgorithm } from '../../algorithms/catalog.js';
import { TASK_SELECT, loadOwnTask, normaliseRow, type TaskRow } from '../store.js';
import { SECURED, USER_DATA_MAX_CHARS, type TaskRoutes } from './context.js';
import { DataSaveNotes, ListBody, TaskSchema } from './schemas.js';

/** The WHERE clause of the task list and its parameters (My Creations' selections use it too). */
export function listFilter(uid: string, body: Omit<TaskListRequest, 'mi_preview' | 'is_workflow'> & { mi_preview?: boolean | number; is_workflow?: boolean | number }) {
  const where = ['t.user_id = $1', 't.deleted_at IS NULL', "t.status <> 'expired'"];
  const params: unknown[] = [uid];
  if (body.algorithm) {
    params.push(body.algorithm);
    const resolved = resolveAlgorithm(body.algorithm);
    if (resolved) {
      params.push(resolved.id);
      where.push(`(t.algorithm = $${params.length - 1} OR t.engine_algorithm = $${params.length})`);
    } else where.push(`t.algorithm = $${params.length}`);
  } else where.push(`t.lane NOT IN ('inline', 'check')`); // checks and downloads list only when asked for by algorithm
  if (body.module) {
    params.push(body.module);
    where.push(`t.module = $${params.length}`);
  }
  if (body.is_workflow !== undefined) {
    params.push(Boolean(body.is_workflow));
    where.push(`t.is_workflow = $${params.length}`);
  }
  if (body.media) {
    // the media of the results: a finished task by its outputs, a running one by its lane
    params.push(body.media);
    where.push(`(CASE WHEN jsonb_array_length(t.outputs) > 0 THEN t.outputs->0->>'media' ELSE t.lane END) = $${params.length}`);
  }
  if (body.mi_preview) where.push(`t.status = 'success'`);
  return { filter: where.join(' AND '), params };
}

/** The notes after a data_save: a like (1, 0, or -1 to take it back) or the given notes merged in. */
function savedNotes(row: TaskRow, saveType: 'like' | 'user_data', given: Static<typeof DataSaveNotes>): TaskUserData {
  if (saveType === 'like') {
    const like = given.like;
    if (like !== 1 && like !== 0 && like !== -1) throw fail.badRequest('like must be 1, 0 or -1');
    const info: Record<string, LikeValue> = { ...(row.user_data.likeOrNotInfo ?? {}), ...(given.likeOrNotInfo ?? {}) };
    if (like === -1) delete info.task;
    else info.task = like;
    return { ...row.user_data, likeOrNotInfo: info };
  }
  const { like: _like, ...rest } = given;
  return { ...row.user_data, ...rest, module: rest.module ?? row.user_data.module };
}

async function listTasks(db: Queryable, uid: string, body: Parameters<typeof listFilter>[1]) {
  const page = body.page ?? 1;
  const size = body.page_size ?? TASK_PAGE_SIZE;
  const { filter, params } = listFilter(uid, body);
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM tasks t WHERE ${filter}`, params);
  const rows = await db.query<TaskRow>(
    `${TASK_SELECT} WHERE ${filter} ORDER BY t.created_at DESC, t.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, size, (page - 1) * size],
  );
  return { rows: rows.rows.map(normaliseRow), total: Number(total.rows[0]?.n ?? 0) };
}

export function readCalls({ app, ctx, service }: TaskRoutes): void {
  const preHandler = ctx.auth.authenticate;

  defineCall(
    app,
    'GET /v1/ai/result/{kind}/{id}',
    {
      preHandler,
      schema: {
        ...SECURED,
        summary: 'A task of the caller (status, progress, queue position, outputs with signed links)',
        params: Type.Object({ kind: Type.String({ maxLength: 64 }), id: Type.String({ maxLength: 64 }) }),
        response: TaskSchema,
      },
    },
    async (request) => {
      const row = await loadOwnTask(ctx.db, request.user!.uid, request.params.id);
      if (!row) throw fail.notFound('No such task');
      return service.view(row);
    },
  );

  defineCall(
    app,
    'POST /v1/ai/result/batch',
    {
      preHandler,
      schema: {
        ...SECURED,
        summary: "Several of the caller's tasks at once (unknown ids are left out)",
        body: Type.Object({ task_ids: Type.Array(Type.String({ maxLength: 64 }), { maxItems: 100 }) }),
        response: Type.Array(TaskSchema),
      },
    },
    async (request) => {
      const ids = [...new Set(request.body.task_ids)].filter((id) => /^[0-9a-f-]{36}$/i.test(id));
      if (ids.length === 0) return [];
      const result = await ctx.db.query<TaskRow>(`${TASK_SELECT} WHERE t.id = ANY($1::uuid[]) AND t.user_id = $2 AND t.deleted_at IS NULL`, [
        ids,
        request.user!.uid,
      ]);
      const byId = new Map(result.rows.map((row) => [row.id, normaliseRow(row)]));
      return ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [service.view(row)] : [];
      });
    },
  );

  defineCall(
    app,
    'POST /v1/ai/task',
    {
      preHandler,
      schema: {
        ...SECURED,
        summary:
          "The caller's tasks, newest first (20 a page; mi_preview: only finished results; expired tasks are gone; check tasks and watermark downloads only when named by algorithm)",
        body: ListBody,
        response: Type.Object({ list: Type.Array(TaskSchema), paginate: Type.Object({ total: Type.Integer() }) }),
      },
    },
    async (request) => {
      const { rows, total } = await listTasks(ctx.db, request.user!.uid, request.body);
      return { list: rows.map((row) => service.view(row)), paginate: { total } };
    },
  );

  defineCall(
    app,
    'POST /v1/ai/task/data_save',
    {
      preHandler,
      schema: {
        ...SECURED,
        summary: "Saves a like (1 like, 0 dislike, -1 cancel) or the task's user_data",
        body: Type.Object({
          taskId: Type.String({ maxLength: 64 }),
          save_type: Type.Union([Type.Literal('like'), Type.Literal('user_data')]),
          user_data: DataSaveNotes,
        }),
        response: Type.Null(),
      },
    },
    async (request) => {
      const row = await loadOwnTask(ctx.db, request.user!.uid, request.body.taskId);
      if (!row) throw fail.notFound('No such task');
      const next = savedNotes(row, request.body.save_type, request.body.user_data);
      if (JSON.stringify(next).length > USER_DATA_MAX_CHARS) throw fail.badRequest('user_data is too large');
      await ctx.db.query('UPDATE tasks SET user_data = $3, module = $4 WHERE id = $1 AND user_id = $2', [
        row.id,
        row.user_id,
        JSON.stringify(next),
        typeof next.module === 'string' ? next.module : row.module,
      ]);
      return null;
    },
  );
}
