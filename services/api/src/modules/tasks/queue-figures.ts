/**
 * The queue as operators see it, read from the database (so the API and every worker tell the same):
 * runs waiting for a worker per lane, by age, and the oldest; and each worker's lanes as they last
 * reported (worker-presence.ts): slots, fetches, empty fetches, watchdog restarts, seconds since their
 * last fetch and since they reported. /metrics and the API's health answer both read these.
 */
import type { Queryable } from '@studio/db';

/** Age bands of waiting runs, for /metrics: [label, upper bound in seconds] */
const WAIT_BANDS: ReadonlyArray<readonly [string, number]> = [
  ['<1m', 60],
  ['1-5m', 300],
  ['5-30m', 1800],
  ['>30m', Number.POSITIVE_INFINITY],
];

export interface LaneWaiting {
  lane: string;
  queued: number;
  oldest_seconds: number;
  /** count per WAIT_BANDS label */
  by_age: Record<string, number>;
}

export interface WorkerLaneFigures {
  worker: string;
  lane: string;
  slots: number;
  fetches: number;
  empty_fetches: number;
  restarts: number;
  last_fetch_seconds: number | null;
  seen_seconds: number;
}

/** Runs handed to the queue and not taken yet (a video waiting for one of its plan's slots is not counted). */
export async function readWaiting(db: Queryable): Promise<LaneWaiting[]> {
  const found = await db.query<{ lane: string; age: number }>(
    `SELECT lane, EXTRACT(EPOCH FROM now() - dispatched_at)::float8 AS age FROM tasks
     WHERE status = 'queued' AND dispatched_at IS NOT NULL AND deleted_at IS NULL`,
  );
  const lanes = new Map<string, LaneWaiting>();
  for (const { lane, age } of found.rows) {
    const entry = lanes.get(lane) ?? { lane, queued: 0, oldest_seconds: 0, by_age: Object.fromEntries(WAIT_BANDS.map(([label]) => [label, 0])) };
    const seconds = Math.max(0, Number(age));
    entry.queued += 1;
    entry.oldest_seconds = Math.max(entry.oldest_seconds, Math.round(seconds));
    const band = WAIT_BANDS.find(([, upper]) => seconds < upper) ?? WAIT_BANDS[WAIT_BANDS.length - 1];
    entry.by_age[band[0]] += 1;
    lanes.set(lane, entry);
  }
  return [...lanes.values()];
}

/** Every worker's lanes as last reported (a worker that stopped withdrew its own; a dead one's age out). */
export async function readWorkerLanes(db: Queryable): Promise<WorkerLaneFigures[]> {
  const found = await db.query<WorkerLaneFigures>(
    `SELECT worker_id AS worker, lane, slots, fetches, empty_fetches, restarts,
       EXTRACT(EPOCH FROM now() - last_fetch_at)::float8 AS last_fetch_seconds, EXTRACT(EPOCH FROM now() - seen_at)::float8 AS seen_seconds
     FROM task_worker_lanes ORDER BY worker_id, lane`,
  );
  return found.rows.map((row) => ({
    ...row,
    slots: Number(row.slots),
    fetches: Number(row.fetches),
    empty_fetches: Number(row.empty_fetches),
    restarts: Number(row.restarts),
    last_fetch_seconds: row.last_fetch_seconds === null ? null : Number(row.last_fetch_seconds),
    seen_seconds: Number(row.seen_seconds),
  }));
}
