/**
 * The servers bench-api.ts measures, each in a process of its own (forked by bench-api.ts, spoken to over IPC):
 *
 *   - product: the product API (buildApiApp with every module and the product's logger settings) on
 *     PostgreSQL (BENCH_DATABASE_URL, a schema of the bench's own) or PGlite (in memory), plus a bench-only
 *     POST /bench/spend (ledger.spend of 1 credit). It migrates, signs a bench user in, grants it credits and
 *     answers {kind: 'ready', url, jwt, uid}. On {kind: 'stop'} it stops listening, waits for the spends still
 *     running (a client that hung up does not end its request's transaction), then checks the books in one
 *     snapshot and answers {kind: 'books', ...}.
 *   - bare: Fastify + pg and nothing else, answering POST /v1/user with the same token check (jose HS256, the
 *     same session query) and the same queries as the product's route (loadSession, loadUserView, abPlan):
 *     what the route costs without the product around it. Answers {kind: 'ready', url}.
 */
import Fastify from 'fastify';
import pg from 'pg';
import { jwtVerify } from 'jose';
import { randomUUID } from 'node:crypto';
import { CREDITS_10_FEATURE_CODE as CREDITS_10 } from 'shared-contracts';
import { openDatabase, type Database } from '@studio/db';
import type { AccountClient } from '../src/account-client';
import { loadSession } from '../src/auth';
import { abPlan } from '../src/ab-test';
import { testApiConfig } from '../src/config';
import { ok } from '../src/http';
import { apiModules } from '../src/modules/registry';
import { balanceOf } from '../src/modules/credits/ledger-queries';
import type { ApiModuleDefinition, ModuleContext } from '../src/modules/types';
import { buildApiApp } from '../src/plugin';
import { buildUser, loadUserView, upsertUserFromProfile } from '../src/modules/users/users';

export type ServerMessage =
  | { kind: 'ready'; url: string; jwt?: string; uid?: string }
  | { kind: 'books'; spendsAnswered: number; runningAfterClose: number; committed: number; entries: number; remaining: number; balance: number; startCredits: number };

export const START_CREDITS = 10_000_000;

function send(message: ServerMessage): void {
  process.send?.(message);
}

function scopedUrl(): string | null {
  const base = process.env.BENCH_DATABASE_URL;
  if (!base) return null;
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${process.env.BENCH_SCHEMA}`);
  return url.toString();
}

const noAccount: AccountClient = {
  async exchangeCode() {
    throw new Error('the bench signs its user in directly');
  },
};

async function product(): Promise<void> {
  const url = scopedUrl();
  const db: Database = url ? await openDatabase({ url, max: 20 }) : await openDatabase({ dataDir: 'memory://' });
  let spendsRunning = 0;
  let spendsAnswered = 0;
  let settled: (() => void) | null = null;
  const benchSpend: ApiModuleDefinition = {
    name: 'bench',
    plugin: async (app, ctx) => {
      app.post('/bench/spend', { preHandler: ctx.auth.authenticate }, async (request) => {
        spendsRunning += 1;
        try {
          const hold = await ctx.ledger.spend({ userId: request.user!.uid, amount: 1, details: 'bench spend' });
          spendsAnswered += 1;
          return ok(request, { hold: hold.id });
        } finally {
          spendsRunning -= 1;
          if (spendsRunning === 0) settled?.();
        }
      });
    },
  };
  let ctx: ModuleContext | null = null;
  const app = await buildApiApp({
    db,
    config: testApiConfig(),
    accountClient: noAccount,
    // what the product runs with (main.ts: LOG_LEVEL, default info); the bench sends stdout nowhere
    logger: { level: process.env.LOG_LEVEL ?? 'info' },
    holdSweepMs: 0,
    modules: [...apiModules, benchSpend],
    onReady: (built) => {
      ctx = built;
    },
  });
  const address = await app.listen({ port: Number(process.env.BENCH_PORT ?? 0), host: '127.0.0.1' });
  const services = ctx as unknown as ModuleContext;
  const profile = { id: randomUUID(), email: 'bench@example.test', nickname: 'Bench', firstname: '', lastname: '', avatar: '', country: 'US', created_at: Math.floor(Date.now() / 1000), is_new: true };
  const session = await db.transaction(async (tx) => {
    const user = await upsertUserFromProfile(tx, profile, { country: 'US' });
    return services.auth.startSession(tx, { userId: user.id, wsId: user.wsId, isNew: true });
  });
  await services.ledger.grant({ userId: profile.id, amount: START_CREDITS, source: 'bench', details: 'bench', idempotencyKey: `bench:${profile.id}` });
  send({ kind: 'ready', url: address, jwt: session.jwt, uid: profile.id });

  process.on('message', (message: { kind?: string }) => {
    if (message.kind !== 'stop') return;
    void (async () => {
      await app.close();
      const runningAfterClose = spendsRunning;
      // a request whose client hung up when the load stopped still runs its spend to the end
      if (spendsRunning > 0) await new Promise<void>((resolve) => (settled = resolve));
      // one snapshot: the balance and the books read together, so a commit cannot land between two reads
      const books = await db.transaction(async (tx) => {
        if (db.kind === 'postgres') await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
        const balance = await balanceOf(tx, profile.id, new Date());
        const row = await tx.query<{ committed: number; entries: number; remaining: number }>(
          `SELECT (SELECT COUNT(*)::int FROM credit_holds WHERE user_id = $1 AND status = 'committed') AS committed,
                  (SELECT SUM(delta)::int FROM credit_entries WHERE user_id = $1) AS entries,
                  (SELECT SUM(remaining)::int FROM credit_blocks WHERE user_id = $1) AS remaining`,
          [profile.id],
        );
        return { balance, ...row.rows[0] };
      });
      send({ kind: 'books', spendsAnswered, runningAfterClose, startCredits: START_CREDITS, ...books });
      await db.close();
      process.exit(0);
    })();
  });
}

async function bare(): Promise<void> {
  const url = scopedUrl();
  if (!url) throw new Error('the bare reference needs BENCH_DATABASE_URL');
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  const key = new TextEncoder().encode(testApiConfig().jwtSecret);
  const app = Fastify({ logger: false });
  app.post('/v1/user', async (request, reply) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    if (!match) return reply.code(401).send({ code: 401 });
    const { payload } = await jwtVerify(match[1], key, { algorithms: ['HS256'] });
    const at = new Date();
    const session = await loadSession(pool, String(payload.token), at);
    if (!session?.uid || session.session_user !== payload.uid || session.revoked_at || new Date(session.expires_at) <= at) return reply.code(401).send({ code: 140013 });
    const view = await loadUserView(pool, session.uid, at);
    if (!view) return reply.code(401).send({ code: 140013 });
    const plan = await abPlan(pool, CREDITS_10, session.uid, view.country);
    const user = buildUser(plan === 2 ? { ...view, featureCodes: [...view.featureCodes, CREDITS_10] } : view, { jwt: match[1], sessionId: session.session_id, sessionIsNew: session.is_new }, at);
    return ok(request, user);
  });
  const address = await app.listen({ port: Number(process.env.BENCH_PORT ?? 0), host: '127.0.0.1' });
  send({ kind: 'ready', url: address });
  process.on('message', (message: { kind?: string }) => {
    if (message.kind !== 'stop') return;
    void app.close().then(() => pool.end()).then(() => process.exit(0));
  });
}

const role = process.env.BENCH_ROLE;
(role === 'bare' ? bare() : product()).catch((error: unknown) => {
  console.error(`[bench:api ${role}] failed:`, error);
  process.exit(1);
});
