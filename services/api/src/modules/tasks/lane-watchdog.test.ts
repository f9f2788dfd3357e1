/**
 * The lane watchdog (issue 20, defence 2): a lane slot whose await never returns while a task waits is
 * restarted, says so in the log and in /metrics, and the task runs; a quiet slot with nothing waiting is
 * left alone. The stuck await is a fetch that hangs (its server side ended, the caller never told), or an
 * engine that ignores its stop past the lane's deadline: then the waiting task runs on the restarted slot,
 * the stuck run's heartbeat ends, the sweeper takes it back and it runs again, charged once, and the
 * worker's stop does not wait for it.
 */
import type { Task } from 'shared-contracts';
import type { EngineContext, EngineJob, EngineResult } from '@studio/engines/types';
import { faultyDb } from '../../../test/faulty-db';
import { startHarness, TestEngine, type Harness } from '../../../test/tasks-harness';
import { metricsModule } from '../metrics/index';
import type { WorkerLog } from './worker';

jest.setTimeout(60000);

const settled = (task: Task) => ['success', 'failure', 'cancelled'].includes(task.status);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
// the image lane's take (its queue's name is written into the statement: queue.ts fetchStatement)
const IMAGE_FETCH = { match: /'studio-tasks-image'[\s\S]*FOR UPDATE SKIP LOCKED/ };
const oneImageSlot = { concurrency: { video: 0, image: 1, audio: 0, check: 0 }, pollingIntervalSeconds: 0.2, presenceMs: 100, sweepMs: 0 };

function recordingLog() {
  const warnings: Array<{ msg: string; obj: Record<string, unknown> }> = [];
  const log: WorkerLog = { info: () => undefined, warn: (obj, msg) => warnings.push({ msg, obj: obj as Record<string, unknown> }), error: (obj, msg) => console.error(msg, obj) };
  return { log, warnings };
}

/**
 * Its first run never ends, whatever its signal says (an engine deaf to its stop); `stuckTask` names that
 * run's task. (The worker may start a run before the create's answer is back, so the engine picks it.)
 */
class DeafOnce extends TestEngine {
  stuckTask = '';
  deafRuns = 0;
  override run(job: EngineJob, ctx: EngineContext): Promise<EngineResult> {
    if (this.deafRuns === 0) {
      this.deafRuns += 1;
      this.stuckTask = job.taskId;
      this.runs.push(job.taskId);
      return new Promise<EngineResult>(() => undefined);
    }
    return super.run(job, ctx);
  }
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

  it('restarts a slot whose engine ignores its stop past the lane deadline; the waiting task runs, the stuck one is taken back and runs once more, charged once', async () => {
    const user = await h.user('standard', 20);
    const start = await h.balance(user.uid);
    const engine = new DeafOnce();
    const { log, warnings } = recordingLog();
    const worker = await h.worker(
      engine,
      {
        ...oneImageSlot,
        laneStallMs: 600,
        queue: { ...h.queue, laneTimeoutSeconds: { ...h.queue.laneTimeoutSeconds, image: 1 } },
        heartbeatMs: 100,
        staleMs: 800,
        sweepMs: 200,
        maxAttempts: 3,
      },
      { log },
    );
    try {
      const stuck = (await h.create(user, 'text2image', { data: { prompt: 'a clock with no hands' } })).body.data;
      await engine.startedOf(stuck.task_id, 20000);
      expect(engine.stuckTask).toBe(stuck.task_id);
      const waiting = (await h.create(user, 'text2image', { data: { prompt: 'a kettle on the boil' } })).body.data;
      expect((await h.waitFor(user, waiting.task_id, settled, 20000)).status).toBe('success');
      expect(warnings).toContainEqual({
        msg: 'lane restarted: it had not fetched while tasks waited',
        obj: expect.objectContaining({ lane: 'image', slot: 0, phase: 'running' }),
      });
      expect(worker.lanes().image.restarts).toBeGreaterThanOrEqual(1);
      // its heartbeat ended: the sweeper requeued it and it ran again on the restarted slot
      expect((await h.waitFor(user, stuck.task_id, settled, 20000)).status).toBe('success');
      expect(engine.deafRuns).toBe(1);
      expect(engine.runs.filter((id) => id === stuck.task_id)).toHaveLength(2);
      expect(await h.balance(user.uid)).toBe(start - stuck.cost - waiting.cost);
    } finally {
      // the deaf run never ends: the stop does not wait for it past the watchdog's bound
      const stopping = Date.now();
      await worker.stop();
      expect(Date.now() - stopping).toBeLessThan(5000);
    }
  });
});
