/**
 * npm run bench:api: requests per second and p99 latency of the product API on loopback, beside a bare
 * Fastify route measured in the same run (the ratio is our overhead: envelope, schemas, auth, database).
 *
 *   - bare:  GET /bare on a plain Fastify app answering {ok: true}
 *   - user:  POST /v1/user with a bearer token (JWT check, session row, the User query)
 *   - spend: POST /bench/spend, a bench-only route doing ledger.spend of 1 credit (hold + commit)
 *
 * PGlite always; PostgreSQL too when BENCH_DATABASE_URL is set (a fresh schema, dropped afterwards).
 * Load from autocannon in this process. Env: BENCH_DURATION (s, default 5), BENCH_CONNECTIONS (default 10).
 * Writes .bench/api.json at the repository root.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { openDatabase, type Database } from '@studio/db';
import type { AccountClient } from '../src/account-client';
import { testApiConfig } from '../src/config';
import { ok } from '../src/http';
import { apiModules } from '../src/modules/registry';
import type { ApiModuleDefinition, ModuleContext } from '../src/modules/types';
import { buildApiApp } from '../src/plugin';
import { upsertUserFromProfile } from '../src/modules/users/users';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const OUT = path.resolve(__dirname, '..', '..', '..', '.bench', 'api.json');

interface Figure {
  rps: number;
  p50_ms: number;
  p99_ms: number;
  requests: number;
  non2xx: number;
  errors: number;
}

async function measure(url: string, options: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string } = {}): Promise<Figure> {
  const result = await autocannon({
    url,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    connections: CONNECTIONS,
    duration: DURATION,
  });
  return {
    rps: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function listen(app: FastifyInstance): Promise<string> {
  return app.listen({ port: Number(process.env.BENCH_PORT ?? 0), host: '127.0.0.1' });
}

/** A bench-only module: spend 1 credit as the caller (tasks will hold and commit the same way). */
const benchSpend: ApiModuleDefinition = {
  name: 'bench',
  plugin: async (app, ctx) => {
    app.post('/bench/spend', { preHandler: ctx.auth.authenticate }, async (request) => {
      const hold = await ctx.ledger.spend({ userId: request.user!.uid, amount: 1, details: 'bench spend' });
      return ok(request, { hold: hold.id });
    });
  },
};

const noAccount: AccountClient = {
  async exchangeCode() {
    throw new Error('the bench signs its user in directly');
  },
};

async function openEngine(kind: 'pglite' | 'postgres'): Promise<{ db: Database; close: () => Promise<void> }> {
  if (kind === 'pglite') {
    const db = await openDatabase({ dataDir: 'memory://' });
    return { db, close: () => db.close() };
  }
  const base = process.env.BENCH_DATABASE_URL as string;
  const schema = `bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const db = await openDatabase({ url: url.toString(), max: 20 });
  return {
    db,
    async close() {
      await db.close();
      const cleanup = new pg.Client({ connectionString: base });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.end();
    },
  };
}

async function benchEngine(kind: 'pglite' | 'postgres') {
  const engine = await openEngine(kind);
  let ctx: ModuleContext | null = null;
  const app = await buildApiApp({
    db: engine.db,
    config: testApiConfig(),
    accountClient: noAccount,
    logger: false,
    holdSweepMs: 0,
    modules: [...apiModules, benchSpend],
    onReady: (built) => {
      ctx = built;
    },
  });
  const base = await listen(app);
  const services = ctx as unknown as ModuleContext;

  const profile = {
    id: randomUUID(),
    email: 'bench@example.test',
    nickname: 'Bench',
    firstname: '',
    lastname: '',
    avatar: '',
    country: 'US',
    created_at: Math.floor(Date.now() / 1000),
    is_new: true,
  };
  const session = await engine.db.transaction(async (tx) => {
    const user = await upsertUserFromProfile(tx, profile, { country: 'US' });
    return services.auth.startSession(tx, { userId: user.id, wsId: user.wsId, isNew: true });
  });
  const startCredits = 10_000_000;
  await services.ledger.grant({ userId: profile.id, amount: startCredits, source: 'bench', details: 'bench', idempotencyKey: `bench:${profile.id}` });
  const headers = { authorization: `Bearer ${session.jwt}`, 'content-type': 'application/json' };

  const user = await measure(`${base}/v1/user`, { method: 'POST', headers: { authorization: headers.authorization } });
  const spend = await measure(`${base}/bench/spend`, { method: 'POST', headers, body: '{}' });
  // close first: requests still in flight when the load stopped finish before the books are checked
  await app.close();
  const balance = await services.ledger.balance(profile.id);
  const books = await engine.db.query<{ committed: number; entries: number; remaining: number }>(
    `SELECT (SELECT COUNT(*)::int FROM credit_holds WHERE user_id = $1 AND status = 'committed') AS committed,
            (SELECT SUM(delta)::int FROM credit_entries WHERE user_id = $1) AS entries,
            (SELECT SUM(remaining)::int FROM credit_blocks WHERE user_id = $1) AS remaining`,
    [profile.id],
  );
  const { committed, entries, remaining } = books.rows[0];
  await engine.close();
  return {
    user,
    spend,
    spends_committed: committed,
    ledger_consistent: balance === startCredits - committed && entries === remaining && remaining === balance,
  };
}

async function benchBare(): Promise<Figure> {
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ ok: true }));
  const base = await listen(bare);
  const figure = await measure(`${base}/bare`);
  await bare.close();
  return figure;
}

async function main(): Promise<void> {
  const started = new Date().toISOString();
  console.log(`[bench:api] ${CONNECTIONS} connections, ${DURATION} s per route, load generated in-process`);
  const bare = await benchBare();
  console.log(`  bare fastify      ${bare.rps} req/s  p99 ${bare.p99_ms} ms`);
  const engines: Record<string, Awaited<ReturnType<typeof benchEngine>> & { user_vs_bare: number; spend_vs_bare: number }> = {};
  const kinds: ('pglite' | 'postgres')[] = process.env.BENCH_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  for (const kind of kinds) {
    const result = await benchEngine(kind);
    engines[kind] = {
      ...result,
      user_vs_bare: Number((result.user.rps / bare.rps).toFixed(3)),
      spend_vs_bare: Number((result.spend.rps / bare.rps).toFixed(3)),
    };
    console.log(`  ${kind.padEnd(8)} /v1/user  ${result.user.rps} req/s  p99 ${result.user.p99_ms} ms  (${engines[kind].user_vs_bare}x bare)`);
    console.log(`  ${kind.padEnd(8)} spend     ${result.spend.rps} req/s  p99 ${result.spend.p99_ms} ms  (${engines[kind].spend_vs_bare}x bare)  ledger consistent: ${result.ledger_consistent}`);
  }
  if (!process.env.BENCH_DATABASE_URL) console.log('  postgres: skipped (set BENCH_DATABASE_URL to measure a real server)');
  const report = {
    started,
    machine: { cpus: os.cpus().length, node: process.version, loadavg: os.loadavg().map((n) => Number(n.toFixed(2))) },
    settings: { connections: CONNECTIONS, duration_s: DURATION, load: 'autocannon in the same process' },
    bare,
    engines,
  };
  mkdirSync(path.dirname(OUT), { recursive: true });
  writeFileSync(OUT, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`[bench:api] wrote ${path.relative(process.cwd(), OUT) || OUT}`);
}

main().catch((error: unknown) => {
  console.error('[bench:api] failed:', error);
  process.exit(1);
});
