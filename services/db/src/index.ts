/**
 * One database handle for every service: PGlite in a data folder by default (nothing to install), a real
 * PostgreSQL server when DATABASE_URL is set. Services write plain SQL migrations and query through
 * `query` or drizzle; both work unchanged on either engine.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { DEFAULT_TIMEOUTS, connectionOptions, type PoolTimeouts } from './timeouts.js';
import { PGLITE_UPKEEP_INTERVAL_MS, startUpkeep } from './pglite-upkeep.js';

export interface QueryResult<R> {
  rows: R[];
  rowCount: number;
}

export interface QueryOptions {
  /**
   * A statement of a fixed text run again and again (a hot path): on a PostgreSQL server each connection
   * parses it once as a named prepared statement, and where its plan does not depend on the values given
   * (PostgreSQL's generic plan costs no more than a custom one) plans it once too. Ignored on PGlite.
   * Only for texts that do not vary with the values (they are kept per connection).
   */
  prepared?: boolean;
}

export interface Queryable {
  query<R = Record<string, unknown>>(text: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult<R>>;
}

export interface Database extends Queryable {
  kind: 'pglite' | 'postgres';
  /** runs fn in one transaction on one connection; rolls back when fn throws */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** the driver object, for libraries that need it (drizzle, pg-boss) */
  readonly pglite: PGlite | null;
  readonly pool: pg.Pool | null;
  /** the server's connection string (a real server only), for connections of their own such as LISTEN */
  readonly url?: string;
  /** the bounds of its connections (a real server only), for connections of their own too */
  readonly timeouts?: PoolTimeouts;
}

export interface OpenOptions {
  /** postgres://... ; when absent or empty PGlite is used */
  url?: string;
  /** PGlite data folder; 'memory://' for an in-memory database (tests) */
  dataDir?: string;
  /** pool size for a real server */
  max?: number;
  /** the bounds of every connection (timeouts.ts; defaults DEFAULT_TIMEOUTS) */
  timeouts?: Partial<PoolTimeouts>;
  /** PGlite only: how often its tables are vacuumed and analyzed (pglite-upkeep.ts; 0 never) */
  upkeepMs?: number;
}

// int8 (bigint) answers as a JS number: our amounts and counts are far below 2^53
pg.types.setTypeParser(20, (value: string) => Number.parseInt(value, 10));
pg.types.setTypeParser(1700, (value: string) => Number.parseFloat(value));

/** Opens what the caller's configuration names (this package reads no environment of its own). */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.max ?? 10, options.timeouts);
  if (!options.dataDir) throw new Error('openDatabase: give a PostgreSQL url or a PGlite dataDir');
  return openPglite(options.dataDir, options.upkeepMs ?? PGLITE_UPKEEP_INTERVAL_MS);
}

async function openPostgres(url: string, max: number, given?: Partial<PoolTimeouts>): Promise<Database> {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...given };
  const pool = new pg.Pool({ connectionString: url, max, ...connectionOptions(timeouts) });
  pool.on('error', (error) => console.error('[db] idle client error', error.message));
  // A restart or failover ends every connection. The pool listens on idle clients only: a client checked
  // out (inside a transaction, between two of its queries) would emit an 'error' nobody listens to, and
  // node would end the process. Every client gets a listener of its own; its next query fails instead,
  // and a broken client is destroyed on release rather than handed out again.
  const broken = new WeakSet<pg.PoolClient>();
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      broken.add(client as pg.PoolClient);
      console.error('[db] connection error', error.message);
    });
  });
  const asResult = <R>(result: pg.QueryResult): QueryResult<R> => ({
    rows: result.rows as R[],
    rowCount: result.rowCount ?? 0,
  });
  const named = preparedNames();
  return {
    kind: 'postgres',
    pglite: null,
    pool,
    url,
    timeouts,
    async query<R>(text: string, params?: unknown[], options?: QueryOptions) {
      const name = options?.prepared ? named.nameOf(text) : null;
      if (!name) return asResult<R>(await pool.query(text, params as unknown[]));
      try {
        return asResult<R>(await pool.query({ name, text, values: params as unknown[] }));
      } catch (error) {
        // refused before it ran (a table it answers rows of changed shape): run as a one-off from now on
        if (!named.refused(text, error)) throw error;
        return asResult<R>(await pool.query(text, params as unknown[]));
      }
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const tx: Queryable = {
          async query<R>(text: string, params?: unknown[], options?: QueryOptions) {
            const name = options?.prepared ? named.nameOf(text) : null;
            try {
              return asResult<R>(await client.query(name ? { name, text, values: params as unknown[] } : { text, values: params as unknown[] }));
            } catch (error) {
              // the server answers its refusals with a SQLSTATE; anything else (the client's query timeout,
              // a dead connection) leaves the connection in an unknown state: it is not used again
              if (!(error instanceof pg.DatabaseError)) broken.add(client);
              // (in a transaction the refusal ends it: the caller's retry runs it as a one-off)
              if (name) named.refused(text, error);
              throw error;
            }
          },
        };
        const result = await fn(tx);
        await tx.query('COMMIT');
        return result;
      } catch (error) {
        // a broken connection is destroyed on release, and the server rolls back what it had open
        if (!broken.has(client)) await client.query('ROLLBACK').catch(() => broken.add(client));
        throw error;
      } finally {
        client.release(broken.has(client) ? true : undefined);
      }
    },
    async close() {
      await pool.end();
    },
  };
}

/** The most statement texts prepared (per connection, each): past it a text runs as a one-off, as if not asked. */
const MAX_PREPARED_TEXTS = 64;

/**
 * Names of the prepared statements (QueryOptions.prepared): one per text, from its hash (the driver keeps
 * them per connection and refuses one name for two texts). A statement PostgreSQL refuses to run from its
 * cache ("cached plan must not change result type": a table it answers every column of gained or lost one
 * since it was prepared) runs as a one-off from then on.
 */
function preparedNames() {
  const names = new Map<string, string>();
  const oneOff = new Set<string>();
  return {
    nameOf(text: string): string | null {
      const known = names.get(text);
      if (known) return known;
      if (oneOff.has(text) || names.size >= MAX_PREPARED_TEXTS) return null;
      const name = `s_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
      names.set(text, name);
      return name;
    },
    /** true when the error is that refusal (the text is then a one-off) */
    refused(text: string, error: unknown): boolean {
      if (!(error instanceof pg.DatabaseError) || error.code !== '0A000' || !/cached plan/i.test(error.message)) return false;
      names.delete(text);
      oneOff.add(text);
      return true;
    },
  };
}

/** PGlite's buffer pool (PostgreSQL's shared_buffers) */
export const PGLITE_SHARED_BUFFERS = '16MB';

async function openPglite(dataDir: string, upkeepMs: number): Promise<Database> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create({
    dataDir: dataDir.startsWith('memory://') ? undefined : dataDir,
    // PGlite's own start parameters, plus a buffer pool sized for one process: PostgreSQL's default 128 MB of
    // shared buffers lives inside the WebAssembly memory, which never shrinks, and the data folder's files
    // are in the operating system's cache anyway (issue 25: the embedded default's memory)
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  const upkeep = startUpkeep(db, upkeepMs, (error) => console.error('[db] embedded upkeep failed', (error as Error).message));
  const asResult = <R>(result: { rows: unknown[]; affectedRows?: number }): QueryResult<R> => ({
    rows: result.rows as R[],
    // PGlite reports affectedRows 0 for a SELECT: the row count is the larger of the two
    rowCount: Math.max(result.affectedRows ?? 0, result.rows.length),
  });
  return {
    kind: 'pglite',
    pglite: db,
    pool: null,
    async query<R>(text: string, params?: unknown[]) {
      // PGlite's query() takes one statement with parameters; exec() runs a script without them
      if (!params?.length && /;\s*\S/.test(text.trim().replace(/;\s*$/, ''))) {
        const results = await db.exec(text);
        const last = results[results.length - 1];
        return asResult<R>(last ?? { rows: [] });
      }
      return asResult<R>(await db.query(text, params));
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) =>
        fn({
          async query<R>(text: string, params?: unknown[]) {
            return asResult<R>(await tx.query(text, params));
          },
        }),
      );
    },
    async close() {
      await upkeep.stop();
      await db.close();
    },
  };
}

/**
 * Applies a service's versioned SQL migrations (files `NNNN_name.sql` in `dir`) once each, in order,
 * recording them in schema_migrations under the service's name. Safe to call at every start.
 */
export async function migrate(db: Database, service: string, dir: string): Promise<string[]> {
  await db.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    service text NOT NULL,
    version text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (service, version)
  )`);
  const files = readdirSync(dir)
    .filter((file) => /^\d{4}_.+\.sql$/.test(file))
    .sort();
  const applied = new Set(
    (await db.query<{ version: string }>('SELECT version FROM schema_migrations WHERE service = $1', [service])).rows.map(
      (row) => row.version,
    ),
  );
  const done: string[] = [];
  for (const file of files) {
    if (applied.has(file)) continue;
    const sql = readFileSync(path.join(dir, file), 'utf8');
    await db.transaction(async (tx) => {
      // a lock so two processes starting together do not apply the same migration twice
      if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`migrate:${service}`]);
      const again = await tx.query('SELECT 1 FROM schema_migrations WHERE service = $1 AND version = $2', [service, file]);
      if (again.rowCount > 0) return;
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (service, version) VALUES ($1, $2)', [service, file]);
    });
    done.push(file);
  }
  return done;
}

/** Splits a migration on semicolons at the end of a line, keeping $$-quoted bodies whole. */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = '';
  let inDollar = false;
  for (const line of sql.split('\n')) {
    if (/^\s*--/.test(line) && !inDollar) continue;
    const dollarCount = (line.match(/\$\$/g) ?? []).length;
    if (dollarCount % 2 === 1) inDollar = !inDollar;
    current += `${line}\n`;
    if (!inDollar && /;\s*$/.test(line)) {
      statements.push(current.trim().replace(/;$/, ''));
      current = '';
    }
  }
  if (current.trim()) statements.push(current.trim());
  return statements.filter((s) => s.length > 0);
}
export { checkEnv } from './env-check.js';
export { parseTrustProxy, trustHops, type ProxyTrust } from './proxy-trust.js';
export { listen, type Listener, type ListenOptions } from './listen.js';
export { DEFAULT_TIMEOUTS, connectionOptions, timeoutsFromEnv, type PoolTimeouts } from './timeouts.js';
