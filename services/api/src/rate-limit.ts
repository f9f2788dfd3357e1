/**
 * The API's one rate-limit counter: a fixed window per key in PostgreSQL (api_rate_limits, one atomic upsert),
 * so every API process shares the same counts and a burst of concurrent requests cannot all slip under a cap.
 * The task creation caps (modules/tasks/creation-limits.ts) and the developer keys' rate count here directly;
 * a route's limit goes through @fastify/rate-limit with `store: postgresRateLimitStore(db)` (the collector's).
 */
import type { Queryable } from '@studio/db';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

const DAY = 24 * 3600_000;

/** Adds one to the key's current window; answers the count in it and when the window ends. */
export async function hitWindow(db: Queryable, key: string, windowMs: number, nowMs: number): Promise<{ count: number; resetAt: number }> {
  const start = Math.floor(nowMs / windowMs) * windowMs;
  // counters of past windows mean nothing: sweep them now and then
  if (Math.random() < 0.01) await db.query('DELETE FROM api_rate_limits WHERE window_start < $1', [nowMs - 2 * DAY]);
  const result = await db.query<{ count: number; window_start: number }>(
    `INSERT INTO api_rate_limits (key, window_start, count) VALUES ($1, $2, 1)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN api_rate_limits.window_start < $2 THEN 1 ELSE api_rate_limits.count + 1 END,
       window_start = GREATEST(api_rate_limits.window_start, $2)
     RETURNING count, window_start`,
    [key, start],
  );
  const row = result.rows[0];
  return { count: Number(row.count), resetAt: Number(row.window_start) + windowMs };
}

/**
 * @fastify/rate-limit's store on the same counter: each route counts apart (its method and path, or its groupId,
 * lead the key), in windows of the route's timeWindow. `now` is the clock (tests move it).
 */
export function postgresRateLimitStore(db: Queryable, now: () => number = Date.now): FastifyRateLimitStoreCtor {
  const storeFor = (prefix: string): FastifyRateLimitStore => ({
    incr(key, callback, timeWindow) {
      const at = now();
      hitWindow(db, `rl:${prefix}${key}`, timeWindow, at).then(
        (hit) => callback(null, { current: hit.count, ttl: Math.max(0, hit.resetAt - at) }),
        (error: Error) => callback(error),
      );
    },
    // @fastify/rate-limit hands a route's merged settings, the route itself as routeInfo
    child: (settings) => {
      const { routeInfo, groupId } = settings as unknown as { routeInfo?: { method?: unknown; url?: string }; groupId?: string };
      return storeFor(`${groupId ?? `${String(routeInfo?.method ?? '')} ${routeInfo?.url ?? ''}`}:`);
    },
  });
  return class {
    constructor() {
      return storeFor('');
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
