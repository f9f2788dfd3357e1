/**
 * The sweeper's stall check (issue 20, defence 3): a queued run whose job no live lane takes is sent
 * again, idempotently (one task, one run, one hold, charged once, its place kept), while a run waiting
 * its turn behind others is never touched. The stalled jobs: one taken by a fetch whose run was never
 * claimed (what workers before the fix left after a lost connection), and, on PostgreSQL, one whose row
 * a wedged session keeps locked (every fetch skips it).
 */
import pg from 'pg';
import type { Task } from 'shared-contracts';
import { onPostgres } from '../../../test/helpers';
import { startHarness, TestEngine, type Harness, type TestUser } from '../../../test/tasks-harness';
import { TaskQueue, queueName } from './queue';

jest.setTimeout(60000);

const settled = (task: Task) => ['success', 'failure', 'cancelled'].includes(task.status);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const stallSettings = { concurrency: { video: 0, image: 1, audio: 0, check: 0 }, pollingIntervalSeconds: 0.2, presenceMs: 100, sweepMs: 200, stallMs: 800, liveWorkerMs: 2000 };

describe('stalled runs', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  const row = async (id: string) =>
    (await h.testDb.db.query<{ job_id: string; dispatched_at: Date; run_id: string }>('SELECT job_id, dispatched_at, run_id FROM tasks WHERE id = $1', [id])).rows[0];

  /** the task ran once and was charged once */
  async function expectRanOnce(user: TestUser, engine: TestEngine, task: { task_id: string; cost: number }, start: number) {
    expect(engine.runs.filter((run) => run === task.task_id)).toHaveLength(1);
    const holds = await h.testDb.db.query<{ status: string; n: number }>('SELECT status, count(*)::int AS n FROM credit_holds WHERE reference = $1 GROUP BY status', [task.task_id]);
    expect(holds.rows).toEqual([{ status: 'committed', n: 1 }]);
    expect(await h.balance(user.uid)).toBe(start - task.cost);
    expect((await h.testDb.db.query('SELECT 1 FROM tasks WHERE id = $1', [task.task_id])).rowCount).toBe(1);
  }

  it('sends again the job of a run a fetch took and never claimed: the run happens once, in its place', async () => {
    const user = await h.user('standard', 10);
    const created = (await h.create(user, 'text2image', { data: { prompt: 'a kite over dunes' } })).body.data;
    const before = await row(created.task_id);
    // a fetch whose answer was lost, as a worker before the fix could leave it: the job active, the run queued
    const taker = new TaskQueue(h.testDb.db, h.queue, { supervise: false });
    await taker.start();
    const [taken] = await taker.boss.fetch(queueName('image'));
    await taker.stop();
    expect(taken.id).toBe(before.job_id);

    const engine = new TestEngine();
    const worker = await h.worker(engine, stallSettings);
    try {
      expect((await h.waitFor(user, created.task_id, settled, 20000)).status).toBe('success');
      await expectRanOnce(user, engine, created, 10);
      const after = await row(created.task_id);
      expect(after.job_id).not.toBe(before.job_id);
      expect(after.run_id).toBe(before.run_id);
      expect(new Date(after.dispatched_at).getTime()).toBe(new Date(before.dispatched_at).getTime());
    } finally {
      await worker.stop();
    }
  });

  it('never touches a run waiting its turn behind others, however long it waits', async () => {
    const user = await h.user('standard', 10);
    const engine = new TestEngine();
    engine.holdRuns = true;
    const worker = await h.worker(engine, stallSettings);
    try {
      const tasks = [];
      for (let i = 0; i < 3; i += 1) tasks.push((await h.create(user, 'text2image', { data: { prompt: `a queue of boats, number ${i}` } })).body.data);
      await engine.startedOf(tasks[0].task_id);
      const jobs = await Promise.all(tasks.map((task) => row(task.task_id)));
      // the lane is busy the whole time: well past the stall bound, with sweeps every 200 ms
      await sleep(2500);
      const report = await worker.sweep();
      expect(report.resent).toBe(0);
      expect(await Promise.all(tasks.map((task) => row(task.task_id)))).toEqual(jobs);
      engine.releaseAll();
      for (const task of tasks) expect((await h.waitFor(user, task.task_id, settled, 20000)).status).toBe('success');
      for (const task of tasks) expect(engine.runs.filter((run) => run === task.task_id)).toHaveLength(1);
    } finally {
      engine.releaseAll();
      await worker.stop();
    }
  });

  (onPostgres ? it : it.skip)('sends again a job whose row a wedged session keeps locked; when the lock goes, the old job finds the run taken', async () => {
    const user = await h.user('standard', 10);
    const created = (await h.create(user, 'text2image', { data: { prompt: 'a lock on a gate' } })).body.data;
    const { job_id: jobId } = await row(created.task_id);
    const schema = (await h.testDb.db.query<{ s: string }>('SELECT current_schema() AS s')).rows[0].s;
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const wedged = new pg.Client({ connectionString: url.toString() });
    await wedged.connect();
    await wedged.query('BEGIN');
    await wedged.query(`SELECT id FROM ${h.queue.schema}.job WHERE id = $1 FOR UPDATE`, [jobId]);
    const engine = new TestEngine();
    const worker = await h.worker(engine, stallSettings);
    try {
      expect((await h.waitFor(user, created.task_id, settled, 20000)).status).toBe('success');
      await wedged.query('ROLLBACK');
      // the old job is fetchable again: it finds the run taken and is completed, nothing runs twice
      await sleep(1500);
      await expectRanOnce(user, engine, created, 10);
      const old = await h.testDb.db.query<{ state: string }>(`SELECT state FROM ${h.queue.schema}.job WHERE id = $1`, [jobId]);
      expect(['completed', 'cancelled']).toContain(old.rows[0].state);
    } finally {
      await wedged.end().catch(() => undefined);
      await worker.stop();
    }
  });
});
