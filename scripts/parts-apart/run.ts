/**
 * `npm run parts-apart`: the product as production runs it (topology.ts), on PostgreSQL, the front ends
 * built first where missing or stale (as `npm start` does). Settings:
 *   PARTS_APART_PORT (9510)          gateway; account +1, API +2, each remote +3 .. +7
 *   PARTS_APART_DOMAIN ('')          parent domain of the origins (studio.test: app., account., remote-x.);
 *                                    empty: every part on localhost, its own port being its own origin
 *   PARTS_APART_DATABASE_URL         a PostgreSQL server to make a fresh database in (dropped at the end);
 *                                    without it a server of its own starts on PARTS_APART_PG_PORT (55810)
 *   PARTS_APART_DIR                  the run's folder: remotes.json, the remotes' published versions
 *                                    (published/<remote>/<version>/, each remote's origin serves its own),
 *                                    storage, one log per part (default: a temporary folder)
 *   PARTS_APART_APP_ENV (integration) APP_ENV of the gateway and the API (e2e: test, for the small showcase)
 *   PARTS_APART_MAX_SECONDS (1800)   the run stops itself after this long, whatever happens
 * Every other variable of its environment reaches the API and the account service as their settings (an
 * e2e run names its A/B switches and country header so), below the topology's own.
 * It prints `parts apart: up at <app origin> in <s> s` once every part answers, and stops them all on
 * SIGINT/SIGTERM, on the deadline, or when one of them dies.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { REMOTES } from 'shared-contracts/remotes';
import { ensureBuilt } from '../ensure-built';
import { startOwnPostgres, type OwnPostgres } from './own-postgres';
import { partsApart, type Part } from './topology';

const root = path.resolve(__dirname, '../..');
const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
/** what a part inherits of this process's environment besides its settings: how to run at all */
const BASICS = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ', 'NODE_OPTIONS', 'CI'];
/** settings of a run that are not product settings and reach no part */
const OWN = /^(PARTS_APART_|E2E_|PLAYWRIGHT_|TEST_DATABASE_URL$|DATABASE_URL$|PORT$|HOST$)/;

interface Database {
  url: string;
  drop(): Promise<void>;
}

/** A fresh database on the given server, or on a server of its own. */
async function openDatabaseFor(serverUrl: string | undefined, pgPort: number): Promise<Database> {
  let own: OwnPostgres | null = null;
  let server = serverUrl;
  if (!server) {
    own = await startOwnPostgres(pgPort);
    server = own.url;
  }
  const name = `parts_apart_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      if (own) return own.stop();
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** Each remote's newest built version (the folder name under dist/ with a manifest, highest semver). */
export function builtVersions(rootDir: string): Record<string, string> {
  const versions: Record<string, string> = {};
  for (const remote of REMOTES) {
    const dist = path.join(rootDir, remote.pkg, 'dist');
    const own = (JSON.parse(readFileSync(path.join(rootDir, remote.pkg, 'package.json'), 'utf8')) as { version: string }).version;
    if (existsSync(path.join(dist, own, 'mf-manifest.json'))) versions[remote.pkg] = own;
    else if (existsSync(dist)) {
      const built = readdirSync(dist).filter((entry) => existsSync(path.join(dist, entry, 'mf-manifest.json')));
      if (built[0]) versions[remote.pkg] = built.sort((a, b) => a.localeCompare(b, 'en', { numeric: true })).at(-1) as string;
    }
  }
  return versions;
}

async function waitReady(part: Part, child: ChildProcess, deadline: number): Promise<void> {
  if (!part.health) return;
  const url = `http://127.0.0.1:${part.port}${part.health}`;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${part.name} exited with ${child.exitCode} before it was ready`);
    try {
      const answer = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (answer.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${part.name} did not answer ${url} in time`);
}

function productSettings(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined && (BASICS.includes(key) || !OWN.test(key))) out[key] = value;
  return out;
}

function tail(file: string): string {
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').slice(-25).join('\n') : '';
}

async function main(): Promise<void> {
  const env = process.env;
  const started = Date.now();
  const maxMs = Number(env.PARTS_APART_MAX_SECONDS ?? 1800) * 1000;
  const dir = env.PARTS_APART_DIR || mkdtempSync(path.join(os.tmpdir(), 'parts-apart-'));
  mkdirSync(path.join(dir, 'logs'), { recursive: true });
  // as `npm start` does: whatever front-end app is missing or older than its sources is built first
  ensureBuilt();
  const versions = builtVersions(root);
  const missing = REMOTES.filter((remote) => !versions[remote.pkg]).map((remote) => remote.pkg);
  if (missing.length || !existsSync(path.join(root, 'shell', 'dist', 'index.html'))) {
    throw new Error(`the front end did not build: missing ${[...missing, 'shell'].join(', ')}`);
  }
  const database = await openDatabaseFor(env.PARTS_APART_DATABASE_URL || undefined, Number(env.PARTS_APART_PG_PORT ?? 55810));
  const remotesJsonPath = path.join(dir, 'remotes.json');
  // publish today's build of each remote where its origin serves from, as a deploy would
  const publishedDir = path.join(dir, 'published');
  for (const remote of REMOTES) {
    const version = versions[remote.pkg] as string;
    cpSync(path.join(root, remote.pkg, 'dist', version), path.join(publishedDir, remote.pkg, version), { recursive: true });
  }
  const secret = () => randomBytes(32).toString('base64url');
  const topology = partsApart(
    {
      basePort: Number(env.PARTS_APART_PORT ?? 9510),
      domain: env.PARTS_APART_DOMAIN ?? '',
      appEnv: env.PARTS_APART_APP_ENV || 'integration',
      databaseUrl: database.url,
      storageDir: path.join(dir, 'storage'),
      publishedDir,
      remotesJsonPath,
      secrets: { jwt: secret(), accountToken: secret(), client: secret() },
    },
    versions,
  );
  writeFileSync(remotesJsonPath, `${JSON.stringify(topology.remotesJson, null, 2)}\n`);

  const children = new Map<string, ChildProcess>();
  let stopping: Promise<void> | null = null;
  const stop = (reason: string, code: number): Promise<void> => {
    stopping ??= (async () => {
      console.log(`parts apart: stopping (${reason})`);
      const exits = [...children.values()].map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
            child.once('exit', () => {
              clearTimeout(kill);
              resolve();
            });
            child.kill('SIGTERM');
          }),
      );
      await Promise.all(exits);
      await database.drop().catch((error: unknown) => console.error('parts apart: the database was not dropped', error));
      process.exit(code);
    })();
    return stopping;
  };
  process.once('SIGINT', () => void stop('SIGINT', 0));
  process.once('SIGTERM', () => void stop('SIGTERM', 0));
  setTimeout(() => void stop(`PARTS_APART_MAX_SECONDS (${maxMs / 1000}) reached`, 1), maxMs).unref();

  const settings = productSettings(env);
  const launch = (part: Part): ChildProcess => {
    const log = createWriteStream(path.join(dir, 'logs', `${part.name}.log`));
    const child = spawn(process.execPath, [tsx, path.join(root, part.entry)], { cwd: root, env: { ...settings, ...part.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    child.once('exit', (code, signal) => {
      if (!stopping) void stop(`${part.name} ended (${code ?? signal}); its log: ${path.join(dir, 'logs', `${part.name}.log`)}\n${tail(path.join(dir, 'logs', `${part.name}.log`))}`, 1);
    });
    children.set(part.name, child);
    return child;
  };
  const byName = (name: string) => topology.parts.find((part) => part.name === name) as Part;
  const readyBy = Date.now() + 180_000;
  const bring = async (part: Part) => waitReady(part, launch(part), readyBy);
  try {
    // the account service and the API each migrate the one database: one after the other
    const front = Promise.all(topology.parts.filter((part) => part.name === 'web' || part.name.startsWith('remote-')).map(bring));
    await bring(byName('account'));
    await bring(byName('api'));
    await bring(byName('worker'));
    await front;
  } catch (error) {
    const name = /^(\S+)/.exec((error as Error).message)?.[1] ?? '';
    await stop(`${(error as Error).message}\n${tail(path.join(dir, 'logs', `${name}.log`))}`, 1);
    return;
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`parts apart: up at ${topology.appOrigin} in ${seconds} s (account ${topology.accountOrigin}; remotes.json ${remotesJsonPath}; logs ${path.join(dir, 'logs')})`);
}

main().catch((error: unknown) => {
  console.error('parts apart: could not start:', error);
  process.exit(1);
});
