/**
 * The task calls of spec section 7: create (every algorithm, mai_tcm and mai_text2song_minimax included,
 * the check tasks, image_fkp, watermark_download), cost, result, batch results, the list, delete, retry,
 * cancel, data_save, the prompt helpers, the prompt presets and the TTS voices. A user only ever sees
 * and touches their own tasks: another user's task id answers 404 exactly like a missing one.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Type, type Static } from '@sinclair/typebox';
import { API_CODES, TASK_PAGE_SIZE, USER_TEXTS, type LikeValue, type Task, type TaskUserData, type TtsVoice } from 'shared-contracts';
import { ApiFailure, fail, ok, responses, type TypeBoxProvider } from '../../http.js';
import { mediaStoreFor, type StorageModuleOptions } from '../storage/index.js';
import type { ApiModuleDefinition, ApiModulePlugin } from '../types.js';
import { checkImageHeader, decodeSlots, readImageHeader } from '../storage/image-guard.js';
import { IMAGE_RULE as IMG2PROMPT_RULE } from '../storage/limits.js';
import { resolveAlgorithm } from './catalog.js';
import { creationLimitsFromEnv, takeCreation, type CreationLimits } from './creation-limits.js';
import { DEFAULT_PLAN_RULES, planRulesFromEnv, type PlanRules } from './pricing.js';
import { IMG2PROMPT_NOTE, POLISH_NOTE, describeImage, measureImage, polishPrompt, presetsFor } from './prompt.js';
import { TaskQueue, queueConfigFromEnv, type QueueConfig } from './queue.js';
import { createTaskService } from './service.js';
import { TASK_SELECT, loadOwnTask, normaliseRow, type TaskRow } from './store.js';

export interface TasksModuleOptions {
  storage?: StorageModuleOptions;
  queue?: Partial<QueueConfig>;
  rules?: PlanRules;
  /** credits held for a task are released by the API's stale-hold sweeper after this long (default 24 h) */
  holdTtlMs?: number;
  premiumModelAvailable?: boolean;
  now?: () => Date;
  /** the TTS voices (default: the engines' eSpeak NG list) */
  listVoices?: () => Promise<TtsVoice[]>;
  /** counts faces in a picture for img2prompt (default: the engines' face detector) */
  countFaces?: (file: string) => Promise<number>;
  /** task creation caps (default: creationLimitsFromEnv) */
  creationLimits?: CreationLimits;
}

/** user_data is the screen's notes about a task; create and data_save cap it alike */
const USER_DATA_MAX_CHARS = 20_000;

const Nullable = <T extends import('@sinclair/typebox').TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const TaskSchema = Type.Object({
  task_id: Type.String(),
  algorithm: Type.String(),
  status: Type.Union(['queued', 'generating', 'success', 'failure', 'cancelled', 'expired'].map((s) => Type.Literal(s))),
  progress: Nullable(Type.Integer({ minimum: 0, maximum: 100 })),
  queue_position: Nullable(Type.Integer({ minimum: 1, description: '1 = next to start' })),
  reason: Nullable(Type.String({ description: "one of the spec's user texts when failed" })),
  user_data: Type.Record(Type.String(), Type.Unknown()),
  prev_task: Nullable(Type.String()),
  file_path: Nullable(Type.String()),
  outputs: Type.Array(
    Type.Object({
      file_path: Type.String(),
      url: Type.String({ description: 'a signed link, valid for an hour' }),
      media: Type.Union([Type.Literal('image'), Type.Literal('video'), Type.Literal('audio')]),
      width: Type.Optional(Type.Number()),
      height: Type.Optional(Type.Number()),
      duration: Type.Optional(Type.Number()),
      engine: Type.String(),
      watermarked: Type.Boolean(),
    }),
  ),
  cost: Type.Integer(),
  created_at: Type.Integer(),
  expire_at: Nullable(Type.Integer()),
  balance: Type.Optional(Type.Integer({ description: 'credits left after the hold (create and retry)' })),
  engine: Type.Optional(Nullable(Type.Object({ name: Type.String(), model: Type.Optional(Type.String()), note: Type.String() }))),
  result_data: Type.Optional(Type.Unknown({ description: 'faces or moderation findings of check tasks' })),
  seed: Type.Optional(Nullable(Type.Integer({ description: 'the seed the engine got (given or drawn at random)' }))),
  created_ms: Type.Optional(Type.Number({ description: 'creation time in ms (orders tasks of one second)' })),
  queue_wait: Type.Optional(Nullable(Type.Union([Type.Literal('plan_slot'), Type.Literal('worker')]))),
  queue_estimate_seconds: Type.Optional(Nullable(Type.Integer({ description: 'likely seconds until done, from measured run times' }))),
});

const CreateBody = Type.Object({
  data: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  user_data: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  prev_task: Type.Optional(Type.String()),
  expected_cost: Type.Optional(Type.Integer({ minimum: 0 })),
});
const ListBody = Type.Object({
  algorithm: Type.Optional(Type.String()),
  mi_preview: Type.Optional(Type.Union([Type.Boolean(), Type.Integer()])),
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  module: Type.Optional(Type.String()),
  is_workflow: Type.Optional(Type.Union([Type.Boolean(), Type.Integer()])),
  media: Type.Optional(Type.Union([Type.Literal('video'), Type.Literal('image'), Type.Literal('audio')])),
});
const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
const Voice = Type.Object({ id: Type.String(), name: Type.String(), lang: Type.String(), gender: Type.Union([Type.Literal('male'), Type.Literal('female')]) });
const Category = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  presets: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String(), prompt: Type.String() })),
});

async function defaultVoices(): Promise<TtsVoice[]> {
  const { listVoices } = await import('@studio/engines/local/audio/speech');
  return listVoices();
}

async function defaultCountFaces(file: string): Promise<number> {
  const { readRgb } = await import('@studio/engines/local/image/raw');
  const { detectFaces } = await import('@studio/engines/local/image/face');
  return (await detectFaces(await readRgb(file))).length;
}

export function tasksPlugin(options: TasksModuleOptions = {}): ApiModulePlugin {
  return async (scope, ctx) => {
    const { media } = mediaStoreFor(ctx, { ...options.storage, now: options.now ?? options.storage?.now });
    const queueConfig: QueueConfig = { ...queueConfigFromEnv(), ...options.queue };
    const queue = new TaskQueue(ctx.db, queueConfig, { supervise: false });
    await queue.start();
    scope.addHook('onClose', async () => queue.stop());
    const rules = options.rules ?? planRulesFromEnv();
    const service = createTaskService({
      db: ctx.db,
      ledger: ctx.ledger,
      media,
      queue,
      rules,
      holdTtlMs: options.holdTtlMs ?? 24 * 3600 * 1000,
      premiumModelAvailable: options.premiumModelAvailable ?? process.env.TASKS_PREMIUM_VIDEO_MODEL === '1',
      now: options.now,
    });
    const listVoices = options.listVoices ?? defaultVoices;
    const countFaces = options.countFaces ?? defaultCountFaces;
    const creationLimits = options.creationLimits ?? creationLimitsFromEnv();
    const app = scope.withTypeProvider<TypeBoxProvider>();
    const auth = { preHandler: ctx.auth.authenticate };
    const secured = { tags: ['tasks'], security: [{ bearer: [] }] };
    const caller = (request: { user: { uid: string; level: 'free' | 'standard' | 'premium' } | null }) => ({
      uid: request.user!.uid,
      level: request.user!.level,
    });
    const answer = (task: Task) => task as unknown as Static<typeof TaskSchema>;

    app.post(
      '/v1/ai/create/:algorithm',
      {
        ...auth,
        schema: {
          ...secured,
          summary: 'Creates a task: credits are held, the task is queued (answer: the task and the balance after the hold)',
          params: Type.Object({ algorithm: Type.String({ maxLength: 64 }) }),
          body: CreateBody,
          response: responses(TaskSchema),
        },
      },
      async (request) => {
        const body = request.body;
        // the same cap as data_save: user_data is the screen's notes, not storage
        if (body.user_data && JSON.stringify(body.user_data).length > USER_DATA_MAX_CHARS) throw fail.badRequest('user_data is too large');
        await takeCreation(ctx.db, creationLimits, { uid: request.user!.uid, ip: request.ip }, (options.now?.() ?? new Date()).getTime());
        const task = await service.create(caller(request), request.params.algorithm, {
          data: (body.data ?? {}) as Record<string, unknown>,
          user_data: body.user_data as TaskUserData | undefined,
          prev_task: body.prev_task,
          expected_cost: body.expected_cost,
        });
        request.log.info({ task: task.task_id, algorithm: task.algorithm, cost: task.cost }, 'task created');
        return ok(request, answer(task));
      },
    );

    app.get(
      '/v1/ai/cost/:algorithm',
      {
        ...auth,
        schema: {
          ...secured,
          summary: 'The cost of a task before it is created (query: the form fields, file_path or duration for tools)',
          params: Type.Object({ algorithm: Type.String({ maxLength: 64 }) }),
          querystring: Type.Record(Type.String(), Type.String()),
          response: responses(
            Type.Object({ algorithm: Type.String(), cost: Type.Integer(), basis: Type.String(), free_for_plan: Type.Boolean(), preview: Type.Optional(Type.Boolean()) }),
          ),
        },
      },
      async (request) => ok(request, await service.cost(caller(request), request.params.algorithm, request.query)),
    );

    app.get(
      '/v1/ai/result/:kind/:id',
      {
        ...auth,
        schema: {
          ...secured,
          summary: 'A task of the caller (status, progress, queue position, outputs with signed links)',
          params: Type.Object({ kind: Type.String({ maxLength: 64 }), id: Type.String({ maxLength: 64 }) }),
          response: responses(TaskSchema),
        },
      },
      async (request) => {
        const row = await loadOwnTask(ctx.db, request.user!.uid, request.params.id);
        if (!row) throw fail.notFound('No such task');
        return ok(request, answer(service.view(row)));
      },
    );

    app.post(
      '/v1/ai/result/batch',
      {
        ...auth,
        schema: {
          ...secured,
          summary: "Several of the caller's tasks at once (unknown ids are left out)",
          body: Type.Object({ task_ids: Type.Array(Type.String({ maxLength: 64 }), { maxItems: 100 }) }),
          response: responses(Type.Array(TaskSchema)),
        },
      },
      async (request) => {
        const ids = [...new Set(request.body.task_ids)].filter((id) => /^[0-9a-f-]{36}$/i.test(id));
        if (ids.length === 0) return ok(request, []);
        const result = await ctx.db.query<TaskRow>(`${TASK_SELECT} WHERE t.id = ANY($1::uuid[]) AND t.user_id = $2 AND t.deleted_at IS NULL`, [
          ids,
          request.user!.uid,
        ]);
        const byId = new Map(result.rows.map((row) => [row.id, normaliseRow(row)]));
        return ok(
          request,
          ids.flatMap((id) => {
            const row = byId.get(id);
            return row ? [answer(service.view(row))] : [];
          }),
        );
      },
    );

    app.post(
      '/v1/ai/task',
      {
        ...auth,
        schema: {
          ...secured,
          summary:
            "The caller's tasks, newest first (20 a page; mi_preview: only finished results; expired tasks are gone; check tasks and watermark downloads only when named by algorithm)",
          body: ListBody,
          response: responses(Type.Object({ list: Type.Array(TaskSchema), paginate: Type.Object({ total: Type.Integer() }) })),
        },
      },
      async (request) => {
        const body = request.body;
        const page = body.page ?? 1;
        const size = body.page_size ?? TASK_PAGE_SIZE;
        const where = ['t.user_id = $1', 't.deleted_at IS NULL', "t.status <> 'expired'"];
        const params: unknown[] = [request.user!.uid];
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
          where.push(
            `(CASE WHEN jsonb_array_length(t.outputs) > 0 THEN t.outputs->0->>'media' ELSE t.lane END) = $${params.length}`,
          );
        }
        if (body.mi_preview) where.push(`t.status = 'success'`);
        const filter = where.join(' AND ');
        const total = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM tasks t WHERE ${filter}`, params);
        const rows = await ctx.db.query<TaskRow>(
          `${TASK_SELECT} WHERE ${filter} ORDER BY t.created_at DESC, t.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
          [...params, size, (page - 1) * size],
        );
        return ok(request, { list: rows.rows.map((row) => answer(service.view(normaliseRow(row)))), paginate: { total: Number(total.rows[0]?.n ?? 0) } });
      },
    );

    app.post(
      '/v1/ai/del/:id',
      {
        ...auth,
        schema: { ...secured, summary: 'Deletes a task and its result files (a running task is cancelled first)', params: IdParams, response: responses(Type.Null()) },
      },
      async (request) => {
        await service.remove(request.user!.uid, request.params.id);
        return ok(request, null);
      },
    );

    app.post(
      '/v1/ai/retry',
      {
        ...auth,
        schema: {
          ...secured,
          summary: 'Runs a failed or cancelled task again (its cost is held again)',
          body: Type.Object({ task_id: Type.String({ maxLength: 64 }) }),
          response: responses(TaskSchema),
        },
      },
      async (request) => ok(request, answer(await service.retry(caller(request), request.body.task_id))),
    );

    app.post(
      '/v1/ai/cancel/:id',
      {
        ...auth,
        schema: { ...secured, summary: 'Cancels a queued or running task; its credits are released', params: IdParams, response: responses(TaskSchema) },
      },
      async (request) => ok(request, answer(await service.cancel(request.user!.uid, request.params.id))),
    );

    app.post(
      '/v1/ai/task/data_save',
      {
        ...auth,
        schema: {
          ...secured,
          summary: "Saves a like (1 like, 0 dislike, -1 cancel) or the task's user_data",
          body: Type.Object({
            taskId: Type.String({ maxLength: 64 }),
            save_type: Type.Union([Type.Literal('like'), Type.Literal('user_data')]),
            user_data: Type.Record(Type.String(), Type.Unknown()),
          }),
          response: responses(Type.Null()),
        },
      },
      async (request) => {
        const row = await loadOwnTask(ctx.db, request.user!.uid, request.body.taskId);
        if (!row) throw fail.notFound('No such task');
        const given = request.body.user_data as unknown as TaskUserData & { like?: LikeValue };
        let next: TaskUserData;
        if (request.body.save_type === 'like') {
          const like = given.like;
          if (like !== 1 && like !== 0 && like !== -1) throw fail.badRequest('like must be 1, 0 or -1');
          const info: Record<string, LikeValue> = { ...(row.user_data.likeOrNotInfo ?? {}), ...(given.likeOrNotInfo ?? {}) };
          if (like === -1) delete info.task;
          else info.task = like;
          next = { ...row.user_data, likeOrNotInfo: info };
        } else {
          const { like: _like, ...rest } = given;
          next = { ...row.user_data, ...rest };
        }
        if (JSON.stringify(next).length > USER_DATA_MAX_CHARS) throw fail.badRequest('user_data is too large');
        await ctx.db.query('UPDATE tasks SET user_data = $3, module = $4 WHERE id = $1 AND user_id = $2', [
          row.id,
          row.user_id,
          JSON.stringify(next),
          typeof next.module === 'string' ? next.module : row.module,
        ]);
        return ok(request, null);
      },
    );

    app.post(
      '/v1/ai/prompt/polish',
      {
        ...auth,
        schema: {
          ...secured,
          summary: 'A rule-based polish of a prompt (no language model runs here; `note` says so)',
          body: Type.Object({ prompt: Type.String({ maxLength: 2000 }) }),
          response: responses(Type.Object({ prompt: Type.String(), note: Type.String() })),
        },
      },
      async (request) => {
        const polished = polishPrompt(request.body.prompt);
        if (!polished) throw new ApiFailure(400, API_CODES.BAD_REQUEST, USER_TEXTS.PROMPT_FAILED);
        return ok(request, { prompt: polished, note: POLISH_NOTE });
      },
    );

    app.post(
      '/v1/ai/prompt/img2prompt',
      {
        ...auth,
        // a data: URL of a picture may be several megabytes
        bodyLimit: 15 * 1024 * 1024,
        schema: {
          ...secured,
          summary: "A prompt describing what can be measured in one of the caller's pictures (oss_path or a data: URL)",
          body: Type.Object({ image: Type.String({ maxLength: 14_000_000 }) }),
          response: responses(Type.Object({ prompt: Type.String(), note: Type.String() })),
        },
      },
      async (request) => {
        const dir = path.join(os.tmpdir(), 'studio-img2prompt');
        await mkdir(dir, { recursive: true });
        const file = path.join(dir, randomUUID());
        try {
          const image = request.body.image;
          const data = /^data:image\/[a-z+]+;base64,(.+)$/i.exec(image);
          if (data) {
            const bytes = Buffer.from(data[1], 'base64');
            if (bytes.length > IMG2PROMPT_RULE.maxBytes) throw new ApiFailure(413, API_CODES.FILE_TOO_LARGE, IMG2PROMPT_RULE.sizeText);
            await writeFile(file, bytes);
          } else {
            const object = await media.owned(request.user!.uid, image);
            if (!object || object.media !== 'image') throw fail.notFound('No such picture');
            await media.storage.downloadTo(object.path, file);
          }
          // the upload rules apply to the header before a pixel is decoded; decodes take turns
          const header = await readImageHeader(file);
          if (!header) throw new ApiFailure(422, API_CODES.UNSUPPORTED_FORMAT, USER_TEXTS.PROMPT_FAILED);
          checkImageHeader(IMG2PROMPT_RULE, header);
          const facts = await decodeSlots.run(() => measureImage(file, countFaces)).catch((error: unknown) => {
            request.log.warn({ err: error }, 'img2prompt could not read the picture');
            throw new ApiFailure(422, API_CODES.UNSUPPORTED_FORMAT, USER_TEXTS.PROMPT_FAILED);
          });
          return ok(request, { prompt: describeImage(facts), note: IMG2PROMPT_NOTE });
        } finally {
          await rm(file, { force: true });
        }
      },
    );

    app.get(
      '/v1/prompt/category-and-presets',
      {
        schema: {
          tags: ['tasks'],
          summary: "Prompt categories and presets for an algorithm's media",
          querystring: Type.Object({
            algorithm: Type.String({ maxLength: 64 }),
            model_type: Type.Optional(Type.String()),
            lang: Type.Optional(Type.String()),
            _t: Type.Optional(Type.String()),
          }),
          response: responses(Type.Array(Category)),
        },
      },
      async (request) => {
        const resolved = resolveAlgorithm(request.query.algorithm);
        if (!resolved) throw fail.notFound(`Unknown algorithm: ${request.query.algorithm}`);
        return ok(request, presetsFor(resolved.lane));
      },
    );

    app.get(
      '/v1/ai/tts/voice',
      {
        schema: { tags: ['tasks'], summary: 'The voices of talking photo, talking avatar and lip sync (eSpeak NG)', response: responses(Type.Array(Voice)) },
      },
      async (request) => ok(request, await listVoices()),
    );
  };
}

export function tasksModule(options: TasksModuleOptions = {}): ApiModuleDefinition {
  return { name: 'tasks', plugin: tasksPlugin(options) };
}

export { DEFAULT_PLAN_RULES };
export { startTaskWorker, type TaskEngines, type TaskWorkerConfig, type TaskWorkerHandle, type StartTaskWorkerOptions } from './worker.js';
