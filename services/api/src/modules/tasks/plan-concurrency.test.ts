/**
 * Issue 15: seeds, list order, the two waits with their estimates, progress that never moves back, and a
 * plan's video slots running together with Premium picked first. On PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set (where several workers really fetch at once).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Task } from 'shared-contracts';
import type { EngineContext, EngineJob, EngineResult } from '@studio/engines/types';
import { envelope, startHarness, TestEngine, type Harness } from '../../../test/tasks-harness';
import { defaultConcurrency } from './worker';
import { queueEstimate } from './store';

jest.setTimeout(120000);

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const settled = (task: Task) => ['success', 'failure', 'cancelled'].includes(task.status);
const video = (prompt: string) => ({ data: { prompt, duration: 2 } });

describe('seeds', () => {
  it('gives every run a random seed unless the user gives one, and answers it on the task', async () => {
    const user = await h.user('standard', 100);
    const a = (await h.create(user, 'text2image', { data: { prompt: 'a red fox in snow' } })).body.data;
    const b = (await h.create(user, 'text2image', { data: { prompt: 'a red fox in snow' } })).body.data;
    const c = (await h.create(user, 'text2image', { data: { prompt: 'a red fox in snow', seed: 42 } })).body.data;
    expect(typeof a.seed).toBe('number');
    expect(a.seed).not.toBe(b.seed);
    expect(c.seed).toBe(42);
    const stored = await h.testDb.db.query<{ params: unknown }>('SELECT params FROM tasks WHERE id = $1', [a.task_id]);
    const params = typeof stored.rows[0].params === 'string' ? JSON.parse(stored.rows[0].params) : stored.rows[0].params;
    expect(params.seed).toBe(a.seed);
    // algorithms without a seed get none
    for (const t of [a, b, c]) await h.app.inject({ method: 'POST', url: `/v1/ai/cancel/${t.task_id}`, headers: user.headers });
  });
});

describe('previews', () => {
  it('the cost answer says when a generative algorithm runs on the local engine (no model)', async () => {
    const user = await h.user('standard', 10);
    const cost = async (algorithm: string) =>
      envelope<{ preview?: boolean }>(await h.app.inject({ method: 'GET', url: `/v1/ai/cost/${algorithm}`, headers: user.headers })).data;
    expect((await cost('text2image')).preview).toBe(true);
    expect((await cost('mai_tcm')).preview).toBe(true);
    expect((await cost('image_enhancer')).preview).toBe(false);
  });
});

describe('the list and the waits', () => {
  it('lists tasks of one second newest first, always in the same order', async () => {
    const user = await h.user('standard', 100);
    const ids: string[] = [];
    for (let i = 0; i < 6; i += 1) ids.push((await h.create(user, 'text2image', { data: { prompt: `task number ${i}` } })).body.data.task_id);
    for (let round = 0; round < 2; round += 1) {
      const list = envelope<{ list: Task[] }>(await h.app.inject({ method: 'POST', url: '/v1/ai/task', headers: user.headers, payload: { page: 1, page_size: 20 } })).data.list;
      expect(list.map((t) => t.task_id)).toEqual([...ids].reverse());
      for (let i = 1; i < list.length; i += 1) expect(list[i - 1].created_ms!).toBeGreaterThanOrEqual(list[i].created_ms!);
    }
    for (const id of ids) await h.app.inject({ method: 'POST', url: `/v1/ai/cancel/${id}`, headers: user.headers });
  });

  it("says which wait it is: a free slot of the user's plan, or a free worker, with an estimate once runs were measured", async () => {
    const engine = new TestEngine();
    engine.holdRuns = true;
    const worker = await h.worker(engine, { concurrency: { video: 1, image: 1, audio: 1, check: 1 } });
    try {
      // one measured run of text2video
      const measured = await h.user('premium', 500);
      const m = (await h.create(measured, 'text2video', video('measured run'))).body.data;
      await engine.startedOf(m.task_id);
      await new Promise((resolve) => setTimeout(resolve, 300));
      engine.release(m.task_id);
      await h.waitFor(measured, m.task_id, settled);

      const free = await h.user('free', 100);
      const f1 = (await h.create(free, 'text2video', video('first of a free user'))).body.data;
      await engine.startedOf(f1.task_id);
      const f2 = (await h.create(free, 'text2video', video('second of a free user'))).body.data;
      const standard = await h.user('standard', 100);
      const s1 = (await h.create(standard, 'text2video', video('a standard video'))).body.data;
      const slot = (await h.result(free, f2.task_id)).body.data;
      expect(slot.queue_wait).toBe('plan_slot');
      const busy = (await h.result(standard, s1.task_id)).body.data;
      expect(busy.queue_wait).toBe('worker');
      expect(busy.queue_position).toBe(1);
      expect(busy.queue_estimate_seconds).toEqual(expect.any(Number));
      expect(busy.queue_estimate_seconds).toBeGreaterThanOrEqual(0);
      engine.releaseAll();
      for (const [u, t] of [[free, f1], [free, f2], [standard, s1]] as const) expect((await h.waitFor(u, t.task_id, settled)).status).toBe('success');
    } finally {
      await worker.stop();
    }
  });

  it('estimates from the runs ahead, as many at once as the lane runs', () => {
    // nothing running: its own run
    expect(queueEstimate(1, 20, [])).toBe(20);
    // one run 5 s in: 15 s left, then positions 1 and 2 run in turn, then its own run
    expect(queueEstimate(3, 20, [5])).toBe(15 + 20 + 20 + 20);
    // five at once, just started: positions 1-5 take their slots at 10 s, the sixth the first of those at 20 s
    expect(queueEstimate(5, 10, [0, 0, 0, 0, 0])).toBe(20);
    expect(queueEstimate(6, 10, [0, 0, 0, 0, 0])).toBe(30);
    expect(queueEstimate(2, null, [1])).toBeNull();
  });

  it('gives each position its own figure, which falls as the runs ahead go on (not one figure for the whole queue)', () => {
    const running = [2, 9, 14];
    const figures = [1, 2, 3, 4].map((position) => queueEstimate(position, 18, running));
    expect(figures).toEqual([18 + 4, 18 + 9, 18 + 16, 18 + 4 + 18]);
    expect(new Set(figures).size).toBe(4);
    // 5 s later every run ahead has 5 s less to go
    expect(queueEstimate(2, 18, running.map((elapsed) => elapsed + 5))).toBe(18 + 4);
    // a run past the mean is about to end: its slot counts as free now
    expect(queueEstimate(1, 18, [40])).toBe(18);
  });
});

class SlidingEngine extends TestEngine {
  override async run(job: EngineJob, ctx: EngineContext): Promise<EngineResult> {
    if (job.algorithm === 'watermark') return super.run(job, ctx);
    await mkdir(ctx.workDir, { recursive: true });
    // an engine that reports a lower figure after a higher one (a second pass restarting its count)
    ctx.onProgress(70);
    await new Promise((resolve) => setTimeout(resolve, 200));
    ctx.onProgress(20);
    await new Promise((resolve) => setTimeout(resolve, 2600));
    const out = path.join(ctx.workDir, 'out-0.png');
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).png().toFile(out);
    return { outputs: [{ path: out, media: 'image', width: 8, height: 8, mime: 'image/png' }], metadata: { engine: 'local:test', note: 'test' } };
  }
}

describe('progress', () => {
  it('never moves backwards', async () => {
    const worker = await h.worker(new SlidingEngine(), { concurrency: { video: 1, image: 1, audio: 1, check: 1 }, heartbeatMs: 300 });
    try {
      const user = await h.user('standard', 100);
      const t = (await h.create(user, 'text2image', { data: { prompt: 'slides back' } })).body.data;
      const seen: number[] = [];
      const done = await h.waitFor(user, t.task_id, (task) => {
        if (typeof task.progress === 'number' && task.status === 'generating') seen.push(task.progress);
        return settled(task);
      });
      expect(done.status).toBe('success');
      expect(seen.some((p) => p >= 60)).toBe(true);
      for (let i = 1; i < seen.length; i += 1) expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1]);
    } finally {
      await worker.stop();
    }
  });
});

describe("a plan's video slots", () => {
  it('default worker concurrency follows the cores', () => {
    expect(defaultConcurrency(1).video).toBe(2);
    expect(defaultConcurrency(2).video).toBe(4);
    expect(defaultConcurrency(16).video).toBe(8);
    expect(defaultConcurrency(2).audio).toBe(2);
  });

  it("runs a Premium user's five videos together where the worker has room, the sixth waits for a slot", async () => {
    const engine = new TestEngine();
    engine.holdRuns = true;
    const worker = await h.worker(engine, { concurrency: { video: 6, image: 1, audio: 1, check: 1 } });
    try {
      const premium = await h.user('premium', 1000);
      const tasks: Task[] = [];
      for (let i = 0; i < 6; i += 1) tasks.push((await h.create(premium, 'text2video', video(`premium video ${i}`))).body.data);
      await Promise.all(tasks.slice(0, 5).map((t) => engine.startedOf(t.task_id)));
      expect(worker.running()).toBe(5);
      const sixth = (await h.result(premium, tasks[5].task_id)).body.data;
      expect(sixth).toMatchObject({ status: 'queued', queue_wait: 'plan_slot' });
      engine.release(tasks[0].task_id);
      await engine.startedOf(tasks[5].task_id);
      engine.releaseAll();
      for (const t of tasks) expect((await h.waitFor(premium, t.task_id, settled)).status).toBe('success');
    } finally {
      await worker.stop();
    }
  });

  it("picks Premium's task before an earlier one of a lower plan when a worker frees up", async () => {
    const engine = new TestEngine();
    engine.holdRuns = true;
    const worker = await h.worker(engine, { concurrency: { video: 1, image: 1, audio: 1, check: 1 } });
    try {
      const standard = await h.user('standard', 200);
      const premium = await h.user('premium', 200);
      const busy = (await h.create(standard, 'text2video', video('keeps the worker busy'))).body.data;
      await engine.startedOf(busy.task_id);
      const early = (await h.create(standard, 'text2video', video('standard, created first'))).body.data;
      const late = (await h.create(premium, 'text2video', video('premium, created later'))).body.data;
      engine.release(busy.task_id);
      await engine.startedOf(late.task_id);
      expect(engine.runs.indexOf(late.task_id)).toBeLessThan(engine.runs.indexOf(early.task_id) < 0 ? Infinity : engine.runs.indexOf(early.task_id));
      engine.releaseAll();
      for (const [u, t] of [[standard, early], [premium, late]] as const) await h.waitFor(u, t.task_id, settled);
    } finally {
      await worker.stop();
    }
  });
});
