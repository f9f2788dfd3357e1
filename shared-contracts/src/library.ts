/**
 * My Creations' bulk actions (issue 27): a selection names tasks, or takes every task of the library (of one
 * media) created up to a moment, but the ones left out; the server zips the results of a selection into one
 * download and deletes a selection at once. And the one rule for a result's file name, which the browser's
 * single downloads and the server's zip both use.
 */
import type { Task, TaskOutput } from './task-entities.js';

export type LibraryMedia = 'video' | 'image' | 'audio';

/** Tasks named one by one: at most this many (a bigger selection is "all, but ..."). */
export const LIBRARY_SELECTION_IDS_MAX = 100;

export interface LibrarySelection {
  /** these tasks (at most LIBRARY_SELECTION_IDS_MAX) */
  task_ids?: string[];
  /** or the whole library: tasks of this media (every media when absent) created up to `before` (seconds), less `except` */
  all?: { media?: LibraryMedia; before: number; except?: string[] };
}

/** The zip of a selection: a signed link the browser downloads as one file (streamed), and how many files it holds. */
export interface LibraryZipLink {
  url: string;
  files: number;
}

export interface LibraryDeleteResult {
  deleted: number;
  failed: number;
}

/** `<algorithm>-<first 8 of the task id>[-<n>].<extension of the stored file>`; the second output on is numbered. */
export function resultFileName(task: Pick<Task, 'algorithm' | 'task_id'>, output: Pick<TaskOutput, 'file_path'>, index = 0): string {
  const extension = output.file_path.split('.').pop();
  return `${task.algorithm}-${task.task_id.slice(0, 8)}${index > 0 ? `-${index + 1}` : ''}.${extension}`;
}

declare module './calls.js' {
  interface ApiCallMap {
    /** one zip of every result of the selection (finished tasks only) */
    'POST /v1/ai/download/zip': { query: void; body: LibrarySelection; data: LibraryZipLink };
    /** deletes every task of the selection (a running one is cancelled first), as POST /v1/ai/del/{id} does one */
    'POST /v1/ai/del/batch': { query: void; body: LibrarySelection; data: LibraryDeleteResult };
  }
}
