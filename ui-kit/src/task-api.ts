/**
 * The task calls every remote that shows results makes (spec section 7), over the shell's ApiClient: run a
 * task again, cancel it, and download an output (link, file name, the download itself).
 */
import { resultFileName, type ApiClient, type Task, type TaskOutput } from 'shared-contracts';

export function retryTask(api: ApiClient, id: string) {
  return api.call('POST /v1/ai/retry', { body: { task_id: id } });
}

export function cancelTask(api: ApiClient, id: string) {
  return api.call('POST /v1/ai/cancel/{id}', { params: { id } });
}

/**
 * A link that downloads an output: paid plans go through watermark_download (the original, without the
 * watermark); the Free plan gets its result as stored, signed for download.
 */
export async function downloadLink(api: ApiClient, task: Task, output: TaskOutput, paid: boolean): Promise<string> {
  if (paid && output.watermarked) {
    const copy = await api.call('POST /v1/ai/create/{algorithm}', {
      params: { algorithm: 'watermark_download' },
      body: { prev_task: task.task_id, data: { file_path: output.file_path }, user_data: { module: task.user_data.module } },
    });
    const url = copy.outputs[0]?.url;
    if (url) return api.url(url);
  }
  const signed = await api.call('GET /v1/common/oss/sign', { query: { oss_path: output.file_path, dispose: 'attachment' } });
  return api.url(signed.sign_uri);
}

/** Starts a download of a URL in this page (the server answers it as an attachment). */
export function startDownload(url: string, filename: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** A result's file name (the contract's one rule, which the server's zip uses too). */
export const fileNameOf = resultFileName;
