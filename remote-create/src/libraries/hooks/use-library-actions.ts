import { useState } from 'react';
import { USER_TEXTS, useShell, type LibrarySelection, type LikeValue, type Task } from 'shared-contracts';
import { cancelTask, downloadLink, fileNameOf, retryTask, startDownload } from '@studio/ui-kit/task-api';
import { useAsk } from '../../lib/ask-host';
import { messageOf } from '@studio/ui-kit/errors';
import { deleteTask, saveLike } from '../../tasks/api/tasks';
import type { TaskActions } from '../../tasks/components/task-card';
import { isUnfinished } from '../../tasks/state/task-list';
import { sayRetryRefused } from '../../tasks/utils/retry-refusal';

/**
 * What My Creations does with its tasks: each card's actions, and the bulk download (one zip the server
 * streams) and delete (one call) of a selection. Every change reloads the page of the library; `busy`
 * while a bulk action runs.
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

  /** one card's delete, after a confirm */
  async function removeOne(task: Task) {
    const yes = await ask.confirm({ title: 'Delete', message: 'Delete this creation and its files?', cancelLabel: 'Cancel', confirmLabel: 'Delete', testId: 'delete-confirm' });
    if (!yes) return;
    setBusy(true);
    try {
      await deleteTask(shell.api, task.task_id);
      shell.bus.emit('tasks:changed', { taskId: task.task_id, status: 'deleted' });
    } catch {
      shell.toast.error(USER_TEXTS.TASK_DELETION_FAILED);
    }
    setBusy(false);
    if (isUnfinished(task)) void shell.session.refreshUser();
    onDeleted();
    await reload();
  }

  /** the selection's delete, in one call, after a confirm */
  async function removeMany(selection: LibrarySelection, count: number) {
    if (count === 0) return;
    const yes = await ask.confirm({
      title: 'Delete',
      message: count === 1 ? 'Delete this creation and its files?' : `Delete these ${count} creations and their files?`,
      cancelLabel: 'Cancel',
      confirmLabel: 'Delete',
      testId: 'delete-confirm',
    });
    if (!yes) return;
    setBusy(true);
    try {
      const result = await shell.api.call('POST /v1/ai/del/batch', { body: selection });
      if (result.failed > 0) shell.toast.error(USER_TEXTS.TASK_DELETION_FAILED);
    } catch {
      shell.toast.error(USER_TEXTS.TASK_DELETION_FAILED);
    }
    setBusy(false);
    // a running task among them gave its held credits back
    void shell.session.refreshUser();
    onDeleted();
    await reload();
  }

  /** the selection as one zip, streamed by the server: one download, however many files */
  async function downloadMany(selection: LibrarySelection) {
    setBusy(true);
    try {
      const link = await shell.api.call('POST /v1/ai/download/zip', { body: selection });
      startDownload(shell.api.url(link.url), '');
      shell.toast.info(`Downloading ${link.files} file${link.files === 1 ? '' : 's'} as one zip.`);
    } catch (error) {
      shell.toast.error(messageOf(error));
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
    remove: (task) => void removeOne(task),
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
