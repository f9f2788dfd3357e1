/**
 * The Generate List of one screen: the user's tasks of the screen's module (POST /v1/ai/task), updated
 * without a reload by polling POST /v1/ai/result/batch for the unfinished ones only (SWR), which stops
 * once every task is done. Each change of state is announced on the bus (tasks:changed); a task that
 * ends in failure or is cancelled gave its credits back, so the user is refreshed (credits:changed).
 */
import { useEffect, useMemo, useReducer, useRef, useState, type Dispatch } from 'react';
import useSWR from 'swr';
import { useSnapshot } from 'valtio';
import { TASK_PAGE_SIZE, useShell, type LikeValue, type Task, type TaskOutput } from 'shared-contracts';
import { messageOf } from '@studio/ui-kit/errors';
import { batchResults, listTasks } from '../api/tasks';
import { initialTaskList, isUnfinished, taskListReducer, unfinishedIds, type TaskListAction, type TaskListState } from '../state/task-list';
import { useTaskListActions, type TaskMemory } from './use-task-list-actions';

const POLL_INTERVAL_MS = 2000;

export interface GenerateListApi {
  tasks: Task[];
  total: number;
  loading: boolean;
  loadError: string | null;
  hasMore: boolean;
  loadMore(): void;
  /** tasks still queued or generating */
  running: number;
  /** results finished during this visit and not downloaded */
  undownloaded: number;
  /** when each task was first seen generating (the progress curve's start), epoch ms */
  generatingSince: ReadonlyMap<string, number>;
  addTask(task: Task): void;
  remove(task: Task): Promise<void>;
  retry(task: Task): Promise<void>;
  restart(task: Task): Promise<void>;
  cancel(task: Task): Promise<void>;
  like(task: Task, value: LikeValue): Promise<void>;
  download(task: Task, output: TaskOutput, index: number): Promise<void>;
}

/** Polls the unfinished tasks' results every 2 s and applies them: status changes announced, deleted ones dropped. */
function useResultPolling(uid: string | null, state: TaskListState, dispatch: Dispatch<TaskListAction>, memory: TaskMemory) {
  const shell = useShell();
  const idsKey = unfinishedIds(state).join(',');
  const batch = useSWR(uid && idsKey ? ['remote-create:batch', uid, idsKey] : null, () => batchResults(shell.api, idsKey.split(',')), {
    refreshInterval: POLL_INTERVAL_MS,
    revalidateOnFocus: false,
    dedupingInterval: 200,
  });

  useEffect(() => {
    const results = batch.data;
    if (!results) return;
    const asked = new Set(idsKey.split(','));
    let settled = false;
    for (const task of results) {
      asked.delete(task.task_id);
      const before = memory.known.get(task.task_id);
      memory.known.set(task.task_id, task.status);
      dispatch({ type: 'updateTask', task });
      if (before !== task.status) {
        shell.bus.emit('tasks:changed', { taskId: task.task_id, status: task.status });
        if (task.status === 'success' && before && isUnfinished({ status: before })) memory.finishedHere.add(task.task_id);
        if (task.status === 'failure' || task.status === 'cancelled') settled = true;
      }
    }
    // deleted elsewhere (another tab, My Creations): gone here too
    for (const id of asked) if (id) dispatch({ type: 'delTask', taskId: id });
    if (settled) void shell.session.refreshUser();
    // applies each answer once
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [batch.data]);
}

export function useGenerateList(module: string): GenerateListApi {
  const shell = useShell();
  const session = useSnapshot(shell.session.state);
  const uid = session.user?.uid ?? null;
  const [state, dispatch] = useReducer(taskListReducer, initialTaskList);
  const [pages, setPages] = useState(1);
  const [total, setTotal] = useState(0);
  const memory = useRef<TaskMemory>({ known: new Map(), since: new Map(), finishedHere: new Set() }).current;
  const [downloaded, setDownloaded] = useState<ReadonlySet<string>>(new Set());

  // a new account: nothing of the previous one stays
  useEffect(() => {
    dispatch({ type: 'updateList', tasks: [], replace: true });
    setPages(1);
    setTotal(0);
    memory.known.clear();
    memory.finishedHere.clear();
    setDownloaded(new Set());
  }, [uid, memory]);

  const list = useSWR(
    uid ? ['remote-create:tasks', uid, module, pages] : null,
    async () => {
      const answers = await Promise.all(Array.from({ length: pages }, (_, index) => listTasks(shell.api, { module, page: index + 1, page_size: TASK_PAGE_SIZE })));
      return { tasks: answers.flatMap((answer) => answer.list), total: answers[answers.length - 1]?.paginate.total ?? 0 };
    },
    { revalidateOnFocus: false, keepPreviousData: true },
  );

  useEffect(() => {
    if (!list.data) return;
    for (const task of list.data.tasks) if (!memory.known.has(task.task_id)) memory.known.set(task.task_id, task.status);
    dispatch({ type: 'updateList', tasks: list.data.tasks });
    setTotal(list.data.total);
  }, [list.data, memory]);

  // the curve starts when a task is first seen generating
  useEffect(() => {
    const now = Date.now();
    for (const task of state.tasks) {
      if (task.status === 'generating' && !memory.since.has(task.task_id)) memory.since.set(task.task_id, now);
      if (task.status !== 'generating') memory.since.delete(task.task_id);
    }
  }, [state.tasks, memory]);

  useResultPolling(uid, state, dispatch, memory);
  const actions = useTaskListActions({ dispatch, memory, setTotal, setDownloaded, paid: session.flags.isSubscribed });

  const running = state.tasks.filter(isUnfinished).length;
  const undownloaded = state.tasks.filter((task) => memory.finishedHere.has(task.task_id) && task.status === 'success' && !downloaded.has(task.task_id)).length;

  return useMemo(
    () => ({
      tasks: state.tasks,
      total,
      loading: Boolean(uid) && list.isLoading && !list.data,
      loadError: list.error ? messageOf(list.error) : null,
      hasMore: state.tasks.length < total,
      loadMore: () => setPages((value) => value + 1),
      running,
      undownloaded,
      generatingSince: memory.since,
      ...actions,
    }),
    [state.tasks, total, uid, list.isLoading, list.data, list.error, running, undownloaded, memory, actions],
  );
}
