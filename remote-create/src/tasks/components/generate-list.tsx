import { useSnapshot } from 'valtio';
import { TASK_RESULT_DAYS, useShell, type Task } from 'shared-contracts';
import { Button } from '@studio/ui-kit/button';
import { useAsk } from '../../lib/ask-host';
import { media, theme } from '@studio/ui-kit/theme';
import type { GenerateListApi } from '../hooks/use-generate-list';
import { useNow } from '../hooks/use-now';
import { useSameSeed } from '../hooks/use-same-seed';
import { TaskCard, type TaskActions } from './task-card';

/** The Generate List: this screen's tasks with their states, results and actions. */
export function GenerateList({ list }: { list: GenerateListApi }) {
  const shell = useShell();
  const ask = useAsk();
  const session = useSnapshot(shell.session.state);
  const ticking = list.tasks.some((task) => task.status === 'generating' && !task.progress);
  const now = useNow(ticking);
  const sameSeed = useSameSeed(list.addTask);

  const actions: TaskActions = {
    remove: (task: Task) =>
      void (async () => {
        const yes = await ask.confirm({ title: 'Delete', message: 'Delete this task and its results from your cloud space?', cancelLabel: 'Cancel', confirmLabel: 'Delete', testId: 'delete-confirm' });
        if (yes) await list.remove(task);
      })(),
    retry: (task) => void list.retry(task),
    restart: (task) => void list.restart(task),
    cancel: (task) => void list.cancel(task),
    like: (task, value) => void list.like(task, value),
    download: (task, index) => void list.download(task, task.outputs[index], index),
    sameSeed: (task) => void sameSeed(task),
  };

  return (
    <section
      aria-labelledby="generate-list-title"
      data-testid="generate-list"
      css={{
        display: 'flex',
        flexDirection: 'column',
        gap: 12,
        padding: 20,
        borderRadius: theme.radiusLarge,
        background: theme.surface,
        border: `1px solid ${theme.border}`,
        minHeight: 320,
        alignSelf: 'start',
        // beside the form (from 960) the list stays in view however far the form scrolls (the header is 60px high)
        [media.columns]: { position: 'sticky', top: 'calc(var(--shell-top-h, 60px) + 16px)', maxHeight: 'calc(100vh - var(--shell-top-h, 60px) - 32px)', overflowY: 'auto' },
        [media.phone]: { minHeight: 0, padding: 14 },
      }}
    >
      <div css={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 8 }}>
        <h2 id="generate-list-title" css={{ margin: 0, fontSize: 18 }}>
          Generate List
        </h2>
        {list.total > 0 ? <span css={{ fontSize: 13, color: theme.textMuted }}>{list.total} task{list.total === 1 ? '' : 's'}</span> : null}
      </div>
      <p css={{ margin: 0, fontSize: 13, color: theme.textMuted }}>Results are kept {TASK_RESULT_DAYS} days.</p>

      {!session.flags.isLogin ? (
        <div css={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 8 }}>
          <p css={{ margin: 0, color: theme.textMuted }}>Log in to generate; your tasks and their results appear here.</p>
          <Button variant="secondary" onClick={() => shell.bus.emit('account:login-required', { reason: 'generate-list' })}>
            Log in
          </Button>
        </div>
      ) : null}
      {session.flags.isLogin && list.loading ? <p css={{ margin: 0, color: theme.textMuted }}>Loading your tasks…</p> : null}
      {list.loadError ? (
        <p role="alert" css={{ margin: 0, color: theme.danger }}>
          {list.loadError}
        </p>
      ) : null}
      {session.flags.isLogin && !list.loading && !list.loadError && list.tasks.length === 0 ? (
        <p css={{ margin: 0, color: theme.textMuted }}>Nothing here yet. Your creations will appear here as soon as you press Generate.</p>
      ) : null}

      <div css={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
        {list.tasks.map((task) => (
          <TaskCard key={task.task_id} task={task} now={now} since={list.generatingSince.get(task.task_id)} actions={actions} />
        ))}
      </div>
      {list.hasMore ? (
        <Button variant="ghost" onClick={list.loadMore}>
          Show more
        </Button>
      ) : null}
    </section>
  );
}
