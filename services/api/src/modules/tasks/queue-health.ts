/**
 * The queue's section of the API's health answer (GET /health, modules/health): `ok` is false once a run
 * has waited for a worker longer than QUEUE_ALERT_SECONDS (default 600), with the oldest wait, the runs
 * waiting per lane and the workers whose lanes reported lately (WORKER_LIVE_MS).
 */
import type { Queryable } from '@studio/db';
import { readWaiting, readWorkerLanes } from './queue-figures.js';

export interface QueueHealth {
  ok: boolean;
  oldest_queued_seconds: number;
  alert_seconds: number;
  workers_live: number;
  lanes: Record<string, { queued: number; oldest_seconds: number }>;
}

export async function readQueueHealth(db: Queryable, alertSeconds: number, liveSeconds: number): Promise<QueueHealth> {
  const [waiting, workerLanes] = await Promise.all([readWaiting(db), readWorkerLanes(db)]);
  const oldest = waiting.reduce((max, lane) => Math.max(max, lane.oldest_seconds), 0);
  const live = new Set(workerLanes.filter((row) => row.seen_seconds <= liveSeconds).map((row) => row.worker));
  return {
    ok: oldest <= alertSeconds,
    oldest_queued_seconds: oldest,
    alert_seconds: alertSeconds,
    workers_live: live.size,
    lanes: Object.fromEntries(waiting.map((lane) => [lane.lane, { queued: lane.queued, oldest_seconds: lane.oldest_seconds }])),
  };
}
