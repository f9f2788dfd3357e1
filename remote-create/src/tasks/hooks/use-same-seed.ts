/**
 * 'Same seed': the create call a task kept (user_data.request) sent again with the task's seed, so the
 * result comes out the same; the new task joins the Generate List like any other.
 */
import { useCallback } from 'react';
import { USER_TEXTS, useShell, type Task } from 'shared-contracts';
import { isInsufficientCredits, messageOf } from '@studio/ui-kit/errors';

export function sameSeedCall(task: Task): { algorithm: string; data: Record<string, unknown>; user_data: Task['user_data'] } | null {
  const request = task.user_data.request;
  if (!request || typeof task.seed !== 'number') return null;
  const { likeOrNotInfo: _likes, ...userData } = task.user_data;
  void _likes;
  return { algorithm: request.algorithm, data: { ...request.data, seed: task.seed }, user_data: userData };
}

export function useSameSeed(addTask: (task: Task) => void): (task: Task) => Promise<void> {
  const shell = useShell();
  return useCallback(
    async (task: Task) => {
      const call = sameSeedCall(task);
      if (!call) return;
      try {
        const created = await shell.api.call('POST /v1/ai/create/{algorithm}', { params: { algorithm: call.algorithm }, body: { data: call.data, user_data: call.user_data } });
        addTask(created);
        shell.track('generate_created', { algorithm: call.algorithm, cost: created.cost, same_seed: true });
      } catch (error) {
        if (isInsufficientCredits(error)) {
          shell.toast.warn(messageOf(error, 'Not enough credits'));
          shell.bus.emit('billing:open', { tab: 'credits', reason: 'insufficient-credits' });
          return;
        }
        shell.toast.error(messageOf(error, USER_TEXTS.GENERATION_FAILED_LATER));
      }
    },
    [addTask, shell],
  );
}
