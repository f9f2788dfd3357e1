import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { TASK_PAGE_SIZE, TASK_RESULT_DAYS, USER_TEXTS, useShell, type LikeValue, type Task } from 'shared-contracts';
import { Button } from '@studio/ui-kit/button';
import { PageFrame } from '@studio/ui-kit/page-frame';
import { AskHost, useAsk } from '../../lib/ask-host';
import { isInsufficientCredits, messageOf } from '../../lib/errors';
import { theme } from '@studio/ui-kit/theme';
import { cancelTask, downloadLink, fileNameOf, retryTask, startDownload } from '@studio/ui-kit/task-api';
import { deleteTask, saveLike } from '../../tasks/api/tasks';
import { TaskCard, type TaskActions } from '../../tasks/components/task-card';
import { useNow } from '../../tasks/hooks/use-now';
import { isUnfinished } from '../../tasks/state/task-list';
import { useLibrary } from '../hooks/use-library';
import { MEDIA_FILTERS, type MediaFilter } from '../utils/media-filter';

/** My Creations (/libraries): every task of the user, filtered by media, paged, previewed, downloaded, deleted. */
export function LibrariesPage() {
  return (
    <AskHost>
      <LibrariesBody />
    </AskHost>
  );
}

function LibrariesBody() {
  const shell = useShell();
  const ask = useAsk();
  const session = useSnapshot(shell.session.state);
  const [filter, setFilter] = useState<MediaFilter>('all');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const library = useLibrary(filter, page);
  const tasks = library.data?.tasks ?? [];
  const total = library.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / TASK_PAGE_SIZE));
  const now = useNow(tasks.some((task) => task.status === 'generating' && !task.progress));

  useEffect(() => setSelected(new Set()), [filter, page, session.user?.uid]);
  // a page emptied by deletions: step back
  useEffect(() => {
    if (library.data && page > pages) setPage(pages);
  }, [library.data, page, pages]);

  const chosen = tasks.filter((task) => selected.has(task.task_id));
  const downloadable = chosen.filter((task) => task.status === 'success' && task.outputs.length > 0);

  async function download(task: Task, index: number) {
    const output = task.outputs[index];
    if (!output) return;
    try {
      const url = await downloadLink(shell.api, task, output, session.flags.isSubscribed);
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
    setSelected(new Set());
    await library.reload();
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

  const actions: TaskActions = {
    remove: (task) => void removeMany([task]),
    retry: (task) =>
      void (async () => {
        try {
          const fresh = await retryTask(shell.api, task.task_id);
          if (typeof fresh.balance === 'number') shell.bus.emit('credits:changed', { credits: fresh.balance });
          await library.reload();
        } catch (error) {
          if (isInsufficientCredits(error)) {
            shell.toast.warn(`Not enough credits to run this task again (${task.cost} credits).`);
            shell.bus.emit('billing:open', { tab: 'credits', reason: 'insufficient-credits' });
          } else shell.toast.error(messageOf(error));
        }
      })(),
    restart: (task) =>
      void (async () => {
        const yes = await ask.confirm({ title: 'Restart', message: USER_TEXTS.RESTART_CONFIRM, cancelLabel: 'No', confirmLabel: 'Yes', testId: 'restart-confirm' });
        if (!yes) return;
        try {
          if (isUnfinished(task)) await cancelTask(shell.api, task.task_id).catch(() => undefined);
          const fresh = await retryTask(shell.api, task.task_id);
          if (typeof fresh.balance === 'number') shell.bus.emit('credits:changed', { credits: fresh.balance });
        } catch (error) {
          shell.toast.error(messageOf(error));
        }
        await library.reload();
      })(),
    cancel: (task) =>
      void (async () => {
        try {
          await cancelTask(shell.api, task.task_id);
          void shell.session.refreshUser();
        } catch (error) {
          shell.toast.error(messageOf(error));
        }
        await library.reload();
      })(),
    like: (task: Task, value: LikeValue) =>
      void (async () => {
        try {
          await saveLike(shell.api, task, value);
          await library.reload();
        } catch (error) {
          shell.toast.error(messageOf(error));
        }
      })(),
    download: (task, index) => void download(task, index),
  };

  function toggle(id: string) {
    setSelected((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  const allChosen = tasks.length > 0 && tasks.every((task) => selected.has(task.task_id));

  return (
    <PageFrame title="My Creations" subtitle={`Everything you created, across every mode. Results are kept ${TASK_RESULT_DAYS} days.`}>
      <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 12 }}>
        <div role="tablist" aria-label="Media type" css={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
          {MEDIA_FILTERS.map((item) => (
            <button
              key={item.id}
              type="button"
              role="tab"
              aria-selected={filter === item.id}
              onClick={() => {
                setFilter(item.id);
                setPage(1);
              }}
              css={{
                padding: '8px 16px',
                borderRadius: 999,
                border: `1px solid ${filter === item.id ? theme.link : theme.border}`,
                background: filter === item.id ? theme.surfaceRaised : 'transparent',
                color: theme.text,
                font: 'inherit',
                fontSize: 14,
                cursor: 'pointer',
                '&:focus-visible': { outline: `2px solid ${theme.focus}`, outlineOffset: 2 },
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
        {session.flags.isLogin ? (
          <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}>
            <label css={{ display: 'flex', alignItems: 'center', gap: 6, fontSize: 14 }}>
              <input
                type="checkbox"
                checked={allChosen}
                disabled={tasks.length === 0}
                onChange={() => setSelected(allChosen ? new Set() : new Set(tasks.map((task) => task.task_id)))}
                css={{ width: 18, height: 18, accentColor: theme.primary }}
              />
              Select all
            </label>
            <Button variant="ghost" disabled={busy || downloadable.length === 0} onClick={() => void downloadMany(downloadable)}>
              Download{downloadable.length ? ` (${downloadable.length})` : ''}
            </Button>
            <Button variant="ghost" disabled={busy || chosen.length === 0} onClick={() => void removeMany(chosen)}>
              Delete{chosen.length ? ` (${chosen.length})` : ''}
            </Button>
          </div>
        ) : null}
      </div>

      {!session.flags.isLogin ? (
        <div css={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 8 }}>
          <p css={{ margin: 0, color: theme.textMuted }}>Log in to see your creations.</p>
          <Button variant="secondary" onClick={() => shell.bus.emit('account:login-required', { reason: 'libraries' })}>
            Log in
          </Button>
        </div>
      ) : null}
      {library.loading && !library.data ? <p css={{ margin: 0, color: theme.textMuted }}>Loading your creations…</p> : null}
      {library.error ? (
        <p role="alert" css={{ margin: 0, color: theme.danger }}>
          {library.error}
        </p>
      ) : null}
      {session.flags.isLogin && library.data && tasks.length === 0 ? (
        <p css={{ margin: 0, color: theme.textMuted }}>{filter === 'all' ? 'Nothing here yet: what you create appears here.' : `No ${filter} creations yet.`}</p>
      ) : null}

      {tasks.length > 0 ? (
        <div data-testid="library-grid" css={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', alignItems: 'start' }}>
          {tasks.map((task) => (
            <TaskCard
              key={task.task_id}
              task={task}
              now={now}
              actions={actions}
              compact
              leading={
                <input
                  type="checkbox"
                  aria-label={`Select ${task.user_data.name || task.algorithm} of ${new Date(task.created_at * 1000).toLocaleString()}`}
                  checked={selected.has(task.task_id)}
                  onChange={() => toggle(task.task_id)}
                  css={{ width: 18, height: 18, accentColor: theme.primary, flexShrink: 0 }}
                />
              }
            />
          ))}
        </div>
      ) : null}

      {total > TASK_PAGE_SIZE ? (
        <nav aria-label="Pages" css={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 12 }}>
          <Button variant="ghost" disabled={page <= 1} onClick={() => setPage((value) => Math.max(1, value - 1))}>
            Previous
          </Button>
          <span css={{ fontSize: 14, color: theme.textMuted }} aria-current="page">
            Page {page} of {pages}
          </span>
          <Button variant="ghost" disabled={page >= pages} onClick={() => setPage((value) => Math.min(pages, value + 1))}>
            Next
          </Button>
        </nav>
      ) : null}
    </PageFrame>
  );
}
