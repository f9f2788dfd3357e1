/**
 * npm run bench:tasks: the task queue's figures, written to .bench/tasks.json at the repository root.
 *
 *   - throughput: BENCH_TASKS (default 200) text2image tasks created through the API by
 *     BENCH_CREATE_PARALLEL (default 8) callers with no worker running (creates per second), then drained
 *     by a worker on a no-op engine (it copies a ready 80x60 PNG, stored like any result) with image lane
 *     concurrency BENCH_CONCURRENCY (default 4): tasks per second from the first claim to the last success;
 *   - create-to-generating: 30 tasks one at a time on an idle worker, the time from the create answer's
 *     queued_at to the worker's claim (tasks.started_at), p50 / p95 / max;
 *   - end to end on the real local engines: create to success through the API for one fixed input per
 *     algorithm of a representative set (image, video, audio, check);
 *   - per-algorithm engine times: the engines package's own bench (.bench/engines.json, written by
 *     services/engines/scripts/bench-engines.ts) is included as is when present.
 *
 *   - beside bare pg-boss on the same database doing the same work (bareBossFigures): jobs/s drained with
 *     the same concurrency, sends/s from the same number of callers, send-to-handler p50; the ratios
 *     (vs_bare) are what the budget reads: drain >= 0.5 of pg-boss's and >= 200 tasks/s on PostgreSQL.
 *
 * Beside each drain, the CPU it cost per task (bench-cpu.ts): this process's, and with BENCH_SERVER_PID (the
 * local PostgreSQL's postmaster) the server's; drain_cpu_vs_bare is the ratio of CPU per task, the figure a
 * busy neighbour on a shared machine changes least.
 *
 * PostgreSQL when BENCH_DATABASE_URL is set (a fresh schema, dropped afterwards), then PGlite unless
 * BENCH_SKIP_PGLITE=1. BENCH_SKIP_ENGINES=1 leaves out the real-engine runs. BENCH_PROFILE=1 writes a CPU profile of
 * the drain (this process) to .bench/drain-<database>.cpuprofile. The load averages before and
 * after are written beside the figures.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import sharp from 'sharp';
import { openDatabase, type Database } from '@studio/db';
import type { Task, UploadGrant } from 'shared-contracts';
import type { EngineContext, EngineJob, EngineResult } from '@studio/engines/types';
import { runFfmpeg } from '@studio/engines/media';
import type { AccountClient } from '../src/account-client';
import { testApiConfig } from '../src/config';
import type { ModuleContext } from '../src/modules/types';
import { buildApiApp, migrateApi } from '../src/plugin';
import { createLocalStorage } from '../src/modules/storage/local';
import { storageModule } from '../src/modules/storage/index';
import { tasksModule } from '../src/modules/tasks/index';
import { createTaskEngines } from '../src/modules/tasks/engines';
import { DEFAULT_QUEUE_CONFIG, type QueueConfig } from '../src/modules/tasks/queue';
import { startTaskWorker, type TaskEngines } from '../src/modules/tasks/worker';
import { DEFAULT_PLAN_RULES } from '../src/modules/tasks/pricing';
import { bareBossFigures } from './bench-bare-boss';
import { cpuMeter, cpuProfile, perUnit, type CpuSpent } from './bench-cpu';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const OUT = path.join(ROOT, '.bench', 'tasks.json');
const TASKS = Number(process.env.BENCH_TASKS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const PARALLEL = Number(process.env.BENCH_CREATE_PARALLEL ?? 8);

const noAccount: AccountClient = {
  async exchangeCode() {
    throw new Error('the bench signs users in directly');
  },
} as unknown as AccountClient;

class NoopEngine implements TaskEngines {
  constructor(private readonly png: string) {}
  async run(job: EngineJob, ctx: EngineContext): Promise<EngineResult> {
    await mkdir(ctx.workDir, { recursive: true });
    const out = path.join(ctx.workDir, 'out-0.png');
    copyFileSync(job.algorithm === 'watermark' ? job.inputs[0] : this.png, out);
    ctx.onProgress(100);
    return { outputs: [{ path: out, media: 'image', width: 80, height: 60, mime: 'image/png' }], metadata: { engine: 'local:noop', note: 'bench no-op engine' } };
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))];

interface Setup {
  app: FastifyInstance;
  ctx: ModuleContext;
  db: Database;
  storageDir: string;
  queue: QueueConfig;
  headers(level: 'free' | 'standard' | 'premium', credits: number): Promise<Record<string, string>>;
  close(): Promise<void>;
}

async function setup(db: Database, bossSchema: string): Promise<Setup> {
  await migrateApi(db);
  const storageDir = mkdtempSync(path.join(os.tmpdir(), 'bench-tasks-'));
  const storage = createLocalStorage(storageDir);
  const queue: QueueConfig = { ...DEFAULT_QUEUE_CONFIG, schema: bossSchema };
  let ctx: ModuleContext | null = null;
  const app = await buildApiApp({
    db,
    config: testApiConfig(),
    accountClient: noAccount,
    logger: false,
    holdSweepMs: 0,
    skipMigrations: true,
    modules: [storageModule({ storage, config: { dir: storageDir } }), tasksModule({ storage: { storage, config: { dir: storageDir } }, queue, rules: { ...DEFAULT_PLAN_RULES, freeDailyTasks: 100000 }, creationLimits: { perMinute: 1e9, perMinutePerAddress: 1e9, perDay: 1e9 } })],
    onReady: (built) => {
      ctx = built;
    },
  });
  await app.ready();
  const built = ctx as unknown as ModuleContext;
  return {
    app,
    ctx: built,
    db,
    storageDir,
    queue,
    async headers(level, credits) {
      const uid = randomUUID();
      await db.query('INSERT INTO users (id, ws_id, email) VALUES ($1, $2, $3)', [uid, randomUUID(), `${uid.slice(0, 8)}@bench.test`]);
      if (level !== 'free') {
        await db.query(
          `INSERT INTO subscriptions (user_id, sku_id, level, name, credits_per_period, started_at, expires_at, next_grant_at, source)
           VALUES ($1, 24109015, $2, $2, 0, now() - interval '1 hour', now() + interval '30 days', now() + interval '30 days', 'bench')`,
          [uid, level],
        );
      }
      if (credits > 0) await built.ledger.grant({ userId: uid, amount: credits, source: 'order', details: 'bench', idempotencyKey: `bench:${uid}` });
      const session = await db.transaction((tx) => built.auth.startSession(tx, { userId: uid, wsId: randomUUID(), isNew: false }));
      return { authorization: `Bearer ${session.jwt}` };
    },
    async close() {
      await app.close();
      rmSync(storageDir, { recursive: true, force: true });
    },
  };
}

async function create(s: Setup, headers: Record<string, string>, algorithm: string, payload: object): Promise<Task> {
  const response = await s.app.inject({ method: 'POST', url: `/v1/ai/create/${algorithm}`, headers, payload });
  const body = response.json() as { code: number; msg: string; data: Task };
  if (body.code !== 0) throw new Error(`create ${algorithm} failed: ${body.msg}`);
  return body.data;
}

async function waitAll(s: Setup, ids: string[], timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const left = await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM tasks WHERE id = ANY($1::uuid[]) AND status IN ('queued', 'generating')`, [ids]);
    if (Number(left.rows[0].n) === 0) return;
    await sleep(50);
  }
  throw new Error('tasks did not finish in time');
}

async function queueFigures(s: Setup) {
  const png = path.join(s.storageDir, 'noop.png');
  await sharp({ create: { width: 80, height: 60, channels: 3, background: '#2266aa' } }).png().toFile(png);
  const startWorker = () =>
    startTaskWorker({
      db: s.db,
      ledger: s.ctx.ledger,
      storage: createLocalStorage(s.storageDir),
      engines: new NoopEngine(png),
      config: { queue: s.queue, concurrency: { video: 1, image: CONCURRENCY, audio: 1, check: 1 }, sweepMs: 0, pollingIntervalSeconds: 0.5, workDir: path.join(s.storageDir, '.work') },
      log: { info: () => undefined, warn: () => undefined, error: (obj, msg) => console.error(msg, obj) },
    });
  const headers = await s.headers('standard', 100000);

  // create to generating, one task at a time on an idle worker
  const startCpu = cpuMeter(s.db.kind === 'postgres');
  const idle = await startWorker();
  const startUp = startCpu();
  const latencies: number[] = [];
  try {
    for (let i = 0; i < 30; i += 1) {
      const task = await create(s, headers, 'text2image', { data: { prompt: `latency probe number ${i}` } });
      await waitAll(s, [task.task_id], 30000);
      const row = await s.db.query<{ ms: number }>(`SELECT EXTRACT(EPOCH FROM (started_at - queued_at)) * 1000 AS ms FROM tasks WHERE id = $1`, [task.task_id]);
      latencies.push(Number(row.rows[0].ms));
    }
  } finally {
    await idle.stop();
  }
  latencies.sort((a, b) => a - b);

  // creates through the API (PARALLEL callers at a time), no worker running
  const ids: string[] = [];
  const creating = Date.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < TASKS) {
        const i = next++;
        ids.push((await create(s, headers, 'text2image', { data: { prompt: `throughput probe number ${i}` } })).task_id);
      }
    }),
  );
  const createSeconds = (Date.now() - creating) / 1000;

  // the queue drained by the worker (its CPU from before its start to the last success, less what a worker's
  // start-up alone costs: measured with the idle one above)
  const profiled = await cpuProfile();
  const cpu = cpuMeter(s.db.kind === 'postgres');
  const worker = await startWorker();
  let drainCpu: CpuSpent;
  try {
    await waitAll(s, ids, 600000);
  } finally {
    drainCpu = cpu();
    await profiled(path.join(ROOT, '.bench', `drain-${s.db.kind}.cpuprofile`));
    await worker.stop();
  }
  // from the first claim to the last success (the worker's own start-up, pg-boss's included, is not the queue's
  // speed; the bare reference is timed the same way: first handler to last completion)
  const window = await s.db.query<{ s: number }>(
    `SELECT EXTRACT(EPOCH FROM (max(finished_at) - min(started_at)))::float8 AS s FROM tasks WHERE id = ANY($1::uuid[])`,
    [ids],
  );
  const seconds = Number(window.rows[0].s);
  const ok = await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM tasks WHERE id = ANY($1::uuid[]) AND status = 'success'`, [ids]);
  return {
    throughput: {
      tasks: TASKS,
      succeeded: Number(ok.rows[0].n),
      image_lane_concurrency: CONCURRENCY,
      drain_seconds: Number(seconds.toFixed(2)),
      tasks_per_second: Number((TASKS / seconds).toFixed(1)),
      create_callers: PARALLEL,
      creates_per_second: Number((TASKS / createSeconds).toFixed(1)),
      cpu_per_task_ms: perUnit(
        { node_ms: drainCpu.node_ms - startUp.node_ms, server_ms: drainCpu.server_ms === null ? null : drainCpu.server_ms - (startUp.server_ms ?? 0) },
        TASKS,
      ),
      worker_start_cpu_ms: startUp,
    },
    create_to_generating_ms: {
      samples: latencies.length,
      p50: Math.round(pct(latencies, 0.5)),
      p95: Math.round(pct(latencies, 0.95)),
      max: Math.round(latencies[latencies.length - 1]),
    },
  };
}

async function upload(s: Setup, headers: Record<string, string>, algorithm: string, body: Buffer): Promise<string> {
  const grant = (await s.app.inject({ method: 'GET', url: `/v1/common/oss/token?algorithm=${algorithm}`, headers })).json() as { data: UploadGrant };
  const put = (await s.app.inject({ method: 'PUT', url: grant.data.upload_url, payload: body })).json() as { code: number; msg: string; data: { oss_path: string } };
  if (put.code !== 0) throw new Error(`upload for ${algorithm} failed: ${put.msg}`);
  return put.data.oss_path;
}

async function engineFigures(s: Setup) {
  const engines = await createTaskEngines({ ENGINE_DEFAULT: 'local' });
  const worker = await startTaskWorker({
    db: s.db,
    ledger: s.ctx.ledger,
    storage: createLocalStorage(s.storageDir),
    engines,
    config: { queue: s.queue, concurrency: { video: 1, image: 1, audio: 1, check: 1 }, sweepMs: 0, pollingIntervalSeconds: 0.5, workDir: path.join(s.storageDir, '.work') },
    log: { info: () => undefined, warn: () => undefined, error: (obj, msg) => console.error(msg, obj) },
  });
  const dir = path.join(s.storageDir, 'inputs');
  mkdirSync(dir, { recursive: true });
  const picture = await sharp({ create: { width: 512, height: 384, channels: 3, background: '#6a8fbf' } })
    .composite([{ input: Buffer.from('<svg width="512" height="384"><circle cx="170" cy="160" r="80" fill="#c0392b"/><rect x="300" y="200" width="140" height="110" fill="#27ae60"/></svg>') }])
    .png()
    .toBuffer();
  const wav = path.join(dir, 'noisy.wav');
  await runFfmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=5:sample_rate=16000', '-f', 'lavfi', '-i', 'anoisesrc=d=5:c=white:a=0.08:r=16000', '-filter_complex', '[0][1]amix=inputs=2', wav]);
  const headers = await s.headers('standard', 100000);
  const runs: { algorithm: string; input: string; create_to_success_s: number; status: string }[] = [];
  const cases: [string, string, () => Promise<object>][] = [
    ['text2image', '1:1 1024x1024, one image', async () => ({ data: { prompt: 'a lighthouse on a cliff at sunset', ratio: '1:1' } })],
    ['object_remover', '512x384 PNG, 90x80 box', async () => ({ data: { file_path: await upload(s, headers, 'object_remover', picture), regions: [{ x: 130, y: 120, w: 90, h: 80 }] } })],
    ['bg_remover', '512x384 PNG', async () => ({ data: { file_path: await upload(s, headers, 'bg_remover', picture) } })],
    ['image2video', '512x384 PNG -> 2 s 360p', async () => ({ data: { file_path: await upload(s, headers, 'image2video', picture), duration: 2, resolution: '360p' } })],
    ['text2video', '5 s 16:9 360p', async () => ({ data: { prompt: 'a slow pan over a misty forest', duration: 5, resolution: '360p' } })],
    ['mai_tcm', '30 s of music', async () => ({ data: { prompt: 'calm piano melody in C major, slow and gentle', duration: 30 } })],
    ['audio_noise_reduction', '5 s WAV', async () => ({ data: { file_path: await upload(s, headers, 'audio_noise_reduction', readFileSync(wav)) } })],
    ['t_sensitive_detect', 'one sentence', async () => ({ data: { prompt: 'a bowl of fruit on a wooden table' } })],
  ];
  try {
    for (const [algorithm, input, payload] of cases) {
      const body = await payload();
      const started = Date.now();
      const task = await create(s, headers, algorithm, body);
      await waitAll(s, [task.task_id], 300000);
      const status = (await s.db.query<{ status: string }>('SELECT status FROM tasks WHERE id = $1', [task.task_id])).rows[0].status;
      runs.push({ algorithm, input, create_to_success_s: Number(((Date.now() - started) / 1000).toFixed(2)), status });
      console.log(`[bench:tasks] ${algorithm}: ${runs[runs.length - 1].create_to_success_s} s (${status})`);
    }
  } finally {
    await worker.stop();
    await engines.close();
  }
  return runs;
}

/** The product beside bare pg-boss: the ratios the budget reads (>= 0.5 and >= 200 tasks/s on PostgreSQL). */
function compare(product: Awaited<ReturnType<typeof queueFigures>>, bare: Awaited<ReturnType<typeof bareBossFigures>>) {
  return {
    drain_vs_bare: Number((product.throughput.tasks_per_second / bare.throughput.jobs_per_second).toFixed(3)),
    // what the drain rates would be on a machine of their own where CPU is the limit: bare's CPU per job over the product's per task
    drain_cpu_vs_bare:
      product.throughput.cpu_per_task_ms.total_ms && bare.throughput.cpu_per_job_ms.total_ms
        ? Number((bare.throughput.cpu_per_job_ms.total_ms / product.throughput.cpu_per_task_ms.total_ms).toFixed(3))
        : Number((bare.throughput.cpu_per_job_ms.node_ms / product.throughput.cpu_per_task_ms.node_ms).toFixed(3)),
    create_vs_send: Number((product.throughput.creates_per_second / bare.throughput.sends_per_second).toFixed(3)),
    pickup_p50_vs_bare: Number((product.create_to_generating_ms.p50 / Math.max(1, bare.send_to_handler_ms.p50)).toFixed(2)),
  };
}

async function onPglite() {
  const db = await openDatabase({ dataDir: 'memory://' });
  const s = await setup(db, 'pgboss');
  try {
    const queue = await queueFigures(s);
    const bare = await bareBossFigures(db, 'bareboss', s.storageDir, { tasks: TASKS, concurrency: CONCURRENCY, parallel: PARALLEL });
    const engines = process.env.BENCH_SKIP_ENGINES === '1' ? null : await engineFigures(s);
    return { ...queue, bare_pg_boss: bare, vs_bare: compare(queue, bare), end_to_end_local_engines: engines };
  } finally {
    await s.close();
    await db.close();
  }
}

async function onPostgres(url: string) {
  const schema = `bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const scoped = new URL(url);
  scoped.searchParams.set('options', `-c search_path=${schema}`);
  const db = await openDatabase({ url: scoped.toString(), max: 20 });
  const s = await setup(db, `${schema}_boss`);
  try {
    const queue = await queueFigures(s);
    const bare = await bareBossFigures(db, `${schema}_bare`, s.storageDir, { tasks: TASKS, concurrency: CONCURRENCY, parallel: PARALLEL });
    return { ...queue, bare_pg_boss: bare, vs_bare: compare(queue, bare) };
  } finally {
    await s.close();
    await db.close();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.query(`DROP SCHEMA IF EXISTS ${schema}_boss CASCADE`);
    await admin.query(`DROP SCHEMA IF EXISTS ${schema}_bare CASCADE`);
    await admin.end();
  }
}

async function main(): Promise<void> {
  const result: Record<string, unknown> = {
    when: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    loadavg: os.loadavg().map((l) => Number(l.toFixed(2))),
  };
  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    console.log('[bench:tasks] PostgreSQL...');
    result.postgres = await onPostgres(url);
  }
  if (process.env.BENCH_SKIP_PGLITE !== '1') {
    console.log('[bench:tasks] PGlite...');
    result.pglite = await onPglite();
  }
  result.loadavg_after = os.loadavg().map((l) => Number(l.toFixed(2)));
  result.budget = { postgres_drain_vs_bare: 0.5, postgres_tasks_per_second: 200 };
  const enginesBench = path.join(ROOT, '.bench', 'engines.json');
  result.engines_bench = existsSync(enginesBench)
    ? { source: '.bench/engines.json (services/engines/scripts/bench-engines.ts)', ...JSON.parse(readFileSync(enginesBench, 'utf8')) }
    : { source: 'not present: run npx tsx services/engines/scripts/bench-engines.ts' };
  mkdirSync(path.dirname(OUT), { recursive: true });
  writeFileSync(OUT, `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify({ pglite: result.pglite, postgres: result.postgres }, null, 2));
  console.log(`[bench:tasks] written to ${path.relative(ROOT, OUT)}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('[bench:tasks] failed:', error);
    process.exit(1);
  },
);
