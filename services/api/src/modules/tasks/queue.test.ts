/**
 * Queue mechanics, credits and ownership with a test engine (no real processing): on PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
import { API_CODES, USER_TEXTS, freeDailyLimitText, type Task } from 'shared-contracts';
import { EngineError } from '@studio/engines/errors';
import { envelope, picture, startHarness, TestEngine, type Harness } from '../../../test/tasks-harness';
import { TaskQueue, queueName } from './queue';

jest.setTimeout(120000);

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ rules: { freeDailyTasks: 6 } });
});
afterAll(async () => {
  await h?.close();
});

const settled = (task: Task) => ['success', 'failure', 'cancelled'].includes(task.status);
/** one run at a time (the default follows the cores): tests of waiting in line */
const ONE_AT_A_TIME = { concurrency: { video: 1, image: 1, audio: 1, check: 1 } };

describe('create, progress, success', () => {
  it('holds the cost at create, shows queue position and progress, commits on success with a real stored file', async () => {
    const engine = new TestEngine();
    engine.holdRuns = true;
    const user = await h.user('standard', 100);
    const worker = await h.worker(engine, ONE_AT_A_TIME);
    try {
      const first = await h.create(user, 'text2image', { data: { prompt: 'a red fox in the snow', num: 2 } });
      expect(first.status).toBe(200);
      expect(first.body.data.cost).toBe(2);
      expect(first.body.data.balance).toBe(98);
      // the answer reads the task after the commit: an idle worker (one round trip to take it) may have
      // claimed it already
      expect(['queued', 'generating']).toContain(first.body.data.status);
      await engine.startedOf(first.body.data.task_id);
      const second = await h.create(user, 'text2image', { data: { prompt: 'a blue whale under the sea' } });
      const running = await h.waitFor(user, first.body.data.task_id, (t) => t.status === 'generating' && (t.progress ?? 0) > 0);
      expect(running.progress).toBeGreaterThan(0);
      expect(running.queue_position).toBeNull();
      const waiting = (await h.result(user, second.body.data.task_id)).body.data;
      expect(waiting.status).toBe('queued');
      expect(waiting.queue_position).toBe(1);
      expect(await h.balance(user.uid)).toBe(97);

      engine.releaseAll();
      const done = await h.waitFor(user, first.body.data.task_id, settled);
      expect(done.status).toBe('success');
      expect(done.progress).toBe(100);
      expect(done.outputs).toHaveLength(1);
      expect(done.outputs[0].watermarked).toBe(false);
      expect(done.engine?.name).toBe('local:test');
      expect(done.expire_at! - done.created_at).toBeGreaterThanOrEqual(7 * 86400 - 5);
      const file = await h.app.inject({ method: 'GET', url: done.outputs[0].url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.rawPayload.subarray(1, 4).toString()).toBe('PNG');
      await h.waitFor(user, second.body.data.task_id, settled);
      // committed: the credits stay spent, and the consumption shows in the transactions
      expect(await h.balance(user.uid)).toBe(97);
      const tx = await h.app.inject({ method: 'GET', url: '/v1/credits/transactions?type=consumption&page=1&page_size=15', headers: user.headers });
      const spent = envelope<{ list: { details: string; credits: number }[] }>(tx).data.list.filter((t) => t.details === 'Text to image');
      expect(spent.map((t) => t.credits).sort()).toEqual([1, 2]);
    } finally {
      await worker.stop();
    }
  });

  it('refuses a create the balance does not cover (never a negative balance) and a stale expected_cost', async () => {
    const user = await h.user('free', 10);
    const poor = await h.create(user, 'text2video', { data: { prompt: 'waves at dusk', duration: 5 } });
    expect(poor.status).toBe(402);
    expect(poor.body.code).toBe(API_CODES.INSUFFICIENT_CREDITS);
    expect(await h.balance(user.uid)).toBe(10);
    const cost = await h.app.inject({ method: 'GET', url: '/v1/ai/cost/text2video?duration=2', headers: user.headers });
    expect(envelope<{ cost: number }>(cost).data.cost).toBe(12);
    const stale = await h.create(user, 'text2video', { data: { prompt: 'waves at dusk', duration: 2 }, expected_cost: 10 });
    expect(stale.status).toBe(409);
    expect((stale.body.data as unknown as { cost: number }).cost).toBe(12);
    expect(await h.balance(user.uid)).toBe(10);
    const list = envelope<{ paginate: { total: number } }>(await h.app.inject({ method: 'POST', url: '/v1/ai/task', headers: user.headers, payload: {} }));
    expect(list.data.paginate.total).toBe(0);
  });
});

describe('credits come back', () => {
  it('on failure, with the engine’s user text as the reason; a temporary one can be retried', async () => {
    const engine = new TestEngine();
    engine.failWith = new EngineError(USER_TEXTS.GENERATION_FAILED_LATER, 'the GPU ran out of memory', true);
    const user = await h.user('free', 20);
    const worker = await h.worker(engine);
    try {
      const created = await h.create(user, 'text2image', { data: { prompt: 'portrait of a sailor' } });
      expect(await h.balance(user.uid)).toBe(19);
      const done = await h.waitFor(user, created.body.data.task_id, settled);
      expect(done.status).toBe('failure');
      expect(done.reason).toBe(USER_TEXTS.GENERATION_FAILED_LATER);
      expect(done.retryable).toBe(true);
      expect(await h.balance(user.uid)).toBe(20);
      // retry holds again and runs again
      engine.failWith = null;
      const retried = await h.app.inject({ method: 'POST', url: '/v1/ai/retry', headers: user.headers, payload: { task_id: created.body.data.task_id } });
      expect(envelope<Task>(retried).data.balance).toBe(19);
      const again = await h.waitFor(user, created.body.data.task_id, settled);
      expect(again.status).toBe('success');
      expect(again.outputs[0].watermarked).toBe(true);
      expect(await h.balance(user.uid)).toBe(19);
    } finally {
      await worker.stop();
    }
  });

  it('a refusal the same input would meet again (no face) is final: credits back, no retry', async () => {
    const engine = new TestEngine();
    engine.failWith = new EngineError(USER_TEXTS.NO_FACE, 'no face in the picture');
    const user = await h.user('free', 20);
    const worker = await h.worker(engine);
    try {
      const created = await h.create(user, 'text2image', { data: { prompt: 'portrait of a lighthouse keeper' } });
      const done = await h.waitFor(user, created.body.data.task_id, settled);
      expect(done).toMatchObject({ status: 'failure', reason: USER_TEXTS.NO_FACE, retryable: false });
      expect(await h.balance(user.uid)).toBe(20);
      const retried = await h.app.inject({ method: 'POST', url: '/v1/ai/retry', headers: user.headers, payload: { task_id: created.body.data.task_id } });
      expect(retried.statusCode).toBe(409);
      expect(await h.balance(user.uid)).toBe(20);
    } finally {
      await worker.stop();
    }
  });

  it('on cancel, queued or running', async () => {
    const engine = new TestEngine();
    engine.holdRuns = true;
    const user = await h.user('standard', 100);
    const worker = await h.worker(engine, ONE_AT_A_TIME);
    try {
      const a = await h.create(user, 'text2video', { data: { prompt: 'a lighthouse in a storm', duration: 2 } });
      expect(a.body.data.cost).toBe(12);
      await engine.startedOf(a.body.data.task_id);
      await h.waitFor(user, a.body.data.task_id, (t) => t.status === 'generating');
      const cancelled = envelope<Task>(await h.app.inject({ method: 'POST', url: `/v1/ai/cancel/${a.body.data.task_id}`, headers: user.headers }));
      expect(cancelled.data.status).toBe('cancelled');
      expect(await h.balance(user.uid)).toBe(100);
      // the running engine is stopped at the next heartbeat
      await new Promise((resolve) => setTimeout(resolve, 800));
      expect(worker.running()).toBe(0);
      const after = (await h.result(user, a.body.data.task_id)).body.data;
      expect(after.status).toBe('cancelled');
      expect(after.outputs).toEqual([]);

      engine.holdRuns = true;
      const b = await h.create(user, 'text2image', { data: { prompt: 'a cup of coffee on a table' } });
      const c = await h.create(user, 'text2image', { data: { prompt: 'a cup of tea on a table' } });
      await engine.startedOf(b.body.data.task_id);
      const queuedCancel = envelope<Task>(await h.app.inject({ method: 'POST', url: `/v1/ai/cancel/${c.body.data.task_id}`, headers: user.headers }));
      expect(queuedCancel.data.status).toBe('cancelled');
      expect(await h.balance(user.uid)).toBe(99);
      engine.releaseAll();
      expect((await h.waitFor(user, b.body.data.task_id, settled)).status).toBe('success');
      expect(engine.runs).not.toContain(c.body.data.task_id);
      expect(await h.balance(user.uid)).toBe(99);
    } finally {
      await worker.stop();
    }
  });

  it('when a worker dies mid-task: the run is requeued and finishes once, or failed and released after the last attempt', async () => {
    const engine = new TestEngine();
    engine.holdRuns = true;
    const user = await h.user('standard', 50);
    const dying = await h.worker(engine, { maxAttempts: 2, staleMs: 700 });
    const created = await h.create(user, 'text2image', { data: { prompt: 'mountains at sunrise' } });
    const id = created.body.data.task_id;
    await engine.startedOf(id);
    await h.waitFor(user, id, (t) => t.status === 'generating');
    await dying.stop({ abandon: true }); // as if the process were killed: no more heartbeats, nothing settled
    expect((await h.result(user, id)).body.data.status).toBe('generating');
    expect(await h.balance(user.uid)).toBe(49);

    const rescuer = new TestEngine();
    const second = await h.worker(rescuer, { maxAttempts: 2, staleMs: 700 });
    try {
      await new Promise((resolve) => setTimeout(resolve, 900));
      const report = await second.sweep();
      expect(report.requeued).toBe(1);
      const done = await h.waitFor(user, id, settled);
      expect(done.status).toBe('success');
      expect(rescuer.runs).toEqual([id]);
      expect(await h.balance(user.uid)).toBe(49);

      // one attempt only: a dead run is failed and its credits released
      rescuer.holdRuns = true;
      const other = await h.worker(new TestEngine(), { concurrency: { video: 0, image: 0, audio: 0, check: 0 }, maxAttempts: 1, staleMs: 700 });
      const next = await h.create(user, 'text2image', { data: { prompt: 'a quiet harbour at night' } });
      await rescuer.startedOf(next.body.data.task_id);
      await second.stop({ abandon: true });
      await new Promise((resolve) => setTimeout(resolve, 900));
      const swept = await other.sweep();
      expect(swept.failed).toBe(1);
      const failed = (await h.result(user, next.body.data.task_id)).body.data;
      expect(failed.status).toBe('failure');
      expect(failed.reason).toBe(USER_TEXTS.GENERATION_FAILED_LATER);
      expect(await h.balance(user.uid)).toBe(49);
    } finally {
      await second.stop();
    }
  });
});

describe('worker shutdown', () => {
  it('hands a running task back to the queue on stop; another worker finishes it and it is charged once', async () => {
    const engine = new TestEngine();
    engine.holdRuns = true;
    const user = await h.user('standard', 10);
    const first = await h.worker(engine);
    const created = await h.create(user, 'text2image', { data: { prompt: 'a red kite over the hills' } });
    const id = created.body.data.task_id;
    await engine.startedOf(id);
    await first.stop();
    const back = (await h.result(user, id)).body.data;
    expect(back.status).toBe('queued');
    expect(await h.balance(user.uid)).toBe(9);
    const next = new TestEngine();
    const second = await h.worker(next);
    try {
      const done = await h.waitFor(user, id, settled);
      expect(done.status).toBe('success');
      expect(next.runs).toEqual([id]);
      expect(await h.balance(user.uid)).toBe(9);
    } finally {
      await second.stop();
    }
  });
});

describe('plans', () => {
  it('runs one video at once for Free and three for Standard; the rest wait with their position', async () => {
    const engine = new TestEngine();
    engine.holdRuns = true;
    const worker = await h.worker(engine, { concurrency: { video: 4, image: 1, audio: 1, check: 1 } });
    try {
      const free = await h.user('free', 100);
      const f1 = await h.create(free, 'effect', await uploadPicture(free, 'effect'));
      const f2 = await h.create(free, 'effect', await uploadPicture(free, 'effect'));
      expect(f1.status).toBe(200);
      expect(f1.body.data.cost).toBe(1);
      await engine.startedOf(f1.body.data.task_id);
      const waiting = (await h.result(free, f2.body.data.task_id)).body.data;
      expect(waiting.status).toBe('queued');
      expect(waiting.queue_position).toBeGreaterThanOrEqual(1);
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(engine.runs).not.toContain(f2.body.data.task_id);

      const standard = await h.user('standard', 100);
      const s = [];
      for (let i = 0; i < 4; i += 1) s.push(await h.create(standard, 'effect', await uploadPicture(standard, 'effect')));
      expect(s[0].body.data.cost).toBe(0); // unlimited effects
      await Promise.all(s.slice(0, 3).map((t) => engine.startedOf(t.body.data.task_id)));
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(engine.runs).not.toContain(s[3].body.data.task_id);
      expect((await h.result(standard, s[3].body.data.task_id)).body.data.status).toBe('queued');

      engine.release(f1.body.data.task_id);
      await h.waitFor(free, f1.body.data.task_id, settled);
      await engine.startedOf(f2.body.data.task_id);
      engine.releaseAll();
      for (const t of [f2, ...s]) expect((await h.waitFor(t === f2 ? free : standard, t.body.data.task_id, settled)).status).toBe('success');
    } finally {
      await worker.stop();
    }
  });

  it('puts Premium first and makes Premium images free; paid plans are refused nothing, free plans ultra HD', async () => {
    const free = await h.user('free', 50);
    const premium = await h.user('premium', 0);
    const a = await h.create(free, 'text2image', { data: { prompt: 'a green valley in spring' } });
    const b = await h.create(premium, 'text2image', { data: { prompt: 'a golden desert at noon', num: 4 } });
    expect(b.status).toBe(200);
    expect(b.body.data.cost).toBe(0);
    expect(b.body.data.queue_position).toBe(1);
    expect((await h.result(free, a.body.data.task_id)).body.data.queue_position).toBe(2);
    const uhd = await h.create(free, 'text2video', { data: { prompt: 'city lights', duration: 2, resolution: '1080p' } });
    expect(uhd.status).toBe(403);
    const premiumUhd = await h.app.inject({ method: 'GET', url: '/v1/ai/cost/text2video?duration=8&resolution=1080p', headers: premium.headers });
    expect(envelope<{ cost: number }>(premiumUhd).data.cost).toBe(48);
    // no premium model is priced (none runs): naming one costs what the video costs
    const premiumModel = await h.app.inject({ method: 'GET', url: '/v1/ai/cost/text2video?duration=8&model=premium', headers: premium.headers });
    expect(envelope<{ cost: number }>(premiumModel).data.cost).toBe(48);
    for (const [user, t] of [[free, a], [premium, b]] as const) {
      await h.app.inject({ method: 'POST', url: `/v1/ai/cancel/${t.body.data.task_id}`, headers: user.headers });
    }
  });

  it("spends a variant-A newcomer's free image-to-video trial instead of credits, and gives it back on cancel", async () => {
    const user = await h.user('free', 0);
    await h.testDb.db.query(`INSERT INTO free_trials (user_id, feature, remaining) VALUES ($1, 'image2video', 1) ON CONFLICT (user_id, feature) DO UPDATE SET remaining = 1`, [user.uid]);
    const upload = await uploadPicture(user, 'image2video');
    const cost = envelope<{ cost: number; basis: string }>(await h.app.inject({ method: 'GET', url: '/v1/ai/cost/image2video?duration=5', headers: user.headers }));
    expect(cost.data).toMatchObject({ cost: 0, basis: 'Your free trial' });
    const first = await h.create(user, 'image2video', { data: { ...upload.data, duration: 5 } });
    expect(first.status).toBe(200);
    expect(first.body.data.cost).toBe(0);
    const second = await h.create(user, 'image2video', { data: { ...upload.data, duration: 5 } });
    expect(second.status).toBe(402); // the trial is spent: 30 credits now, and there are none
    await h.app.inject({ method: 'POST', url: `/v1/ai/cancel/${first.body.data.task_id}`, headers: user.headers });
    const left = await h.testDb.db.query<{ remaining: number }>(`SELECT remaining FROM free_trials WHERE user_id = $1`, [user.uid]);
    expect(left.rows[0].remaining).toBe(1);
  });

  it('stops a Free user at the daily cap with the spec text', async () => {
    const user = await h.user('free', 50);
    const made: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const created = await h.create(user, 't_sensitive_detect', { data: { prompt: 'a calm lake' } });
      expect(created.status).toBe(200); // checks do not count
      const image = await h.create(user, 'text2image', { data: { prompt: `a calm lake number ${i}` } });
      expect(image.status).toBe(200);
      made.push(image.body.data.task_id);
    }
    const listed = envelope<{ list: Task[]; paginate: { total: number } }>(await h.app.inject({ method: 'POST', url: '/v1/ai/task', headers: user.headers, payload: {} }));
    expect(listed.data.paginate.total).toBe(6); // the checks stay out of the list
    const images = envelope<{ paginate: { total: number } }>(await h.app.inject({ method: 'POST', url: '/v1/ai/task', headers: user.headers, payload: { media: 'image' } }));
    expect(images.data.paginate.total).toBe(6);
    const videos = envelope<{ paginate: { total: number } }>(await h.app.inject({ method: 'POST', url: '/v1/ai/task', headers: user.headers, payload: { media: 'video' } }));
    expect(videos.data.paginate.total).toBe(0);
    const checks = envelope<{ paginate: { total: number } }>(
      await h.app.inject({ method: 'POST', url: '/v1/ai/task', headers: user.headers, payload: { algorithm: 't_sensitive_detect' } }),
    );
    expect(checks.data.paginate.total).toBe(6);
    const over = await h.create(user, 'text2image', { data: { prompt: 'one lake too many' } });
    expect(over.status).toBe(429);
    expect(over.body.code).toBe(API_CODES.DAILY_LIMIT);
    // the refusal says how to lift the cap
    expect(over.body.msg).toBe(freeDailyLimitText(6));
    expect(await h.balance(user.uid)).toBe(44);
    for (const id of made) await h.app.inject({ method: 'POST', url: `/v1/ai/cancel/${id}`, headers: user.headers });
    expect(await h.balance(user.uid)).toBe(50);
  });

  it('a Free member holding bought credits is not held to the daily cap; free credits count against it again', async () => {
    const user = await h.user('free', 0);
    await h.ctx.ledger.grant({ userId: user.uid, amount: 8, source: 'order', details: 'Purchase: 8 credits', idempotencyKey: `order:cap-${user.uid}` });
    for (let i = 0; i < 8; i += 1) expect((await h.create(user, 'text2image', { data: { prompt: `a bought lake number ${i}` } })).status).toBe(200);
    // the bought credits are spent: free ones are capped again (6 in this suite)
    await h.grant(user.uid, 7);
    for (let i = 0; i < 6; i += 1) expect((await h.create(user, 'text2image', { data: { prompt: `a free lake number ${i}` } })).status).toBe(200);
    const over = await h.create(user, 'text2image', { data: { prompt: 'a free lake, past the cap' } });
    expect(over.status).toBe(429);
    expect(over.body.msg).toBe(freeDailyLimitText(6));
  });
});

async function uploadPicture(user: { headers: Record<string, string>; uid: string; jwt: string }, algorithm: string) {
  const answer = await h.upload(user, algorithm, await picture(320, 240));
  if (answer.body.code !== 0) throw new Error(JSON.stringify(answer.body));
  return { data: { file_path: answer.body.data.oss_path } };
}

describe('ownership', () => {
  it("answers 404 to another user's read, batch, download link, delete, retry and cancel", async () => {
    const engine = new TestEngine();
    const owner = await h.user('standard', 20);
    const stranger = await h.user('standard', 20);
    const worker = await h.worker(engine);
    try {
      const created = await h.create(owner, 'text2image', { data: { prompt: 'a snowy cabin in the woods' } });
      const id = created.body.data.task_id;
      const done = await h.waitFor(owner, id, settled);
      const output = done.outputs[0].file_path;
      const get = (url: string, user = stranger) => h.app.inject({ method: 'GET', url, headers: user.headers });
      const post = (url: string, payload: object = {}) => h.app.inject({ method: 'POST', url, headers: stranger.headers, payload });
      expect((await get(`/v1/ai/result/text2image/${id}`)).statusCode).toBe(404);
      expect(envelope<Task[]>(await post('/v1/ai/result/batch', { task_ids: [id] })).data).toEqual([]);
      expect((await get(`/v1/common/oss/sign?oss_path=${encodeURIComponent(output)}&dispose=attachment`)).statusCode).toBe(404);
      expect((await get(`/v1/common/oss/mediainfo?oss_path=${encodeURIComponent(output)}`)).statusCode).toBe(404);
      expect((await post(`/v1/ai/del/${id}`)).statusCode).toBe(404);
      expect((await post('/v1/ai/retry', { task_id: id })).statusCode).toBe(404);
      expect((await post(`/v1/ai/cancel/${id}`)).statusCode).toBe(404);
      expect((await post('/v1/ai/task/data_save', { taskId: id, save_type: 'like', user_data: { like: 1 } })).statusCode).toBe(404);
      expect((await post('/v1/ai/create/watermark_download', { prev_task: id, data: { file_path: output } })).statusCode).toBe(404);
      // the owner still has everything
      expect((await get(`/v1/ai/result/text2image/${id}`, owner)).statusCode).toBe(200);
      const signed = envelope<{ sign_uri: string }>(await get(`/v1/common/oss/sign?oss_path=${encodeURIComponent(output)}&dispose=attachment`, owner));
      const download = await h.app.inject({ method: 'GET', url: signed.data.sign_uri });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-disposition']).toMatch(/^attachment; filename=".+\.png"$/);
      const like = await h.app.inject({ method: 'POST', url: '/v1/ai/task/data_save', headers: owner.headers, payload: { taskId: id, save_type: 'like', user_data: { like: 1 } } });
      expect(like.statusCode).toBe(200);
      expect((await h.result(owner, id)).body.data.user_data.likeOrNotInfo).toEqual({ task: 1 });
      // delete removes the files
      expect((await h.app.inject({ method: 'POST', url: `/v1/ai/del/${id}`, headers: owner.headers })).statusCode).toBe(200);
      expect((await h.result(owner, id)).status).toBe(404);
      expect(await h.storage.stat(output)).toBeNull();
      expect((await h.app.inject({ method: 'GET', url: signed.data.sign_uri })).statusCode).toBe(404);
    } finally {
      await worker.stop();
    }
  });
});

describe('watermarks and expiry', () => {
  it('gives free users the watermarked result and paid users the original; results expire after 7 days', async () => {
    const engine = new TestEngine();
    const user = await h.user('free', 20);
    const worker = await h.worker(engine);
    try {
      const created = await h.create(user, 'text2image', { data: { prompt: 'a windmill by a canal' } });
      const done = await h.waitFor(user, created.body.data.task_id, settled);
      expect(done.outputs[0].watermarked).toBe(true);
      const download = await h.create(user, 'watermark_download', { prev_task: done.task_id, data: { file_path: done.outputs[0].file_path } });
      expect(download.body.data.status).toBe('success');
      expect(download.body.data.outputs[0].watermarked).toBe(true);
      expect(download.body.data.outputs[0].file_path).toBe(done.outputs[0].file_path);
      const marked = await h.app.inject({ method: 'GET', url: download.body.data.outputs[0].url });
      // the user upgrades: the same result now downloads without the watermark
      await h.testDb.db.query(
        `INSERT INTO subscriptions (user_id, sku_id, level, name, credits_per_period, started_at, expires_at, next_grant_at, source)
         VALUES ($1, 24109013, 'standard', 'standard', 0, now() - interval '1 hour', now() + interval '30 days', now() + interval '30 days', 'test')`,
        [user.uid],
      );
      const original = await h.create(user, 'watermark_download', { prev_task: done.task_id, data: { file_path: done.outputs[0].file_path } });
      expect(original.body.data.outputs[0].watermarked).toBe(false);
      expect(original.body.data.outputs[0].file_path).not.toBe(done.outputs[0].file_path);
      const clean = await h.app.inject({ method: 'GET', url: original.body.data.outputs[0].url });
      expect(clean.statusCode).toBe(200);
      expect(clean.headers['content-disposition']).toMatch(/^attachment/);
      expect(Buffer.compare(clean.rawPayload, marked.rawPayload)).not.toBe(0);
      // the original cannot be signed directly
      const direct = await h.app.inject({ method: 'GET', url: `/v1/common/oss/sign?oss_path=${encodeURIComponent(original.body.data.outputs[0].file_path)}`, headers: user.headers });
      expect(direct.statusCode).toBe(404);

      h.clock.offsetMs = 7 * 86400_000 + 60_000;
      const report = await worker.sweep();
      expect(report.expired).toBeGreaterThanOrEqual(1);
      const expired = (await h.result(user, done.task_id)).body.data;
      expect(expired.status).toBe('expired');
      expect(expired.outputs).toEqual([]);
      expect(await h.storage.stat(done.outputs[0].file_path)).toBeNull();
      expect(await h.storage.stat(original.body.data.outputs[0].file_path)).toBeNull();
      const list = envelope<{ list: Task[] }>(await h.app.inject({ method: 'POST', url: '/v1/ai/task', headers: user.headers, payload: {} }));
      expect(list.data.list.map((t) => t.task_id)).not.toContain(done.task_id);
    } finally {
      h.clock.offsetMs = 0;
      await worker.stop();
    }
  });
});

describe('the take', () => {
  it("is pg-boss 10's fetch of one job: the installed pg-boss's fetch is the one it was written from; highest priority first, then oldest, none before its start; marked active as pg-boss marks it", async () => {
    const queue = new TaskQueue(h.testDb.db, h.queue, { supervise: false });
    await queue.start();
    try {
      const fetch = await queue.fetchStatement('image');
      // pg-boss's own fetch (another version) would be used as it is, its values written in
      expect(queue.leanFetch).toBe(true);
      const name = queueName('image');
      const send = async (n: number, priority: number, startAfter?: Date) =>
        (await queue.boss.send(name, { n }, { priority, retryLimit: 0, ...(startAfter ? { startAfter } : {}) })) as string;
      const low = await send(1, 0);
      const high = await send(2, 5);
      const lowAfter = await send(3, 0);
      const later = await send(4, 9, new Date(Date.now() + 3600_000));
      const ours = new Set([low, high, lowAfter, later]);
      const taken: string[] = [];
      for (let n = 0; n < 20; n += 1) {
        const rows = (await h.testDb.db.query<{ id: string }>(`WITH taken AS (${fetch}) SELECT id FROM taken`, [], { prepared: true })).rows;
        if (!rows.length) break;
        taken.push(...rows.map((row) => row.id));
      }
      expect(taken.filter((id) => ours.has(id))).toEqual([high, low, lowAfter]);
      const job = await queue.boss.getJobById(name, high);
      expect(job?.state).toBe('active');
      expect(job?.startedOn).toBeInstanceOf(Date);
      expect((await queue.boss.getJobById(name, later))?.state).toBe('created');
      for (const id of [high, low, lowAfter]) await queue.complete('image', id);
      await queue.boss.cancel(name, later);
    } finally {
      await queue.stop();
    }
  });
});
