import { useState } from 'react';
import { USER_TEXTS, useShell, type LikeValue, type Task } from 'shared-contracts';
import { cancelTask, downloadLink, fileNameOf, retryTask, startDownload } from '@studio/ui-kit/task-api';
import { useAsk } from '../../lib/ask-host';
import { messageOf } from '../../lib/errors';
import { deleteTask, saveLike } from '../../tasks/api/tasks';
import type { TaskActions } from '../../tasks/components/task-card';
import { isUnfinished } from '../../tasks/state/task-list';
import { sayRetryRefused } from '../../tasks/utils/retry-refusal';

/**
 * What My Creations does with its tasks: each card's actions, and the bulk download and delete of a
 * selection. Every change reloads the page of the library; `busy` while a bulk action runs.
 */
export function useLibraryActions({ paid, reload, onDeleted }: { paid: boolean; reload(): Promise<unknown>; onDeleted(): void }) {
  const shell = useShell();
  const ask = useAsk();
  const [busy, setBusy] = useState(false);

  async function download(task: Task, index: number) {
    const output = task.outputs[index];
    if (!output) return;
    try {
      const url = await downloadLink(shell.api, task, output, paid);
      startDownload(url, fileNameOf(task, output, index));
    } catch (error) {
      shell.toast.error(messageOf(error));
    }
  }

  async function removeMany(list: Task[]) {
    if (list.length === 0) return;
    const yes = await ask.confirm({
      title: 'Delete',
      message: list.length === 1 ? 'Delete this creation and its files?' : `Delete these ${list.length} creations and their files?`,
      cancelLabel: 'Cancel',
      confirmLabel: 'Delete',
      testId: 'delete-confirm',
    });
    if (!yes) return;
    setBusy(true);
    const results = await Promise.allSettled(list.map((task) => deleteTask(shell.api, task.task_id)));
    setBusy(false);
    if (results.some((result) => result.status === 'rejected')) shell.toast.error(USER_TEXTS.TASK_DELETION_FAILED);
    for (const [index, result] of results.entries()) {
      if (result.status === 'fulfilled') shell.bus.emit('tasks:changed', { taskId: list[index].task_id, status: 'deleted' });
    }
    if (list.some(isUnfinished)) void shell.session.refreshUser();
    onDeleted();
    await reload();
  }

  async function downloadMany(list: Task[]) {
    setBusy(true);
    for (const task of list) {
      for (let index = 0; index < task.outputs.length; index += 1) {
        await download(task, index);
        // browsers drop downloads started in the same instant
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    }
    setBusy(false);
  }

  /** runs an action and says its failure as a toast; `thenReload` reloads the page either way */
  async function attempt(action: () => Promise<unknown>, thenReload: boolean) {
    try {
      await action();
    } catch (error) {
      shell.toast.error(messageOf(error));
    }
    if (thenReload) await reload();
  }

  const actions: TaskActions = {
    remove: (task) => void removeMany([task]),
    retry: (task) =>
      void (async () => {
        try {
          const fresh = await retryTask(shell.api, task.task_id);
          if (typeof fresh.balance === 'number') shell.bus.emit('credits:changed', { credits: fresh.balance });
          await reload();
        } catch (error) {
          sayRetryRefused(shell, task, error);
        }
      })(),
    restart: (task) =>
      void (async () => {
        const yes = await ask.confirm({ title: 'Restart', message: USER_TEXTS.RESTART_CONFIRM, cancelLabel: 'No', confirmLabel: 'Yes', testId: 'restart-confirm' });
        if (!yes) return;
        await attempt(async () => {
          if (isUnfinished(task)) await cancelTask(shell.api, task.task_id).catch(() => undefined);
          const fresh = await retryTask(shell.api, task.task_id);
          if (typeof fresh.balance === 'number') shell.bus.emit('credits:changed', { credits: fresh.balance });
        }, true);
      })(),
    cancel: (task) =>
      void attempt(async () => {
        await cancelTask(shell.api, task.task_id);
        void shell.session.refreshUser();
      }, true),
    like: (task: Task, value: LikeValue) =>
      void attempt(async () => {
        await saveLike(shell.api, task, value);
        await reload();
      }, false),
    download: (task, index) => void download(task, index),
  };

  return { actions, busy, removeMany, downloadMany };
}
