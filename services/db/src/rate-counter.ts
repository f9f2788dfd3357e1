/**
 * The one rate counter of every service: a fixed window per key in PostgreSQL (table rate_counters, made by
 * migrateRateCounter), counted in one atomic statement, so every process of every service shares the counts
 * and a burst of concurrent requests cannot all slip under a cap. The account service counts sign-in,
 * sign-up, reset and confirmation attempts here; the API its task caps, developer keys and, through
 * @fastify/rate-limit's store (services/api/src/rate-limit.ts), its route limits.
 *
 * The window rule: a key's window starts at its first take and lasts windowMs; the first take after it ends
 * starts the next one. It is the rule of @fastify/rate-limit's own stores (memory and Redis), and the one a
 * lockout needs: five failed sign-ins in a row are told to wait the whole window ("please wait 15 minutes"),
 * where windows aligned to the clock would lock out for whatever was left of the current quarter hour, often
 * a minute, and then allow five more. A cap a person reads as a calendar period ("Daily limit reached. Try
 * again tomorrow.") takes `{ aligned: true }`: its windows are the clock's (a day from 00:00 UTC), so it
 * opens again when the text says. Times are the caller's clock (`now`), never SQL now().
 */
import path from 'node:path';
import { migrate, type Database, type Queryable } from './index.js';

const DAY = 24 * 3600_000;
/** The longest window a key may have: rows whose window started longer ago than this are swept. */
export const MAX_RATE_WINDOW_MS = 2 * DAY;

const MIGRATIONS_DIR = path.resolve(__dirname, '..', 'migrations');

/** Makes the counter's table; every service that counts calls it before its own migrations. */
export function migrateRateCounter(db: Database): Promise<string[]> {
  return migrate(db, 'rate-counter', MIGRATIONS_DIR);
}

/** A key's current window: the takes counted in it and when it ends (epoch ms). */
export interface RateWindow {
  count: number;
  resetAt: number;
}

export interface TakeOptions {
  /** windows aligned to the clock (multiples of windowMs since the epoch) instead of starting at a first take */
  aligned?: boolean;
}

export interface RateCounter {
  /** Counts one for the key (a new window when none is running) and answers its window. */
  take(key: string, windowMs: number, options?: TakeOptions): Promise<RateWindow>;
  /** The key's window without counting: `{ count: 0, resetAt: now }` when none is running. */
  peek(key: string, windowMs: number): Promise<RateWindow>;
  /** Takes one back (an attempt counted up front that turned out good); never below zero. */
  giveBack(key: string): Promise<void>;
  /** Forgets the key: its next take starts a new window. */
  reset(key: string): Promise<void>;
}

export function rateCounter(db: Queryable, now: () => number = Date.now): RateCounter {
  const windowOf = (row: { count: number; window_start: number }, windowMs: number): RateWindow => ({
    count: Number(row.count),
    resetAt: Number(row.window_start) + windowMs,
  });
  const checked = (windowMs: number) => {
    if (!(windowMs > 0 && windowMs <= MAX_RATE_WINDOW_MS)) throw new RangeError(`a rate window is 1 ms to 2 days (got ${windowMs})`);
    return windowMs;
  };
  return {
    async take(key, windowMs, options = {}) {
      checked(windowMs);
      const at = now();
      // either rule ends a window windowMs after it started, so one statement serves both
      const start = options.aligned ? at - (at % windowMs) : at;
      // counters of windows long over mean nothing: sweep them now and then
      if (Math.random() < 0.01) await db.query('DELETE FROM rate_counters WHERE window_start < $1', [at - MAX_RATE_WINDOW_MS]);
      const result = await db.query<{ count: number; window_start: number }>(
        `INSERT INTO rate_counters (key, window_start, count) VALUES ($1, $2, 1)
         ON CONFLICT (key) DO UPDATE SET
           count = CASE WHEN rate_counters.window_start <= $3 THEN 1 ELSE rate_counters.count + 1 END,
           window_start = CASE WHEN rate_counters.window_start <= $3 THEN $2 ELSE rate_counters.window_start END
         RETURNING count, window_start`,
        [key, start, at - windowMs],
      );
      return windowOf(result.rows[0], windowMs);
    },
    async peek(key, windowMs) {
      checked(windowMs);
      const at = now();
      const result = await db.query<{ count: number; window_start: number }>('SELECT count, window_start FROM rate_counters WHERE key = $1', [key]);
      const row = result.rows[0];
      if (!row || Number(row.window_start) <= at - windowMs) return { count: 0, resetAt: at };
      return windowOf(row, windowMs);
    },
    async giveBack(key) {
      await db.query('UPDATE rate_counters SET count = GREATEST(count - 1, 0) WHERE key = $1', [key]);
    },
    async reset(key) {
      await db.query('DELETE FROM rate_counters WHERE key = $1', [key]);
    },
  };
}
