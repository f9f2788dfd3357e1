/**
 * npm run bench:memory: the embedded default's memory under load. The product API on PGlite in a data
 * folder on disk (as `npm start` runs it), every module, loaded by BENCH_CONNECTIONS (default 10) callers
 * for BENCH_SECONDS (default 120): /v1/user (the token check and the User's queries) and a credit spend
 * (writes: holds, entries, blocks) in turn. The process's resident memory and PGlite's WebAssembly memory
 * are sampled every BENCH_SAMPLE_S (default 10) seconds; the report says the start-up figure, the peak under
 * load, the growth over the second half (a bounded process levels off), and the budget (<= 500 MB and not
 * growing). BENCH_RATE caps the requests a second across all callers (default: as fast as they go), so an
 * hour-long run (BENCH_SECONDS=3600) can model a product in use rather than a product under siege; the
 * embedded database's upkeep (vacuum and analyze every ten minutes) runs as it does in `npm start`.
 * This measures the API on the embedded database, where the memory was found to go; BENCH_TARGET=product
 * measures the whole composed product as `npm start` runs it, over HTTP, under a mix like the browser suites'
 * (bench-memory-product.ts; it needs the built front ends). Writes .bench/memory.json at the repository root.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { openDatabase } from '@studio/db';
import type { AccountClient } from '../src/account-client';
import { testApiConfig } from '../src/config';
import { apiModules } from '../src/modules/registry';
import type { ModuleContext } from '../src/modules/types';
import { buildApiApp } from '../src/plugin';
import { upsertUserFromProfile } from '../src/modules/users/users';
import { productMemory } from './bench-memory-product';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 120);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SAMPLE_S = Number(process.env.BENCH_SAMPLE_S ?? 10);
const RATE = Number(process.env.BENCH_RATE ?? 0);
const BUDGET_MB = 500;
const OUT = path.resolve(__dirname, '..', '..', '..', '.bench', 'memory.json');

const noAccount: AccountClient = {
  async exchangeCode() {
    throw new Error('the bench signs its user in directly');
  },
};

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

function rssBytes(): number {
  const status = readFileSync('/proc/self/status', 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) * 1024 : process.memoryUsage().rss;
}

/** the bytes under a folder (the embedded database's files: dead rows the upkeep did not reclaim show here) */
function folderBytes(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce((sum, entry) => {
    const full = path.join(dir, entry.name);
    return sum + (entry.isDirectory() ? folderBytes(full) : entry.isFile() ? statSync(full).size : 0);
  }, 0);
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-memory-'));
  const db = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  const wasmBytes = () => {
    const mod = (db.pglite as unknown as { mod?: { HEAPU8?: Uint8Array } } | null)?.mod;
    return mod?.HEAPU8?.buffer.byteLength ?? NaN;
  };
  let ctx: ModuleContext | null = null;
  const app = await buildApiApp({
    db,
    // the production token life (2 days): the test default (an hour) would end an hour-long run in 401s
    config: testApiConfig({ jwtTtlSeconds: 2 * 24 * 3600 }),
    accountClient: noAccount,
    logger: false,
    holdSweepMs: 0,
    modules: apiModules,
    onReady: (built) => {
      ctx = built;
    },
  });
  await app.ready();
  const services = ctx as unknown as ModuleContext;
  const profile = { id: randomUUID(), email: 'memory@example.test', nickname: 'Memory', firstname: '', lastname: '', avatar: '', country: 'US', created_at: Math.floor(Date.now() / 1000), is_new: true };
  const session = await db.transaction(async (tx) => {
    const user = await upsertUserFromProfile(tx, profile, { country: 'US' });
    return services.auth.startSession(tx, { userId: user.id, wsId: user.wsId, isNew: true });
  });
  await services.ledger.grant({ userId: profile.id, amount: 100_000_000, source: 'bench', details: 'bench', idempotencyKey: `bench:${profile.id}` });
  const headers = { authorization: `Bearer ${session.jwt}` };

  const samples: { t: number; rss_mb: number; wasm_mb: number; heap_mb: number; requests: number }[] = [];
  let requests = 0;
  const started = Date.now();
  // each sample is printed as it is taken, so a long run that fails late still leaves its figures
  const sample = () => {
    const taken = { t: Math.round((Date.now() - started) / 1000), rss_mb: mb(rssBytes()), wasm_mb: mb(wasmBytes()), heap_mb: mb(process.memoryUsage().heapUsed), requests };
    samples.push(taken);
    console.log(`  t=${taken.t}s rss ${taken.rss_mb} MB  wasm ${taken.wasm_mb} MB  js heap ${taken.heap_mb} MB  requests ${taken.requests}  load ${os.loadavg()[0].toFixed(1)}`);
  };
  sample();
  const timer = setInterval(sample, SAMPLE_S * 1000);
  const until = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, caller) => {
      // each caller's share of the rate: one request every CONNECTIONS / RATE seconds
      const everyMs = RATE > 0 ? (CONNECTIONS / RATE) * 1000 : 0;
      let next = Date.now();
      for (let i = 0; Date.now() < until; i += 1) {
        if (everyMs) {
          next += everyMs;
          const wait = next - Date.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        }
        if ((i + caller) % 2 === 0) {
          const answer = await app.inject({ method: 'POST', url: '/v1/user', headers });
          if (answer.statusCode !== 200) throw new Error(`/v1/user answered ${answer.statusCode}`);
        } else {
          await services.ledger.spend({ userId: profile.id, amount: 1, details: 'memory bench' });
        }
        requests += 1;
      }
    }),
  );
  clearInterval(timer);
  sample();
  await app.close();
  await db.close();
  const dataFolderMb = mb(folderBytes(dataDir));
  rmSync(dataDir, { recursive: true, force: true });

  // the first sample is the start-up (PGlite's WebAssembly module and file bundle, migrations, seeds), whose
  // buffers the garbage collector hands back within seconds; the budget reads the process under load
  const startup = samples[0].rss_mb;
  const peak = Math.max(...samples.slice(1).map((s) => s.rss_mb));
  const half = samples.filter((s) => s.t >= SECONDS / 2);
  const growth = half.length > 1 ? half[half.length - 1].rss_mb - half[0].rss_mb : 0;
  const report = {
    when: new Date().toISOString(),
    machine: { cpus: os.cpus().length, node: process.version, loadavg: os.loadavg().map((n) => Number(n.toFixed(2))) },
    settings: { seconds: SECONDS, connections: CONNECTIONS, rate: RATE || 'unpaced', sample_s: SAMPLE_S, engine: 'PGlite, data folder on disk' },
    requests,
    requests_per_second: Math.round(requests / SECONDS),
    startup_rss_mb: startup,
    peak_rss_mb_under_load: peak,
    second_half_growth_mb: growth,
    data_folder_mb_at_end: dataFolderMb,
    budget: { rss_mb: BUDGET_MB, met: peak <= BUDGET_MB && growth <= 0.05 * peak },
    samples,
  };
  mkdirSync(path.dirname(OUT), { recursive: true });
  writeFileSync(OUT, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`[bench:memory] start-up ${startup} MB; under load peak ${peak} MB (budget ${BUDGET_MB}), growth over the second half ${growth} MB, ${report.requests_per_second} req/s, data folder ${dataFolderMb} MB`);
}

(process.env.BENCH_TARGET === 'product' ? productMemory() : main()).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('[bench:memory] failed:', error);
    process.exit(1);
  },
);
