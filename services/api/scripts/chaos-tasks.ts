/**
 * The crash-like chaos round, with the product's parts apart: a PostgreSQL server of its own, the API
 * (src/main.ts, WORKER=0) and two worker processes (src/worker-main.ts, the real local engines), while
 * CHAOS_USERS Standard members create text2image tasks every CHAOS_EVERY_MS each. The server is stopped in
 * immediate mode (a crash: no goodbye to any connection) CHAOS_RESTARTS times, every CHAOS_PERIOD_MS, down
 * 2-5 s each time. Then the queue drains (at most CHAOS_DRAIN_MS) and the run is audited: tasks by ending,
 * stuck tasks, holds still held, holds that disagree with their task, the ledger per user.
 * Writes the figures to .bench/chaos-tasks.json and exits 1 when a task is stuck or the audit is not clean.
 *
 * Ports: CHAOS_PG_PORT (55510), CHAOS_API_PORT (9170), the workers' /metrics CHAOS_API_PORT+1 and +2.
 * Needs the PostgreSQL server binaries (Debian's postgresql package).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { openDatabase, type Database } from '@studio/db';
import { findPostgresBin, startScratchServer } from '@studio/db/scratch-server';
import type { AccountClient } from '../src/account-client';
import { testApiConfig } from '../src/config';
import { createLedger } from '../src/modules/credits/ledger';
import { createApiAuth, migrateApi } from '../src/plugin';
import { auditChaos } from '../test/chaos-audit';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const RESTARTS = env('CHAOS_RESTARTS', 10);
const PERIOD_MS = env('CHAOS_PERIOD_MS', 12000);
const USERS = env('CHAOS_USERS', 6);
const EVERY_MS = env('CHAOS_EVERY_MS', 150);
const DRAIN_MS = env('CHAOS_DRAIN_MS', 8 * 60_000);
const PG_PORT = env('CHAOS_PG_PORT', 55510);
const API_PORT = env('CHAOS_API_PORT', 9170);
const JWT_SECRET = `chaos-${randomUUID()}-${randomUUID()}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (message: string) => console.log(`[chaos ${new Date().toISOString().slice(11, 19)}] ${message}`);

function spawnPart(name: string, entry: string, partEnv: NodeJS.ProcessEnv, logDir: string): ChildProcess {
  const out = path.join(logDir, `${name}.log`);
  const child = spawn('sh', ['-c', `exec "$0" "$@" >>"${out}" 2>&1`, process.execPath, path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), path.join(ROOT, entry)], {
    env: { ...process.env, ...partEnv },
    stdio: 'ignore',
    // a group of its own: tsx runs the entry in a child process, and the stop must reach it
    detached: true,
  });
  return child;
}

function stopPart(child: ChildProcess): void {
  try {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

async function waitHttp(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const ok = await fetch(url).then((r) => r.status < 500, () => false);
    if (ok) return;
    await sleep(250);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

async function users(db: Database, count: number): Promise<{ ids: string[]; headers: Record<string, string>[] }> {
  const ledger = createLedger(db);
  const auth = createApiAuth(db, testApiConfig({ jwtSecret: JWT_SECRET }), {} as AccountClient);
  const ids: string[] = [];
  const headers: Record<string, string>[] = [];
  for (let i = 0; i < count; i += 1) {
    const uid = randomUUID();
    await db.query('INSERT INTO users (id, ws_id, email) VALUES ($1, $2, $3)', [uid, randomUUID(), `${uid.slice(0, 8)}@chaos.test`]);
    await db.query(
      `INSERT INTO subscriptions (user_id, sku_id, level, name, credits_per_period, started_at, expires_at, next_grant_at, source)
       VALUES ($1, 24109013, 'standard', 'Standard', 0, now() - interval '1 hour', now() + interval '30 days', now() + interval '30 days', 'chaos')`,
      [uid],
    );
    await ledger.grant({ userId: uid, amount: 100_000, source: 'order', details: 'chaos', idempotencyKey: `chaos:${uid}` });
    const session = await db.transaction((tx) => auth.startSession(tx, { userId: uid, wsId: randomUUID(), isNew: false }));
    ids.push(uid);
    headers.push({ authorization: `Bearer ${session.jwt}`, 'content-type': 'application/json' });
  }
  return { ids, headers };
}

/** What the workers' sweeps and watchdogs did, from their logs. */
function sweepsOf(logDir: string) {
  const sweeps = { requeued: 0, resent: 0, failed: 0, lane_restarts: 0 };
  for (const n of [1, 2]) {
    for (const line of readFileSync(path.join(logDir, `worker-${n}.log`), 'utf8').split('\n')) {
      if (line.includes('lane restarted')) sweeps.lane_restarts += 1;
      const report = /^\[worker\] sweep (\{.*\})$/.exec(line);
      if (!report) continue;
      const parsed = JSON.parse(report[1]) as Record<string, number>;
      sweeps.requeued += parsed.requeued ?? 0;
      sweeps.resent += parsed.resent ?? 0;
      sweeps.failed += parsed.failed ?? 0;
    }
  }
  return sweeps;
}

async function main(): Promise<void> {
  const { bin, reason } = findPostgresBin();
  if (!bin) throw new Error(reason);
  const work = mkdtempSync(path.join(os.tmpdir(), 'chaos-tasks-'));
  const logDir = path.join(work, 'logs');
  mkdirSync(logDir);
  const server = startScratchServer(bin, PG_PORT);
  const parts: ChildProcess[] = [];
  let db: Database | null = null;
  try {
    const common = { DATABASE_URL: server.url, STORAGE_DIR: path.join(work, 'storage'), LOG_LEVEL: 'warn', NODE_ENV: 'development', SEED_DEMO: '0' };
    db = await openDatabase({ url: server.url, max: 4 });
    await migrateApi(db);
    const people = await users(db, USERS);
    parts.push(
      spawnPart('api', 'services/api/src/main.ts', { ...common, PORT: String(API_PORT), WORKER: '0', JWT_SECRET, TASKS_PER_MINUTE: '100000', TASKS_PER_MINUTE_PER_IP: '100000', TASKS_PER_DAY: '100000', API_DOCS: '0' }, logDir),
    );
    for (const n of [1, 2]) {
      parts.push(spawnPart(`worker-${n}`, 'services/api/src/worker-main.ts', { ...common, WORKER_METRICS_PORT: String(API_PORT + n), ENGINE_DEFAULT: 'local', WORKER_DIR: path.join(work, `work-${n}`) }, logDir));
    }
    await waitHttp(`http://127.0.0.1:${API_PORT}/v1/common/system_config`, 120_000);
    for (const n of [1, 2]) await waitHttp(`http://127.0.0.1:${API_PORT + n}/metrics`, 120_000);
    log(`API and two workers up; logs in ${logDir}`);

    const counts = { created: 0, refused: 0, errors: 0 };
    let loading = true;
    const load = people.headers.map(async (headers, u) => {
      for (let i = 0; loading; i += 1) {
        const answer = await fetch(`http://127.0.0.1:${API_PORT}/v1/ai/create/text2image`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ data: { prompt: `a lighthouse in a storm, member ${u} take ${i}` } }),
        }).then((r) => r.json() as Promise<{ code: number }>, () => null);
        if (!answer) counts.errors += 1;
        else if (answer.code === 0) counts.created += 1;
        else counts.refused += 1;
        await sleep(EVERY_MS);
      }
    });

    const started = Date.now();
    for (let r = 1; r <= RESTARTS; r += 1) {
      const down = 2000 + Math.round(Math.random() * 3000);
      await sleep(Math.max(0, PERIOD_MS - down));
      server.stop('immediate');
      await sleep(down);
      server.start();
      log(`restart ${r}/${RESTARTS} (down ${down} ms); created ${counts.created}, refused ${counts.refused}`);
    }
    await sleep(2000);
    loading = false;
    await Promise.all(load);
    const loadSeconds = (Date.now() - started) / 1000;

    const draining = Date.now();
    let open = Infinity;
    while (Date.now() - draining < DRAIN_MS) {
      const left = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM tasks WHERE status IN ('queued', 'generating')`).catch(() => null);
      if (left) open = Number(left.rows[0].n);
      if (open === 0) break;
      log(`draining: ${open} tasks queued or generating`);
      await sleep(5000);
    }
    const drainSeconds = (Date.now() - draining) / 1000;
    const audit = await auditChaos(db, people.ids);
    // where the stuck tasks' jobs are: a job nobody fetched is 'created', one fetched and lost 'active' or 'failed'
    const stuckJobs = await db.query<{ status: string; state: string | null; n: number }>(
      `SELECT t.status, j.state, count(*)::int AS n FROM tasks t LEFT JOIN pgboss.job j ON j.id = t.job_id
       WHERE t.status IN ('queued', 'generating') GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    const sweeps = sweepsOf(logDir);
    const health = await fetch(`http://127.0.0.1:${API_PORT}/health`).then(
      (r) => r.json() as Promise<{ ok: boolean; queue?: unknown }>,
      () => null,
    );
    const figures = {
      restarts: RESTARTS,
      mode: 'immediate',
      users: USERS,
      create_every_ms: EVERY_MS,
      load_seconds: loadSeconds,
      created: counts.created,
      refused_while_down: counts.refused,
      transport_errors: counts.errors,
      drain_seconds: drainSeconds,
      ...audit,
      stuck_by_job_state: stuckJobs.rows.map((row) => `${row.status}/${row.state ?? 'no job'}: ${row.n}`),
      worker_sweeps: sweeps,
      health_after: health && { status_ok: health.ok, queue: health.queue },
    };
    mkdirSync(path.join(ROOT, '.bench'), { recursive: true });
    writeFileSync(path.join(ROOT, '.bench', 'chaos-tasks.json'), `${JSON.stringify(figures, null, 2)}\n`);
    console.log(JSON.stringify(figures, null, 2));
    const clean = audit.stuck === 0 && audit.holdsHeld === 0 && audit.holdMismatches === 0 && audit.ledgerMismatches === 0 && audit.spendMismatches === 0;
    if (!clean) {
      log(`NOT CLEAN: logs kept in ${logDir}`);
      process.exitCode = 1;
    }
  } finally {
    parts.forEach(stopPart);
    await sleep(1500);
    await db?.close().catch(() => undefined);
    server.remove();
    if (process.exitCode !== 1 && !process.env.CHAOS_KEEP) rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
