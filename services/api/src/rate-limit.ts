/**
 * @fastify/rate-limit's store on the one rate counter of `@studio/db/rate-counter` (table rate_counters,
 * shared with the account service), so every API process shares a route's counts. A route's limit goes
 * through @fastify/rate-limit with `store: postgresRateLimitStore(db)` (the collector's); the task creation
 * caps (modules/tasks/creation-limits.ts) and the developer keys' rate take from the counter directly.
 */
import type { Queryable } from '@studio/db';
import { rateCounter, type RateWindow } from '@studio/db/rate-counter';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

type Answer = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * Each route counts apart (its method and path, or its groupId, lead the key), in windows of the route's
 * timeWindow; `read` (`{ increment: false }`) peeks. `now` is the clock (tests move it).
 */
export function postgresRateLimitStore(db: Queryable, now: () => number = Date.now): FastifyRateLimitStoreCtor {
  const counter = rateCounter(db, now);
  const answer = (window: Promise<RateWindow>, callback: Answer) =>
    window.then(
      (hit) => callback(null, { current: hit.count, ttl: Math.max(0, hit.resetAt - now()) }),
      (error: Error) => callback(error),
    );
  const storeFor = (prefix: string): FastifyRateLimitStore & { read: FastifyRateLimitStore['incr'] } => ({
    incr: (key, callback, timeWindow) => void answer(counter.take(`rl:${prefix}${key}`, timeWindow), callback),
    read: (key, callback, timeWindow) => void answer(counter.peek(`rl:${prefix}${key}`, timeWindow), callback),
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
