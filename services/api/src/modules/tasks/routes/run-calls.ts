/** The calls that start and stop runs: create, cost, retry, cancel, delete. */
import { Type } from '@sinclair/typebox';
import { defineCall } from '../../../define-call.js';
import { fail } from '../../../http.js';
import { takeCreation } from '../creation-limits.js';
import { SECURED, USER_DATA_MAX_CHARS, callerOf, type TaskRoutes } from './context.js';
import { AlgorithmParams, CreateBody, IdParams, TaskCostSchema, TaskSchema } from './schemas.js';

export function runCalls({ app, ctx, service, creationLimits, now }: TaskRoutes): void {
  const preHandler = ctx.auth.authenticate;

  defineCall(
    app,
    'POST /v1/ai/create/{algorithm}',
    {
      preHandler,
      schema: {
        ...SECURED,
        summary: 'Creates a task: credits are held, the task is queued (answer: the task and the balance after the hold)',
        params: AlgorithmParams,
        body: CreateBody,
        response: TaskSchema,
      },
    },
    async (request) => {
      const body = request.body;
      // the same cap as data_save: user_data is the screen's notes, not storage
      if (body.user_data && JSON.stringify(body.user_data).length > USER_DATA_MAX_CHARS) throw fail.badRequest('user_data is too large');
      await takeCreation(ctx.db, creationLimits, { uid: request.user!.uid, ip: request.ip }, now().getTime());
      const task = await service.create(callerOf(request), request.params.algorithm, {
        data: body.data ?? {},
        user_data: body.user_data ? { ...body.user_data, module: body.user_data.module ?? '' } : undefined,
        prev_task: body.prev_task,
        expected_cost: body.expected_cost,
      });
      request.log.info({ task: task.task_id, algorithm: task.algorithm, cost: task.cost }, 'task created');
      return task;
    },
  );

  defineCall(
    app,
    'GET /v1/ai/cost/{algorithm}',
    {
      preHandler,
      schema: {
        ...SECURED,
        summary: 'The cost of a task before it is created (query: the form fields, file_path or duration for tools)',
        params: AlgorithmParams,
        querystring: Type.Record(Type.String(), Type.String()),
        response: TaskCostSchema,
      },
    },
    async (request) => service.cost(callerOf(request), request.params.algorithm, request.query),
  );

  defineCall(
    app,
    'POST /v1/ai/retry',
    {
      preHandler,
      schema: {
        ...SECURED,
        summary: 'Runs a failed or cancelled task again (its cost is held again)',
        body: Type.Object({ task_id: Type.String({ maxLength: 64 }) }),
        response: TaskSchema,
      },
    },
    async (request) => service.retry(callerOf(request), request.body.task_id),
  );

  defineCall(
    app,
    'POST /v1/ai/cancel/{id}',
    {
      preHandler,
      schema: { ...SECURED, summary: 'Cancels a queued or running task; its credits are released', params: IdParams, response: TaskSchema },
    },
    async (request) => service.cancel(request.user!.uid, request.params.id),
  );

  defineCall(
    app,
    'POST /v1/ai/del/{id}',
    {
      preHandler,
      schema: { ...SECURED, summary: 'Deletes a task and its result files (a running task is cancelled first)', params: IdParams, response: Type.Null() },
    },
    async (request) => {
      await service.remove(request.user!.uid, request.params.id);
      return null;
    },
  );
}
