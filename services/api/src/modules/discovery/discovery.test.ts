/**
 * Discovery on PGlite (and on PostgreSQL with TEST_DATABASE_URL): the showcase job (once, through the
 * queue), explore paging and filters, report-once and hide-at-threshold, publish checks, likes, template
 * lists, examples paging, and template runs charging exactly like a create.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { API_CODES, REPORT_HIDE_THRESHOLD, REVIEW_TEXTS, USER_TEXTS, type ExploreEntry, type ExploreReviewItem, type Paginated, type Task, type Template, type TemplateTag } from 'shared-contracts';
import type { EngineContext, EngineJob, EngineResult } from '@studio/engines/types';
import { runFfmpeg } from '@studio/engines/media';
import { envelope, picture, startHarness, TestEngine, type Harness, type TestUser } from '../../../test/tasks-harness';
import { discoveryModule } from './index';
import { EXPLORE, TEMPLATES } from './showcase-data';
import { runShowcase } from './showcase';
import { keyOf, PREVIEW_JOBS } from '../tool-previews/render';
import { mediaStoreFor } from '../storage/index';

jest.setTimeout(120000);

/** Makes the right kind of media per algorithm, fast: a flat picture, a 1 s clip, a 1 s tone. */
class StubEngine {
  runs = 0;
  constructor(private readonly clip: string, private readonly tone: string) {}
  async run(job: EngineJob, ctx: EngineContext): Promise<EngineResult> {
    this.runs += 1;
    await mkdir(ctx.workDir, { recursive: true });
    if (['text2video', 'image2video', 'effect'].includes(job.algorithm)) {
      const out = path.join(ctx.workDir, 'out.mp4');
      await copyFile(this.clip, out);
      return { outputs: [{ path: out, media: 'video', width: 64, height: 64, duration: 1, mime: 'video/mp4' }], metadata: { engine: 'local:test', note: 'stub' } };
    }
    if (job.algorithm === 'mai_tcm') {
      const out = path.join(ctx.workDir, 'out.mp3');
      await copyFile(this.tone, out);
      return { outputs: [{ path: out, media: 'audio', duration: 1, mime: 'audio/mpeg' }], metadata: { engine: 'local:test', note: 'stub' } };
    }
    const out = path.join(ctx.workDir, 'out.png');
    await sharp({ create: { width: 60, height: 80, channels: 3, background: '#5577aa' } }).png().toFile(out);
    return { outputs: [{ path: out, media: 'image', width: 60, height: 80, mime: 'image/png' }], metadata: { engine: 'local:test', note: 'stub' } };
  }
}

let h: Harness;
let engine: StubEngine;
const work = mkdtempSync(path.join(os.tmpdir(), 'discovery-test-'));
const small = { explore: EXPLORE.filter((e) => e.small).length, images: EXPLORE.filter((e) => e.small && e.algorithm === 'text2image').length };

beforeAll(async () => {
  const clip = path.join(work, 'clip.mp4');
  const tone = path.join(work, 'tone.mp3');
  await runFfmpeg(['-y', '-f', 'lavfi', '-i', 'testsrc=size=64x64:rate=10', '-t', '1', '-pix_fmt', 'yuv420p', clip]);
  await runFfmpeg(['-y', '-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '1', tone]);
  engine = new StubEngine(clip, tone);
  h = await startHarness({
    extraModules: ({ storage, config, now, queue }) => [
      discoveryModule({ storage: { storage, config, now }, showcase: 'small', engines: async () => engine, bossSchema: queue.schema, now }),
    ],
  });
});
afterAll(async () => {
  await h?.close();
  rmSync(work, { recursive: true, force: true });
});

async function get<T>(url: string, user?: TestUser) {
  const response = await h.app.inject({ method: 'GET', url, headers: user?.headers });
  return { status: response.statusCode, body: envelope<T>(response) };
}
async function post<T>(url: string, user: TestUser, payload: unknown) {
  const response = await h.app.inject({ method: 'POST', url, headers: user.headers, payload: payload as Record<string, unknown> });
  return { status: response.statusCode, body: envelope<T>(response) };
}

async function showcaseDone(): Promise<{ items: number; bytes: number }> {
  for (let i = 0; i < 600; i += 1) {
    const run = await h.testDb.db.query<{ finished_at: Date | null; items: number; bytes: string }>('SELECT finished_at, items, bytes FROM showcase_runs');
    if (run.rows[0]?.finished_at) return { items: run.rows[0].items, bytes: Number(run.rows[0].bytes) };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the showcase job did not finish');
}

describe('the showcase job', () => {
  // issue 21 case 10: the tools list showed empty "Making the preview…" tiles while requests rendered them
  it('renders every tool preview in the worker, before any request asks for one', async () => {
    await showcaseDone();
    for (const tool of Object.keys(PREVIEW_JOBS)) expect(await h.storage.stat(keyOf(tool, 'meta.json'))).not.toBeNull();
  });

  it('runs once on the queue, then a second run renders nothing', async () => {
    const done = await showcaseDone();
    const smallTemplates = TEMPLATES.filter((t) => t.small).length;
    expect(done.items).toBe(small.explore + smallTemplates);
    expect(done.bytes).toBeGreaterThan(0);
    const runsAfterFirst = engine.runs;
    const { media } = mediaStoreFor(h.ctx, { storage: h.storage, config: { dir: h.storageDir } });
    const again = await runShowcase({ db: h.testDb.db, media, engines: engine, size: 'small' });
    expect(again.rendered).toBe(0);
    expect(engine.runs).toBe(runsAfterFirst);
    const rows = await h.testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM showcase_runs');
    expect(rows.rows[0].n).toBe(1);
    // its files are served through the signed links it answers
    const first = (await get<Paginated<ExploreEntry>>('/v1/workflow/explore/list?page=1&page_size=1')).body.data.list[0];
    const file = await h.app.inject({ method: 'GET', url: first.thumbnail });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
  });
});

describe('explore', () => {
  it('pages from the count loaded and filters by media and recommend', async () => {
    const one = await get<Paginated<ExploreEntry>>('/v1/workflow/explore/list?page=1&page_size=10');
    expect(one.body.data.paginate.total).toBe(small.explore);
    expect(one.body.data.list).toHaveLength(10);
    const last = await get<Paginated<ExploreEntry>>(`/v1/workflow/explore/list?page=3&page_size=10`);
    expect(last.body.data.list).toHaveLength(small.explore - 20);
    const ids = new Set([...one.body.data.list, ...last.body.data.list].map((item) => item.id));
    expect(ids.size).toBe(one.body.data.list.length + last.body.data.list.length);
    const videos = await get<Paginated<ExploreEntry>>('/v1/workflow/explore/list?page=1&page_size=50&media=video');
    expect(videos.body.data.list.length).toBeGreaterThan(0);
    expect(videos.body.data.list.every((item) => item.media === 'video')).toBe(true);
    const recommended = await get<Paginated<ExploreEntry>>('/v1/workflow/explore/list?page=1&page_size=50&recommend=1');
    expect(recommended.body.data.list.every((item) => item.recommend)).toBe(true);
    expect(recommended.body.data.paginate.total).toBeLessThan(small.explore);
    const info = await get<ExploreEntry>('/v1/workflow/explore/info?id=1400');
    expect(info.body.data).toMatchObject({ id: 1400, module: 'image-to-image', author: { is_studio: true } });
    expect(info.body.data.settings).toContainEqual({ field: 'prompt', val: 'watercolor painting, soft washes' });
    expect(JSON.parse(info.body.data.extra_data)).toEqual({ width: expect.any(Number), height: expect.any(Number) });
  });

  it('stores a report once per user, hides the item from its reporter at once and from everyone past the threshold', async () => {
    const reporters = await Promise.all(Array.from({ length: REPORT_HIDE_THRESHOLD }, () => h.user('free')));
    const bystander = await h.user('free');
    const target = 1401;
    const bad = await post('/v1/explore/report', reporters[0], { explore_id: target, reason: 'Other' });
    expect(bad.status).toBe(400);
    expect((await post('/v1/explore/report', reporters[0], { explore_id: target, reason: 'Not a reason' })).status).toBe(400);
    expect((await post('/v1/explore/report', reporters[0], { explore_id: target, reason: 'Fraud' })).body.code).toBe(0);
    expect((await post('/v1/explore/report', reporters[0], { explore_id: target, reason: 'Fraud' })).body.code).toBe(0);
    const count = await h.testDb.db.query<{ reports: number }>('SELECT reports FROM explore_items WHERE id = $1', [target]);
    expect(count.rows[0].reports).toBe(1);
    const seenBy = async (user?: TestUser) =>
      (await get<Paginated<ExploreEntry>>('/v1/workflow/explore/list?page=1&page_size=100', user)).body.data.list.some((item) => item.id === target);
    expect(await seenBy(reporters[0])).toBe(false);
    expect((await get('/v1/workflow/explore/info?id=1401', reporters[0])).status).toBe(404);
    expect(await seenBy(bystander)).toBe(true);
    for (const reporter of reporters.slice(1)) {
      await post('/v1/explore/report', reporter, { explore_id: target, reason: 'Other', other: 'misleading title' });
    }
    expect(await seenBy(bystander)).toBe(false);
    expect(await seenBy()).toBe(false);
    expect((await get('/v1/workflow/explore/info?id=1401')).status).toBe(404);
    const stored = await h.testDb.db.query<{ other: string }>("SELECT other FROM explore_reports WHERE explore_id = $1 AND reason = 'Other'", [target]);
    expect(stored.rows.map((row) => row.other)).toContain('misleading title');
  });

  it('lets only operators see the review queue and decide: cleared returns the item to the gallery (never to a reporter), removed keeps it out', async () => {
    const operator = await h.user('free');
    const someone = await h.user('free');
    h.ctx.config.operatorUids.push(operator.uid);
    try {
      expect((await get('/v1/explore/review/list')).status).toBe(401);
      const refused = await get('/v1/explore/review/list', someone);
      expect(refused.status).toBe(403);
      expect(refused.body.msg).toBe(REVIEW_TEXTS.OPERATORS_ONLY);
      expect((await post('/v1/explore/review', someone, { explore_id: 1401, verdict: 'cleared' })).status).toBe(403);

      const queue = (await get<Paginated<ExploreReviewItem>>('/v1/explore/review/list?page=1&page_size=10', operator)).body.data;
      const hidden = queue.list.find((item) => item.entry.id === 1401);
      expect(hidden).toMatchObject({ review: 'pending', reports: REPORT_HIDE_THRESHOLD, others: Array(REPORT_HIDE_THRESHOLD - 1).fill('misleading title') });
      expect(hidden?.reasons).toEqual([{ reason: 'Other', count: REPORT_HIDE_THRESHOLD - 1 }, { reason: 'Fraud', count: 1 }]);
      expect((await post('/v1/explore/review', operator, { explore_id: 1402, verdict: 'removed' })).status).toBe(404);

      const cleared = await post<ExploreReviewItem>('/v1/explore/review', operator, { explore_id: 1401, verdict: 'cleared' });
      expect(cleared.body.data.review).toBe('cleared');
      const shown = async (user?: TestUser) => (await get<Paginated<ExploreEntry>>('/v1/workflow/explore/list?page=1&page_size=100', user)).body.data.list.some((item) => item.id === 1401);
      expect(await shown(someone)).toBe(true);
      // a report after the verdict still hides it from that reporter
      await post('/v1/explore/report', someone, { explore_id: 1401, reason: 'Fraud' });
      expect(await shown(someone)).toBe(false);
      expect(await shown(operator)).toBe(true);
      expect((await get<Paginated<ExploreReviewItem>>('/v1/explore/review/list', operator)).body.data.list.some((item) => item.entry.id === 1401)).toBe(false);

      await post('/v1/explore/review', operator, { explore_id: 1401, verdict: 'removed' });
      expect(await shown(someone)).toBe(false);
      expect((await get('/v1/workflow/explore/info?id=1401', someone)).status).toBe(404);
      const audit = await h.testDb.db.query<{ reviewed_by: string }>('SELECT reviewed_by FROM explore_items WHERE id = 1401');
      expect(audit.rows[0].reviewed_by).toBe(operator.uid);
    } finally {
      h.ctx.config.operatorUids.length = 0;
    }
  });

  it('likes once per user', async () => {
    const user = await h.user('free');
    const liked = await post<{ likes: number; liked: number }>('/v1/explore/like', user, { explore_id: 1402, like: 1 });
    const again = await post<{ likes: number; liked: number }>('/v1/explore/like', user, { explore_id: 1402, like: 1 });
    expect(again.body.data).toEqual({ likes: liked.body.data.likes, liked: 1 });
    const undone = await post<{ likes: number; liked: number }>('/v1/explore/like', user, { explore_id: 1402, like: -1 });
    expect(undone.body.data).toEqual({ likes: liked.body.data.likes - 1, liked: 0 });
  });
});

describe('publishing', () => {
  it("publishes one's own success after the checks, shows the author's figures, and unpublishes", async () => {
    const worker = await h.worker(new TestEngine());
    try {
      const author = await h.user('free', 10);
      const other = await h.user('free', 10);
      const created = await h.create(author, 'text2image', { data: { prompt: 'a quiet lake at dawn with mist' } });
      const task = await h.waitFor(author, created.body.data.task_id, (t) => t.status === 'success');
      expect((await post('/v1/explore/publish', other, { task_id: task.task_id })).status).toBe(404);
      const published = await post<ExploreEntry>('/v1/explore/publish', author, { task_id: task.task_id, title: 'Misty lake' });
      expect(published.body.data).toMatchObject({ title: 'Misty lake', is_own: true, published: true, views: 0, made_with: 0 });
      const listed = await get<Paginated<ExploreEntry>>('/v1/workflow/explore/list?page=1&page_size=1', other);
      expect(listed.body.data.list[0].id).toBe(published.body.data.id);
      expect(listed.body.data.list[0].views).toBeUndefined();
      await get(`/v1/workflow/explore/info?id=${published.body.data.id}`, other);
      await h.create(other, 'text2image', { data: { prompt: 'a quiet lake at dawn with mist' }, user_data: { module: 'text-to-image', exploreId: published.body.data.id } });
      const mine = await get<ExploreEntry>(`/v1/workflow/explore/info?id=${published.body.data.id}`, author);
      expect(mine.body.data).toMatchObject({ views: 1, made_with: 1 });
      const state = await post<{ task_id: string; explore_id: number }[]>('/v1/explore/state', author, { task_ids: [task.task_id] });
      expect(state.body.data).toEqual([{ task_id: task.task_id, explore_id: published.body.data.id, published: true, under_review: false }]);
      expect((await post('/v1/explore/unpublish', other, { explore_id: published.body.data.id })).status).toBe(404);
      await post('/v1/explore/unpublish', author, { explore_id: published.body.data.id });
      expect((await get(`/v1/workflow/explore/info?id=${published.body.data.id}`, other)).status).toBe(404);

      const flagged = await h.create(author, 'text2image', { data: { prompt: 'a nude figure on a beach' } });
      if (flagged.body.code === 0) {
        await h.waitFor(author, flagged.body.data.task_id, (t) => t.status === 'success' || t.status === 'failure');
        const refused = await post('/v1/explore/publish', author, { task_id: flagged.body.data.task_id });
        expect(refused.status).toBe(422);
        expect(refused.body).toMatchObject({ code: API_CODES.NON_COMPLIANT, msg: USER_TEXTS.NON_COMPLIANT });
      }
      const titled = await post('/v1/explore/publish', author, { task_id: task.task_id, title: 'porn star' });
      expect(titled.body.code).toBe(API_CODES.NON_COMPLIANT);
    } finally {
      await worker.stop();
    }
  });
});

describe('templates', () => {
  it("lists tags with an 'All' category, pages of 25, info and the hot ones", async () => {
    const tags = (await get<TemplateTag[]>('/v1/workflow/ct/list')).body.data;
    expect(tags.map((tag) => tag.value)).toEqual(['video', 'image']);
    const imageAll = tags[1].categories[0];
    expect(imageAll).toMatchObject({ id: 0, title: 'All' });
    expect(imageAll.total).toBeGreaterThan(20);
    expect(imageAll.tpls.length).toBe(Math.min(25, imageAll.total));
    const second = await get<Paginated<Template>>('/v1/workflow/list?fun_module=template&media=image&page=2&page_size=20');
    expect(second.body.data.list.length).toBe(imageAll.total - 20);
    const effects = await get<Paginated<Template>>('/v1/workflow/list?fun_module=effect&page=1&page_size=25');
    expect(effects.body.data.list.every((t) => t.info.algorithm === 'effect')).toBe(true);
    const hot = (await get<Template[]>('/v1/recommend/tpl?tag=image&action_conf=hot&action_conf_value=1')).body.data;
    expect(hot.length).toBeGreaterThan(0);
    expect(hot.every((t) => t.action_conf.hot)).toBe(true);
    const info = await get<Template>(`/v1/workflow/info?tpl_id=${hot[0].tpl_id}`);
    expect(info.body.data.tpl_id).toBe(hot[0].tpl_id);
  });

  it('lists the music templates under the audio tag only when asked, each with an audio preview the showcase rendered', async () => {
    const music = (await get<TemplateTag[]>('/v1/workflow/ct/list?fun_module=template&media=audio')).body.data;
    expect(music.map((tag) => [tag.value, tag.name])).toEqual([['audio', 'Music']]);
    const all = music[0].categories[0];
    expect(all.total).toBe(TEMPLATES.filter((t) => t.small && t.module === 'text-to-music').length);
    const track = all.tpls[0];
    expect(track.info).toMatchObject({ algorithm: 'mai_tcm', module: 'text-to-music' });
    expect(track.info.request.fields).toContainEqual({ field: 'duration', val: 30 });
    expect(track.description).toBeTruthy();
    const audio = await h.app.inject({ method: 'GET', url: track.preview ?? '' });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toMatch(/^audio\//);
    const cover = await h.app.inject({ method: 'GET', url: track.thumbnail });
    expect(cover.headers['content-type']).toBe('image/webp');
    // a music template runs too: its theme input is optional, its prompt, style and 30 s go into the create
    const user = await h.user('free', 50);
    const plain = await post<Task>('/v1/workflow/direct', user, { tpl_id: track.tpl_id, data: {} });
    expect(plain.body.code).toBe(0);
    expect(plain.body.data.user_data).toMatchObject({ isFromTpl: true, tplId: track.tpl_id, module: 'text-to-music' });
    const themed = await post<Task>('/v1/workflow/direct', user, { tpl_id: track.tpl_id, data: { prompt: 'for a rainy afternoon' } });
    const fields = themed.body.data.user_data.fields ?? [];
    expect(fields.find((f) => f.field === 'prompt')?.val).toMatch(/^for a rainy afternoon, calm lofi piano/);
    expect(String(fields.find((f) => f.field === 'duration')?.val)).toBe('30');
  });

  it('pages the examples 20 at a time and answers prompt samples', async () => {
    const first = await get<unknown[]>('/v1/common/demo/list?key=text2image&page=1&page_size=20');
    const second = await get<unknown[]>('/v1/common/demo/list?key=text2image&page=2&page_size=20');
    expect(first.body.data).toHaveLength(20);
    expect(second.body.data).toHaveLength(small.images - 20);
    const samples = await get<{ prompt: string }[]>('/v1/common/prompt_sample?key=text2image');
    expect(samples.body.data.length).toBeGreaterThanOrEqual(5);
  });

  it('runs a template as a task charged exactly like the same create, marked isFromTpl', async () => {
    const worker = await h.worker(new TestEngine());
    try {
      const user = await h.user('free', 10);
      const photo = (await h.upload(user, 'effect', await picture(320, 240))).body.data.oss_path;
      const effect = (await get<Paginated<Template>>('/v1/workflow/list?fun_module=effect&page=1&page_size=1')).body.data.list[0];
      expect((await post('/v1/workflow/direct', user, { tpl_id: effect.tpl_id, data: {} })).status).toBe(400);
      const direct = await post<Task>('/v1/workflow/direct', user, { tpl_id: effect.tpl_id, data: { file_path: photo } });
      expect(direct.body.code).toBe(0);
      expect(direct.body.data.user_data).toMatchObject({ isFromTpl: true, tplId: effect.tpl_id, module: 'effect-create' });
      expect(direct.body.data.cost).toBe(1);
      const plain = await h.create(user, 'effect', { data: { file_path: photo, effect: 'zoom_pulse', duration: 5, resolution: '540p' } });
      expect(plain.body.data.cost).toBe(direct.body.data.cost);
      expect(await h.balance(user.uid)).toBe(10 - 2);
      const listed = await post<Paginated<Task>>('/v1/ai/task', user, { is_workflow: true });
      expect(listed.body.data.list.map((t) => t.task_id)).toEqual([direct.body.data.task_id]);
      await h.waitFor(user, direct.body.data.task_id, (t) => t.status === 'success');

      const broke = await h.user('free', 0);
      const words = (await get<Paginated<Template>>('/v1/workflow/list?fun_module=template&media=image&fun_category=202&page=1&page_size=1')).body.data.list[0];
      const refused = await post('/v1/workflow/direct', broke, { tpl_id: words.tpl_id, data: { prompt: 'a lighthouse' } });
      expect(refused.body.code).toBe(API_CODES.INSUFFICIENT_CREDITS);
      const rich = await h.user('free', 5);
      const run = await post<Task>('/v1/workflow/direct', rich, { tpl_id: words.tpl_id, data: { prompt: 'a lighthouse' } });
      const fields = run.body.data.user_data.fields ?? [];
      expect(fields.find((f) => f.field === 'prompt')?.val).toMatch(/^a lighthouse, /);
    } finally {
      await worker.stop();
    }
  });
});
