import { useState } from 'react';
import { USER_TEXTS, useShell, type LibrarySelection, type LikeValue, type Task } from 'shared-contracts';
import { cancelTask, downloadLink, fileNameOf, retryTask, startDownload } from '@studio/ui-kit/task-api';
import { useAsk, type Ask } from '../../lib/ask-host';
import { messageOf } from '@studio/ui-kit/errors';
import { deleteTask, saveLike } from '../../tasks/api/tasks';
import type { TaskActions } from '../../tasks/components/task-card';
import { isUnfinished } from '../../tasks/state/task-list';
import { sayRetryRefused } from '../../tasks/utils/retry-refusal';

interface LibraryInput {
  /** a paid plan downloads without the watermark */
  paid: boolean;
  reload(): Promise<unknown>;
  onDeleted(): void;
}

/** the one confirmation of a delete, of one card or of a selection */
function confirmDelete(ask: Ask, count: number): Promise<boolean> {
  return ask.confirm({
    title: 'Delete',
    message: count === 1 ? 'Delete this creation and its files?' : `Delete these ${count} creations and their files?`,
    cancelLabel: 'Cancel',
    confirmLabel: 'Delete',
    testId: 'delete-confirm',
  });
}

/** Each card's actions: delete (after a confirm), retry, restart (after a confirm), cancel, like, download. */
function useCardActions({ paid, reload, onDeleted, setBusy }: LibraryInput & { setBusy(busy: boolean): void }): TaskActions {
  const shell = useShell();
  const ask = useAsk();

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

  async function remove(task: Task) {
    if (!(await confirmDelete(ask, 1))) return;
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

  /** runs an action and says its failure as a toast; `thenReload` reloads the page either way */
  async function attempt(action: () => Promise<unknown>, thenReload: boolean) {
    try {
      await action();
    } catch (error) {
      shell.toast.error(messageOf(error));
    }
    if (thenReload) await reload();
  }

  return {
    remove: (task) => void remove(task),
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
}

/** A selection's actions: delete (one call, after a confirm) and download (one zip the server streams). */
function useSelectionActions({ reload, onDeleted, setBusy }: Omit<LibraryInput, 'paid'> & { setBusy(busy: boolean): void }) {
  const shell = useShell();
  const ask = useAsk();

  async function removeMany(selection: LibrarySelection, count: number) {
    if (count === 0) return;
    if (!(await confirmDelete(ask, count))) return;
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

  /** one download, however many files */
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

  return { removeMany, downloadMany };
}

/**
 * What My Creations does with its tasks: each card's actions, and the bulk download and delete of a
 * selection. Every change reloads the page of the library; `busy` while a delete or a bulk action runs.
 */
export function useLibraryActions(input: LibraryInput) {
  const [busy, setBusy] = useState(false);
  const actions = useCardActions({ ...input, setBusy });
  const { removeMany, downloadMany } = useSelectionActions({ ...input, setBusy });
  return { actions, busy, removeMany, downloadMany };
}
