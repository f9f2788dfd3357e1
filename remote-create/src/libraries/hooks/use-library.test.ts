import type { ApiClient, Task } from 'shared-contracts';
import { makeTask } from '../../../test/tasks';
import { isCreation, matchesFilter, mediaOf } from '../utils/media-filter';
import { loadLibraryPage } from './use-library';

const output = (media: 'image' | 'video' | 'audio') => ({ file_path: `u/x.${media}`, url: '/x', media, engine: 'local', watermarked: false });
const image = (id: string, created: number) => makeTask({ task_id: id, algorithm: 'text2image', status: 'success', created_at: created, outputs: [output('image')] });
const video = (id: string, created: number) => makeTask({ task_id: id, algorithm: 'image2video', status: 'success', created_at: created, outputs: [output('video')] });
const song = (id: string, created: number) => makeTask({ task_id: id, algorithm: 'mai_text2song_minimax', status: 'queued', created_at: created });
const check = (id: string, created: number) => makeTask({ task_id: id, algorithm: 't_sensitive_detect', status: 'success', created_at: created });

/** A server that pages `all` and ignores the media filter (as the tasks API does today). */
function serverOf(all: Task[]) {
  const call = jest.fn(async (_key: string, input: { body: { page: number; page_size: number } }) => {
    const { page, page_size } = input.body;
    return { list: all.slice((page - 1) * page_size, page * page_size), paginate: { total: all.length } };
  });
  return { api: { call } as unknown as ApiClient, call };
}

describe("My Creations' media filter", () => {
  it('knows the media of a task by its output, or by its algorithm while it runs', () => {
    expect(mediaOf(image('a', 1))).toBe('image');
    expect(mediaOf(song('b', 1))).toBe('audio');
    expect(mediaOf(makeTask({ algorithm: 'mai_fs', outputs: [] }))).toBe('image');
    expect(mediaOf(makeTask({ algorithm: 'anieraser', outputs: [] }))).toBe('video');
  });
  it('never lists the checks that run before a generation', () => {
    expect(isCreation(check('c', 1))).toBe(false);
    expect(matchesFilter(check('c', 1), 'all')).toBe(false);
    expect(matchesFilter(video('v', 1), 'video')).toBe(true);
    expect(matchesFilter(video('v', 1), 'image')).toBe(false);
  });
});

describe('loadLibraryPage', () => {
  it("uses the server's page when it holds only what was asked for", async () => {
    const all = [image('i1', 3), video('v1', 2), song('s1', 1)];
    const { api, call } = serverOf(all);
    await expect(loadLibraryPage(api, 'all', 1)).resolves.toEqual({ tasks: all, total: 3, gathered: false });
    expect(call).toHaveBeenCalledTimes(1);
    expect(call.mock.calls[0][1]).toEqual({ body: { page: 1, page_size: 20 } });
  });

  it('gathers and pages here when the server mixes in checks or other media, 20 a page', async () => {
    const all: Task[] = [];
    for (let i = 0; i < 30; i += 1) all.push(image(`i${i}`, 1000 - i * 3), check(`c${i}`, 999 - i * 3), video(`v${i}`, 998 - i * 3));
    const { api, call } = serverOf(all);
    const first = await loadLibraryPage(api, 'video', 1);
    expect(first.gathered).toBe(true);
    expect(first.total).toBe(30);
    expect(first.tasks.map((task) => task.task_id)).toEqual(Array.from({ length: 20 }, (_, i) => `v${i}`));
    expect(call.mock.calls[0][1]).toEqual({ body: { page: 1, page_size: 20, media: 'video' } });
    const second = await loadLibraryPage(api, 'video', 2);
    expect(second.tasks.map((task) => task.task_id)).toEqual(Array.from({ length: 10 }, (_, i) => `v${i + 20}`));
    const everything = await loadLibraryPage(api, 'all', 3);
    expect(everything.total).toBe(60);
    expect(everything.tasks).toHaveLength(20);
    expect(everything.tasks.every(isCreation)).toBe(true);
  });
});
