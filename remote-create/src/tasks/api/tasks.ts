/** The task calls of spec section 7 this remote makes, over the shell's ApiClient. */
import type { ApiClient, LikeValue, ReportReason, Task, TaskOutput, TaskUserData } from 'shared-contracts';

export function listTasks(api: ApiClient, body: { module?: string; page: number; page_size: number; media?: 'video' | 'image' | 'audio' }) {
  return api.call('POST /v1/ai/task', { body });
}

export function batchResults(api: ApiClient, ids: string[]) {
  return api.call('POST /v1/ai/result/batch', { body: { task_ids: ids } });
}

export function deleteTask(api: ApiClient, id: string) {
  return api.call('POST /v1/ai/del/{id}', { params: { id } });
}

export function retryTask(api: ApiClient, id: string) {
  return api.call('POST /v1/ai/retry', { body: { task_id: id } });
}

export function cancelTask(api: ApiClient, id: string) {
  return api.call('POST /v1/ai/cancel/{id}', { params: { id } });
}

/** The like of spec section 3: 1 like, 0 dislike, -1 cancel. */
export function saveLike(api: ApiClient, task: Task, like: LikeValue) {
  const userData: TaskUserData & { like: LikeValue } = { ...task.user_data, like };
  return api.call('POST /v1/ai/task/data_save', { body: { taskId: task.task_id, save_type: 'like', user_data: userData } });
}

export function likeOf(task: Task): LikeValue {
  const value = task.user_data.likeOrNotInfo?.task;
  return value === 1 || value === 0 ? value : -1;
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

export function fileNameOf(task: Task, output: TaskOutput, index: number): string {
  const extension = output.file_path.split('.').pop() ?? (output.media === 'image' ? 'png' : output.media === 'video' ? 'mp4' : 'mp3');
  return `${task.algorithm}-${task.task_id.slice(0, 8)}${index > 0 ? `-${index + 1}` : ''}.${extension}`;
}

/** A report of a result (the fixed reasons of spec section 3, or Other with a text), sent as feedback. */
export function reportTask(api: ApiClient, task: Task, reason: ReportReason, other: string) {
  const content = `Report of a generated result. Task ${task.task_id} (${task.algorithm}). Reason: ${reason}${reason === 'Other' && other.trim() ? ` - ${other.trim()}` : ''}`;
  return api.call('POST /v1/feedback', { body: { content, source: { fid: 'task-report', page: `task:${task.task_id}` } } });
}
