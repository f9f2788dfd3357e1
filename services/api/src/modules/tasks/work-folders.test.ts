/**
 * The runs' work folders (work-folders.ts) and the outputs moved into storage (run-outputs.ts): a slot
 * reuses one folder, emptied after each run; a result moved out of the engine's folder is readable at its
 * signed URL with its type, and nothing of the run stays behind. On PGlite and, with TEST_DATABASE_URL,
 * on PostgreSQL.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { EngineContext, EngineJob, EngineResult } from '@studio/engines/types';
import { envelope, startHarness, TestEngine, type Harness } from '../../../test/tasks-harness';
import { createWorkFolders, ENGINE_OUT } from './work-folders';

jest.setTimeout(120000);

const settled = (status: string) => ['success', 'failure', 'cancelled'].includes(status);

async function until(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('work folders', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'work-folders-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('lends a folder with an empty out folder, empties it when given back and lends it again; close removes them', async () => {
    const folders = createWorkFolders(root);
    const first = await folders.take();
    const second = await folders.take();
    expect(second).not.toBe(first);
    expect(readdirSync(path.join(first, ENGINE_OUT))).toEqual([]);
    // a run leaves inputs, a nested scratch folder and outputs behind
    await writeFile(path.join(first, 'input-0.png'), 'x');
    await mkdir(path.join(first, 'wm-0', 'deep'), { recursive: true });
    await writeFile(path.join(first, 'wm-0', 'deep', 'f'), 'x');
    await mkdir(path.join(first, ENGINE_OUT, 'chunks'));
    await writeFile(path.join(first, ENGINE_OUT, 'out-0.png'), 'x');
    folders.give(first);
    await until(async () => (await readdir(first)).length === 1, 'the folder is emptied');
    expect(await readdir(first)).toEqual([ENGINE_OUT]);
    expect(await readdir(path.join(first, ENGINE_OUT))).toEqual([]);
    expect(await folders.take()).toBe(first);
    // an engine that removed its own out folder: it is made again before the folder is lent again
    await rm(path.join(first, ENGINE_OUT), { recursive: true });
    folders.give(first);
    await until(() => existsSync(path.join(first, ENGINE_OUT)), 'the out folder is back');
    expect(await folders.take()).toBe(first);
    folders.give(first);
    await folders.close();
    // a folder still lent at the stop (an engine that ignored it) stays until it is given back
    expect(readdirSync(root)).toEqual([path.basename(second)]);
    folders.give(second);
    await until(() => readdirSync(root).length === 0, 'the late folder is removed');
  });

  it('two instances on one root (two workers sharing WORKER_DIR) never lend each other’s folders', async () => {
    const a = createWorkFolders(root);
    const b = createWorkFolders(root);
    const [fromA, fromB] = await Promise.all([a.take(), b.take()]);
    expect(fromA).not.toBe(fromB);
    a.give(fromA);
    await a.close();
    expect(existsSync(fromB)).toBe(true);
    b.give(fromB);
    await b.close();
  });
});

/** the test engine, remembering the folder and file of each run and the bytes it wrote */
class WatchedEngine extends TestEngine {
  readonly seen: { workDir: string; output: string; bytes: Buffer }[] = [];
  override async run(job: EngineJob, ctx: EngineContext): Promise<EngineResult> {
    const result = await super.run(job, ctx);
    if (job.algorithm !== 'watermark') {
      // a scratch file beside the output, as real engines leave (chunk lists, masks)
      await writeFile(path.join(ctx.workDir, `${job.taskId}-scratch.txt`), 'scratch');
      const output = result.outputs[0].path;
      this.seen.push({ workDir: ctx.workDir, output, bytes: readFileSync(output) });
    }
    return result;
  }
}

describe('a run’s outputs moved into storage', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('are readable at their signed URL with their type; the slot’s one work folder is emptied after each run and reused', async () => {
    const engine = new WatchedEngine();
    const user = await h.user('standard', 20);
    const workRoot = path.join(h.storageDir, '.work');
    const worker = await h.worker(engine, { concurrency: { video: 0, image: 1, audio: 0, check: 0 } });
    try {
      for (let n = 0; n < 3; n += 1) {
        const created = await h.create(user, 'text2image', { data: { prompt: `a harbour at dawn, number ${n}` } });
        const done = await h.waitFor(user, created.body.data.task_id, (task) => settled(task.status));
        expect(done.status).toBe('success');
        const run = engine.seen[n];
        // moved, not copied: the engine's file is gone from its folder, and the folder is emptied
        expect(existsSync(run.output)).toBe(false);
        await until(async () => (await readdir(run.workDir)).length === 0, 'the engine folder is emptied');
        const key = done.outputs[0].file_path;
        expect(key).toMatch(new RegExp(`^users/${user.uid}/results/${done.task_id}/[0-9a-f]{8}-0\\.png$`));
        // the type is named by the key's extension (and recorded in the media row): no type file beside it
        expect(existsSync(path.join(h.storageDir, `${key}.content-type`))).toBe(false);
        expect(await h.storage.stat(key)).toEqual({ size: run.bytes.length, contentType: 'image/png' });
        const signed = envelope<{ sign_uri: string }>(await h.app.inject({ method: 'GET', url: `/v1/common/oss/sign?oss_path=${encodeURIComponent(key)}`, headers: user.headers }));
        const download = await h.app.inject({ method: 'GET', url: signed.data.sign_uri });
        expect(download.statusCode).toBe(200);
        expect(download.headers['content-type']).toBe('image/png');
        expect(Buffer.compare(download.rawPayload, run.bytes)).toBe(0);
      }
      // one slot, one folder, run after run
      expect(new Set(engine.seen.map((run) => run.workDir)).size).toBe(1);
      expect(readdirSync(workRoot)).toHaveLength(1);
    } finally {
      await worker.stop();
    }
    // the stopped worker leaves no work folder behind
    expect(readdirSync(workRoot)).toEqual([]);
  });

  it('a Free-plan run stores its watermarked result and its original, both moved, and leaves its folder empty', async () => {
    const engine = new WatchedEngine();
    const user = await h.user('free', 20);
    const worker = await h.worker(engine, { concurrency: { video: 0, image: 1, audio: 0, check: 0 } });
    try {
      const created = await h.create(user, 'text2image', { data: { prompt: 'a red kite over a green hill' } });
      expect(created.body.code).toBe(0);
      const done = await h.waitFor(user, created.body.data.task_id, (task) => settled(task.status));
      expect(done.status).toBe('success');
      expect(done.outputs[0].watermarked).toBe(true);
      const slot = path.dirname(engine.seen[0].workDir);
      await until(async () => (await readdir(slot)).length === 1, 'the work folder is emptied');
      expect(await readdir(slot)).toEqual([ENGINE_OUT]);
      const result = await h.storage.stat(done.outputs[0].file_path);
      const original = await h.testDb.db.query<{ path: string; size: string }>(`SELECT path, size FROM media_objects WHERE task_id = $1 AND kind = 'original'`, [done.task_id]);
      expect(result?.contentType).toBe('image/png');
      expect(original.rows).toHaveLength(1);
      const kept = await h.storage.read(original.rows[0].path);
      const chunks: Buffer[] = [];
      for await (const chunk of kept) chunks.push(chunk as Buffer);
      expect(Buffer.compare(Buffer.concat(chunks), engine.seen[0].bytes)).toBe(0);
      expect(existsSync(engine.seen[0].output)).toBe(false);
    } finally {
      await worker.stop();
    }
  });
});
