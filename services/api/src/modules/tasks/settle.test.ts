/**
 * A run's success settles in ONE statement (settle.ts succeedRun): the hold's commit, the task's success,
 * the outputs' media rows and pg-boss's completion of the job. Raced against cancel, each task ends exactly
 * one way: success with its hold committed once and its media recorded, or cancelled with its hold
 * released and no media; never both, never neither. A superseded run (requeued under a new run id) commits
 * nothing. On PGlite and, with TEST_DATABASE_URL, under real concurrency on PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '@studio/db';
import { startHarness, TestEngine, type Harness, type TestUser } from '../../../test/tasks-harness';
import { onPostgres } from '../../../test/helpers';
import { createMediaStore } from '../storage/media';
import { createSigner } from '../storage/signing';
import { DEFAULT_QUOTA_BYTES } from '../storage/config';
import { TaskQueue, queueName } from './queue';
import { createTaskService, type TaskService } from './service';
import { loadTask, type StoredOutput, type TaskRow } from './store';

jest.setTimeout(120000);

const settled = (status: string) => ['success', 'failure', 'cancelled'].includes(status);

describe('the settle of a run', () => {
  let h: Harness;
  let queue: TaskQueue;
  let service: TaskService;
  beforeAll(async () => {
    h = await startHarness({ dbMax: 30 });
    queue = new TaskQueue(h.testDb.db, h.queue, { supervise: false });
    await queue.start();
    const media = createMediaStore({ db: h.testDb.db, storage: h.storage, signer: createSigner(randomBytes(32).toString('base64url')), signTtlSeconds: 60, quotaBytes: DEFAULT_QUOTA_BYTES });
    service = createTaskService({ db: h.testDb.db, ledger: h.ctx.ledger, media, queue, rules: h.rules, holdTtlMs: 3600_000 });
  });
  afterAll(async () => {
    await queue?.stop();
    await h?.close();
  });

  /** a queued text-to-image task whose run is claimed as a worker's take claims it (`generating`) */
  async function claimed(user: TestUser, n: number): Promise<TaskRow> {
    const created = await h.create(user, 'text2image', { data: { prompt: `a kite over the dunes, number ${n}` } });
    expect(created.body.code).toBe(0);
    const id = created.body.data.task_id;
    await h.testDb.db.query(`UPDATE tasks SET status = 'generating', attempts = attempts + 1, started_at = now(), heartbeat_at = now() WHERE id = $1`, [id]);
    return (await loadTask(h.testDb.db, id)) as TaskRow;
  }

  const outputOf = (row: TaskRow): StoredOutput => ({
    file_path: `users/${row.user_id}/results/${row.id}/${row.run_id.slice(0, 8)}-0.png`,
    media: 'image',
    mime: 'image/png',
    format: 'png',
    width: 8,
    height: 8,
    engine: 'test',
    watermarked: false,
  });

  const succeed = (row: TaskRow, job?: { id: string }) => {
    const output = outputOf(row);
    return service.succeed(
      row,
      [output],
      { engine: { name: 'test' }, resultData: null },
      {
        media: [{ path: output.file_path, userId: row.user_id, kind: 'result', media: 'image', format: 'png', mime: 'image/png', size: 100, width: 8, height: 8, duration: 0, algorithm: row.algorithm, taskId: row.id }],
        ...(job ? { job: { lane: 'image' as const, id: job.id } } : {}),
      },
    );
  };

  it('raced against cancel, every task ends one way: success charged once with its media, or cancelled and released', async () => {
    const user = await h.user('standard', 100);
    const rows = await Promise.all(Array.from({ length: 16 }, (_, n) => claimed(user, n)));
    const cost = rows[0].cost;
    expect(cost).toBeGreaterThan(0);
    // each task's success and its cancel at once (the success first for half of them, the cancel for the rest)
    const outcomes = await Promise.all(
      rows.map(async (row, n) => {
        const cancel = () => h.app.inject({ method: 'POST', url: `/v1/ai/cancel/${row.id}`, headers: user.headers });
        const [won] = n % 2 === 0 ? await Promise.all([succeed(row), cancel()]) : (await Promise.all([cancel(), succeed(row)])).reverse();
        return won as { won: boolean };
      }),
    );
    const state = await h.testDb.db.query<{ id: string; status: string; hold: string; media: number; commits: number; releases: number }>(
      `SELECT t.id, t.status, h.status AS hold,
         (SELECT count(*)::int FROM media_objects m WHERE m.task_id = t.id AND m.deleted_at IS NULL) AS media,
         (SELECT count(*)::int FROM credit_entries e WHERE e.hold_id = h.id AND e.kind = 'commit') AS commits,
         (SELECT count(*)::int FROM credit_entries e WHERE e.hold_id = h.id AND e.kind = 'release') AS releases
       FROM tasks t JOIN credit_holds h ON h.id = t.hold_id WHERE t.id = ANY($1::uuid[])`,
      [rows.map((row) => row.id)],
    );
    expect(state.rows).toHaveLength(rows.length);
    for (const task of state.rows) {
      const won = outcomes[rows.findIndex((row) => row.id === task.id)].won;
      if (task.status === 'success') {
        expect({ won, hold: task.hold, media: task.media, commits: task.commits, releases: task.releases }).toEqual({ won: true, hold: 'committed', media: 1, commits: 1, releases: 0 });
      } else {
        expect({ won, status: task.status, hold: task.hold, media: task.media, commits: task.commits, releases: task.releases }).toEqual({
          won: false,
          status: 'cancelled',
          hold: 'released',
          media: 0,
          commits: 0,
          releases: 1,
        });
      }
    }
    const successes = state.rows.filter((task) => task.status === 'success').length;
    expect(await h.balance(user.uid)).toBe(100 - successes * cost);
  });

  it('a superseded run (requeued under a new run id) commits nothing; the current run then succeeds, charged once', async () => {
    const user = await h.user('standard', 10);
    const old = await claimed(user, 100);
    await h.testDb.db.query(`UPDATE tasks SET run_id = gen_random_uuid(), status = 'generating' WHERE id = $1`, [old.id]);
    expect(await succeed(old)).toEqual({ won: false, jobDone: false, next: null });
    const hold = async () => (await h.testDb.db.query<{ status: string }>('SELECT status FROM credit_holds WHERE id = $1', [old.hold_id])).rows[0].status;
    expect(await hold()).toBe('held');
    const current = (await loadTask(h.testDb.db, old.id)) as TaskRow;
    expect(await succeed(current)).toEqual({ won: true, jobDone: false, next: null });
    expect(await hold()).toBe('committed');
    // a second success of the same run changes nothing
    expect((await succeed(current)).won).toBe(false);
    expect(await h.balance(user.uid)).toBe(10 - old.cost);
    const media = await h.testDb.db.query<{ path: string }>('SELECT path FROM media_objects WHERE task_id = $1 AND deleted_at IS NULL', [old.id]);
    expect(media.rows.map((row) => row.path)).toEqual([outputOf(current).file_path]);
  });

  it("completes the run's pg-boss job in the same statement, as pg-boss's own complete would", async () => {
    const user = await h.user('standard', 10);
    const row = await claimed(user, 200);
    // taken as a worker's take takes it (jobs of the tasks above, claimed by hand, are still queued)
    const jobs = await queue.boss.fetch(queueName('image'), { batchSize: 100 });
    const job = jobs.find((candidate) => candidate.id === row.job_id);
    if (!job) throw new Error('the task has no job to take');
    expect(await succeed(row, job)).toEqual({ won: true, jobDone: true, next: null });
    const stored = await queue.boss.getJobById(queueName('image'), job.id);
    expect(stored?.state).toBe('completed');
  });

  it('a worker drains tasks through it: each task success, its job completed, its hold committed', async () => {
    const user = await h.user('standard', 100);
    const ids: string[] = [];
    for (let n = 0; n < 6; n += 1) ids.push((await h.create(user, 'text2image', { data: { prompt: `a lantern on a pier, number ${n}` } })).body.data.task_id);
    const worker = await h.worker(new TestEngine(), { concurrency: { video: 0, image: 3, audio: 0, check: 0 } });
    try {
      for (const id of ids) expect((await h.waitFor(user, id, (task) => settled(task.status))).status).toBe('success');
    } finally {
      await worker.stop();
    }
    const jobs = await h.testDb.db.query<{ state: string; n: number }>(
      `SELECT j.state::text AS state, count(*)::int AS n FROM ${h.queue.schema}.job j JOIN tasks t ON t.job_id = j.id WHERE t.id = ANY($1::uuid[]) GROUP BY 1`,
      [ids],
    );
    expect(jobs.rows).toEqual([{ state: 'completed', n: ids.length }]);
    const holds = await h.testDb.db.query<{ status: string; n: number }>(
      `SELECT h.status, count(*)::int AS n FROM credit_holds h JOIN tasks t ON t.hold_id = h.id WHERE t.id = ANY($1::uuid[]) GROUP BY 1`,
      [ids],
    );
    expect(holds.rows).toEqual([{ status: 'committed', n: ids.length }]);
  });

  it("one slot drains its lane in one statement per task: each success takes the lane's next job in its statement", async () => {
    const user = await h.user('standard', 100);
    const ids: string[] = [];
    for (let n = 0; n < 6; n += 1) ids.push((await h.create(user, 'text2image', { data: { prompt: `a gull over the pier, number ${n}` } })).body.data.task_id);
    // the worker's statements, by what they start with
    const seen: string[] = [];
    const db = h.testDb.db;
    const counted: Database = { ...db, query: (text, params, options) => (seen.push(text.trimStart().slice(0, 40)), db.query(text, params, options)) };
    const worker = await h.worker(new TestEngine(), { concurrency: { video: 0, image: 1, audio: 0, check: 0 }, pollingIntervalSeconds: 60 }, { db: counted });
    try {
      for (const id of ids) expect((await h.waitFor(user, id, (task) => settled(task.status))).status).toBe('success');
    } finally {
      await worker.stop();
    }
    const settles = seen.filter((text) => text.startsWith('WITH run AS'));
    const takes = seen.filter((text) => text.startsWith('WITH taken AS'));
    expect(settles).toHaveLength(ids.length);
    // a take of its own: the first, and one after the last success found the lane empty (on PostgreSQL
    // perhaps one more, when the worker's LISTEN connection comes up)
    expect(takes.length).toBeGreaterThanOrEqual(2);
    expect(takes.length).toBeLessThanOrEqual(3);
  });

  (onPostgres ? it : it.skip)('on PostgreSQL the take and the settle are each planned once per connection, not at every run (issue 25)', async () => {
    // the worker on a pool of one connection, so that pg_prepared_statements (a session's own) sees all it ran
    const one = await openDatabase({ url: h.testDb.db.url, max: 1 });
    try {
      const user = await h.user('standard', 100);
      const ids: string[] = [];
      for (let n = 0; n < 10; n += 1) ids.push((await h.create(user, 'text2image', { data: { prompt: `a heron in the reeds, number ${n}` } })).body.data.task_id);
      const worker = await h.worker(new TestEngine(), { concurrency: { video: 0, image: 1, audio: 0, check: 0 } }, { db: one });
      try {
        for (const id of ids) expect((await h.waitFor(user, id, (task) => settled(task.status))).status).toBe('success');
      } finally {
        await worker.stop();
      }
      const plans = await one.query<{ statement: string; generic_plans: number; custom_plans: number }>(
        'SELECT statement, generic_plans::int, custom_plans::int FROM pg_prepared_statements',
      );
      // the take alone (the lane's first, and after a success that found nothing), and the settle with the
      // lane's next take in it
      const take = plans.rows.filter((row) => row.statement.trimStart().startsWith('WITH taken AS'));
      const settle = plans.rows.filter((row) => row.statement.trimStart().startsWith('WITH run AS'));
      expect(take).toHaveLength(1);
      expect(settle).toHaveLength(1);
      expect(settle[0].statement).toMatch(/taken AS/);
      // PostgreSQL plans a prepared statement's first five runs for their values, then keeps its generic plan
      // where that costs no more; a statement whose plan depends on the values given is planned every time
      expect(take[0].custom_plans).toBeLessThanOrEqual(5);
      expect(settle[0]).toMatchObject({ custom_plans: 5, generic_plans: ids.length - 5 });
    } finally {
      await one.close();
    }
  });
});
