/** The task calls of spec section 7 this remote makes, over the shell's ApiClient; retry, cancel and download are ui-kit's task-api. */
import type { ApiClient, LikeValue, ReportReason, Task, TaskUserData } from 'shared-contracts';

export function listTasks(api: ApiClient, body: { module?: string; page: number; page_size: number; media?: 'video' | 'image' | 'audio' }) {
  return api.call('POST /v1/ai/task', { body });
}

export function batchResults(api: ApiClient, ids: string[]) {
  return api.call('POST /v1/ai/result/batch', { body: { task_ids: ids } });
}

export function deleteTask(api: ApiClient, id: string) {
  return api.call('POST /v1/ai/del/{id}', { params: { id } });
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

/** The task as it reads once `like` is saved (-1 takes the like away), shown before the server answers. */
export function withLike(task: Task, like: LikeValue): Task {
  const info = { ...(task.user_data.likeOrNotInfo ?? {}) };
  if (like === -1) delete info.task;
  else info.task = like;
  return { ...task, user_data: { ...task.user_data, likeOrNotInfo: info } };
}

/** A report of a result (the fixed reasons of spec section 3, or Other with a text), sent as feedback. */
export function reportTask(api: ApiClient, task: Task, reason: ReportReason, other: string) {
  const content = `Report of a generated result. Task ${task.task_id} (${task.algorithm}). Reason: ${reason}${reason === 'Other' && other.trim() ? ` - ${other.trim()}` : ''}`;
  return api.call('POST /v1/feedback', { body: { content, source: { fid: 'task-report', page: `task:${task.task_id}` } } });
}
