/**
 * Chaos on a PostgreSQL server of the test's own (CHAOS_PG_PORT, default a free port): the server restarts
 * under load with two workers running, a worker dies mid-task, and the API is unavailable while the
 * database is. Afterwards both workers are alive (their LISTEN connections came back), a new task
 * succeeds without anyone touching them, and every task is charged at most once.
 *
 * The crash-like round (issue 20): the server stopped in immediate mode (no goodbye to any connection)
 * CRASH_RESTARTS times while members keep creating tasks and two workers, each with a pool of its own,
 * take them; then every task ends within a bounded drain (success, or failure with its hold released),
 * none stuck, and the ledger adds up (test/chaos-audit.ts). Sized for CI: about a minute.
 * Skipped, with the reason printed, where the PostgreSQL server binaries are not installed.
 */
import { openDatabase, type Database } from '@studio/db';
import { findPostgresBin, freePort, startScratchServer, type ScratchServer } from '@studio/db/scratch-server';
import type { Task } from 'shared-contracts';
import { auditChaos } from './chaos-audit';
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
    server = startScratchServer(bin!, process.env.CHAOS_PG_PORT ? Number(process.env.CHAOS_PG_PORT) : await freePort());
    // the harness reads TEST_DATABASE_URL when first loaded: point it at this server, then load it
    const previous = process.env.TEST_DATABASE_URL;
    process.env.TEST_DATABASE_URL = server.url;
    try {
      jest.isolateModules(() => {
        const harness = require('./tasks-harness') as typeof import('./tasks-harness');
        TestEngine = harness.TestEngine;
        startHarness = harness.startHarness;
        healthModule = (require('../src/modules/health/index') as typeof import('../src/modules/health/index')).healthModule;
      });
      // the API's health answer: 503 while the database is away
      h = await startHarness({ dbMax: 10, extraModules: () => [healthModule({ engineEnv: {} })] });
    } finally {
      if (previous === undefined) delete process.env.TEST_DATABASE_URL;
      else process.env.TEST_DATABASE_URL = previous;
    }
    process.on('unhandledRejection', onUnhandled);
  });
  let startHarness: typeof import('./tasks-harness').startHarness;
  let healthModule: typeof import('../src/modules/health/index').healthModule;

  const ownPools: Database[] = [];
  afterAll(async () => {
    process.off('unhandledRejection', onUnhandled);
    await h?.close().catch(() => undefined);
    for (const db of ownPools) await db.close().catch(() => undefined);
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

  it('crash-like: immediate-mode stops under load with two workers; every task ends within the drain, none stuck, the ledger adds up', async () => {
    const CRASH_RESTARTS = 4;
    const users = await Promise.all([0, 1, 2].map(() => h.user('standard', 5000)));
    // two workers as two processes would be: a pool each, on the test's schema
    const schema = (await h.testDb.db.query<{ s: string }>('SELECT current_schema() AS s')).rows[0].s;
    const url = new URL(server.url);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const pools = ownPools;
    const crash = { heartbeatMs: 200, staleMs: 2000, maxAttempts: 3, sweepMs: 500, pollingIntervalSeconds: 0.3, stallMs: 2000, liveWorkerMs: 3000, presenceMs: 250, laneStallMs: 5000 };
    for (let i = 0; i < 2; i += 1) {
      const db = await openDatabase({ url: url.toString(), max: 6, timeouts: { connectMs: 2000, statementMs: 5000 } });
      pools.push(db);
      // runs that take a while, so the lanes have a backlog and runs in progress when the server dies
      const engine = new TestEngine();
      engine.delayMs = 250;
      await h.worker(engine, { ...crash, concurrency: { video: 1, image: 3, audio: 1, check: 1 } }, { db });
    }
    const counts = { created: 0, refused: 0 };
    let loading = true;
    const load = users.map(async (user, u) => {
      for (let i = 0; loading; i += 1) {
        const answer = await h.create(user, 'text2image', { data: { prompt: `a crash-like night, member ${u} take ${i}` } }).catch(() => null);
        if (answer?.body.code === 0) counts.created += 1;
        else counts.refused += 1;
        await sleep(100);
      }
    });
    try {
      for (let r = 0; r < CRASH_RESTARTS; r += 1) {
        await sleep(2500);
        server.stop('immediate');
        if (r === 0) expect((await h.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(503);
        await sleep(1000 + ((r * 500) % 1500));
        server.start();
      }
      await sleep(1500);
    } finally {
      loading = false;
      await Promise.all(load);
    }
    expect(counts.created).toBeGreaterThan(50);

    // the drain: bounded; every task ends as the rules say
    const ids = users.map((user) => user.uid);
    const drainStart = Date.now();
    let audit = await auditChaos(h.testDb.db, ids).catch(() => null);
    while ((audit === null || audit.stuck > 0) && Date.now() - drainStart < 60_000) {
      await sleep(500);
      audit = await auditChaos(h.testDb.db, ids).catch(() => null);
    }
    console.log(`[chaos] crash-like round: ${CRASH_RESTARTS} immediate stops, ${counts.created} tasks created (${counts.refused} refused while down), drained in ${((Date.now() - drainStart) / 1000).toFixed(1)} s: ${JSON.stringify(audit)}`);
    expect(audit).toMatchObject({ stuck: 0, holdsHeld: 0, holdMismatches: 0, ledgerMismatches: 0, spendMismatches: 0 });
    expect(Object.keys(audit!.statuses).sort()).toEqual(expect.arrayContaining(['success']));
    expect(Object.keys(audit!.statuses).filter((status) => !['success', 'failure'].includes(status))).toEqual([]);
    expect((await h.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    expect(unhandled).toEqual([]);
  });
});
