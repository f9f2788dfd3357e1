/**
 * npm run bench:api: what the product adds to a request, measured against a reference doing the same work.
 *
 *   - user:  POST /v1/user with a bearer token through the product (every module, the product's logger)
 *   - bare:  POST /v1/user on a bare Fastify + pg process doing the same token check and the same queries
 *            (bench-api-server.ts, role bare); ratio = product req/s / bare req/s (budget >= 0.7)
 *   - spend: POST /bench/spend through the product, a bench-only route doing ledger.spend of 1 credit; then
 *            the books are checked (every answered spend committed once, entries = blocks = balance)
 *
 * Each server runs in a process of its own (bench-api-server.ts); the load comes from autocannon in this
 * process with the same settings for both. The product and the bare reference are measured in turns
 * (bare, product, bare, product) so a machine that gets busier part way through weighs on both alike.
 * On PostgreSQL (BENCH_DATABASE_URL: a fresh schema, dropped afterwards) the ratio is measured; on PGlite
 * (always) the product alone (PGlite serves one process, so a separate reference cannot share it).
 * Env: BENCH_DURATION (s per turn, default 5), BENCH_CONNECTIONS (default 10). The machine's load (load
 * averages, and the CPU time each process used) is reported beside the figures.
 * Writes .bench/api.json at the repository root.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import type { ServerMessage } from './bench-api-server';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const OUT = path.resolve(__dirname, '..', '..', '..', '.bench', 'api.json');
const BUDGET = 0.7;

interface Figure {
  rps: number;
  p50_ms: number;
  p99_ms: number;
  requests: number;
  non2xx: number;
  errors: number;
}

async function measure(url: string, options: { headers?: Record<string, string>; body?: string; duration?: number } = {}): Promise<Figure> {
  const result = await autocannon({ url, method: 'POST', headers: options.headers, body: options.body, connections: CONNECTIONS, duration: options.duration ?? DURATION });
  return {
    rps: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** the sum of several turns: requests per second over all of them, the worst p99 */
function combine(turns: Figure[]): Figure {
  const requests = turns.reduce((n, t) => n + t.requests, 0);
  return {
    rps: Math.round(turns.reduce((n, t) => n + t.rps, 0) / turns.length),
    p50_ms: Math.max(...turns.map((t) => t.p50_ms)),
    p99_ms: Math.max(...turns.map((t) => t.p99_ms)),
    requests,
    non2xx: turns.reduce((n, t) => n + t.non2xx, 0),
    errors: turns.reduce((n, t) => n + t.errors, 0),
  };
}

interface Server {
  child: ChildProcess;
  ready: Extract<ServerMessage, { kind: 'ready' }>;
  next(kind: ServerMessage['kind']): Promise<ServerMessage>;
  /** CPU seconds the process has used (user + system), from /proc */
  cpuSeconds(): number;
}

function cpuSecondsOf(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

async function start(role: 'product' | 'bare', env: Record<string, string>): Promise<Server> {
  const child = fork(path.join(__dirname, 'bench-api-server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env, BENCH_ROLE: role },
    // the product logs every request as it does in production; the bench reads only IPC
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const waiting = new Map<string, (m: ServerMessage) => void>();
  child.on('message', (message: ServerMessage) => waiting.get(message.kind)?.(message));
  const next = (kind: ServerMessage['kind']) =>
    new Promise<ServerMessage>((resolve, reject) => {
      waiting.set(kind, resolve);
      child.once('exit', (code) => reject(new Error(`the ${role} server exited (${code}) before answering ${kind}`)));
    });
  const ready = (await next('ready')) as Server['ready'];
  return { child, ready, next, cpuSeconds: () => cpuSecondsOf(child.pid) };
}

async function stop(server: Server): Promise<ServerMessage | null> {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  const books = server.ready.jwt ? server.next('books') : null;
  server.child.send({ kind: 'stop' });
  const answer = books ? await books : null;
  await exited;
  return answer;
}

function ledgerCheck(books: ServerMessage | null) {
  if (!books || books.kind !== 'books') return { consistent: false, reason: 'no books' };
  const { spendsAnswered, runningAfterClose, committed, entries, remaining, balance, startCredits } = books;
  // every spend answered 200 is committed exactly once; a spend whose client hung up may commit without an answer
  const consistent = committed >= spendsAnswered && balance === startCredits - committed && entries === remaining && remaining === balance;
  return { consistent, spends_answered: spendsAnswered, spends_running_after_close: runningAfterClose, committed, entries, remaining, balance };
}

async function onEngine(kind: 'pglite' | 'postgres') {
  const base = process.env.BENCH_DATABASE_URL as string;
  const schema = `bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const env: Record<string, string> = kind === 'postgres' ? { BENCH_DATABASE_URL: base, BENCH_SCHEMA: schema } : { BENCH_DATABASE_URL: '' };
  if (kind === 'postgres') {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
  }
  const loadBefore = os.loadavg();
  const product = await start('product', env);
  const bare = kind === 'postgres' ? await start('bare', env) : null;
  try {
    const headers = { authorization: `Bearer ${product.ready.jwt}` };
    // warm both (JIT, pools, plans), then measure in turns
    await measure(`${product.ready.url}/v1/user`, { headers, duration: 1 });
    if (bare) await measure(`${bare.ready.url}/v1/user`, { headers, duration: 1 });
    const cpu0 = { product: product.cpuSeconds(), bare: bare?.cpuSeconds() ?? 0, bench: process.cpuUsage() };
    const userTurns: Figure[] = [];
    const bareTurns: Figure[] = [];
    const started = Date.now();
    for (let turn = 0; turn < 2; turn += 1) {
      if (bare) bareTurns.push(await measure(`${bare.ready.url}/v1/user`, { headers }));
      userTurns.push(await measure(`${product.ready.url}/v1/user`, { headers }));
    }
    const wall = (Date.now() - started) / 1000;
    const benchCpu = process.cpuUsage(cpu0.bench);
    const cpu = {
      window_s: Number(wall.toFixed(1)),
      product_cpu_s: Number((product.cpuSeconds() - cpu0.product).toFixed(1)),
      bare_cpu_s: bare ? Number((bare.cpuSeconds() - cpu0.bare).toFixed(1)) : null,
      load_generator_cpu_s: Number(((benchCpu.user + benchCpu.system) / 1e6).toFixed(1)),
    };
    const spend = await measure(`${product.ready.url}/bench/spend`, { headers: { ...headers, 'content-type': 'application/json' }, body: '{}' });
    const books = await stop(product);
    const user = combine(userTurns);
    const reference = bare ? combine(bareTurns) : null;
    return {
      user,
      user_turns: userTurns.map((t) => t.rps),
      bare: reference,
      bare_turns: bareTurns.map((t) => t.rps),
      ratio: reference ? Number((user.rps / reference.rps).toFixed(3)) : null,
      spend,
      ledger: ledgerCheck(books),
      load: { loadavg_before: loadBefore.map((n) => Number(n.toFixed(2))), loadavg_after: os.loadavg().map((n) => Number(n.toFixed(2))), ...cpu },
    };
  } finally {
    if (product.child.exitCode === null) product.child.kill();
    if (bare) await stop(bare);
    if (kind === 'postgres') {
      const cleanup = new pg.Client({ connectionString: base });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.end();
    }
  }
}

async function main(): Promise<void> {
  const started = new Date().toISOString();
  console.log(`[bench:api] ${CONNECTIONS} connections, ${DURATION} s per turn; product and bare reference in processes of their own`);
  const kinds: ('pglite' | 'postgres')[] = process.env.BENCH_DATABASE_URL ? ['postgres', 'pglite'] : ['pglite'];
  const engines: Record<string, Awaited<ReturnType<typeof onEngine>>> = {};
  for (const kind of kinds) {
    const r = await onEngine(kind);
    engines[kind] = r;
    if (r.bare) console.log(`  ${kind.padEnd(8)} bare     /v1/user  ${r.bare.rps} req/s  p99 ${r.bare.p99_ms} ms  (turns ${r.bare_turns.join(', ')})`);
    console.log(`  ${kind.padEnd(8)} product  /v1/user  ${r.user.rps} req/s  p99 ${r.user.p99_ms} ms  (turns ${r.user_turns.join(', ')})`);
    if (r.ratio !== null) console.log(`  ${kind.padEnd(8)} ratio product/bare ${r.ratio} (budget >= ${BUDGET}: ${r.ratio >= BUDGET ? 'met' : 'NOT met'})`);
    console.log(`  ${kind.padEnd(8)} spend    ${r.spend.rps} req/s  p99 ${r.spend.p99_ms} ms  ledger consistent: ${r.ledger.consistent} ${JSON.stringify(r.ledger)}`);
    console.log(`  ${kind.padEnd(8)} load ${JSON.stringify(r.load)}`);
  }
  if (!process.env.BENCH_DATABASE_URL) console.log('  postgres: skipped (set BENCH_DATABASE_URL to measure a real server and the ratio)');
  const report = {
    started,
    machine: { cpus: os.cpus().length, node: process.version, loadavg: os.loadavg().map((n) => Number(n.toFixed(2))) },
    settings: { connections: CONNECTIONS, duration_s: DURATION, turns: 2, load: 'autocannon in the bench process; servers in processes of their own' },
    budget: { user_vs_bare: BUDGET },
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
