/** A task as the API answers it, for tests (product code never imports this file). */
import type { Task } from 'shared-contracts';

export function makeTask(overrides: Partial<Task> = {}): Task {
  return {
    task_id: 't1',
    algorithm: 'text2image',
    status: 'queued',
    progress: null,
    queue_position: 1,
    reason: null,
    user_data: { module: 'text-to-image' },
    prev_task: null,
    file_path: null,
    outputs: [],
    cost: 4,
    created_at: 100,
    expire_at: null,
    ...overrides,
  };
}
