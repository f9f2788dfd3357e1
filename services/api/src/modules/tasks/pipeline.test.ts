/**
 * End to end through the API and the real local engines: upload, create, progress, success, a real
 * result file whose properties are checked, credits settled. Images, video, audio and checks; the
 * engines package tests every engine in depth, this proves the pipeline around them.
 */
import { mkdtempSync, rmSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { USER_TEXTS, type Task } from 'shared-contracts';
import { ffmpegToBuffer, probeMedia, runFfmpeg } from '@studio/engines/media';
import { speak } from '@studio/engines/speech';
import { createTaskEngines } from './engines';
import { envelope, picture, startHarness, type Harness } from '../../../test/tasks-harness';
import type { TaskWorkerHandle } from './worker';

jest.setTimeout(240000);

let h: Harness;
let worker: TaskWorkerHandle;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'pipeline-'));
  h = await startHarness();
  const engines = await createTaskEngines({ ENGINE_DEFAULT: 'local' });
  worker = await h.worker(engines, { concurrency: { video: 1, image: 1, audio: 1, check: 1 } });
});
afterAll(async () => {
  await worker?.stop();
  await h?.close();
  rmSync(dir, { recursive: true, force: true });
});

const settled = (task: Task) => ['success', 'failure', 'cancelled'].includes(task.status);

async function fetchOutput(task: Task, index = 0): Promise<string> {
  const response = await h.app.inject({ method: 'GET', url: task.outputs[index].url });
  expect(response.statusCode).toBe(200);
  const file = path.join(dir, `${task.task_id}-${index}${path.extname(task.outputs[index].file_path)}`);
  await writeFile(file, response.rawPayload);
  return file;
}

async function loudness(file: string, window?: [number, number]): Promise<number> {
  const cut = window ? ['-ss', String(window[0]), '-t', String(window[1] - window[0])] : [];
  const pcm = await ffmpegToBuffer(['-i', file, ...cut, '-ac', '1', '-ar', '16000', '-f', 's16le', 'pipe:1']);
  let sum = 0;
  const n = pcm.length / 2;
  for (let i = 0; i < n; i += 1) sum += (pcm.readInt16LE(i * 2) / 32768) ** 2;
  return Math.sqrt(sum / Math.max(1, n));
}

describe('the pipeline on the local engines', () => {
  it('text to image for a Free user: the ratio of section 2, a watermark on the public file, the original kept for paid download', async () => {
    const user = await h.user('free', 10);
    const created = await h.create(user, 'text2image', { data: { prompt: 'a lighthouse on a cliff at sunset', ratio: '16:9', num: 1, seed: 7 } });
    expect(created.body.code).toBe(0);
    const seen = new Set<string>();
    const done = await h.waitFor(user, created.body.data.task_id, (t) => {
      seen.add(t.status);
      return settled(t);
    });
    expect(done.status).toBe('success');
    expect(seen.has('success')).toBe(true);
    expect(done.engine?.note).toMatch(/model/i);
    const output = done.outputs[0];
    expect(output.watermarked).toBe(true);
    const meta = await sharp(await fetchOutput(done)).metadata();
    expect([meta.width, meta.height]).toEqual([1024, 576]);
    const kept = await h.testDb.db.query<{ kind: string; width: number }>('SELECT kind, width FROM media_objects WHERE task_id = $1 ORDER BY kind', [done.task_id]);
    expect(kept.rows).toEqual([
      { kind: 'original', width: 1024 },
      { kind: 'result', width: 1024 },
    ]);
    expect(await h.balance(user.uid)).toBe(9);
  });

  it('object remover on an uploaded picture: same size, the masked area changed, the rest kept', async () => {
    const user = await h.user('standard', 10);
    const source = await picture(320, 240);
    const ossPath = (await h.upload(user, 'object_remover', source)).body.data.oss_path;
    const created = await h.create(user, 'object_remover', { data: { file_path: ossPath, regions: [{ x: 60, y: 60, w: 80, h: 80 }] } });
    expect(created.body.data.cost).toBe(1);
    const done = await h.waitFor(user, created.body.data.task_id, settled);
    expect(done.status).toBe('success');
    expect(done.outputs[0].watermarked).toBe(false);
    const result = await sharp(await fetchOutput(done)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const before = await sharp(source).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([result.info.width, result.info.height]).toEqual([320, 240]);
    const diff = (x0: number, y0: number, x1: number, y1: number) => {
      let s = 0;
      let c = 0;
      for (let y = y0; y < y1; y += 1)
        for (let x = x0; x < x1; x += 1) {
          const p = (y * 320 + x) * 3;
          s += Math.abs(result.data[p] - before.data[p]) + Math.abs(result.data[p + 1] - before.data[p + 1]) + Math.abs(result.data[p + 2] - before.data[p + 2]);
          c += 3;
        }
      return s / c;
    };
    expect(diff(70, 70, 130, 130)).toBeGreaterThan(10);
    expect(diff(220, 10, 310, 60)).toBeLessThan(3);
    expect(await h.balance(user.uid)).toBe(9);
  });

  it('image to video: an MP4 of the asked length from an uploaded picture, 6 credits a second', async () => {
    const user = await h.user('standard', 20);
    const ossPath = (await h.upload(user, 'image2video', await picture(480, 320, 'jpeg'))).body.data.oss_path;
    const created = await h.create(user, 'image2video', { data: { file_path: ossPath, duration: 2, resolution: '360p', prompt: 'slow zoom' } });
    expect(created.body.data.cost).toBe(12);
    expect(created.body.data.balance).toBe(8);
    const done = await h.waitFor(user, created.body.data.task_id, settled);
    expect(done.status).toBe('success');
    const probed = await probeMedia(await fetchOutput(done));
    expect(probed.media).toBe('video');
    expect(probed.format).toBe('mp4');
    expect(probed.duration).toBeGreaterThan(1.7);
    expect(probed.duration).toBeLessThan(2.4);
    expect(Math.min(probed.width, probed.height)).toBe(360);
    expect(await h.balance(user.uid)).toBe(8);
  });

  it("an effect video for a Free user carries the watermark (a frame's corner differs from the original kept aside)", async () => {
    const user = await h.user('free', 5);
    const ossPath = (await h.upload(user, 'effect', await picture(320, 240))).body.data.oss_path;
    const created = await h.create(user, 'effect', { data: { file_path: ossPath, effect: 'zoom_pulse', duration: 2, resolution: '360p' } });
    expect(created.body.data.cost).toBe(1);
    const done = await h.waitFor(user, created.body.data.task_id, settled, 120000);
    expect(done.status).toBe('success');
    expect(done.outputs[0]).toMatchObject({ media: 'video', watermarked: true });
    const marked = await probeMedia(await fetchOutput(done));
    expect(marked.media).toBe('video');
    expect(marked.duration).toBeGreaterThan(1.5);
    const original = await h.testDb.db.query<{ path: string }>(`SELECT path FROM media_objects WHERE task_id = $1 AND kind = 'original'`, [done.task_id]);
    expect(original.rows).toHaveLength(1);
    // the marked and the original differ in the bottom-right corner of a frame, where the watermark sits
    const frame = async (file: string) =>
      ffmpegToBuffer(['-ss', '1', '-i', file, '-frames:v', '1', '-vf', `crop=iw/3:ih/4:iw*2/3:ih*3/4`, '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1']);
    const originalFile = path.join(dir, 'original.mp4');
    await h.storage.downloadTo(original.rows[0].path, originalFile);
    const [a, b] = await Promise.all([frame(path.join(dir, `${done.task_id}-0.mp4`)), frame(originalFile)]);
    let marks = 0;
    for (let i = 0; i < a.length; i += 1) if (Math.abs(a[i] - b[i]) > 40) marks += 1;
    expect(marks).toBeGreaterThan(20);
  });

  it('text to music: audio of the asked length that is not silent', async () => {
    const user = await h.user('free', 5);
    const created = await h.create(user, 'mai_tcm', { data: { prompt: 'calm piano melody in C major, slow and gentle', duration: 6 } });
    expect(created.body.data.cost).toBe(1);
    const done = await h.waitFor(user, created.body.data.task_id, settled);
    expect(done.status).toBe('success');
    expect(done.outputs[0].watermarked).toBe(false);
    const file = await fetchOutput(done);
    const probed = await probeMedia(file);
    expect(probed.media).toBe('audio');
    expect(probed.duration).toBeGreaterThan(5.5);
    expect(probed.duration).toBeLessThan(6.8);
    expect(await loudness(file)).toBeGreaterThan(0.01);
    expect(await h.balance(user.uid)).toBe(4);
  });

  it('noise reduction for Standard: free within the included minutes, and the noise goes down', async () => {
    const user = await h.user('standard', 0);
    const noisy = path.join(dir, 'noisy.wav');
    const voice = path.join(dir, 'voice.wav');
    // a voice (RNNoise is a speech model) for about 2 s over 4 s of hiss: the last second is hiss alone
    await speak('Hello, this is a short test of the noise.', voice);
    await runFfmpeg([
      '-i', voice, '-f', 'lavfi', '-i', 'anoisesrc=d=4:c=white:a=0.05:r=16000:seed=3',
      '-filter_complex', '[0:a]aresample=16000,apad[s];[s][1:a]amix=inputs=2:duration=shortest,volume=2', '-ac', '1', noisy,
    ]);
    const ossPath = (await h.upload(user, 'audio_noise_reduction', readFileSync(noisy))).body.data.oss_path;
    const cost = envelope<{ cost: number; basis: string; engine?: { name: string; model?: string; summary?: string } }>(
      await h.app.inject({ method: 'GET', url: `/v1/ai/cost/audio_noise_reduction?file_path=${encodeURIComponent(ossPath)}`, headers: user.headers }),
    );
    // the cost call names what will run, before the charge (issue 21)
    expect(cost.data.engine).toMatchObject({ name: 'local', model: 'RNNoise', summary: expect.stringContaining('made for speech') });
    expect(cost.data.cost).toBe(0);
    expect(cost.data.basis).toMatch(/10 included minutes/);
    const created = await h.create(user, 'audio_noise_reduction', { data: { file_path: ossPath, strength: 'high' } });
    expect(created.body.code).toBe(0);
    const done = await h.waitFor(user, created.body.data.task_id, settled);
    expect(done.status).toBe('success');
    const cleaned = await fetchOutput(done);
    // the hiss alone (last second) drops; the voice stays
    expect(await loudness(cleaned, [3.1, 3.9])).toBeLessThan((await loudness(noisy, [3.1, 3.9])) * 0.4);
    expect(await loudness(cleaned, [0.3, 1.8])).toBeGreaterThan((await loudness(noisy, [0.3, 1.8])) * 0.5);
    const usage = await h.testDb.db.query<{ amount: number }>(`SELECT amount FROM task_usage WHERE user_id = $1 AND counter = 'seconds:audio_noise_reduction'`, [user.uid]);
    expect(Number(usage.rows[0].amount)).toBeCloseTo(4, 0);
  });

  it('text to song: lyrics sung over the backing, an audio file of the asked length', async () => {
    const user = await h.user('standard', 5);
    const created = await h.create(user, 'mai_text2song_minimax', {
      data: { lyrics: 'Morning light on the river\nwe sail away', prompt: 'gentle folk song with guitar', duration: 8 },
    });
    expect(created.body.data.cost).toBe(1);
    const done = await h.waitFor(user, created.body.data.task_id, settled, 120000);
    expect(done.status).toBe('success');
    const file = await fetchOutput(done);
    const probed = await probeMedia(file);
    expect(probed.media).toBe('audio');
    expect(probed.duration).toBeGreaterThan(7);
    expect(await loudness(file)).toBeGreaterThan(0.01);
    const short = await h.create(user, 'mai_text2song_minimax', { data: { lyrics: 'too short' } });
    expect(short.body.msg).toBe('Lyrics must be at least 10 characters long');
  });

  it('video denoise on an uploaded video: priced by its length, an MP4 of the same length and size', async () => {
    const user = await h.user('standard', 5);
    const clip = path.join(dir, 'noisy.mp4');
    await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=15:duration=2', '-vf', 'noise=alls=30:allf=t', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', clip]);
    const ossPath = (await h.upload(user, 'video_denoise', readFileSync(clip))).body.data.oss_path;
    const created = await h.create(user, 'video_denoise', { data: { file_path: ossPath, strength: 'high' } });
    expect(created.body.data.cost).toBe(1);
    const done = await h.waitFor(user, created.body.data.task_id, settled, 120000);
    expect(done.status).toBe('success');
    const probed = await probeMedia(await fetchOutput(done));
    expect(probed).toMatchObject({ media: 'video', width: 320, height: 180 });
    expect(probed.duration).toBeCloseTo(2, 0);
    expect(await h.balance(user.uid)).toBe(4);
  });

  it('image_fkp finds the faces and their 68 landmarks; a talking photo without a face fails with the spec text and gives the credits back', async () => {
    const user = await h.user('standard', 100);
    const sample = require.resolve('@vladmandic/face-api/package.json').replace(/package\.json$/, 'demo/sample1.jpg');
    const ossPath = (await h.upload(user, 'image_fkp', readFileSync(sample))).body.data.oss_path;
    const created = await h.create(user, 'image_fkp', { data: { file_path: ossPath } });
    expect(created.body.data.cost).toBe(0);
    const done = await h.waitFor(user, created.body.data.task_id, settled, 120000);
    expect(done.status).toBe('success');
    const data = done.result_data as { kind: string; faces: { landmarks: unknown[] }[]; width: number };
    expect(data.kind).toBe('faces');
    expect(data.faces.length).toBeGreaterThanOrEqual(1);
    expect(data.faces[0].landmarks).toHaveLength(68);

    const noFace = (await h.upload(user, 'talking_photo', await picture(320, 240))).body.data.oss_path;
    const talking = await h.create(user, 'talking_photo', { data: { file_path: noFace, text: 'Hello there, nice to meet you today' } });
    expect(talking.body.data.cost).toBeGreaterThan(0);
    expect(await h.balance(user.uid)).toBe(100 - talking.body.data.cost);
    const failed = await h.waitFor(user, talking.body.data.task_id, settled, 120000);
    expect(failed.status).toBe('failure');
    expect(failed.reason).toBe(USER_TEXTS.NO_FACE);
    expect(await h.balance(user.uid)).toBe(100);
  });

  it('sensitive-content checks: text by word list, image by what really runs; results in result_data', async () => {
    const user = await h.user('free', 0);
    const flagged = await h.create(user, 't_sensitive_detect', { data: { prompt: 'a gory massacre scene' } });
    const clean = await h.create(user, 't_sensitive_detect', { data: { prompt: 'a bowl of fruit on a table' } });
    const ossPath = (await h.upload(user, 'i_sensitive_detect', await picture(256, 256))).body.data.oss_path;
    const image = await h.create(user, 'i_sensitive_detect', { data: { file_path: ossPath } });
    const [a, b, c] = await Promise.all([flagged, clean, image].map((t) => h.waitFor(user, t.body.data.task_id, settled)));
    expect(a.cost).toBe(0);
    expect(a.result_data).toMatchObject({ kind: 'moderation', passed: false });
    expect(b.result_data).toMatchObject({ kind: 'moderation', passed: true });
    expect(c.status).toBe('success');
    expect(c.result_data).toMatchObject({ kind: 'moderation' });
    expect(c.engine?.note).toBeTruthy();
  });

  it('prompt helpers say plainly that no language model ran', async () => {
    const user = await h.user('free', 0);
    const polish = envelope<{ prompt: string; note: string }>(
      await h.app.inject({ method: 'POST', url: '/v1/ai/prompt/polish', headers: user.headers, payload: { prompt: 'a cat on a rooftop at night' } }),
    );
    expect(polish.data.prompt.startsWith('A cat on a rooftop at night, ')).toBe(true);
    expect(polish.data.note).toMatch(/no language model/);
    const again = envelope<{ prompt: string }>(
      await h.app.inject({ method: 'POST', url: '/v1/ai/prompt/polish', headers: user.headers, payload: { prompt: 'a cat on a rooftop at night' } }),
    );
    expect(again.data.prompt).toBe(polish.data.prompt);
    const dark = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#10204a' } }).png().toBuffer();
    const ossPath = (await h.upload(user, 'img2prompt', dark)).body.data.oss_path;
    const described = envelope<{ prompt: string; note: string }>(
      await h.app.inject({ method: 'POST', url: '/v1/ai/prompt/img2prompt', headers: user.headers, payload: { image: ossPath } }),
    );
    expect(described.data.prompt).toMatch(/landscape 300x200/);
    expect(described.data.prompt).toMatch(/dark/);
    expect(described.data.prompt).toMatch(/blue/);
    expect(described.data.note).toMatch(/no captioning model/);
    const presets = envelope<{ name: string; presets: unknown[] }[]>(await h.app.inject({ method: 'GET', url: '/v1/prompt/category-and-presets?algorithm=mai_tcm' }));
    expect(presets.data.length).toBeGreaterThan(0);
    expect(presets.data[0].presets.length).toBeGreaterThan(0);
  });
});
