import { useCallback, useMemo, type Dispatch, type SetStateAction } from 'react';
import { USER_TEXTS, useShell, type LikeValue, type Task, type TaskOutput } from 'shared-contracts';
import { cancelTask, downloadLink, fileNameOf, retryTask, startDownload } from '@studio/ui-kit/task-api';
import { useAsk } from '../../lib/ask-host';
import { messageOf } from '@studio/ui-kit/errors';
import { deleteTask, saveLike, withLike } from '../api/tasks';
import { isUnfinished, type TaskListAction } from '../state/task-list';
import { sayRetryRefused } from '../utils/retry-refusal';

/** What the Generate List remembers of its tasks between renders. */
export interface TaskMemory {
  /** the last status seen of each task (a change is announced once) */
  known: Map<string, Task['status']>;
  /** when each task was first seen generating (the progress curve's start), epoch ms */
  since: Map<string, number>;
  /** tasks that finished during this visit (the leave guard asks about them until downloaded) */
  finishedHere: Set<string>;
}

export interface TaskListActionsInput {
  dispatch: Dispatch<TaskListAction>;
  memory: TaskMemory;
  setTotal: Dispatch<SetStateAction<number>>;
  setDownloaded: Dispatch<SetStateAction<ReadonlySet<string>>>;
  /** a paid plan downloads without the watermark */
  paid: boolean;
}

/**
 * The Generate List's actions: add, delete, retry, cancel, restart (confirm, cancel, retry), like
 * (optimistic) and download. Each announces the change on the bus (tasks:changed, credits:changed) and
 * refreshes the user where credits came back.
 */
export function useTaskListActions({ dispatch, memory, setTotal, setDownloaded, paid }: TaskListActionsInput) {
  const shell = useShell();
  const ask = useAsk();

  const addTask = useCallback(
    (task: Task) => {
      memory.known.set(task.task_id, task.status);
      dispatch({ type: 'addTask', task });
      setTotal((value) => value + 1);
      shell.bus.emit('tasks:changed', { taskId: task.task_id, status: task.status });
      if (typeof task.balance === 'number') shell.bus.emit('credits:changed', { credits: task.balance });
    },
    [shell, memory, dispatch, setTotal],
  );

  const remove = useCallback(
    async (task: Task) => {
      try {
        await deleteTask(shell.api, task.task_id);
        dispatch({ type: 'delTask', taskId: task.task_id });
        setTotal((value) => Math.max(0, value - 1));
        memory.finishedHere.delete(task.task_id);
        shell.bus.emit('tasks:changed', { taskId: task.task_id, status: 'deleted' });
        if (isUnfinished(task)) void shell.session.refreshUser();
      } catch (error) {
        console.warn('[remote-create] delete failed', error);
        shell.toast.error(USER_TEXTS.TASK_DELETION_FAILED);
      }
    },
    [shell, memory, dispatch, setTotal],
  );

  const retry = useCallback(
    async (task: Task) => {
      try {
        const fresh = await retryTask(shell.api, task.task_id);
        memory.known.set(fresh.task_id, fresh.status);
        memory.since.delete(fresh.task_id);
        memory.finishedHere.delete(fresh.task_id);
        dispatch({ type: 'retryTask', task: fresh });
        shell.bus.emit('tasks:changed', { taskId: fresh.task_id, status: fresh.status });
        if (typeof fresh.balance === 'number') shell.bus.emit('credits:changed', { credits: fresh.balance });
      } catch (error) {
        sayRetryRefused(shell, task, error, USER_TEXTS.GENERATION_FAILED_LATER);
      }
    },
    [shell, memory, dispatch],
  );

  const cancel = useCallback(
    async (task: Task) => {
      try {
        const after = await cancelTask(shell.api, task.task_id);
        memory.known.set(after.task_id, after.status);
        dispatch({ type: 'updateTask', task: after });
        shell.bus.emit('tasks:changed', { taskId: after.task_id, status: after.status });
        void shell.session.refreshUser();
      } catch (error) {
        shell.toast.error(messageOf(error));
      }
    },
    [shell, memory, dispatch],
  );

  const restart = useCallback(
    async (task: Task) => {
      const yes = await ask.confirm({ title: 'Restart', message: USER_TEXTS.RESTART_CONFIRM, cancelLabel: 'No', confirmLabel: 'Yes', testId: 'restart-confirm' });
      if (!yes) return;
      if (isUnfinished(task)) {
        try {
          await cancelTask(shell.api, task.task_id);
        } catch (error) {
          // it finished meanwhile: run it again only if it did not succeed
          console.warn('[remote-create] cancel before restart failed', error);
        }
      }
      await retry(task);
      void shell.session.refreshUser();
    },
    [ask, retry, shell],
  );

  const like = useCallback(
    async (task: Task, value: LikeValue) => {
      dispatch({ type: 'updateTask', task: withLike(task, value) });
      try {
        await saveLike(shell.api, task, value);
      } catch (error) {
        dispatch({ type: 'updateTask', task });
        shell.toast.error(messageOf(error));
      }
    },
    [shell, dispatch],
  );

  const download = useCallback(
    async (task: Task, output: TaskOutput, index: number) => {
      try {
        const url = await downloadLink(shell.api, task, output, paid);
        startDownload(url, fileNameOf(task, output, index));
        setDownloaded((previous) => new Set(previous).add(task.task_id));
      } catch (error) {
        shell.toast.error(messageOf(error));
      }
    },
    [paid, shell, setDownloaded],
  );

  return useMemo(() => ({ addTask, remove, retry, cancel, restart, like, download }), [addTask, remove, retry, cancel, restart, like, download]);
}
