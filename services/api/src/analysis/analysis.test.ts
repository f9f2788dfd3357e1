/**
 * Heavy analysis runs on the worker, never in a request handler (issue 26 item 3): the text-regions route only
 * sends a job and awaits it for a bounded time (the spec's processing failure when no worker answers), checks
 * its input before anything is queued, and the worker runs the job on the engines from storage.
 */
import sharp from 'sharp';
import { USER_TEXTS } from 'shared-contracts';
import { releaseOcr, watermarkPng } from '@studio/engines/vision';
import { startHarness, envelope, type Harness } from '../../test/tasks-harness';
import { toolPreviewsModule } from '../modules/tool-previews/index';
import { ANALYSIS_QUEUE, AnalysisTimeoutError, createAnalysisClient } from './queue';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    extraModules: ({ storage, config, now, queue }) => [toolPreviewsModule({ storage: { storage, config, now }, render: false, analysisWaitMs: 1500, bossSchema: queue.schema })],
  });
});
afterAll(async () => {
  await h.close();
  await releaseOcr();
});

async function jobs(): Promise<{ state: string; output: { regions?: unknown[] } | null }[]> {
  const rows = await h.testDb.db.query<{ state: string; output: { regions?: unknown[] } | null }>(`SELECT state, output FROM ${h.queue.schema}.job WHERE name = $1 ORDER BY created_on`, [ANALYSIS_QUEUE]);
  return rows.rows;
}

async function markedPicture(): Promise<Buffer> {
  const mark = await watermarkPng(1400, 900, 'SAMPLE WATERMARK');
  const base = await sharp({ create: { width: 480, height: 320, channels: 3, background: '#6a8caf' } }).png().toBuffer();
  return sharp(base).composite([{ input: mark.png, left: 20, top: 150 }]).png().toBuffer();
}

describe('analysis jobs', () => {
  it('checks the input before queuing anything: a picture that is not the caller\'s is not found', async () => {
    const user = await h.user();
    const answer = await h.app.inject({ method: 'POST', url: '/v1/ai/tools/text-regions', headers: user.headers, payload: { file_path: 'users/someone-else/x.png' } });
    expect(answer.statusCode).toBe(404);
    expect(await jobs()).toEqual([]);
  });

  it('sends the work to the queue and, with no worker to answer, says the spec\'s processing failure after the bounded wait', async () => {
    const user = await h.user();
    const upload = await h.upload(user, 'text_watermark_remover', await markedPicture());
    const started = Date.now();
    const answer = await h.app.inject({ method: 'POST', url: '/v1/ai/tools/text-regions', headers: user.headers, payload: { file_path: upload.body.data.oss_path } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    expect(answer.statusCode).toBe(503);
    expect(envelope(answer).msg).toBe(USER_TEXTS.PROCESSING_FAILED);
    // the request handler ran no OCR: the job waited in the queue for a worker and was dropped at the deadline
    expect((await jobs()).map((job) => job.state)).toEqual(['cancelled']);
  });

  it('runs on the worker: the job reads the picture from storage and answers the regions', async () => {
    const user = await h.user();
    const upload = await h.upload(user, 'text_watermark_remover', await markedPicture());
    const worker = await h.worker({ run: () => Promise.reject(new Error('no task runs in this test')) });
    const client = await createAnalysisClient(h.testDb.db, h.queue.schema);
    try {
      // an upload's oss_path is its storage key
      const key = upload.body.data.oss_path;
      const { regions } = await client.run('text-regions', { key, max: 50 }, 60_000);
      expect(regions.length).toBeGreaterThan(0);
      const done = (await jobs()).at(-1);
      expect(done?.state).toBe('completed');
      expect(done?.output?.regions).toEqual(regions);
      const { seconds } = await client.run('speech-seconds', { text: 'Hello and welcome to the studio.' }, 60_000);
      expect(seconds).toBeGreaterThan(0.5);
      await expect(client.run('faces', { key }, 0)).rejects.toBeInstanceOf(AnalysisTimeoutError);
    } finally {
      await client.stop();
      await worker.stop();
    }
  });
});
