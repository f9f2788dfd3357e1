/**
 * Real concurrency and a real crash: only meaningful on a PostgreSQL server (set TEST_DATABASE_URL).
 * - 20 creates at once against credits for 10: exactly 10 tasks, never a negative balance;
 * - the worker as its own process (src/worker-main.ts) is killed with SIGKILL mid-task: the run is
 *   found by its stopped heartbeat, requeued, finished by another worker, and charged once.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { API_CODES, type Task } from 'shared-contracts';
import { onPostgres } from '../../../test/helpers';
import { startHarness, TestEngine, type Harness } from '../../../test/tasks-harness';

jest.setTimeout(180000);

const describeOnPostgres = onPostgres ? describe : describe.skip;
if (!onPostgres) {
  console.info('[tasks] concurrency tests skipped: they need a real PostgreSQL server (set TEST_DATABASE_URL)');
}

describeOnPostgres('tasks under real concurrency (PostgreSQL)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ dbMax: 30 });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('20 concurrent creates against a balance for 10 give 10 tasks', async () => {
    const user = await h.user('standard', 10);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => h.create(user, 'text2image', { data: { prompt: `a paper lantern number ${i}` } })),
    );
    const created = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(created).toHaveLength(10);
    expect(refused.every((a) => a.body.code === API_CODES.INSUFFICIENT_CREDITS)).toBe(true);
    expect(await h.balance(user.uid)).toBe(0);
    const rows = await h.testDb.db.query<{ n: number; held: number }>(
      `SELECT count(*)::int AS n, (SELECT COALESCE(SUM(amount), 0)::int FROM credit_holds WHERE user_id = $1 AND status = 'held') AS held
       FROM tasks WHERE user_id = $1`,
      [user.uid],
    );
    expect(rows.rows[0]).toEqual({ n: 10, held: 10 });
    const balances = answers.filter((a) => a.status === 200).map((a) => a.body.data.balance);
    expect(Math.min(...(balances as number[]))).toBeGreaterThanOrEqual(0);
    for (const answer of created) {
      await h.app.inject({ method: 'POST', url: `/v1/ai/cancel/${answer.body.data.task_id}`, headers: user.headers });
    }
    expect(await h.balance(user.uid)).toBe(10);
  });

  it('a worker process killed mid-task: the run is requeued, finished elsewhere and charged once', async () => {
    const user = await h.user('standard', 100);
    const schema = (await h.testDb.db.query<{ s: string }>('SELECT current_schema() AS s')).rows[0].s;
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const root = path.resolve(__dirname, '../../../../..');
    const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'services/api/src/worker-main.ts')], {
      env: {
        ...process.env,
        DATABASE_URL: url.toString(),
        STORAGE_DIR: h.storageDir,
        PGBOSS_SCHEMA: h.queue.schema,
        ENGINE_DEFAULT: 'local',
        WORKER_CONCURRENCY_CHECK: '0',
        WORKER_CONCURRENCY_IMAGE: '0',
        WORKER_CONCURRENCY_AUDIO: '0',
        WORKER_POLL_SECONDS: '0.5',
        WORKER_SWEEP_MS: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // its own process group: tsx runs the worker in a child process, and the kill must reach it
      detached: true,
    });
    const killGroup = () => {
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {
        // already gone
      }
    };
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    try {
      const started = Date.now();
      while (!output.includes('task worker started')) {
        if (Date.now() - started > 90000 || child.exitCode !== null) throw new Error(`the worker process did not start:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      // a long local render (10 s of 720p video) so the kill lands mid-task
      const created = await h.create(user, 'text2video', { data: { prompt: 'a slow pan over a misty forest', duration: 10, resolution: '720p' } });
      expect(created.body.data.cost).toBe(60);
      const id = created.body.data.task_id;
      const running = await h.waitFor(user, id, (t: Task) => t.status === 'generating', 60000);
      expect(running.status).toBe('generating');
      const exited = new Promise((resolve) => child.once('exit', resolve));
      killGroup();
      await exited;
      expect(await h.balance(user.uid)).toBe(40);

      const rescuer = new TestEngine();
      const worker = await h.worker(rescuer, { staleMs: 2500, maxAttempts: 2 });
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const report = await worker.sweep();
      if (report.requeued !== 1) {
        const state = await h.testDb.db.query('SELECT status, heartbeat_at, attempts, reason, now() AS now FROM tasks WHERE id = $1', [id]);
        throw new Error(`not requeued: ${JSON.stringify({ report, state: state.rows, output })}`);
      }
      const done = await h.waitFor(user, id, (t: Task) => t.status === 'success' || t.status === 'failure', 30000);
      expect(done.status).toBe('success');
      expect(rescuer.runs).toEqual([id]);
      expect(await h.balance(user.uid)).toBe(40);
      const holds = await h.testDb.db.query<{ status: string }>(`SELECT status FROM credit_holds WHERE reference = $1`, [id]);
      expect(holds.rows).toEqual([{ status: 'committed' }]);
    } finally {
      killGroup();
    }
  });
});
