/**
 * GET /health: the API's health answer for operators and load balancers (not a contract call). 200 while
 * the database answers, 503 when it does not. It says when the queue is in trouble: `queue.ok` is false
 * once a run has waited for a worker longer than QUEUE_ALERT_SECONDS (default 600), with the oldest wait,
 * the runs waiting per lane and the workers whose lanes reported lately.
 */
import { DEFAULT_WORKER_CONFIG } from '../worker-config.js';
import { readWaiting, readWorkerLanes } from '../queue-figures.js';
import type { TaskRoutes } from './context.js';

export function healthRoute({ app, ctx }: TaskRoutes, alertSeconds: number): void {
  const liveSeconds = (ctx.config.tasks.worker.liveWorkerMs ?? DEFAULT_WORKER_CONFIG.liveWorkerMs) / 1000;
  app.get('/health', { schema: { hide: true } }, async (_request, reply) => {
    try {
      const [waiting, workerLanes] = await Promise.all([readWaiting(ctx.db), readWorkerLanes(ctx.db)]);
      const oldest = waiting.reduce((max, lane) => Math.max(max, lane.oldest_seconds), 0);
      const live = new Set(workerLanes.filter((row) => row.seen_seconds <= liveSeconds).map((row) => row.worker));
      return {
        ok: true,
        service: 'api',
        db: ctx.db.kind,
        queue: {
          ok: oldest <= alertSeconds,
          oldest_queued_seconds: oldest,
          alert_seconds: alertSeconds,
          workers_live: live.size,
          lanes: Object.fromEntries(waiting.map((lane) => [lane.lane, { queued: lane.queued, oldest_seconds: lane.oldest_seconds }])),
        },
      };
    } catch {
      return reply.code(503).send({ ok: false, service: 'api', db: ctx.db.kind, error: 'the database does not answer' });
    }
  });
}
