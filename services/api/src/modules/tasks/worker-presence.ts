/**
 * A worker's lanes as the database sees them (table task_worker_lanes, one row per worker and lane),
 * written every presenceMs: its slots, fetches, empty fetches, watchdog restarts, when it last fetched
 * and last found its lane empty, all in the database's own time (ages are sent, the server subtracts
 * them from now()), so workers on other machines and the database agree. The sweeper reads it for its
 * stall check (a live lane that found nothing while a job waited: that job is stalled), /metrics and the
 * health answer read it for the fleet's figures.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { Queryable } from '@studio/db';
import type { Lanes } from './lanes.js';

export const workerId = () => `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

const ageSeconds = (at: number | null, now: number) => (at === null ? null : Math.max(0, now - at) / 1000);

/** Writes this worker's rows now. */
async function publishLanes(db: Queryable, id: string, lanes: Lanes, startedAt: number): Promise<void> {
  const now = Date.now();
  const rows = [...lanes.figures.entries()].map(([lane, f]) => ({
    lane,
    slots: f.slots,
    fetches: f.fetches,
    empty: f.empty,
    restarts: f.restarts,
    fetch_age: ageSeconds(f.lastFetchAt, now),
    empty_age: ageSeconds(f.lastEmptyAt, now),
    started_age: ageSeconds(startedAt, now),
  }));
  await db.query(
    `INSERT INTO task_worker_lanes (worker_id, lane, slots, fetches, empty_fetches, restarts, last_fetch_at, last_empty_at, started_at, seen_at)
     SELECT $1, r.lane, r.slots, r.fetches, r.empty, r.restarts,
       now() - make_interval(secs => r.fetch_age), now() - make_interval(secs => r.empty_age), now() - make_interval(secs => r.started_age), now()
     FROM jsonb_to_recordset($2::jsonb) AS r(lane text, slots int, fetches bigint, empty bigint, restarts int, fetch_age float8, empty_age float8, started_age float8)
     ON CONFLICT (worker_id, lane) DO UPDATE SET slots = EXCLUDED.slots, fetches = EXCLUDED.fetches, empty_fetches = EXCLUDED.empty_fetches,
       restarts = EXCLUDED.restarts, last_fetch_at = EXCLUDED.last_fetch_at, last_empty_at = EXCLUDED.last_empty_at, seen_at = EXCLUDED.seen_at`,
    [id, JSON.stringify(rows)],
  );
}

/** A worker that stops says so: its lanes are no longer live. */
async function withdrawLanes(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM task_worker_lanes WHERE worker_id = $1', [id]);
}

/** Publishes every presenceMs until stopped; a failed write (database away) waits for the next. */
export function startPresence(db: Queryable, id: string, lanes: Lanes, presenceMs: number, onError: (error: unknown) => void) {
  const startedAt = Date.now();
  let writing: Promise<void> = Promise.resolve();
  const publish = () => {
    writing = publishLanes(db, id, lanes, startedAt).catch(onError);
  };
  publish();
  const timer = setInterval(publish, presenceMs);
  timer.unref();
  return {
    publish,
    /** stops writing and leaves the rows (a crash-like stop) */
    halt: () => clearInterval(timer),
    async stop(): Promise<void> {
      clearInterval(timer);
      await writing;
      await withdrawLanes(db, id).catch(() => undefined);
    },
  };
}
