/**
 * What operators see of the queue (issue 20): the API's health answer says when a run has waited for a
 * worker longer than the alert bound (QUEUE_ALERT_SECONDS), with the oldest wait, the runs waiting per
 * lane and the live workers; /metrics shows the waiting runs by lane and age band.
 */
import type { Task } from 'shared-contracts';
import { startHarness, TestEngine, type Harness } from '../../../test/tasks-harness';
import { healthModule } from '../health/index';
import { metricsModule } from '../metrics/index';

jest.setTimeout(60000);

const settled = (task: Task) => ['success', 'failure', 'cancelled'].includes(task.status);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Health {
  ok: boolean;
  service: string;
  queue: { ok: boolean; oldest_queued_seconds: number; alert_seconds: number; workers_live: number; lanes: Record<string, { queued: number; oldest_seconds: number }> };
}

describe('the queue in the health answer and in /metrics', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ queue: { alertSeconds: 1 }, extraModules: ({ queue }) => [metricsModule({ METRICS_TOKEN: '' }), healthModule({ engineEnv: {}, queueAlertSeconds: queue.alertSeconds })] });
  });
  afterAll(async () => {
    await h?.close();
  });

  const health = async () => {
    const answer = await h.app.inject({ method: 'GET', url: '/health' });
    expect(answer.statusCode).toBe(200);
    return answer.json() as Health;
  };

  it('flags a run waiting longer than the alert bound, and clears once a worker took it', async () => {
    const user = await h.user('standard', 10);
    const fresh = await health();
    expect(fresh).toMatchObject({ ok: true, service: 'api', queue: { ok: true, oldest_queued_seconds: 0, alert_seconds: 1, workers_live: 0, lanes: {} } });

    const created = (await h.create(user, 'text2image', { data: { prompt: 'a lantern left on' } })).body.data;
    await sleep(2100);
    const waiting = await health();
    expect(waiting.ok).toBe(true);
    expect(waiting.queue.ok).toBe(false);
    expect(waiting.queue.oldest_queued_seconds).toBeGreaterThanOrEqual(2);
    expect(waiting.queue.lanes).toEqual({ image: { queued: 1, oldest_seconds: waiting.queue.oldest_queued_seconds } });
    const metrics = (await h.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toContain('studio_task_queued{lane="image",age="<1m"} 1');
    expect(metrics).toContain('studio_task_queued{lane="image",age=">30m"} 0');

    const worker = await h.worker(new TestEngine(), { presenceMs: 100 });
    try {
      expect((await h.waitFor(user, created.task_id, settled, 20000)).status).toBe('success');
      await sleep(300);
      expect(await health()).toMatchObject({ ok: true, queue: { ok: true, oldest_queued_seconds: 0, workers_live: 1, lanes: {} } });
    } finally {
      await worker.stop();
    }
    // a worker that stopped withdrew its lanes
    expect((await health()).queue.workers_live).toBe(0);
  });
});
