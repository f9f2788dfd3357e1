/**
 * My Creations' bulk actions: one zip of a selection (named tasks, or the whole library less some),
 * streamed through a signed link, with each file named as its single download is; and one delete.
 */
import type { LibraryZipLink, Task } from 'shared-contracts';
import { envelope, startHarness, TestEngine, type Harness, type TestUser } from '../../../../test/tasks-harness';

jest.setTimeout(120000);

const settled = (task: Task) => ['success', 'failure', 'cancelled'].includes(task.status);

/** The names a zip holds, read from its central directory (the end record says where it starts and how many). */
function zipNames(zip: Buffer): string[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThanOrEqual(0);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let i = 0; i < count; i += 1) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    names.push(zip.subarray(at + 46, at + 46 + nameLength).toString('utf8'));
    at += 46 + nameLength + extra + comment;
  }
  return names;
}

describe('My Creations: zip and bulk delete of a selection', () => {
  let h: Harness;
  let user: TestUser;
  let other: TestUser;
  const done: Task[] = [];

  beforeAll(async () => {
    h = await startHarness();
    await h.worker(new TestEngine());
    user = await h.user('standard', 500);
    other = await h.user('standard', 500);
    for (let i = 0; i < 3; i += 1) {
      const created = await h.create(user, 'text2image', { data: { prompt: `a lighthouse number ${i}`, ratio: '1:1', num: 1 } });
      done.push(await h.waitFor(user, created.body.data.task_id, settled));
    }
    const theirs = await h.create(other, 'text2image', { data: { prompt: 'not yours', ratio: '1:1', num: 1 } });
    await h.waitFor(other, theirs.body.data.task_id, settled);
  });
  afterAll(async () => h?.close());

  async function zipOf(as: TestUser, selection: Record<string, unknown>) {
    const answer = await h.app.inject({ method: 'POST', url: '/v1/ai/download/zip', headers: as.headers, payload: selection });
    return { status: answer.statusCode, body: envelope<LibraryZipLink>(answer) };
  }

  it('zips the whole library into one download, streamed through a signed link without a bearer, each file named as its single download', async () => {
    const link = await zipOf(user, { all: { before: Math.ceil(Date.now() / 1000) + 5 } });
    expect(link.status).toBe(200);
    expect(link.body.data.files).toBe(3);
    const zip = await h.app.inject({ method: 'GET', url: link.body.data.url });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(String(zip.headers['content-disposition'])).toMatch(/^attachment; filename="my-creations-\d{4}-\d\d-\d\d\.zip"$/);
    const names = zipNames(zip.rawPayload);
    expect(names.sort()).toEqual(done.map((task) => `text2image-${task.task_id.slice(0, 8)}.png`).sort());
  });

  it('leaves out what "all, but" leaves out, and takes only named tasks of the caller', async () => {
    const but = await zipOf(user, { all: { before: Math.ceil(Date.now() / 1000) + 5, except: [done[0].task_id] } });
    expect(but.body.data.files).toBe(2);
    const theirs = (await h.app.inject({ method: 'POST', url: '/v1/ai/task', headers: other.headers, payload: {} })).json().data.list[0] as Task;
    const named = await zipOf(user, { task_ids: [done[1].task_id, theirs.task_id] });
    expect(named.body.data.files).toBe(1);
    const zip = await h.app.inject({ method: 'GET', url: named.body.data.url });
    expect(zipNames(zip.rawPayload)).toEqual([`text2image-${done[1].task_id.slice(0, 8)}.png`]);
    // another person's task alone: nothing to download
    expect((await zipOf(user, { task_ids: [theirs.task_id] })).status).toBe(404);
  });

  it('refuses a link whose selection or signature was changed', async () => {
    const link = await zipOf(user, { task_ids: [done[1].task_id] });
    const url = new URL(link.body.data.url, 'http://x');
    url.searchParams.set('s', Buffer.from(JSON.stringify({ u: other.uid, p: 1, s: { all: { before: 9999999999 } } })).toString('base64url'));
    expect((await h.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })).statusCode).toBe(403);
  });

  it('deletes a selection at once', async () => {
    const answer = await h.app.inject({ method: 'POST', url: '/v1/ai/del/batch', headers: user.headers, payload: { all: { before: Math.ceil(Date.now() / 1000) + 5, except: [done[2].task_id] } } });
    expect(envelope(answer).data).toEqual({ deleted: 2, failed: 0 });
    const left = (await h.app.inject({ method: 'POST', url: '/v1/ai/task', headers: user.headers, payload: {} })).json().data.list as Task[];
    expect(left.map((task) => task.task_id)).toEqual([done[2].task_id]);
    // the other person's library is untouched
    expect((await h.app.inject({ method: 'POST', url: '/v1/ai/task', headers: other.headers, payload: {} })).json().data.paginate.total).toBe(1);
  });
});
