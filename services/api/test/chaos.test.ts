/**
 * Chaos on a PostgreSQL server of the test's own (CHAOS_PG_PORT, default 9211): the server restarts
 * under load with two workers running, a worker dies mid-task, and the API is unavailable while the
 * database is. Afterwards both workers are alive (their LISTEN connections came back), a new task
 * succeeds without anyone touching them, and every task is charged at most once.
 * Skipped, with the reason printed, where the PostgreSQL server binaries are not installed.
 */
import { findPostgresBin, startScratchServer, type ScratchServer } from '@studio/db/scratch-server';
import type { Task } from 'shared-contracts';
import type { Harness, TestEngine as TestEngineClass } from './tasks-harness';

jest.setTimeout(180000);

const { bin, reason } = findPostgresBin();
const maybe = bin ? describe : describe.skip;
if (!bin) console.log(`chaos test skipped: ${reason}`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const settled = (task: Task) => ['success', 'failure', 'cancelled'].includes(task.status);

maybe('chaos: PostgreSQL restarts, a worker dies, the API is unavailable and back', () => {
  let server: ScratchServer;
  let h: Harness;
  let TestEngine: typeof TestEngineClass;
  const unhandled: unknown[] = [];
  const onUnhandled = (error: unknown) => unhandled.push(error);

  beforeAll(async () => {
    server = startScratchServer(bin!, Number(process.env.CHAOS_PG_PORT ?? 9211));
    // the harness reads TEST_DATABASE_URL when first loaded: point it at this server, then load it
    const previous = process.env.TEST_DATABASE_URL;
    process.env.TEST_DATABASE_URL = server.url;
    try {
      jest.isolateModules(() => {
        const harness = require('./tasks-harness') as typeof import('./tasks-harness');
        TestEngine = harness.TestEngine;
        startHarness = harness.startHarness;
      });
      h = await startHarness({ dbMax: 10 });
    } finally {
      if (previous === undefined) delete process.env.TEST_DATABASE_URL;
      else process.env.TEST_DATABASE_URL = previous;
    }
    process.on('unhandledRejection', onUnhandled);
  });
  let startHarness: typeof import('./tasks-harness').startHarness;

  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    await h?.close().catch(() => undefined);
    server?.remove();
  });

  it('rides out a restart under load with two workers, a worker killed mid-task, and charges each task once', async () => {
    const user = await h.user('standard', 100);
    const start = await h.balance(user.uid);
    const fast = { heartbeatMs: 200, staleMs: 1500, maxAttempts: 3, pollingIntervalSeconds: 0.5 };
    const engineA = new TestEngine();
    const engineB = new TestEngine();
    const workerA = await h.worker(engineA, fast);
    const workerB = await h.worker(engineB, fast);

    // load: tasks queued and running when the server goes away
    const before = await Promise.all(Array.from({ length: 6 }, (_, i) => h.create(user, 'text2image', { data: { prompt: `a lighthouse in a storm, take ${i}` } })));
    expect(before.every((answer) => answer.body.code === 0)).toBe(true);
    const cost = before[0].body.data.cost;

    server.stop('fast');
    // while the database is away the API answers 503 in the envelope, never a 500
    const during = await h.app.inject({ method: 'POST', url: '/v1/user', headers: user.headers });
    expect([503]).toContain(during.statusCode);
    expect(during.json()).toMatchObject({ code: 503 });
    await sleep(3000);
    server.start();

    // the API is back by itself
    let back = 0;
    for (let i = 0; i < 40 && back !== 200; i += 1) {
      back = (await h.app.inject({ method: 'POST', url: '/v1/user', headers: user.headers })).statusCode;
      if (back !== 200) await sleep(250);
    }
    expect(back).toBe(200);

    // every task of the load ends, as the sweeper rules say, without anyone touching the workers
    const sweeper = setInterval(() => void workerB.sweep().catch(() => undefined), 700);
    try {
      for (const answer of before) {
        const done = await h.waitFor(user, answer.body.data.task_id, settled, 60000);
        expect(['success', 'failure']).toContain(done.status);
      }

      // a worker killed mid-task: its run is picked up by the other one once its heartbeat is stale
      engineA.holdRuns = true;
      engineB.holdRuns = true;
      const victim = await h.create(user, 'text2image', { data: { prompt: 'a ferry crossing at dusk' } });
      const victimId = victim.body.data.task_id;
      await Promise.race([engineA.startedOf(victimId), engineB.startedOf(victimId)]);
      const [dying, rescuer] = engineA.runs.includes(victimId) ? [workerA, engineB] : [workerB, engineA];
      rescuer.holdRuns = false;
      await dying.stop({ abandon: true });
      const survivor = dying === workerA ? workerB : workerA;
      const rescue = setInterval(() => void survivor.sweep().catch(() => undefined), 500);
      try {
        expect((await h.waitFor(user, victimId, settled, 60000)).status).toBe('success');
      } finally {
        clearInterval(rescue);
      }

      // a new task succeeds on the surviving worker, woken through its LISTEN connection after the restart
      const after = await h.create(user, 'text2image', { data: { prompt: 'morning fog over a valley' } });
      expect((await h.waitFor(user, after.body.data.task_id, settled, 30000)).status).toBe('success');
    } finally {
      clearInterval(sweeper);
    }

    // charged at most once: the balance is the start less one cost per successful task
    const list = (await h.app.inject({ method: 'POST', url: '/v1/ai/task', headers: user.headers, payload: { page_size: 50 } })).json() as { data: { list: Task[] } };
    const succeeded = list.data.list.filter((task) => task.status === 'success').length;
    expect(await h.balance(user.uid)).toBe(start - succeeded * cost);
    expect(unhandled).toEqual([]);
  });
});
