/** The calls a tool editor makes (spec section 7), over the shell's ApiClient. */
import type { ApiClient, Task, TaskOutput, TaskUserData, TtsVoice, UploadProgress, UploadResult } from 'shared-contracts';

export async function uploadFile(api: ApiClient, algorithm: string, file: Blob, onProgress: (p: UploadProgress) => void, signal: AbortSignal): Promise<UploadResult> {
  const grant = await api.call('GET /v1/common/oss/token', { query: { algorithm } }, { signal });
  return api.upload<UploadResult>(grant.upload_url, file, onProgress, signal);
}

export function costOf(api: ApiClient, algorithm: string, query: Record<string, string>) {
  return api.call('GET /v1/ai/cost/{algorithm}', { params: { algorithm }, query });
}

export function createTask(api: ApiClient, algorithm: string, data: Record<string, unknown>, userData: TaskUserData, expectedCost: number | null, signal?: AbortSignal) {
  return api.call(
    'POST /v1/ai/create/{algorithm}',
    { params: { algorithm }, body: { data, user_data: userData, ...(expectedCost !== null ? { expected_cost: expectedCost } : {}) } },
    { signal },
  );
}

export function taskResult(api: ApiClient, task: Pick<Task, 'algorithm' | 'task_id'>, signal?: AbortSignal) {
  return api.call('GET /v1/ai/result/{kind}/{id}', { params: { kind: task.algorithm, id: task.task_id } }, { signal });
}

export function cancelTask(api: ApiClient, id: string) {
  return api.call('POST /v1/ai/cancel/{id}', { params: { id } });
}

export function retryTask(api: ApiClient, id: string) {
  return api.call('POST /v1/ai/retry', { body: { task_id: id } });
}

export function listCreations(api: ApiClient, media: 'image' | 'video' | 'audio', page: number) {
  return api.call('POST /v1/ai/task', { body: { mi_preview: true, page, page_size: 20, media } });
}

export function listVoices(api: ApiClient): Promise<TtsVoice[]> {
  return api.call('GET /v1/ai/tts/voice', {});
}

/**
 * A link that downloads an output: a paid plan gets the original without the watermark (watermark_download);
 * the Free plan gets the result as stored (watermarked), signed as an attachment.
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

export function fileNameOf(task: Task, output: TaskOutput): string {
  const extension = output.file_path.split('.').pop() ?? 'bin';
  return `${task.algorithm}-${task.task_id.slice(0, 8)}.${extension}`;
}
