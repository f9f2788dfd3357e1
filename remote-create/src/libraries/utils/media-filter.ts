/** My Creations' media filter: which kind of media a task made, and which tasks are not creations at all. */
import type { Task } from 'shared-contracts';
import { ALGORITHMS, resolveAlgorithm } from 'shared-contracts/algorithms';

export type MediaFilter = 'all' | 'video' | 'image' | 'audio';
export const MEDIA_FILTERS: { id: MediaFilter; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'video', label: 'Video' },
  { id: 'image', label: 'Image' },
  { id: 'audio', label: 'Audio' },
];

/** The media an algorithm (or an alias a screen sends) makes, from the contract's one catalogue. */
function mediaOfAlgorithm(name: string): 'video' | 'image' | 'audio' | null {
  const id = resolveAlgorithm(name);
  const output = id ? ALGORITHMS[id].output : null;
  return output === 'video' || output === 'image' || output === 'audio' ? output : null;
}

/** Checks that run before a generation: tasks of the system, not creations of the user. */
const CHECKS = new Set(['t_sensitive_detect', 'i_sensitive_detect', 'v_sensitive_detect', 'image_fkp', 'face_check', 'watermark_download']);

export function mediaOf(task: Task): 'video' | 'image' | 'audio' | null {
  return task.outputs[0]?.media ?? mediaOfAlgorithm(task.algorithm);
}

export function isCreation(task: Task): boolean {
  return !CHECKS.has(task.algorithm);
}

export function matchesFilter(task: Task, filter: MediaFilter): boolean {
  if (!isCreation(task)) return false;
  return filter === 'all' || mediaOf(task) === filter;
}
