/**
 * The pages of My Creations: every task of the user across modules, 20 a page, filtered by media. The
 * server pages the whole list; when a page holds tasks the filter leaves out (the server does not
 * filter by media, and lists the pre-generation checks too), the list is gathered and paged here, so a
 * page is always a full page of what was asked for.
 */
import useSWR from 'swr';
import { useSnapshot } from 'valtio';
import { TASK_PAGE_SIZE, useShell, type ApiClient, type Task } from 'shared-contracts';
import { messageOf } from '@studio/ui-kit/errors';
import { listTasks } from '../../tasks/api/tasks';
import { isUnfinished } from '../../tasks/state/task-list';
import { matchesFilter, type MediaFilter } from '../utils/media-filter';

const GATHER_PAGE = 100;
const GATHER_MAX_PAGES = 50;

export interface LibraryPage {
  tasks: Task[];
  total: number;
  /** the page was cut here rather than by the server */
  gathered: boolean;
}

export async function loadLibraryPage(api: ApiClient, filter: MediaFilter, page: number): Promise<LibraryPage> {
  const media = filter === 'all' ? undefined : filter;
  const answer = await listTasks(api, { page, page_size: TASK_PAGE_SIZE, ...(media ? { media } : {}) });
  if (answer.list.every((task) => matchesFilter(task, filter))) {
    return { tasks: answer.list, total: answer.paginate.total, gathered: false };
  }
  const all: Task[] = [];
  let total = Infinity;
  for (let index = 1; index <= GATHER_MAX_PAGES && all.length < total; index += 1) {
    const chunk = await listTasks(api, { page: index, page_size: GATHER_PAGE });
    total = chunk.paginate.total;
    all.push(...chunk.list);
    if (chunk.list.length < GATHER_PAGE) break;
  }
  const kept = all.filter((task) => matchesFilter(task, filter));
  const start = (page - 1) * TASK_PAGE_SIZE;
  return { tasks: kept.slice(start, start + TASK_PAGE_SIZE), total: kept.length, gathered: true };
}

export function useLibrary(filter: MediaFilter, page: number) {
  const shell = useShell();
  const session = useSnapshot(shell.session.state);
  const uid = session.user?.uid ?? null;
  const answer = useSWR(uid ? ['remote-create:library', uid, filter, page] : null, () => loadLibraryPage(shell.api, filter, page), {
    revalidateOnFocus: false,
    keepPreviousData: true,
    // tasks still running on this page are followed until they end
    refreshInterval: (data) => (data?.tasks.some(isUnfinished) ? 3000 : 0),
  });
  return {
    data: answer.data ?? null,
    loading: Boolean(uid) && answer.isLoading,
    error: answer.error ? messageOf(answer.error) : null,
    reload: () => answer.mutate(),
  };
}
