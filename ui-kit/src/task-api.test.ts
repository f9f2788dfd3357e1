import type { ApiClient, Task, TaskOutput } from 'shared-contracts';
import { downloadLink, fileNameOf, startDownload } from './task-api';

const task = { task_id: 'abcdef123456', algorithm: 'text2image', user_data: { module: 'text-to-image' } } as Task;
const output = (watermarked: boolean): TaskOutput => ({ file_path: 'results/u1/abc.png', media: 'image', url: '/media/abc.png', watermarked }) as TaskOutput;

function apiAnswering(answers: Record<string, unknown>) {
  const call = jest.fn(async (key: string) => answers[key]);
  const api = { call, url: (path: string) => `https://api.test${path}` } as unknown as ApiClient;
  return { api, call };
}

describe('downloadLink', () => {
  it('a paid plan downloads the original through watermark_download', async () => {
    const { api, call } = apiAnswering({ 'POST /v1/ai/create/{algorithm}': { outputs: [{ url: '/media/clean.png' }] } });
    await expect(downloadLink(api, task, output(true), true)).resolves.toBe('https://api.test/media/clean.png');
    expect(call).toHaveBeenCalledWith('POST /v1/ai/create/{algorithm}', {
      params: { algorithm: 'watermark_download' },
      body: { prev_task: 'abcdef123456', data: { file_path: 'results/u1/abc.png' }, user_data: { module: 'text-to-image' } },
    });
  });

  it('the Free plan (or an output without a watermark) gets the stored file, signed as an attachment', async () => {
    const { api, call } = apiAnswering({ 'GET /v1/common/oss/sign': { sign_uri: '/signed/abc.png' } });
    await expect(downloadLink(api, task, output(true), false)).resolves.toBe('https://api.test/signed/abc.png');
    await expect(downloadLink(api, task, output(false), true)).resolves.toBe('https://api.test/signed/abc.png');
    expect(call).toHaveBeenCalledWith('GET /v1/common/oss/sign', { query: { oss_path: 'results/u1/abc.png', dispose: 'attachment' } });
    expect(call).not.toHaveBeenCalledWith('POST /v1/ai/create/{algorithm}', expect.anything());
  });
});

describe('fileNameOf', () => {
  it('names the file after the algorithm and the task, numbering the second output on', () => {
    expect(fileNameOf(task, output(false))).toBe('text2image-abcdef12.png');
    expect(fileNameOf(task, output(false), 0)).toBe('text2image-abcdef12.png');
    expect(fileNameOf(task, output(false), 2)).toBe('text2image-abcdef12-3.png');
  });
});

describe('startDownload', () => {
  it('clicks a hidden download link and removes it', () => {
    const clicked: HTMLAnchorElement[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    startDownload('https://api.test/signed/abc.png', 'a.png');
    expect(clicked).toHaveLength(1);
    expect(clicked[0].href).toBe('https://api.test/signed/abc.png');
    expect(clicked[0].download).toBe('a.png');
    expect(document.body.contains(clicked[0])).toBe(false);
    click.mockRestore();
  });
});
