/**
 * The product as the harness runs it: the API (storage and tasks modules) on an in-memory PGlite, its queue,
 * workers on the real ComfyUI engine (createTaskEngines, as production builds it), and members signed in
 * directly. Every task goes through the API's own calls.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '@studio/db';
import type { Task, UploadGrant } from 'shared-contracts';
import type { AccountClient } from '../../src/account-client';
import { testApiConfig } from '../../src/config';
import type { ModuleContext } from '../../src/modules/types';
import { buildApiApp, migrateApi } from '../../src/plugin';
import { createLocalStorage } from '../../src/modules/storage/local';
import { storageModule } from '../../src/modules/storage/index';
import { tasksModule } from '../../src/modules/tasks/index';
import { createTaskEngines, engineChoices } from '../../src/modules/tasks/engines';
import { DEFAULT_QUEUE_CONFIG } from '../../src/modules/tasks/queue';
import { startTaskWorker, type TaskWorkerHandle } from '../../src/modules/tasks/worker';
import { DEFAULT_PLAN_RULES } from '../../src/modules/tasks/pricing';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const noAccount = {
  async exchangeCode() {
    throw new Error('the harness signs users in directly');
  },
} as unknown as AccountClient;

export interface Product {
  db: Database;
  storageDir: string;
  ctx: ModuleContext;
  app: Awaited<ReturnType<typeof buildApiApp>>;
  logs: string[];
  user(credits: number): Promise<Record<string, string>>;
  worker(dir: string, lanes: number): Promise<TaskWorkerHandle>;
  create(headers: Record<string, string>, algorithm: string, data: object): Promise<Task>;
  result(headers: Record<string, string>, id: string): Promise<Task>;
  upload(headers: Record<string, string>, algorithm: string, body: Buffer): Promise<string>;
}

export async function product(db: Database, workflows: string, comfyui: string): Promise<Product> {
  await migrateApi(db);
  const storageDir = mkdtempSync(path.join(os.tmpdir(), 'comfyui-harness-'));
  const storage = createLocalStorage(storageDir);
  const queue = { ...DEFAULT_QUEUE_CONFIG, schema: 'pgboss' };
  const env = { ENGINE_DEFAULT: 'comfyui', COMFYUI_URL: comfyui, COMFYUI_WORKFLOWS: workflows };
  let built: ModuleContext | null = null;
  const app = await buildApiApp({
    db,
    config: testApiConfig(),
    accountClient: noAccount,
    logger: false,
    holdSweepMs: 0,
    skipMigrations: true,
    modules: [
      storageModule({ storage, config: { dir: storageDir } }),
      tasksModule({
        storage: { storage, config: { dir: storageDir } },
        queue,
        rules: { ...DEFAULT_PLAN_RULES, freeDailyTasks: 1e6 },
        creationLimits: { perMinute: 1e9, perMinutePerAddress: 1e9, perDay: 1e9 },
        engineOf: await engineChoices({ default: 'comfyui' }, env),
      }),
    ],
    onReady: (ctx) => {
      built = ctx;
    },
  });
  await app.ready();
  const ctx = built as unknown as ModuleContext;
  const logs: string[] = [];
  const envelope = <T>(body: string, what: string): T => {
    const parsed = JSON.parse(body) as { code: number; msg: string; data: T };
    if (parsed.code !== 0) throw new Error(`${what}: ${parsed.msg}`);
    return parsed.data;
  };
  return {
    db,
    storageDir,
    ctx,
    app,
    logs,
    async user(credits) {
      const uid = randomUUID();
      await db.query('INSERT INTO users (id, ws_id, email) VALUES ($1, $2, $3)', [uid, randomUUID(), `${uid.slice(0, 8)}@harness.test`]);
      await db.query(
        `INSERT INTO subscriptions (user_id, sku_id, level, name, credits_per_period, started_at, expires_at, next_grant_at, source)
         VALUES ($1, 24109015, 'premium', 'premium', 0, now() - interval '1 hour', now() + interval '30 days', now() + interval '30 days', 'harness')`,
        [uid],
      );
      await ctx.ledger.grant({ userId: uid, amount: credits, source: 'order', details: 'harness', idempotencyKey: `harness:${uid}` });
      const session = await db.transaction((tx) => ctx.auth.startSession(tx, { userId: uid, wsId: randomUUID(), isNew: false }));
      return { authorization: `Bearer ${session.jwt}` };
    },
    async worker(dir, lanes) {
      const engines = await createTaskEngines({ ...env, COMFYUI_WORKFLOWS: dir });
      return startTaskWorker({
        db,
        ledger: ctx.ledger,
        storage,
        engines,
        config: { queue, concurrency: { video: lanes, image: lanes, audio: lanes, check: 1 }, sweepMs: 0, pollingIntervalSeconds: 0.5, workDir: path.join(storageDir, '.work', randomUUID()) },
        log: {
          info: (obj, msg) => logs.push(`${msg} ${JSON.stringify(obj)}`),
          warn: (obj, msg) => logs.push(`${msg} ${JSON.stringify(obj)}`),
          error: (obj, msg) => logs.push(`${msg} ${JSON.stringify(obj)}`),
        },
      });
    },
    async create(headers, algorithm, data) {
      const answer = await app.inject({ method: 'POST', url: `/v1/ai/create/${algorithm}`, headers, payload: { data } });
      return envelope<Task>(answer.body, `create ${algorithm}`);
    },
    async result(headers, id) {
      return envelope<Task>((await app.inject({ method: 'GET', url: `/v1/ai/result/task/${id}`, headers })).body, 'result');
    },
    async upload(headers, algorithm, body) {
      const grant = envelope<UploadGrant>((await app.inject({ method: 'GET', url: `/v1/common/oss/token?algorithm=${algorithm}`, headers })).body, 'upload grant');
      return envelope<{ oss_path: string }>((await app.inject({ method: 'PUT', url: grant.upload_url, payload: body })).body, `upload for ${algorithm}`).oss_path;
    },
  };
}

export const finished = (task: Task) => ['success', 'failure', 'cancelled'].includes(task.status);

export async function waitFor(p: Product, headers: Record<string, string>, id: string, done: (task: Task) => boolean, timeoutMs = 600_000): Promise<Task> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const task = await p.result(headers, id);
    if (done(task)) return task;
    if (Date.now() > until) throw new Error(`task ${id} did not end in time: ${task.status}`);
    await sleep(200);
  }
}

