/** The calls a tool editor makes (spec section 7), over the shell's ApiClient; the upload is ui-kit's upload-api; retry, cancel and download its task-api. */
import type { ApiClient, Task, TaskUserData, TtsVoice } from 'shared-contracts';

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

export function listCreations(api: ApiClient, media: 'image' | 'video' | 'audio', page: number) {
  return api.call('POST /v1/ai/task', { body: { mi_preview: true, page, page_size: 20, media } });
}

export function listVoices(api: ApiClient): Promise<TtsVoice[]> {
  return api.call('GET /v1/ai/tts/voice', {});
}
