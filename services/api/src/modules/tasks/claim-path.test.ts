/**
 * Issue 20's cause, reproduced: the database connection is lost at each step of the worker's way from the
 * queue to a claimed run (pg-boss's fetch, the claim, the commit of both), before the statement reaches
 * the server or after the server ran it and only the answer was lost. Every time the task must still run,
 * once, and be charged once: a member's task never waits forever with its credits held.
 *
 * Before the fix the fetch (one commit: the job marked active) and the claim (another commit: the task
 * `generating`) were apart, and a loss between them left the job consumed and the task `queued` for good.
 * Since the take is one statement (pg-boss's fetch a CTE of the claim), both patterns hit that statement:
 * the cases still cover a loss before it, after it, and of a commit's answer.
 */
import type { Task } from 'shared-contracts';
import { faultyDb, type Fault } from '../../../test/faulty-db';
import { startHarness, TestEngine, type Harness } from '../../../test/tasks-harness';

jest.setTimeout(60000);

const settled = (task: Task) => ['success', 'failure', 'cancelled'].includes(task.status);
/** pg-boss's fetch of the next job, and the claim of its run */
const FETCH = /FOR UPDATE SKIP LOCKED/;
const CLAIM = /SET status = 'generating'/;
const fast = { heartbeatMs: 200, staleMs: 1500, sweepMs: 300, maxAttempts: 3, pollingIntervalSeconds: 0.5, stallMs: 1000 };

describe('the worker loses its database connection between the queue and the claim', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  const cases: Array<[string, Fault]> = [
    ["pg-boss's fetch never reaches the server", { match: FETCH, when: 'before' }],
    ["pg-boss's fetch ran (the job is taken) but its answer was lost", { match: FETCH, when: 'after', withRows: true }],
    ['the claim never reaches the server', { match: CLAIM, when: 'before' }],
    ['the claim ran but its answer was lost', { match: CLAIM, when: 'after' }],
    ['the claim committed but the answer to the commit was lost', { match: CLAIM, when: 'commit' }],
  ];

  it.each(cases)('%s: the task still runs, once, and is charged once', async (_name, fault) => {
    const user = await h.user('standard', 10);
    const engine = new TestEngine();
    const db = faultyDb(h.testDb.db);
    // queued before the worker starts, so the first fetch of its lane is the one that takes its job
    const created = await h.create(user, 'text2image', { data: { prompt: 'a harbour at first light' } });
    expect(created.body.code).toBe(0);
    const id = created.body.data.task_id;
    const fired = db.fail(fault);
    const worker = await h.worker(engine, fast, { db });
    try {
      await fired;
      const done = await h.waitFor(user, id, settled, 30000);
      expect(done.status).toBe('success');
      expect(engine.runs.filter((run) => run === id).length).toBeGreaterThanOrEqual(1);
      // charged once: one committed hold for the task, nothing still held, the balance less one cost
      const holds = await h.testDb.db.query<{ status: string; n: number }>(
        `SELECT status, count(*)::int AS n FROM credit_holds WHERE reference = $1 GROUP BY status`,
        [id],
      );
      expect(holds.rows).toEqual([{ status: 'committed', n: 1 }]);
      expect(await h.balance(user.uid)).toBe(10 - created.body.data.cost);
    } finally {
      await worker.stop();
    }
  });

  it("a success's statement took the lane's next job, and its answer was lost: both tasks run to success, each charged once", async () => {
    const user = await h.user('standard', 10);
    const engine = new TestEngine();
    const db = faultyDb(h.testDb.db);
    // both queued before the worker starts: its one slot takes the first, and the first's success takes the second
    const first = await h.create(user, 'text2image', { data: { prompt: 'a lighthouse keeper at dusk' } });
    const second = await h.create(user, 'text2image', { data: { prompt: 'a fishing boat at dawn' } });
    const ids = [first.body.data.task_id, second.body.data.task_id];
    const fired = db.fail({ match: /^WITH run AS[\s\S]*taken AS/, when: 'after' });
    const worker = await h.worker(engine, { ...fast, concurrency: { video: 0, image: 1, audio: 0, check: 0 } }, { db });
    try {
      await fired;
      for (const id of ids) expect((await h.waitFor(user, id, settled, 30000)).status).toBe('success');
      const holds = await h.testDb.db.query<{ reference: string; status: string }>(
        `SELECT reference::text, status FROM credit_holds WHERE reference = ANY($1::text[]) ORDER BY reference`,
        [ids],
      );
      expect(holds.rows.map((hold) => hold.status)).toEqual(['committed', 'committed']);
      expect(await h.balance(user.uid)).toBe(10 - first.body.data.cost - second.body.data.cost);
    } finally {
      await worker.stop();
    }
  });
});
