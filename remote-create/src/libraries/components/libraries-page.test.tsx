import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { USER_TEXTS, type Task } from 'shared-contracts';
import { callsTo, routeApi, signIn } from '../../../test/api-double';
import { renderRoute } from '../../../../test-support/render-route';
import { createShellDouble } from '../../../../test-support/shell-double';
import { makeTask } from '../../../test/tasks';
import { LibrariesPage } from './libraries-page';

const output = (media: 'image' | 'video' | 'audio', name: string) => ({ file_path: `u1/${name}`, url: `/files/${name}`, media, engine: 'local', watermarked: false });

function setup(tasks: Task[], extra: Parameters<typeof routeApi>[1] = {}) {
  const shell = createShellDouble();
  signIn(shell);
  let list = [...tasks];
  routeApi(shell, {
    'POST /v1/ai/task': (input) => {
      const { page, page_size } = input?.body as { page: number; page_size: number };
      return { list: list.slice((page - 1) * page_size, page * page_size), paginate: { total: list.length } };
    },
    'POST /v1/ai/del/{id}': (input) => {
      const id = (input?.params as { id: string }).id;
      list = list.filter((task) => task.task_id !== id);
      return null;
    },
    'GET /v1/common/oss/sign': (input) => ({ sign_uri: `/signed/${(input?.query as { oss_path: string }).oss_path}` }),
    ...extra,
  });
  return renderRoute(<LibrariesPage />, { path: '/libraries', url: '/libraries', shell });
}

const image = makeTask({ task_id: 'img', algorithm: 'text2image', status: 'success', created_at: 30, user_data: { module: 'text-to-image', name: 'Text to Image' }, outputs: [output('image', 'a.png'), output('image', 'b.png')] });
const video = makeTask({ task_id: 'vid', algorithm: 'image2video', status: 'success', created_at: 20, user_data: { module: 'image-to-video', name: 'Image to Video' }, outputs: [output('video', 'v.mp4')] });
const song = makeTask({ task_id: 'song', algorithm: 'mai_text2song_minimax', status: 'success', created_at: 10, user_data: { module: 'text-to-music', name: 'Text to Song' }, outputs: [output('audio', 's.mp3')] });

describe('My Creations', () => {
  it('lists every creation and filters by media', async () => {
    setup([image, video, song]);
    const grid = await screen.findByTestId('library-grid');
    expect(within(grid).getAllByTestId('task-card').map((card) => card.dataset.taskId)).toEqual(['img', 'vid', 'song']);
    fireEvent.click(screen.getByRole('tab', { name: 'Audio' }));
    await waitFor(() => expect(within(screen.getByTestId('library-grid')).getAllByTestId('task-card').map((card) => card.dataset.taskId)).toEqual(['song']));
    expect(screen.getByRole('tab', { name: 'Audio' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('audio-player')).toBeInTheDocument();
  });

  it('pages 20 at a time', async () => {
    const many = Array.from({ length: 25 }, (_, i) => makeTask({ task_id: `t${i}`, status: 'success', created_at: 100 - i, outputs: [output('image', `${i}.png`)] }));
    setup(many);
    await screen.findByTestId('library-grid');
    expect(screen.getAllByTestId('task-card')).toHaveLength(20);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getAllByTestId('task-card')).toHaveLength(5));
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });

  it('opens an image in the preview with its group', async () => {
    setup([image]);
    fireEvent.click(await screen.findByRole('button', { name: 'Preview image 1 of 2' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('opens a video in the video modal', async () => {
    setup([video]);
    fireEvent.click(await screen.findByRole('button', { name: 'Open larger' }));
    const modal = await screen.findByRole('dialog', { name: 'Image to Video' });
    expect(modal.querySelector('video')).toHaveAttribute('src', '/files/v.mp4');
  });

  it('selects several and deletes them together, in one call, after a confirm', async () => {
    const { shell } = setup([image, video, song], { 'POST /v1/ai/del/batch': () => ({ deleted: 2, failed: 0 }) });
    await screen.findByTestId('library-grid');
    fireEvent.click(screen.getAllByRole('checkbox', { name: /^Select Text to Image/ })[0]);
    fireEvent.click(screen.getAllByRole('checkbox', { name: /^Select Text to Song/ })[0]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete (2)' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete' });
    expect(confirm).toHaveTextContent('Delete these 2 creations and their files?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(shell, 'POST /v1/ai/del/batch')).toHaveLength(1));
    expect(callsTo(shell, 'POST /v1/ai/del/batch')[0]).toEqual({ body: { task_ids: ['img', 'song'] } });
  });

  it('"Select all" takes the whole library, every page, and downloads it as one zip the server makes', async () => {
    const many = Array.from({ length: 25 }, (_, i) => makeTask({ task_id: `t${i}`, status: 'success', created_at: 100 - i, outputs: [output('image', `${i}.png`)] }));
    const clicks: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.getAttribute('href') ?? '');
    });
    const { shell } = setup(many, { 'POST /v1/ai/download/zip': () => ({ url: '/v1/ai/download/zip?s=x&exp=1&sig=y', files: 24 }) });
    await screen.findByTestId('library-grid');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all (25)' }));
    // a card unticked on the second page is left out; the rest of both pages stays chosen
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getAllByTestId('task-card')).toHaveLength(5));
    const boxes = screen.getAllByRole('checkbox', { name: /^Select text2image/ });
    expect(boxes.every((box) => (box as HTMLInputElement).checked)).toBe(true);
    fireEvent.click(boxes[0]);
    fireEvent.click(screen.getByRole('button', { name: 'Download zip (24)' }));
    await waitFor(() => expect(clicks).toEqual(['/v1/ai/download/zip?s=x&exp=1&sig=y']));
    const body = callsTo(shell, 'POST /v1/ai/download/zip')[0]?.body as { all: { before: number; except: string[] } };
    expect(body.all.except).toEqual(['t20']);
    expect(body.all.before).toBeGreaterThan(0);
    // one download, not one per file
    expect(callsTo(shell, 'GET /v1/common/oss/sign')).toHaveLength(0);
    click.mockRestore();
  });

  it("says 'Task Deletion Failed' when a delete fails", async () => {
    const { shell } = setup([video], {
      'POST /v1/ai/del/{id}': () => {
        throw new Error('nope');
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'More actions for Image to Video' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Delete' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(shell.toast.error).toHaveBeenCalledWith(USER_TEXTS.TASK_DELETION_FAILED));
  });

  it('downloads through a signed link (paid plans without the watermark through watermark_download)', async () => {
    const marked = makeTask({ ...video, task_id: 'marked', outputs: [{ ...output('video', 'w.mp4'), watermarked: true }] });
    const clicks: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.getAttribute('href') ?? '');
    });
    const { shell } = setup([video, marked], {
      'POST /v1/ai/create/{algorithm}': () => makeTask({ task_id: 'copy', algorithm: 'watermark_download', status: 'success', outputs: [output('video', 'original.mp4')] }),
    });
    await screen.findByTestId('library-grid');
    const [plainCard, markedCard] = screen.getAllByTestId('task-card');
    fireEvent.click(within(plainCard).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(clicks).toEqual(['/signed/u1/v.mp4']));
    fireEvent.click(within(markedCard).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(clicks).toEqual(['/signed/u1/v.mp4', '/files/original.mp4']));
    expect(callsTo(shell, 'POST /v1/ai/create/{algorithm}')[0]).toEqual({
      params: { algorithm: 'watermark_download' },
      body: { prev_task: 'marked', data: { file_path: 'u1/w.mp4' }, user_data: { module: 'image-to-video' } },
    });
    click.mockRestore();
  });

  it('asks a visitor to log in', () => {
    const shell = createShellDouble();
    routeApi(shell, {});
    renderRoute(<LibrariesPage />, { path: '/libraries', url: '/libraries', shell });
    expect(screen.getByText('Log in to see your creations.')).toBeInTheDocument();
  });
});
