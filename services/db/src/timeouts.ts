/**
 * The bounds every connection to a PostgreSQL server gets, so that no await waits forever on a dead or
 * wedged connection (issue 20): connecting (and waiting for a free pooled connection), a statement the
 * server runs, a session left idle inside a transaction (its locks with it), and the answer to a query
 * when the server cannot help (a connection that died without a goodbye: only the client can give up).
 * 0 switches one off. The services read them from their config (`timeoutsFromEnv`); this package reads no
 * environment of its own.
 */
import type pg from 'pg';

export interface PoolTimeouts {
  /** connecting to the server, and waiting for a free connection of the pool (pg connectionTimeoutMillis) */
  connectMs: number;
  /** the server cancels a statement that runs longer (statement_timeout) */
  statementMs: number;
  /** the server ends a session idle inside a transaction this long (idle_in_transaction_session_timeout) */
  idleInTransactionMs: number;
  /** the client gives up on an answer this long after asking (query_timeout); above statementMs */
  queryMs: number;
}

export const DEFAULT_TIMEOUTS: PoolTimeouts = {
  connectMs: 10_000,
  statementMs: 60_000,
  idleInTransactionMs: 60_000,
  queryMs: 70_000,
};

/** DB_CONNECT_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS, DB_IDLE_IN_TRANSACTION_TIMEOUT_MS, DB_QUERY_TIMEOUT_MS (ms; 0 = none). */
export function timeoutsFromEnv(env: Readonly<Record<string, string | undefined>>): PoolTimeouts {
  const read = (name: string, fallback: number) => {
    const value = env[name];
    if (value === undefined || value === '') return fallback;
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number of milliseconds (0 = none), not ${value}`);
    return n;
  };
  const statementMs = read('DB_STATEMENT_TIMEOUT_MS', DEFAULT_TIMEOUTS.statementMs);
  return {
    connectMs: read('DB_CONNECT_TIMEOUT_MS', DEFAULT_TIMEOUTS.connectMs),
    statementMs,
    idleInTransactionMs: read('DB_IDLE_IN_TRANSACTION_TIMEOUT_MS', DEFAULT_TIMEOUTS.idleInTransactionMs),
    // the server's own cancel comes first; the client's bound is for when the server cannot answer at all
    queryMs: read('DB_QUERY_TIMEOUT_MS', statementMs > 0 ? statementMs + 10_000 : DEFAULT_TIMEOUTS.queryMs),
  };
}

/** The node-postgres settings of these bounds, for a pool or a client of its own. */
export function connectionOptions(timeouts: Partial<PoolTimeouts> = {}): pg.ClientConfig & { connectionTimeoutMillis?: number } {
  const t = { ...DEFAULT_TIMEOUTS, ...timeouts };
  return {
    ...(t.connectMs > 0 ? { connectionTimeoutMillis: t.connectMs } : {}),
    ...(t.statementMs > 0 ? { statement_timeout: t.statementMs } : {}),
    ...(t.idleInTransactionMs > 0 ? { idle_in_transaction_session_timeout: t.idleInTransactionMs } : {}),
    ...(t.queryMs > 0 ? { query_timeout: t.queryMs } : {}),
    // a peer that vanished without closing the connection is found by TCP keepalive, not after hours
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
}
