/**
 * Media storage: grants, uploads validated by content with the spec's texts, signed links (expiry,
 * attachment, Range), media info, the plan quota, and the S3 adapter against an in-test S3 server.
 */
import { createServer, type Server } from 'node:http';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { API_CODES, USER_TEXTS, type MediaInfo, type UploadGrant } from 'shared-contracts';
import { runFfmpeg } from '@studio/engines/media';
import { envelope, picture, startHarness, type Harness } from '../../../test/tasks-harness';
import { createLocalStorage } from './local';
import { createS3Storage } from './s3';
import { isValidKey } from './adapter';

jest.setTimeout(120000);

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ storage: { quotaBytes: { free: 3 * 1024 * 1024, standard: 20 * 1024 ** 3, premium: 100 * 1024 ** 3 } } });
});
afterAll(async () => {
  await h?.close();
});

describe('uploads', () => {
  it('grants an upload into the caller’s own prefix and stores a valid picture with its media info', async () => {
    const user = await h.user('standard');
    const token = envelope<UploadGrant>(await h.app.inject({ method: 'GET', url: '/v1/common/oss/token?algorithm=image_enhancer', headers: user.headers }));
    expect(token.code).toBe(0);
    expect(token.data.oss_path.startsWith(`users/${user.uid}/uploads/`)).toBe(true);
    expect(token.data.upload_url.startsWith(`/v1/common/oss/upload/${token.data.oss_path}?`)).toBe(true);
    expect(token.data.accept).toEqual(['image/jpeg', 'image/png', 'image/webp']);
    expect(token.data.max_size).toBe(50 * 1024 * 1024);
    const body = await picture(640, 360, 'jpeg');
    const put = await h.app.inject({ method: 'PUT', url: token.data.upload_url, payload: body, headers: { 'content-type': 'image/png' } });
    expect(put.statusCode).toBe(200);
    const info = envelope<MediaInfo>(
      await h.app.inject({ method: 'GET', url: `/v1/common/oss/mediainfo?oss_path=${encodeURIComponent(token.data.oss_path)}`, headers: user.headers }),
    );
    expect(info.data).toEqual({ width: 640, height: 360, duration: 0, format: 'jpeg', size: body.length });
    // a grant is used once
    const again = await h.app.inject({ method: 'PUT', url: token.data.upload_url, payload: body });
    expect(again.statusCode).toBe(409);
    // a tampered or expired grant is refused
    const tampered = token.data.upload_url.replace(/max=\d+/, 'max=999999999');
    expect(envelope(await h.app.inject({ method: 'PUT', url: tampered, payload: body })).msg).toBe(USER_TEXTS.UPLOAD_FAILED);
    h.clock.offsetMs = 16 * 60_000;
    try {
      const late = envelope<UploadGrant>(await h.app.inject({ method: 'GET', url: '/v1/common/oss/token?algorithm=image_enhancer', headers: user.headers }));
      h.clock.offsetMs = 32 * 60_000;
      const expired = await h.app.inject({ method: 'PUT', url: late.data.upload_url, payload: body });
      expect(expired.statusCode).toBe(403);
      expect(envelope(expired).code).toBe(API_CODES.UPLOAD_FAILED);
    } finally {
      h.clock.offsetMs = 0;
    }
    // another user's bearer cannot use my grant
    const other = await h.user('standard');
    const mine = envelope<UploadGrant>(await h.app.inject({ method: 'GET', url: '/v1/common/oss/token?algorithm=image_enhancer', headers: user.headers }));
    expect((await h.app.inject({ method: 'PUT', url: mine.data.upload_url, payload: body, headers: other.headers })).statusCode).toBe(403);
  });

  it('refuses a renamed text file, a 9000 px picture, an oversize picture and a GIF with the spec texts', async () => {
    const user = await h.user('standard');
    const text = Buffer.from('This is not a picture, even if the file is called photo.png\n'.repeat(20));
    const renamed = await h.upload(user, 'image2image', text);
    expect(renamed.status).toBe(415);
    expect(renamed.body.msg).toBe(USER_TEXTS.UNSUPPORTED_FORMAT);
    expect(renamed.body.code).toBe(API_CODES.UNSUPPORTED_FORMAT);

    const huge = await sharp({ create: { width: 9000, height: 200, channels: 3, background: '#808080' } }).png().toBuffer();
    const wide = await h.upload(user, 'image2image', huge);
    expect(wide.status).toBe(422);
    expect(wide.body.msg).toBe(USER_TEXTS.RESOLUTION_UNSUPPORTED);

    // 51 MB: a real PNG header followed by bytes: refused on size before anything is decoded
    const big = Buffer.alloc(51 * 1024 * 1024, 7);
    (await picture(200, 200)).copy(big);
    const oversize = await h.upload(user, 'image2image', big);
    expect(oversize.status).toBe(413);
    expect(oversize.body.msg).toBe('Upload JPG, PNG, JPEG, WEBP images up to 50 MB, with a minimum width/height of 128 px');
    const extender = await h.upload(user, 'image_extender', Buffer.alloc(26 * 1024 * 1024, 7));
    expect(extender.body.msg).toBe('Please keep the file size below 25MB');

    const gif = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#ff0000' } }).gif().toBuffer();
    expect((await h.upload(user, 'image2image', gif)).body.msg).toBe(USER_TEXTS.UNSUPPORTED_FORMAT);
    const tiny = await h.upload(user, 'image2image', await picture(100, 60));
    expect(tiny.status).toBe(422);
    // an audio file for an image tool is refused by content, whatever it is called
    expect((await h.upload(user, 'text2image', await picture())).status).toBe(400);
  });

  it('checks videos and audio by their streams: container, length, aspect', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'upl-'));
    try {
      const user = await h.user('standard');
      const webm = path.join(dir, 'clip.webm');
      await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=10:duration=1', '-c:v', 'libvpx-vp9', '-b:v', '200k', webm]).catch(async () => {
        await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=10:duration=1', '-f', 'matroska', '-c:v', 'mpeg4', webm]);
      });
      const refused = await h.upload(user, 'video_eraser', readFileSync(webm));
      expect(refused.body.msg).toBe(USER_TEXTS.FORMAT_UNSUPPORTED);
      const tall = path.join(dir, 'tall.mp4');
      await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=160x480:rate=10:duration=1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', tall]);
      expect((await h.upload(user, 'video_eraser', readFileSync(tall))).body.msg).toBe(USER_TEXTS.RESOLUTION_UNSUPPORTED);
      const ok = path.join(dir, 'ok.mp4');
      await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=10:duration=2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', ok]);
      const stored = await h.upload(user, 'video_eraser', readFileSync(ok));
      expect(stored.body.code).toBe(0);
      expect(stored.body.data.media).toMatchObject({ media: 'video', format: 'mp4', width: 320, height: 180 });
      expect(stored.body.data.media.duration).toBeCloseTo(2, 0);
      const wav = path.join(dir, 'tone.wav');
      await runFfmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', wav]);
      const audio = await h.upload(user, 'audio_noise_reduction', readFileSync(wav));
      expect(audio.body.data.media).toMatchObject({ media: 'audio', format: 'wav' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers Not enough space when the plan quota is used up', async () => {
    const user = await h.user('free');
    // 3 MB quota in this test: two pictures of ~1.4 MB fit, the third does not
    const noisy = await sharp(Buffer.from(Array.from({ length: 900 * 560 * 3 }, (_, i) => (i * 2654435761) % 251)), { raw: { width: 900, height: 560, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect((await h.upload(user, 'image2image', noisy)).body.code).toBe(0);
    expect((await h.upload(user, 'image2image', noisy)).body.code).toBe(0);
    const full = await h.upload(user, 'image2image', noisy);
    expect(full.body.code).toBe(API_CODES.STORAGE_FULL);
    expect(full.body.msg).toBe(USER_TEXTS.NOT_ENOUGH_SPACE);
    expect((full.body.data as unknown as { detail: string }).detail).toBe(USER_TEXTS.NOT_ENOUGH_SPACE_DETAIL);
  });
});

describe('over a real socket', () => {
  it('streams a 12 MB upload in and a ranged download out; refuses an oversize body early', async () => {
    // any free port: a fixed one collides with whatever else runs on a shared CI machine
    const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const user = await h.user('standard');
      const grantFor = async (algorithm: string) =>
        ((await (await fetch(`${address}/v1/common/oss/token?algorithm=${algorithm}`, { headers: user.headers })).json()) as { data: UploadGrant }).data;
      // a 12 MB PNG: incompressible pixels
      const pixels = Buffer.alloc(2000 * 2000 * 3);
      for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 2654435761) >>> 24;
      const png = await sharp(pixels, { raw: { width: 2000, height: 2000, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
      expect(png.length).toBeGreaterThan(11 * 1024 * 1024);
      const grant = await grantFor('image2image');
      const put = await fetch(`${address}${grant.upload_url}`, { method: 'PUT', body: png, headers: { 'content-type': 'image/png' } });
      const answer = (await put.json()) as { code: number; data: { media: MediaInfo } };
      expect(answer.code).toBe(0);
      expect(answer.data.media).toMatchObject({ width: 2000, height: 2000, size: png.length });
      const signed = ((await (await fetch(`${address}/v1/common/oss/sign?oss_path=${encodeURIComponent(grant.oss_path)}`, { headers: user.headers })).json()) as { data: { sign_uri: string } }).data.sign_uri;
      const tail = await fetch(`${address}${signed}`, { headers: { range: 'bytes=-1000' } });
      expect(tail.status).toBe(206);
      expect(Buffer.compare(Buffer.from(await tail.arrayBuffer()), png.subarray(png.length - 1000))).toBe(0);
      // a body over the extender's 25 MB cap, sent without a length: refused while it streams. The server
      // drains what is in flight until its 413 is written, which under load can be some MB past the cap, so
      // the body is long enough (100 MB) that 'refused early' never depends on that timing
      const BODY_CHUNKS = 100;
      const extender = await grantFor('image_extender');
      let sent = 0;
      const chunk = Buffer.alloc(1024 * 1024, 1);
      png.copy(chunk, 0, 0, 64);
      const body = new ReadableStream({
        pull(controller) {
          if (sent >= BODY_CHUNKS) return controller.close();
          sent += 1;
          controller.enqueue(new Uint8Array(chunk));
        },
      });
      const refused = await fetch(`${address}${extender.upload_url}`, { method: 'PUT', body, duplex: 'half' } as RequestInit).catch(() => null);
      if (refused) {
        expect(refused.status).toBe(413);
        expect(((await refused.json()) as { msg: string }).msg).toBe('Please keep the file size below 25MB');
      }
      expect(sent).toBeLessThan(BODY_CHUNKS);
      const stored = await h.testDb.db.query('SELECT 1 FROM media_objects WHERE path = $1', [extender.oss_path]);
      expect(stored.rowCount).toBe(0);
    } finally {
      await h.app.server.close();
    }
  });
});

describe('signed links', () => {
  it('serves the owner’s file through an expiring link with Range and attachment, and nothing else', async () => {
    const user = await h.user('standard');
    const body = await picture(400, 300, 'webp');
    const answer = await h.upload(user, 'bg_remover', body);
    const ossPath = answer.body.data.oss_path;
    const sign = async (dispose?: string) =>
      envelope<{ sign_uri: string }>(
        await h.app.inject({ method: 'GET', url: `/v1/common/oss/sign?oss_path=${encodeURIComponent(ossPath)}${dispose ? `&dispose=${dispose}` : ''}`, headers: user.headers }),
      ).data.sign_uri;
    const inline = await sign();
    const file = await h.app.inject({ method: 'GET', url: inline });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['content-disposition']).toBe('inline');
    expect(Buffer.compare(file.rawPayload, body)).toBe(0);
    const part = await h.app.inject({ method: 'GET', url: inline, headers: { range: 'bytes=10-19' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${body.length}`);
    expect(Buffer.compare(part.rawPayload, body.subarray(10, 20))).toBe(0);
    expect((await h.app.inject({ method: 'GET', url: inline, headers: { range: `bytes=${body.length + 5}-` } })).statusCode).toBe(416);
    const download = await h.app.inject({ method: 'GET', url: await sign('attachment') });
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="bg_remover-.+\.webp"$/);
    // no bearer needed, but the signature is: a changed path or expiry is refused
    expect((await h.app.inject({ method: 'GET', url: inline.replace(/exp=(\d+)/, (_m, e: string) => `exp=${Number(e) + 100}`) })).statusCode).toBe(403);
    h.clock.offsetMs = 2 * 3600_000;
    try {
      const late = await h.app.inject({ method: 'GET', url: inline });
      expect(late.statusCode).toBe(403);
      expect(envelope(late).msg).toBe('The link has expired');
    } finally {
      h.clock.offsetMs = 0;
    }
    const stranger = await h.user('standard');
    expect((await h.app.inject({ method: 'GET', url: `/v1/common/oss/sign?oss_path=${encodeURIComponent(ossPath)}`, headers: stranger.headers })).statusCode).toBe(404);
    expect((await h.app.inject({ method: 'GET', url: `/v1/common/oss/sign?oss_path=${encodeURIComponent(ossPath)}` })).statusCode).toBe(401);
  });
});

describe('keys', () => {
  it('accepts plain relative paths only', () => {
    expect(isValidKey('users/a/uploads/20260101/x')).toBe(true);
    for (const bad of ['', '/abs', 'a/../b', 'a//b', 'a/./b', 'a b', 'a/b/']) expect(isValidKey(bad)).toBe(false);
  });
});

describe('the local folder', () => {
  it('moves a file into place (a rename: the same file, gone from where it was) and keeps a type file only where the key’s extension does not say the type', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'local-move-'));
    try {
      const storage = createLocalStorage(path.join(dir, 'store'));
      const file = path.join(dir, 'out-0.png');
      writeFileSync(file, await picture(40, 30));
      const bytes = readFileSync(file);
      const inode = statSync(file).ino;
      await storage.moveFile('users/u/results/t/r-0.png', file, { contentType: 'image/png' });
      expect(existsSync(file)).toBe(false);
      const stored = path.join(dir, 'store', 'users/u/results/t/r-0.png');
      expect(statSync(stored).ino).toBe(inode);
      expect(existsSync(`${stored}.content-type`)).toBe(false);
      expect(await storage.stat('users/u/results/t/r-0.png')).toEqual({ size: bytes.length, contentType: 'image/png' });
      // a key without an extension, or one naming another type, keeps its type beside it
      writeFileSync(file, bytes);
      await storage.moveFile('users/u/uploads/1/x', file, { contentType: 'image/png' });
      expect(await storage.stat('users/u/uploads/1/x')).toEqual({ size: bytes.length, contentType: 'image/png' });
      writeFileSync(file, bytes);
      await storage.putFile('users/u/results/t/odd.png', file, { contentType: 'application/octet-stream' });
      expect((await storage.stat('users/u/results/t/odd.png'))?.contentType).toBe('application/octet-stream');
      // replaced with the type its extension says: the old type file goes
      await storage.putFile('users/u/results/t/odd.png', file, { contentType: 'image/png' });
      expect((await storage.stat('users/u/results/t/odd.png'))?.contentType).toBe('image/png');
      expect(existsSync(file)).toBe(true);
      // objects stored before (a type file beside a typed key) read as they did
      writeFileSync(path.join(dir, 'store', 'users/u/results/t/r-0.png.content-type'), 'image/x-old');
      expect((await storage.stat('users/u/results/t/r-0.png'))?.contentType).toBe('image/x-old');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('moves across file systems by a copy, then removes the file', async () => {
    const shm = '/dev/shm';
    if (!existsSync(shm) || statSync(shm).dev === statSync(os.tmpdir()).dev) return; // no second file system here
    const dir = mkdtempSync(path.join(os.tmpdir(), 'local-move-'));
    const elsewhere = mkdtempSync(path.join(shm, 'local-move-'));
    try {
      const storage = createLocalStorage(dir);
      const file = path.join(elsewhere, 'out-0.png');
      writeFileSync(file, await picture(40, 30));
      const bytes = readFileSync(file);
      await storage.moveFile('users/u/results/t/r-0.png', file, { contentType: 'image/png' });
      expect(existsSync(file)).toBe(false);
      expect(Buffer.compare(readFileSync(path.join(dir, 'users/u/results/t/r-0.png')), bytes)).toBe(0);
      expect(readdirSync(path.join(dir, 'users/u/results/t'))).toEqual(['r-0.png']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});

describe('S3 adapter', () => {
  let server: Server;
  const objects = new Map<string, { body: Buffer; type: string }>();
  const seen: { method: string; url: string; auth: boolean }[] = [];
  let endpoint = '';

  beforeAll(async () => {
    // a small S3 stand-in: path-style PUT, GET (with Range), HEAD and DELETE of /bucket/key
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://s3.test');
        const key = decodeURIComponent(url.pathname);
        seen.push({ method: req.method ?? '', url: url.pathname, auth: /^AWS4-HMAC-SHA256 /.test(String(req.headers.authorization ?? '')) || url.searchParams.has('X-Amz-Signature') });
        const notFound = () => {
          res.writeHead(404, { 'content-type': 'application/xml' });
          res.end(req.method === 'HEAD' ? undefined : '<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>missing</Message></Error>');
        };
        if (req.method === 'PUT') {
          objects.set(key, { body: Buffer.concat(chunks), type: String(req.headers['content-type'] ?? '') });
          res.writeHead(200, { etag: '"1"' });
          return res.end();
        }
        const object = objects.get(key);
        if (req.method === 'DELETE') {
          objects.delete(key);
          res.writeHead(204);
          return res.end();
        }
        if (!object) return notFound();
        if (req.method === 'HEAD') {
          res.writeHead(200, { 'content-length': object.body.length, 'content-type': object.type });
          return res.end();
        }
        const range = /bytes=(\d+)-(\d+)/.exec(String(req.headers.range ?? ''));
        if (range) {
          const part = object.body.subarray(Number(range[1]), Number(range[2]) + 1);
          res.writeHead(206, { 'content-length': part.length, 'content-type': object.type, 'content-range': `bytes ${range[1]}-${range[2]}/${object.body.length}` });
          return res.end(part);
        }
        res.writeHead(200, { 'content-length': object.body.length, 'content-type': object.type });
        res.end(object.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('puts, reads (whole and a range), stats, downloads and deletes through the S3 API, signed', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 's3-'));
    try {
      const storage = createS3Storage({ bucket: 'media', endpoint, accessKeyId: 'test', secretAccessKey: 'test-secret', prefix: 'studio', publicRedirect: true });
      const file = path.join(dir, 'a.png');
      writeFileSync(file, await picture(200, 100));
      const size = readFileSync(file).length;
      await storage.putFile('users/u/uploads/1/x', file, { contentType: 'image/png' });
      expect(objects.get('/media/studio/users/u/uploads/1/x')?.type).toBe('image/png');
      expect(await storage.stat('users/u/uploads/1/x')).toEqual({ size, contentType: 'image/png' });
      expect(await storage.stat('users/u/uploads/1/missing')).toBeNull();
      const chunks: Buffer[] = [];
      for await (const chunk of await storage.read('users/u/uploads/1/x', { start: 1, end: 3 })) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).toString('latin1')).toBe('PNG');
      const copy = path.join(dir, 'copy.png');
      await storage.downloadTo('users/u/uploads/1/x', copy);
      expect(Buffer.compare(readFileSync(copy), readFileSync(file))).toBe(0);
      const url = await storage.directUrl!('users/u/uploads/1/x', { expiresInSeconds: 60, attachment: 'attachment; filename="x.png"', contentType: 'image/png' });
      expect(url).toContain('/media/studio/users/u/uploads/1/x?');
      expect(url).toContain('X-Amz-Signature=');
      expect(url).toContain('response-content-disposition=attachment');
      // a move uploads the file, then removes it
      const moved = path.join(dir, 'moved.png');
      writeFileSync(moved, readFileSync(file));
      await storage.moveFile('users/u/results/t/r-0.png', moved, { contentType: 'image/png' });
      expect(existsSync(moved)).toBe(false);
      expect(await storage.stat('users/u/results/t/r-0.png')).toEqual({ size, contentType: 'image/png' });
      await storage.delete('users/u/results/t/r-0.png');
      await storage.delete('users/u/uploads/1/x');
      expect(objects.size).toBe(0);
      await expect(storage.read('users/u/uploads/1/x')).rejects.toThrow(/No stored object/);
      expect(seen.every((request) => request.auth)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
