import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { TASK_PAGE_SIZE, TASK_RESULT_DAYS, useShell, type Task } from 'shared-contracts';
import { Button } from '@studio/ui-kit/button';
import { PageFrame } from '@studio/ui-kit/page-frame';
import { theme } from '@studio/ui-kit/theme';
import { AskHost } from '../../lib/ask-host';
import { TaskCard } from '../../tasks/components/task-card';
import { useNow } from '../../tasks/hooks/use-now';
import { useLibrary } from '../hooks/use-library';
import { useLibraryActions } from '../hooks/use-library-actions';
import { countOf, everything, isChosen, NOTHING, selectionOf, toggle, type Chosen } from '../state/selection';
import type { MediaFilter } from '../utils/media-filter';
import { LibraryPager, MediaTabs, SelectionBar } from './library-toolbar';

/** My Creations (/libraries): every task of the user, filtered by media, paged, previewed, downloaded, deleted. */
export function LibrariesPage() {
  return (
    <AskHost>
      <LibrariesBody />
    </AskHost>
  );
}

/** The tasks chosen for a bulk action (state/selection.ts): picked one by one, or the whole library less some. */
function useSelection() {
  const [chosen, setChosen] = useState<Chosen>(NOTHING);
  return { chosen, setChosen, toggle: (id: string) => setChosen((previous) => toggle(previous, id)), clear: () => setChosen(NOTHING) };
}

/** What the page says besides its cards: log in, loading, the failure, nothing yet. */
function LibraryState({ loggedIn, loading, error, empty, filter }: { loggedIn: boolean; loading: boolean; error: string | null; empty: boolean; filter: MediaFilter }) {
  const shell = useShell();
  return (
    <>
      {!loggedIn ? (
        <div css={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 8 }}>
          <p css={{ margin: 0, color: theme.textMuted }}>Log in to see your creations.</p>
          <Button variant="secondary" onClick={() => shell.bus.emit('account:login-required', { reason: 'libraries' })}>
            Log in
          </Button>
        </div>
      ) : null}
      {loading ? <p css={{ margin: 0, color: theme.textMuted }}>Loading your creations…</p> : null}
      {error ? (
        <p role="alert" css={{ margin: 0, color: theme.danger }}>
          {error}
        </p>
      ) : null}
      {empty ? <p css={{ margin: 0, color: theme.textMuted }}>{filter === 'all' ? 'Nothing here yet: what you create appears here.' : `No ${filter} creations yet.`}</p> : null}
    </>
  );
}

function LibrariesBody() {
  const shell = useShell();
  const session = useSnapshot(shell.session.state);
  const [filter, setFilter] = useState<MediaFilter>('all');
  const [page, setPage] = useState(1);
  const { chosen, setChosen, toggle: toggleOne, clear } = useSelection();
  const library = useLibrary(filter, page);
  const { actions, busy, removeMany, downloadMany } = useLibraryActions({ paid: session.flags.isSubscribed, reload: library.reload, onDeleted: clear });
  const tasks = library.data?.tasks ?? [];
  const total = library.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / TASK_PAGE_SIZE));
  const now = useNow(tasks.some((task) => task.status === 'generating' && !task.progress));

  // a new filter or person starts a new selection; a new page keeps it (it may span pages)
  useEffect(() => setChosen(NOTHING), [filter, session.user?.uid, setChosen]);
  // a page emptied by deletions: step back
  useEffect(() => {
    if (library.data && page > pages) setPage(pages);
  }, [library.data, page, pages]);

  const count = countOf(chosen, total);
  const allChosen = chosen.all && chosen.except.size === 0 && total > 0;
  const selection = selectionOf(chosen, filter === 'all' ? undefined : filter);
  const selectBox = (task: Task) => (
    <input
      type="checkbox"
      aria-label={`Select ${task.user_data.name || task.algorithm} of ${new Date(task.created_at * 1000).toLocaleString()}`}
      checked={isChosen(chosen, task.task_id)}
      onChange={() => toggleOne(task.task_id)}
      css={{ width: 18, height: 18, accentColor: theme.primary, flexShrink: 0 }}
    />
  );

  return (
    <PageFrame title="My Creations" subtitle={`Everything you created, across every mode. Results are kept ${TASK_RESULT_DAYS} days.`}>
      <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 12 }}>
        <MediaTabs
          filter={filter}
          onChange={(next) => {
            setFilter(next);
            setPage(1);
          }}
        />
        {session.flags.isLogin ? (
          <SelectionBar
            allChosen={allChosen}
            total={total}
            busy={busy}
            chosen={count}
            onToggleAll={() => setChosen(allChosen ? NOTHING : everything(Math.ceil(Date.now() / 1000)))}
            onDownload={() => void downloadMany(selection)}
            onDelete={() => void removeMany(selection, count)}
          />
        ) : null}
      </div>

      <LibraryState loggedIn={session.flags.isLogin} loading={library.loading && !library.data} error={library.error} empty={session.flags.isLogin && Boolean(library.data) && tasks.length === 0} filter={filter} />

      {tasks.length > 0 ? (
        <div data-testid="library-grid" css={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', alignItems: 'start' }}>
          {tasks.map((task) => (
            <TaskCard key={task.task_id} task={task} now={now} actions={actions} compact leading={selectBox(task)} />
          ))}
        </div>
      ) : null}

      {total > TASK_PAGE_SIZE ? <LibraryPager page={page} pages={pages} onPage={setPage} /> : null}
    </PageFrame>
  );
}
