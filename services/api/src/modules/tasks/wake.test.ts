/**
 * Wake-ups (lanes.ts wake): a job sent to an idle lane wakes ONE of its slots, which takes it; the others
 * sleep on (waking every slot cost an empty take per other slot). On PostgreSQL the worker also hears the
 * NOTIFY of the create, which its own process sent: it is not a second wake-up.
 */
import type { Task } from 'shared-contracts';
import { startHarness, TestEngine, type Harness } from '../../../test/tasks-harness';

jest.setTimeout(60000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const settled = (task: Task) => ['success', 'failure', 'cancelled'].includes(task.status);

describe('waking a lane', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('one task to an idle lane of four slots: one take finds it, then that slot looks once more; no empty takes of the others', async () => {
    const user = await h.user('standard', 100);
    // polling far apart: every take in the test is a wake-up's or a slot's after its run
    const worker = await h.worker(new TestEngine(), { concurrency: { video: 0, image: 4, audio: 0, check: 0 }, pollingIntervalSeconds: 60 });
    try {
      // the start-up takes of the four slots (on PostgreSQL once more when the LISTEN connection is up), all
      // empty; then the lane is idle
      while (worker.lanes().image.fetches < 4) await sleep(20);
      await sleep(500);
      const before = { ...worker.lanes().image };
      expect(before.empty).toBe(before.fetches);
      for (let n = 0; n < 3; n += 1) {
        const created = await h.create(user, 'text2image', { data: { prompt: `a single sail at dawn, number ${n}` } });
        expect((await h.waitFor(user, created.body.data.task_id, settled)).status).toBe('success');
        // the slot's look after its run (empty) is the only other take
        await sleep(300);
        const after = worker.lanes().image;
        expect({ fetches: after.fetches - before.fetches, empty: after.empty - before.empty }).toEqual({ fetches: 2 * (n + 1), empty: n + 1 });
      }
    } finally {
      await worker.stop();
    }
  });

  it('a burst of tasks to an idle lane wakes a slot each, up to the lane’s slots', async () => {
    const user = await h.user('standard', 100);
    const engine = new TestEngine();
    engine.holdRuns = true;
    const worker = await h.worker(engine, { concurrency: { video: 0, image: 3, audio: 0, check: 0 }, pollingIntervalSeconds: 60 });
    try {
      while (worker.lanes().image.fetches < 3) await sleep(20);
      await sleep(500);
      const ids: string[] = [];
      for (let n = 0; n < 3; n += 1) ids.push((await h.create(user, 'text2image', { data: { prompt: `a paper boat, number ${n}` } })).body.data.task_id);
      // all three run at once: each job woke a slot of its own
      await Promise.all(ids.map((id) => engine.startedOf(id, 10_000)));
      expect(worker.running()).toBe(3);
      engine.releaseAll();
      for (const id of ids) expect((await h.waitFor(user, id, settled)).status).toBe('success');
    } finally {
      await worker.stop();
    }
  });
});
