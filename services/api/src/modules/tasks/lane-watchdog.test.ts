/**
 * The lane watchdog (issue 20, defence 2): a lane slot whose await never returns while a task waits is
 * restarted, says so in the log and in /metrics, and the task runs; a quiet slot with nothing waiting is
 * left alone. The stuck await is a fetch that hangs (its server side ended, the caller never told).
 */
import type { Task } from 'shared-contracts';
import { faultyDb } from '../../../test/faulty-db';
import { startHarness, TestEngine, type Harness } from '../../../test/tasks-harness';
import { metricsModule } from '../metrics/index';
import type { WorkerLog } from './worker';

jest.setTimeout(60000);

const settled = (task: Task) => ['success', 'failure', 'cancelled'].includes(task.status);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const IMAGE_FETCH = { match: /FOR UPDATE SKIP LOCKED/, args: (params: unknown[]) => params[0] === 'studio-tasks-image' };
const oneImageSlot = { concurrency: { video: 0, image: 1, audio: 0, check: 0 }, pollingIntervalSeconds: 0.2, presenceMs: 100, sweepMs: 0 };

function recordingLog() {
  const warnings: Array<{ msg: string; obj: Record<string, unknown> }> = [];
  const log: WorkerLog = { info: () => undefined, warn: (obj, msg) => warnings.push({ msg, obj: obj as Record<string, unknown> }), error: (obj, msg) => console.error(msg, obj) };
  return { log, warnings };
}

describe('the lane watchdog', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ extraModules: () => [metricsModule({ METRICS_TOKEN: '' })] });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('restarts a slot whose fetch never returns while a task waits, logs it, shows it in /metrics, and the task runs', async () => {
    const user = await h.user('standard', 10);
    const created = await h.create(user, 'text2image', { data: { prompt: 'a tram in the rain' } });
    const db = faultyDb(h.testDb.db);
    const hung = db.fail({ ...IMAGE_FETCH, when: 'hang' });
    const { log, warnings } = recordingLog();
    const worker = await h.worker(new TestEngine(), { ...oneImageSlot, laneStallMs: 600 }, { db, log });
    try {
      await hung;
      const done = await h.waitFor(user, created.body.data.task_id, settled, 20000);
      expect(done.status).toBe('success');
      expect(worker.lanes().image.restarts).toBe(1);
      expect(warnings).toContainEqual({
        msg: 'lane restarted: it had not fetched while tasks waited',
        obj: expect.objectContaining({ lane: 'image', slot: 0, phase: 'fetching' }),
      });
      await sleep(400);
      const metrics = (await h.app.inject({ method: 'GET', url: '/metrics' })).body;
      expect(metrics).toMatch(/studio_worker_lane_restarts\{worker="[^"]+",lane="image"\} 1\n/);
      expect(metrics).toMatch(/studio_worker_lane_fetches\{worker="[^"]+",lane="image"\} [1-9]/);
      expect(metrics).toMatch(/studio_worker_lane_last_fetch_seconds\{worker="[^"]+",lane="image"\} \d/);
    } finally {
      await worker.stop();
    }
  });

  it('leaves a quiet slot alone while nothing waits in its lane', async () => {
    const db = faultyDb(h.testDb.db);
    const hung = db.fail({ ...IMAGE_FETCH, when: 'hang' });
    const { log, warnings } = recordingLog();
    const worker = await h.worker(new TestEngine(), { ...oneImageSlot, laneStallMs: 300 }, { db, log });
    try {
      await hung;
      await sleep(1000);
      expect(await worker.watch()).toBe(0);
      expect(worker.lanes().image.restarts).toBe(0);
      expect(warnings.filter((w) => w.msg.startsWith('lane restarted'))).toEqual([]);
    } finally {
      await worker.stop();
    }
  });
});
