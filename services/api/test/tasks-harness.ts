/**
 * Test support for the tasks and storage modules (used by tests only): the API with both modules on a
 * temporary storage folder, users signed in through the stand-in account service, credits and plans,
 * uploads through the real grant + PUT, and a worker with either the real local engines or a test engine.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import pg from 'pg';
import type { ApiEnvelope, Task, UploadGrant, UploadResult } from 'shared-contracts';
import type { Database } from '@studio/db';
import type { EngineContext, EngineJob, EngineResult } from '@studio/engines/types';
import { createHttpAccountClient } from '../src/account-client';
import { testApiConfig } from '../src/config';
import type { ApiModuleDefinition, ModuleContext } from '../src/modules/types';
import { buildApiApp } from '../src/plugin';
import { createSubscription } from '../src/modules/users/users';
import { StubAccountService, makeProfile, onPostgres, openTestDb, type TestDb } from './helpers';
import { createLocalStorage } from '../src/modules/storage/local';
import type { StorageAdapter } from '../src/modules/storage/adapter';
import { creditsModule } from '../src/modules/credits/index';
import { storageModule } from '../src/modules/storage/index';
import type { StorageConfig } from '../src/modules/storage/config';
import { tasksModule, type TasksModuleOptions } from '../src/modules/tasks/index';
import { localPrechecks } from '../src/modules/tasks/prechecks';
import { DEFAULT_PLAN_RULES, type PlanRules } from '../src/modules/tasks/pricing';
import { DEFAULT_QUEUE_CONFIG, type QueueConfig } from '../src/modules/tasks/queue';
import { startTaskWorker, type TaskEngines, type TaskWorkerConfig, type TaskWorkerHandle, type WorkerLog } from '../src/modules/tasks/worker';

export interface TestUser {
  uid: string;
  jwt: string;
  headers: Record<string, string>;
}

export interface Harness {
  app: FastifyInstance;
  testDb: TestDb;
  ctx: ModuleContext;
  storage: StorageAdapter;
  storageDir: string;
  clock: { offsetMs: number };
  now: () => Date;
  queue: QueueConfig;
  rules: PlanRules;
  user(level?: 'free' | 'standard' | 'premium', credits?: number): Promise<TestUser>;
  grant(uid: string, amount: number): Promise<void>;
  balance(uid: string): Promise<number>;
  upload(user: TestUser, algorithm: string, body: Buffer): Promise<{ status: number; body: ApiEnvelope<UploadResult> }>;
  uploadFile(user: TestUser, algorithm: string, file: string): Promise<string>;
  create(user: TestUser, algorithm: string, payload: Record<string, unknown>): Promise<{ status: number; body: ApiEnvelope<Task> }>;
  result(user: TestUser, id: string): Promise<{ status: number; body: ApiEnvelope<Task> }>;
  waitFor(user: TestUser, id: string, done: (task: Task) => boolean, timeoutMs?: number): Promise<Task>;
  /** a worker on the test database, or on `db` (e.g. a faulty-db.ts wrapper of it); errors logged unless `log` is given */
  worker(engines: TaskEngines, config?: Partial<TaskWorkerConfig>, options?: { db?: Database; log?: WorkerLog }): Promise<TaskWorkerHandle>;
  close(): Promise<void>;
}

export function envelope<T>(response: LightMyRequestResponse): ApiEnvelope<T> {
  return response.json() as ApiEnvelope<T>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startHarness(
  options: {
    tasks?: Partial<TasksModuleOptions>;
    storage?: Partial<StorageConfig>;
    rules?: Partial<PlanRules>;
    /** queue settings over the harness's own (its schema, short lane deadlines) */
    queue?: Partial<QueueConfig>;
    dbMax?: number;
    /** the storage adapter (default: a temporary local folder); the S3 round trip passes one on a real S3 server */
    adapter?: StorageAdapter;
    /** further modules on the same storage (e.g. discovery's tests) */
    extraModules?: (storage: { storage: StorageAdapter; config: Partial<StorageConfig>; now: () => Date; queue: QueueConfig }) => ApiModuleDefinition[];
  } = {},
): Promise<Harness> {
  const testDb = await openTestDb(options.dbMax ?? 20);
  const storageDir = mkdtempSync(path.join(os.tmpdir(), 'tasks-storage-'));
  const storage = options.adapter ?? createLocalStorage(storageDir);
  const clock = { offsetMs: 0 };
  const now = () => new Date(Date.now() + clock.offsetMs);
  // on PostgreSQL each test file has its own schema: pg-boss gets one beside it
  let bossSchema = DEFAULT_QUEUE_CONFIG.schema;
  if (onPostgres) {
    const current = await testDb.db.query<{ s: string }>('SELECT current_schema() AS s');
    bossSchema = `${current.rows[0].s}_boss`;
  }
  const queue: QueueConfig = { ...DEFAULT_QUEUE_CONFIG, schema: bossSchema, laneTimeoutSeconds: { video: 120, image: 120, audio: 120, check: 60 }, ...options.queue };
  const rules: PlanRules = { ...DEFAULT_PLAN_RULES, ...options.rules };
  const account = new StubAccountService();
  const config = testApiConfig({ accountInternalUrl: 'http://account.test/account' });
  let ctx: ModuleContext | null = null;
  const storageOptions = { storage, config: { dir: storageDir, ...options.storage }, now };
  const app = await buildApiApp({
    db: testDb.db,
    config,
    accountClient: createHttpAccountClient({
      baseUrl: config.accountInternalUrl,
      clientId: account.clientId,
      clientSecret: config.accountClientSecret,
      fetchImpl: account.fetch,
    }),
    logger: false,
    holdSweepMs: 0,
    modules: [
      creditsModule(),
      storageModule(storageOptions),
      tasksModule({
        storage: storageOptions,
        queue,
        rules,
        now,
        listVoices: async () => [{ id: 'en-us+f3', name: 'English (US), female', lang: 'en-us', gender: 'female' }],
        countFaces: async () => 0,
        // the checks before the charge on the engines in this process: a create needs no worker running (the
        // queued path has its own test, src/analysis/analysis.test.ts)
        prechecks: localPrechecks(storage),
        // tests make bursts of tasks on purpose; the caps have their own test
        creationLimits: { perMinute: 1_000_000, perMinutePerAddress: 1_000_000, perDay: 1_000_000 },
        ...options.tasks,
      }),
      ...(options.extraModules?.({ ...storageOptions, queue }) ?? []),
    ],
    onReady: (built) => {
      ctx = built;
    },
  });
  await app.ready();
  const workers: TaskWorkerHandle[] = [];

  const harness: Harness = {
    app,
    testDb,
    ctx: ctx as unknown as ModuleContext,
    storage,
    storageDir,
    clock,
    now,
    queue,
    rules,

    async user(level = 'free', credits = 0) {
      const profile = makeProfile();
      const grant = account.issue(profile);
      const response = await app.inject({ method: 'POST', url: '/v1/oauth/token', payload: grant });
      const body = envelope<{ jwt: string }>(response);
      if (body.code !== 0) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
      if (level !== 'free') {
        const start = new Date(Date.now() - 3600_000);
        await createSubscription(testDb.db, {
          userId: profile.id,
          skuId: level === 'premium' ? 24109015 : 24109013,
          level,
          name: level,
          startedAt: start,
          expiresAt: new Date(start.getTime() + 30 * 86400_000),
          creditsPerPeriod: 0,
          source: 'test',
        });
      }
      // a fresh user may have sign-up credits: start from the amount the test asks for
      const have = await harness.balance(profile.id);
      if (have > 0) {
        await harness.ctx.ledger.spend({ userId: profile.id, amount: have, details: 'test reset', idempotencyKey: `reset:${profile.id}` });
      }
      if (credits > 0) await harness.grant(profile.id, credits);
      return { uid: profile.id, jwt: body.data.jwt, headers: { authorization: `Bearer ${body.data.jwt}` } };
    },

    async grant(uid, amount) {
      // a free grant (like check-in credits): bought credits would lift the Free daily cap these suites test
      await harness.ctx.ledger.grant({ userId: uid, amount, source: 'bonus', details: 'test credits', idempotencyKey: `test:${randomUUID()}` });
    },

    balance: (uid) => harness.ctx.ledger.balance(uid),

    async upload(user, algorithm, body) {
      const token = await app.inject({ method: 'GET', url: `/v1/common/oss/token?algorithm=${algorithm}`, headers: user.headers });
      const grant = envelope<UploadGrant>(token);
      if (grant.code !== 0) return { status: token.statusCode, body: grant as unknown as ApiEnvelope<UploadResult> };
      const response = await app.inject({
        method: 'PUT',
        url: grant.data.upload_url,
        payload: body,
        headers: { 'content-type': 'application/octet-stream' },
      });
      return { status: response.statusCode, body: envelope<UploadResult>(response) };
    },

    async uploadFile(user, algorithm, file) {
      const { readFile } = await import('node:fs/promises');
      const answer = await harness.upload(user, algorithm, await readFile(file));
      if (answer.body.code !== 0) throw new Error(`upload failed: ${JSON.stringify(answer.body)}`);
      return answer.body.data.oss_path;
    },

    async create(user, algorithm, payload) {
      const response = await app.inject({ method: 'POST', url: `/v1/ai/create/${algorithm}`, headers: user.headers, payload });
      return { status: response.statusCode, body: envelope<Task>(response) };
    },

    async result(user, id) {
      const response = await app.inject({ method: 'GET', url: `/v1/ai/result/task/${id}`, headers: user.headers });
      return { status: response.statusCode, body: envelope<Task>(response) };
    },

    async waitFor(user, id, done, timeoutMs = 60000) {
      const until = Date.now() + timeoutMs;
      let last: Task | null = null;
      while (Date.now() < until) {
        const answer = await harness.result(user, id);
        if (answer.body.code !== 0) throw new Error(`result failed: ${JSON.stringify(answer.body)}`);
        last = answer.body.data;
        if (done(last)) return last;
        await sleep(100);
      }
      throw new Error(`timed out waiting for task ${id}; last: ${JSON.stringify(last)}`);
    },

    async worker(engines, config = {}, options = {}) {
      const worker = await startTaskWorker({
        db: options.db ?? testDb.db,
        ledger: harness.ctx.ledger,
        storage,
        engines,
        config: { queue, rules, sweepMs: 0, pollingIntervalSeconds: 0.5, heartbeatMs: 300, workDir: path.join(storageDir, '.work'), ...config },
        log: options.log ?? { info: () => undefined, warn: () => undefined, error: (obj, msg) => console.error(msg, obj) },
        now,
      });
      workers.push(worker);
      return worker;
    },

    async close() {
      for (const worker of workers) await worker.stop().catch(() => undefined);
      await app.close();
      await account.app.close();
      await testDb.close();
      if (onPostgres) {
        const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await admin.connect();
        await admin.query(`DROP SCHEMA IF EXISTS ${queue.schema} CASCADE`);
        await admin.end();
      }
      rmSync(storageDir, { recursive: true, force: true });
    },
  };
  return harness;
}

/** A test picture: gradients and shapes (PNG, or JPEG/WEBP). */
export async function picture(width = 320, height = 240, format: 'png' | 'jpeg' | 'webp' = 'png'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3a6ea5"/><stop offset="1" stop-color="#e8c36a"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>
<circle cx="${width * 0.3}" cy="${height * 0.4}" r="${Math.min(width, height) * 0.2}" fill="#c0392b"/>
<rect x="${width * 0.6}" y="${height * 0.5}" width="${width * 0.25}" height="${height * 0.3}" fill="#27ae60"/></svg>`;
  const image = sharp(Buffer.from(svg));
  return format === 'png' ? image.png().toBuffer() : format === 'jpeg' ? image.jpeg().toBuffer() : image.webp().toBuffer();
}

/**
 * A test engine for queue mechanics: makes a small PNG per run. `gate` holds runs until released;
 * `failWith` makes the next runs fail; it honours the abort signal like a real engine.
 */
export class TestEngine implements TaskEngines {
  readonly runs: string[] = [];
  private readonly gates = new Map<string, () => void>();
  holdRuns = false;
  failWith: Error | null = null;
  /** each run takes at least this long (a busy lane under load) */
  delayMs = 0;
  /** resolves when a run of this task has started */
  started = new Map<string, Promise<void>>();
  private startedResolvers = new Map<string, () => void>();

  /**
   * Resolves when a run of this task has started; rejects, saying which runs did start, when none has within
   * timeoutMs (a queue that never hands the run over fails its test here, not at jest's timeout).
   */
  startedOf(taskId: string, timeoutMs = 30_000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`the run of task ${taskId} did not start within ${timeoutMs} ms; runs started: ${this.runs.join(', ') || 'none'}`)), timeoutMs);
    });
    return Promise.race([this.startSignal(taskId), late]).finally(() => clearTimeout(timer));
  }

  private startSignal(taskId: string): Promise<void> {
    let promise = this.started.get(taskId);
    if (!promise) {
      promise = new Promise<void>((resolve) => this.startedResolvers.set(taskId, resolve));
      this.started.set(taskId, promise);
    }
    return promise;
  }

  release(taskId: string): void {
    this.gates.get(taskId)?.();
  }

  releaseAll(): void {
    this.holdRuns = false;
    for (const open of this.gates.values()) open();
  }

  async run(job: EngineJob, ctx: EngineContext): Promise<EngineResult> {
    // like the ComfyUI engine, it writes straight into the folder the worker promises exists
    if (!existsSync(ctx.workDir)) throw new Error(`the worker gave an engine a work folder that does not exist: ${ctx.workDir}`);
    if (job.algorithm === 'watermark') {
      const out = path.join(ctx.workDir, `marked${path.extname(job.inputs[0])}`);
      await sharp(job.inputs[0]).composite([{ input: Buffer.from('<svg width="20" height="10"><rect width="20" height="10" fill="white"/></svg>'), gravity: 'southeast' }]).toFile(out);
      const meta = await sharp(out).metadata();
      return { outputs: [{ path: out, media: 'image', width: meta.width, height: meta.height, mime: 'image/png' }], metadata: { engine: 'local:test', note: 'test watermark' } };
    }
    this.runs.push(job.taskId);
    void this.startSignal(job.taskId);
    this.startedResolvers.get(job.taskId)?.();
    ctx.onProgress(40);
    if (this.holdRuns) {
      await new Promise<void>((resolve, reject) => {
        this.gates.set(job.taskId, resolve);
        ctx.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
      });
    }
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (ctx.signal.aborted) throw new Error('aborted');
    if (this.failWith) throw this.failWith;
    const out = path.join(ctx.workDir, 'out-0.png');
    await sharp({ create: { width: 80, height: 60, channels: 3, background: '#3366aa' } }).png().toFile(out);
    ctx.onProgress(100);
    return { outputs: [{ path: out, media: 'image', width: 80, height: 60, mime: 'image/png' }], metadata: { engine: 'local:test', note: 'test engine: a flat picture' } };
  }
}

