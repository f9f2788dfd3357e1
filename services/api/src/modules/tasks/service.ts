/**
 * What the task calls do, shared by the routes, the worker and the sweeper.
 *
 * Credits: the cost is held (ledger hold, idempotency key task:<id>:<run>) before the task is queued,
 * committed when the run succeeds, released on failure, cancel or a dead run. The hold decides races:
 * a worker commits before it marks success, cancel releases before it marks cancelled, so whichever
 * settles the hold first wins and the other backs off.
 *
 * Video slots: a user's video runs are handed to the queue while fewer than the plan's number are out
 * (Free 1, Standard 3, Premium 5); the others wait as queued (dispatched_at NULL) and are admitted when
 * one ends. A per-user advisory lock serialises admissions and the usage counters.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { Database, Queryable } from '@studio/db';
import {
  API_CODES,
  TASK_RESULT_DAYS,
  USER_TEXTS,
  type CreateTaskRequest,
  type Task,
  type TaskCostResponse,
  type TaskUserData,
} from 'shared-contracts';
import type { MemberLevel } from '../../auth.js';
import { ApiFailure, fail } from '../../http.js';
import { HoldStateError, type Ledger } from '../../ledger.js';
import type { MediaObject, MediaStore } from '../storage/media.js';
import { storageFull } from '../storage/index.js';
import { GENERATIVE as GENERATIVE_IDS, WATERMARK_DOWNLOAD, resolveAlgorithm, type Lane, type ResolvedAlgorithm } from './catalog.js';
import { engineConfigFromEnv } from './engines.js';
import { checkPayload } from './params.js';
import { AUDIO_TOOLS, TRIAL_PERIOD, applyEntitlements, monthPeriod, quote, type PlanRules, type Quote, type UsageClaim } from './pricing.js';
import type { TaskQueue } from './queue.js';
import { loadOwnTask, loadTask, toTask, type StoredOutput, type TaskRow } from './store.js';

export interface TaskServiceDeps {
  db: Database;
  ledger: Ledger;
  media: MediaStore;
  queue: TaskQueue;
  rules: PlanRules;
  /** a hold left `held` this long is released by the API's stale-hold sweeper (last resort) */
  holdTtlMs: number;
  /** an engine for the premium video model is configured */
  premiumModelAvailable: boolean;
  /** the engine an algorithm runs on ('local', 'comfyui'; default: the ENGINE_* configuration) */
  engineOf?: (algorithm: string) => string;
  now?: () => Date;
}

export interface Caller {
  uid: string;
  level: MemberLevel;
}

const RESULT_MS = TASK_RESULT_DAYS * 24 * 60 * 60 * 1000;

export async function currentLevel(q: Queryable, uid: string, at: Date): Promise<MemberLevel> {
  const result = await q.query<{ level: 'standard' | 'premium' }>(
    `SELECT level FROM subscriptions WHERE user_id = $1 AND started_at <= $2 AND expires_at > $2 ORDER BY (level = 'premium') DESC LIMIT 1`,
    [uid, at],
  );
  return result.rows[0]?.level ?? 'free';
}

async function lockUser(tx: Queryable, uid: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`tasks:${uid}`]);
}

function failureReason(resolved: Pick<ResolvedAlgorithm, 'lane'> & { generative: boolean }): string {
  return resolved.generative ? USER_TEXTS.GENERATION_FAILED_LATER : USER_TEXTS.PROCESSING_FAILED;
}

export type TaskService = ReturnType<typeof createTaskService>;

export function createTaskService(deps: TaskServiceDeps) {
  const { db, ledger, media, queue, rules } = deps;
  const clock = deps.now ?? (() => new Date());
  const engines = engineConfigFromEnv();
  const engineOf = deps.engineOf ?? ((algorithm: string) => engines.algorithms?.[algorithm as keyof typeof engines.algorithms] ?? engines.default ?? 'local');

  async function claimUsage(tx: Queryable, uid: string, claims: UsageClaim[]): Promise<void> {
    for (const claim of claims) {
      if (claim.period === TRIAL_PERIOD) {
        const used = await tx.query('UPDATE free_trials SET remaining = remaining - 1 WHERE user_id = $1 AND feature = $2 AND remaining > 0', [
          uid,
          claim.counter,
        ]);
        if (used.rowCount === 0) throw new ApiFailure(409, API_CODES.CONFLICT, 'Your free trial was used meanwhile; please check the cost and try again');
        continue;
      }
      const result = await tx.query<{ amount: number }>(
        `INSERT INTO task_usage (user_id, period, counter, amount) VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id, period, counter) DO UPDATE SET amount = task_usage.amount + EXCLUDED.amount
         RETURNING amount`,
        [uid, claim.period, claim.counter, claim.amount],
      );
      const amount = Number(result.rows[0]?.amount ?? 0);
      if (claim.limit !== null && amount > claim.limit + 1e-6) {
        if (claim.counter.startsWith('seconds:')) {
          throw new ApiFailure(409, API_CODES.CONFLICT, 'Your included minutes changed meanwhile; please check the cost and try again');
        }
        throw new ApiFailure(429, API_CODES.DAILY_LIMIT, USER_TEXTS.DAILY_LIMIT);
      }
    }
  }

  async function giveBackUsage(q: Queryable, uid: string, claims: UsageClaim[]): Promise<void> {
    for (const claim of claims) {
      if (claim.period === TRIAL_PERIOD) {
        await q.query('UPDATE free_trials SET remaining = remaining + 1 WHERE user_id = $1 AND feature = $2', [uid, claim.counter]);
        continue;
      }
      await q.query(
        'UPDATE task_usage SET amount = GREATEST(amount - $4, 0) WHERE user_id = $1 AND period = $2 AND counter = $3',
        [uid, claim.period, claim.counter, claim.amount],
      );
    }
  }

  async function trialsOf(uid: string): Promise<string[]> {
    const result = await db.query<{ feature: string }>('SELECT feature FROM free_trials WHERE user_id = $1 AND remaining > 0', [uid]);
    return result.rows.map((row) => row.feature);
  }

  async function usedSeconds(uid: string, algorithm: string, at: Date): Promise<number> {
    const result = await db.query<{ amount: number }>(
      'SELECT amount FROM task_usage WHERE user_id = $1 AND period = $2 AND counter = $3',
      [uid, monthPeriod(at), `seconds:${algorithm}`],
    );
    return Number(result.rows[0]?.amount ?? 0);
  }

  async function ownedInputs(uid: string, resolved: ResolvedAlgorithm, paths: string[]): Promise<MediaObject[]> {
    const objects: MediaObject[] = [];
    for (const [index, path] of paths.entries()) {
      const object = await media.owned(uid, path);
      if (!object) throw new ApiFailure(404, API_CODES.NOT_FOUND, `${USER_TEXTS.UPLOAD_FAILED}: no such file ${path}; please upload it again`);
      const spec = resolved.spec.inputs[index];
      const kinds = spec.kinds.map((k) => (k === 'mask' ? 'image' : k));
      if (!kinds.includes(object.media)) throw new ApiFailure(415, API_CODES.UNSUPPORTED_FORMAT, USER_TEXTS.UNSUPPORTED_FORMAT);
      objects.push(object);
    }
    return objects;
  }

  interface Prepared {
    resolved: ResolvedAlgorithm;
    params: Record<string, unknown>;
    inputs: MediaObject[];
    quote: Quote;
  }

  async function prepare(caller: Caller, resolved: ResolvedAlgorithm, data: Record<string, unknown>, at: Date): Promise<Prepared> {
    const checked = checkPayload(resolved, data);
    if (checked.model === 'premium') {
      if (!['text2video', 'image2video'].includes(resolved.id)) throw fail.badRequest('The premium model is offered for text and image to video only');
      if (!deps.premiumModelAvailable) throw fail.badRequest('The premium video model is not available on this server');
    }
    const params = applyEntitlements(resolved, checked.params, caller.level);
    if (checked.model === 'premium') params.model = 'premium';
    // every run of a seeded algorithm gets a seed: the user's, or a random one (shown on the result, reusable)
    if ('seed' in resolved.spec.params && typeof params.seed !== 'number') params.seed = randomInt(0, 2 ** 31 - 1);
    const inputs = await ownedInputs(caller.uid, resolved, checked.inputPaths);
    const used = AUDIO_TOOLS.has(resolved.id) ? await usedSeconds(caller.uid, resolved.id, at) : 0;
    const freeTrials = await trialsOf(caller.uid);
    const priced = quote({ resolved, params, inputs, level: caller.level, usedSecondsThisMonth: used, at, rules, model: checked.model, freeTrials });
    return { resolved, params, inputs, quote: priced };
  }

  async function checkSpace(caller: Caller, resolved: ResolvedAlgorithm): Promise<void> {
    if (resolved.spec.output === 'data') return;
    const used = await media.usage(caller.uid);
    const quota = media.quota(caller.level);
    if (used >= quota) throw storageFull(used, quota);
  }

  async function hold(caller: Caller, taskId: string, run: number, prepared: Prepared) {
    if (prepared.quote.cost <= 0) return null;
    return ledger.hold({
      userId: caller.uid,
      amount: prepared.quote.cost,
      details: prepared.resolved.spec.title,
      reference: taskId,
      idempotencyKey: `task:${taskId}:${run}`,
      ttlMs: deps.holdTtlMs,
      at: clock(),
    });
  }

  /** Hands waiting video runs of a user to the queue while slots are free. Answers how many. */
  async function admitIn(tx: Queryable, uid: string, level: MemberLevel): Promise<number> {
    const running = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM tasks WHERE user_id = $1 AND lane = 'video'
         AND ((status = 'queued' AND dispatched_at IS NOT NULL) OR status = 'generating')`,
      [uid],
    );
    const free = rules.videosAtOnce[level] - Number(running.rows[0]?.n ?? 0);
    if (free <= 0) return 0;
    const waiting = await tx.query<{ id: string; run_id: string; priority: number }>(
      `SELECT id, run_id, priority FROM tasks WHERE user_id = $1 AND lane = 'video' AND status = 'queued' AND dispatched_at IS NULL
       ORDER BY queued_at, id LIMIT $2`,
      [uid, free],
    );
    for (const row of waiting.rows) await queue.dispatch(tx, { id: row.id, runId: row.run_id, lane: 'video', priority: row.priority });
    return waiting.rows.length;
  }

  async function admitWaiting(uid: string): Promise<number> {
    const level = await currentLevel(db, uid, clock());
    const admitted = await db.transaction(async (tx) => {
      await lockUser(tx, uid);
      return admitIn(tx, uid, level);
    });
    if (admitted > 0) queue.signal(['video']);
    return admitted;
  }

  async function releaseHold(holdId: string | null): Promise<'released' | 'committed' | 'none'> {
    if (!holdId) return 'none';
    try {
      await ledger.release(holdId);
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
  async function endRun(row: TaskRow, status: 'failure' | 'cancelled', reason: string | null): Promise<boolean> {
    const settled = await releaseHold(row.hold_id);
    if (settled === 'committed') return false;
    const updated = await db.query(
      `UPDATE tasks SET status = $3, reason = $4, progress = NULL, finished_at = $5
       WHERE id = $1 AND run_id = $2 AND status IN ('queued', 'generating')`,
      [row.id, row.run_id, status, reason, clock()],
    );
    if (updated.rowCount === 0) return false;
    await giveBackUsage(db, row.user_id, row.usage);
    if (row.job_id && row.status === 'queued' && row.lane !== 'inline') await queue.drop(row.lane, row.job_id);
    if (row.lane === 'video') await admitWaiting(row.user_id);
    return true;
  }

  async function createInline(caller: Caller, body: CreateTaskRequest): Promise<Task> {
    const prevId = body.prev_task ?? '';
    const prev = await loadOwnTask(db, caller.uid, prevId);
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
    const at = clock();
    await db.query(
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
    const row = (await loadTask(db, id)) as TaskRow;
    return toTask(row, media, { attachment: true });
  }

  return {
    admitWaiting,
    endRun,
    releaseHold,
    giveBackUsage,

    view(row: TaskRow): Task {
      return toTask(row, media, { attachment: row.algorithm === WATERMARK_DOWNLOAD });
    },

    async cost(caller: Caller, algorithm: string, query: Record<string, string>): Promise<TaskCostResponse> {
      const resolved = resolveAlgorithm(algorithm);
      if (algorithm === WATERMARK_DOWNLOAD) return { algorithm, cost: 0, basis: 'Downloads are free', free_for_plan: true };
      if (!resolved) throw fail.notFound(`Unknown algorithm: ${algorithm}`);
      const params: Record<string, unknown> = {};
      for (const [name, spec] of Object.entries(resolved.spec.params)) {
        const raw = query[name];
        if (raw === undefined || raw === '') continue;
        params[name] = spec.type === 'number' ? Number(raw) : raw;
      }
      const entitled = applyEntitlements(resolved, params, caller.level);
      const inputs: MediaObject[] = [];
      if (query.file_path) {
        const object = await media.owned(caller.uid, query.file_path);
        if (!object) throw fail.notFound('No such file');
        inputs.push(object);
      } else if (query.duration && resolved.spec.duration.from !== 'param') {
        const seconds = Number(query.duration);
        if (!Number.isFinite(seconds) || seconds < 0) throw fail.badRequest('duration must be a number of seconds');
        inputs.push({ duration: seconds, media: resolved.spec.duration.from === 'speech' ? 'audio' : 'video' } as MediaObject);
      }
      const at = clock();
      const used = AUDIO_TOOLS.has(resolved.id) ? await usedSeconds(caller.uid, resolved.id, at) : 0;
      const model = query.model === 'premium' ? 'premium' : 'standard';
      const freeTrials = await trialsOf(caller.uid);
      const priced = quote({ resolved, params: entitled, inputs, level: caller.level, usedSecondsThisMonth: used, at, rules, model, freeTrials });
      // a generative algorithm on the local engine makes previews: the creation screen says so before Generate
      const preview = GENERATIVE_IDS.has(resolved.id) && engineOf(resolved.id) === 'local';
      return { algorithm, cost: priced.cost, basis: priced.basis, free_for_plan: priced.freeForPlan, preview };
    },

    async create(caller: Caller, algorithm: string, body: CreateTaskRequest): Promise<Task> {
      if (algorithm === WATERMARK_DOWNLOAD) return createInline(caller, body);
      const resolved = resolveAlgorithm(algorithm);
      if (!resolved) throw fail.notFound(`Unknown algorithm: ${algorithm}`);
      const at = clock();
      const prepared = await prepare(caller, resolved, body.data ?? {}, at);
      if (body.expected_cost !== undefined && body.expected_cost !== prepared.quote.cost) {
        throw new ApiFailure(409, API_CODES.CONFLICT, `The cost is now ${prepared.quote.cost} credits; please confirm again`, {
          cost: prepared.quote.cost,
          basis: prepared.quote.basis,
        });
      }
      await checkSpace(caller, resolved);
      if (body.prev_task) {
        const prev = await loadOwnTask(db, caller.uid, body.prev_task);
        if (!prev) throw fail.notFound('No such task');
      }
      const id = randomUUID();
      const runId = randomUUID();
      const held = await hold(caller, id, 1, prepared);
      const priority = rules.priority[caller.level];
      const userData: TaskUserData = body.user_data ?? { module: '' };
      try {
        await db.transaction(async (tx) => {
          await lockUser(tx, caller.uid);
          await claimUsage(tx, caller.uid, prepared.quote.usage);
          await tx.query(
            `INSERT INTO tasks (id, user_id, algorithm, engine_algorithm, lane, status, params, inputs, file_path, user_data, prev_task,
               module, is_workflow, cost, cost_basis, hold_id, usage, plan, priority, watermark, run_id, queued_at, created_at)
             VALUES ($1, $2, $3, $4, $5, 'queued', $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $21)`,
            [
              id,
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
              held?.id ?? null,
              JSON.stringify(prepared.quote.usage),
              caller.level,
              priority,
              caller.level === 'free',
              runId,
              at,
            ],
          );
          if (resolved.lane === 'video') await admitIn(tx, caller.uid, caller.level);
          else await queue.dispatch(tx, { id, runId, lane: resolved.lane, priority });
        });
      } catch (error) {
        if (held) await ledger.release(held.id).catch(() => undefined);
        throw error;
      }
      queue.signal([resolved.lane]);
      const row = (await loadTask(db, id)) as TaskRow;
      return { ...toTask(row, media), balance: await ledger.balance(caller.uid) };
    },

    async cancel(uid: string, id: string): Promise<Task> {
      const row = await loadOwnTask(db, uid, id);
      if (!row) throw fail.notFound('No such task');
      if (row.status === 'cancelled') return toTask(row, media);
      if (row.status !== 'queued' && row.status !== 'generating') {
        throw new ApiFailure(409, API_CODES.CONFLICT, 'The task has already finished');
      }
      const ended = await endRun(row, 'cancelled', null);
      const after = (await loadOwnTask(db, uid, id)) as TaskRow;
      if (!ended && after.status !== 'cancelled') throw new ApiFailure(409, API_CODES.CONFLICT, 'The task has already finished');
      return toTask(after, media);
    },

    async retry(caller: Caller, id: string): Promise<Task> {
      const row = await loadOwnTask(db, caller.uid, id);
      if (!row) throw fail.notFound('No such task');
      if (row.status === 'queued' || row.status === 'generating') throw new ApiFailure(409, API_CODES.CONFLICT, 'The task is already running');
      if (row.status !== 'failure' && row.status !== 'cancelled') {
        throw new ApiFailure(409, API_CODES.CONFLICT, row.status === 'expired' ? 'The task has expired' : 'The task has already finished');
      }
      const resolved = resolveAlgorithm(row.algorithm);
      if (!resolved) throw fail.notFound('No such task');
      const data: Record<string, unknown> = { ...row.params, file_paths: row.inputs };
      const at = clock();
      const prepared = await prepare(caller, resolved, data, at);
      await checkSpace(caller, resolved);
      const run = row.runs + 1;
      const runId = randomUUID();
      const held = await hold(caller, id, run, prepared);
      const priority = rules.priority[caller.level];
      try {
        await db.transaction(async (tx) => {
          await lockUser(tx, caller.uid);
          await claimUsage(tx, caller.uid, prepared.quote.usage);
          const updated = await tx.query(
            `UPDATE tasks SET status = 'queued', reason = NULL, progress = NULL, outputs = '[]', result_data = NULL, engine = NULL,
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
              held?.id ?? null,
              JSON.stringify(prepared.quote.usage),
              caller.level,
              priority,
              caller.level === 'free',
              runId,
              run,
              at,
            ],
          );
          if (updated.rowCount === 0) throw new ApiFailure(409, API_CODES.CONFLICT, 'The task is already running');
          if (resolved.lane === 'video') await admitIn(tx, caller.uid, caller.level);
          else await queue.dispatch(tx, { id, runId, lane: resolved.lane, priority });
        });
      } catch (error) {
        if (held) await ledger.release(held.id).catch(() => undefined);
        throw error;
      }
      queue.signal([resolved.lane]);
      const after = (await loadTask(db, id)) as TaskRow;
      return { ...toTask(after, media), balance: await ledger.balance(caller.uid) };
    },

    async remove(uid: string, id: string): Promise<void> {
      const row = await loadOwnTask(db, uid, id);
      if (!row) throw fail.notFound('No such task');
      if (row.status === 'queued' || row.status === 'generating') await endRun(row, 'cancelled', null);
      const deleted = await db.query('UPDATE tasks SET deleted_at = $3 WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL', [id, uid, clock()]);
      if (deleted.rowCount === 0) throw new ApiFailure(500, API_CODES.INTERNAL, USER_TEXTS.TASK_DELETION_FAILED);
      const files = await db.query<{ path: string }>('SELECT path FROM media_objects WHERE task_id = $1 AND deleted_at IS NULL', [id]);
      await media.remove(files.rows.map((f) => f.path));
    },

    /** success of a run: the hold is committed first; false when the run lost (cancelled, superseded) */
    async succeed(row: TaskRow, outputs: StoredOutput[], extra: { engine: unknown; resultData: unknown }): Promise<boolean> {
      if (row.hold_id) {
        try {
          await ledger.commit(row.hold_id);
        } catch (error) {
          if (error instanceof HoldStateError) return false;
          throw error;
        }
      }
      const at = clock();
      const updated = await db.query(
        `UPDATE tasks SET status = 'success', progress = 100, outputs = $3, engine = $4, result_data = $5, finished_at = $6,
           expire_at = $7, reason = NULL
         WHERE id = $1 AND run_id = $2 AND status = 'generating'`,
        [row.id, row.run_id, JSON.stringify(outputs), JSON.stringify(extra.engine), extra.resultData ? JSON.stringify(extra.resultData) : null, at, new Date(at.getTime() + RESULT_MS)],
      );
      if (row.lane === 'video') await admitWaiting(row.user_id);
      return updated.rowCount > 0;
    },

    failureReasonFor(row: Pick<TaskRow, 'engine_algorithm' | 'lane'>): string {
      const resolved = resolveAlgorithm(row.engine_algorithm);
      return failureReason({ lane: (row.lane === 'inline' ? 'check' : row.lane) as Lane, generative: resolved ? GENERATIVE_IDS.has(resolved.id) : false });
    },
  };
}

