/**
 * The S3 driver against a real S3-compatible server (s3rver, from npm: a Koa server storing objects on
 * disk, speaking S3's REST API with SigV4 and presigned URLs): an upload, a generation whose result the
 * worker writes, a signed download that redirects to a presigned GET answered by the server itself, and a
 * delete, each object with the content type the product gave it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { ApiEnvelope } from 'shared-contracts';
import { createS3Storage } from '../src/modules/storage/s3';
import { picture, startHarness, TestEngine, type Harness } from './tasks-harness';

jest.setTimeout(120_000);

const BUCKET = 'media';
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

describe('storage on a real S3-compatible server', () => {
  let dir: string;
  let server: S3rver;
  let endpoint: string;
  let h: Harness;
  let s3: S3Client;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: BUCKET }] });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
    const storage = createS3Storage({ bucket: BUCKET, endpoint, forcePathStyle: true, prefix: 'studio', publicRedirect: true, ...CREDENTIALS });
    h = await startHarness({ adapter: storage });
    s3 = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: CREDENTIALS });
  });
  afterAll(async () => {
    await h?.close();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const head = (key: string) =>
    s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `studio/${key}` })).then(
      (answer) => ({ type: answer.ContentType, size: answer.ContentLength }),
      (error: { $metadata?: { httpStatusCode?: number } }) => ({ status: error.$metadata?.httpStatusCode }),
    );

  it('stores an upload and a generated result, serves the result by a presigned GET, and deletes it with its task', async () => {
    const user = await h.user('standard', 50);
    const input = await picture(320, 240, 'jpeg');
    const uploaded = await h.upload(user, 'image2image', input);
    expect(uploaded.body.code).toBe(0);
    expect(await head(uploaded.body.data.oss_path)).toEqual({ type: 'image/jpeg', size: input.length });

    const worker = await h.worker(new TestEngine());
    const created = await h.create(user, 'text2image', { data: { prompt: 'a lighthouse on a cliff at dusk', num: 1 } });
    expect(created.body.code).toBe(0);
    const done = await h.waitFor(user, created.body.data.task_id, (task) => task.status === 'success' || task.status === 'failure');
    expect(done.status).toBe('success');
    const output = done.outputs[0];
    expect(await head(output.file_path)).toMatchObject({ type: 'image/png' });

    // the signed link redirects to a GET presigned for the bucket, which the S3 server answers itself
    const link = await h.app.inject({ method: 'GET', url: output.url });
    expect(link.statusCode).toBe(302);
    const presigned = new URL(String(link.headers.location));
    expect(presigned.origin).toBe(endpoint);
    expect(presigned.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    const answer = await fetch(presigned);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    // the presigned GET expires (s3rver enforces X-Amz-Expires; it checks SigV4's form, not its HMAC, which
    // the SDK's own tests and AWS cover): a link from an hour and a day ago is refused
    expect(Number(presigned.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(3600);
    const stale = new URL(presigned);
    stale.searchParams.set('X-Amz-Date', new Date(Date.now() - 25 * 3600_000).toISOString().replace(/[-:]/g, '').replace(/\.\d+/, ''));
    expect((await fetch(stale)).status).toBe(403);

    const removed = await h.app.inject({ method: 'POST', url: `/v1/ai/del/${done.task_id}`, headers: user.headers });
    expect((removed.json() as ApiEnvelope<null>).code).toBe(0);
    expect(await head(output.file_path)).toEqual({ status: 404 });
    expect((await fetch(presigned)).status).toBe(404);
    await worker.stop();
  });
});
