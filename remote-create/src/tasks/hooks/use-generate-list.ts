/**
 * The Generate List of one screen: the user's tasks of the screen's module (POST /v1/ai/task), updated
 * without a reload by polling POST /v1/ai/result/batch for the unfinished ones only (SWR), which stops
 * once every task is done. Each change of state is announced on the bus (tasks:changed); a task that
 * ends in failure or is cancelled gave its credits back, so the user is refreshed (credits:changed).
 */
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import useSWR from 'swr';
import { useSnapshot } from 'valtio';
import { TASK_PAGE_SIZE, USER_TEXTS, useShell, type LikeValue, type Task, type TaskOutput } from 'shared-contracts';
import { useAsk } from '../../lib/ask-host';
import { isInsufficientCredits, messageOf } from '../../lib/errors';
import { cancelTask, downloadLink, fileNameOf, retryTask, startDownload } from '@studio/ui-kit/task-api';
import { batchResults, deleteTask, listTasks, saveLike } from '../api/tasks';
import { initialTaskList, isUnfinished, taskListReducer, unfinishedIds } from '../state/task-list';

export const POLL_INTERVAL_MS = 2000;

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

export function useGenerateList(module: string): GenerateListApi {
  const shell = useShell();
  const ask = useAsk();
  const session = useSnapshot(shell.session.state);
  const uid = session.user?.uid ?? null;
  const paid = session.flags.isSubscribed;
  const [state, dispatch] = useReducer(taskListReducer, initialTaskList);
  const [pages, setPages] = useState(1);
  const [total, setTotal] = useState(0);
  const since = useRef(new Map<string, number>());
  const finishedHere = useRef(new Set<string>());
  const [downloaded, setDownloaded] = useState<ReadonlySet<string>>(new Set());
  const known = useRef(new Map<string, Task['status']>());

  // a new account: nothing of the previous one stays
  useEffect(() => {
    dispatch({ type: 'updateList', tasks: [], replace: true });
    setPages(1);
    setTotal(0);
    known.current.clear();
    finishedHere.current.clear();
    setDownloaded(new Set());
  }, [uid]);

  const list = useSWR(
    uid ? ['remote-create:tasks', uid, module, pages] : null,
    async () => {
      const answers = await Promise.all(
        Array.from({ length: pages }, (_, index) => listTasks(shell.api, { module, page: index + 1, page_size: TASK_PAGE_SIZE })),
      );
      return { tasks: answers.flatMap((answer) => answer.list), total: answers[answers.length - 1]?.paginate.total ?? 0 };
    },
    { revalidateOnFocus: false, keepPreviousData: true },
  );

  useEffect(() => {
    if (!list.data) return;
    for (const task of list.data.tasks) if (!known.current.has(task.task_id)) known.current.set(task.task_id, task.status);
    dispatch({ type: 'updateList', tasks: list.data.tasks });
    setTotal(list.data.total);
  }, [list.data]);

  // the curve starts when a task is first seen generating
  useEffect(() => {
    const now = Date.now();
    for (const task of state.tasks) {
      if (task.status === 'generating' && !since.current.has(task.task_id)) since.current.set(task.task_id, now);
      if (task.status !== 'generating') since.current.delete(task.task_id);
    }
  }, [state.tasks]);

  const ids = unfinishedIds(state);
  const idsKey = ids.join(',');
  const batch = useSWR(
    uid && ids.length > 0 ? ['remote-create:batch', uid, idsKey] : null,
    () => batchResults(shell.api, idsKey.split(',')),
    { refreshInterval: POLL_INTERVAL_MS, revalidateOnFocus: false, dedupingInterval: 200 },
  );

  useEffect(() => {
    const results = batch.data;
    if (!results) return;
    const asked = new Set(idsKey.split(','));
    let settled = false;
    for (const task of results) {
      asked.delete(task.task_id);
      const before = known.current.get(task.task_id);
      known.current.set(task.task_id, task.status);
      dispatch({ type: 'updateTask', task });
      if (before !== task.status) {
        shell.bus.emit('tasks:changed', { taskId: task.task_id, status: task.status });
        if (task.status === 'success' && before && isUnfinished({ status: before })) finishedHere.current.add(task.task_id);
        if (task.status === 'failure' || task.status === 'cancelled') settled = true;
      }
    }
    // deleted elsewhere (another tab, My Creations): gone here too
    for (const id of asked) if (id) dispatch({ type: 'delTask', taskId: id });
    if (settled) void shell.session.refreshUser();
  }, [batch.data]);

  const addTask = useCallback(
    (task: Task) => {
      known.current.set(task.task_id, task.status);
      dispatch({ type: 'addTask', task });
      setTotal((value) => value + 1);
      shell.bus.emit('tasks:changed', { taskId: task.task_id, status: task.status });
      if (typeof task.balance === 'number') shell.bus.emit('credits:changed', { credits: task.balance });
    },
    [shell],
  );

  const remove = useCallback(
    async (task: Task) => {
      try {
        await deleteTask(shell.api, task.task_id);
        dispatch({ type: 'delTask', taskId: task.task_id });
        setTotal((value) => Math.max(0, value - 1));
        finishedHere.current.delete(task.task_id);
        shell.bus.emit('tasks:changed', { taskId: task.task_id, status: 'deleted' });
        if (isUnfinished(task)) void shell.session.refreshUser();
      } catch (error) {
        console.warn('[remote-create] delete failed', error);
        shell.toast.error(USER_TEXTS.TASK_DELETION_FAILED);
      }
    },
    [shell],
  );

  const runAgain = useCallback(
    async (task: Task) => {
      try {
        const fresh = await retryTask(shell.api, task.task_id);
        known.current.set(fresh.task_id, fresh.status);
        since.current.delete(fresh.task_id);
        finishedHere.current.delete(fresh.task_id);
        dispatch({ type: 'retryTask', task: fresh });
        shell.bus.emit('tasks:changed', { taskId: fresh.task_id, status: fresh.status });
        if (typeof fresh.balance === 'number') shell.bus.emit('credits:changed', { credits: fresh.balance });
      } catch (error) {
        if (isInsufficientCredits(error)) {
          shell.toast.warn(`Not enough credits to run this task again (${task.cost} credits).`);
          shell.bus.emit('billing:open', { tab: 'credits', reason: 'insufficient-credits' });
          return;
        }
        shell.toast.error(messageOf(error, USER_TEXTS.GENERATION_FAILED_LATER));
      }
    },
    [shell],
  );

  const cancel = useCallback(
    async (task: Task) => {
      try {
        const after = await cancelTask(shell.api, task.task_id);
        known.current.set(after.task_id, after.status);
        dispatch({ type: 'updateTask', task: after });
        shell.bus.emit('tasks:changed', { taskId: after.task_id, status: after.status });
        void shell.session.refreshUser();
      } catch (error) {
        shell.toast.error(messageOf(error));
      }
    },
    [shell],
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
      await runAgain(task);
      void shell.session.refreshUser();
    },
    [ask, runAgain, shell],
  );

  const like = useCallback(
    async (task: Task, value: LikeValue) => {
      const info = { ...(task.user_data.likeOrNotInfo ?? {}) };
      if (value === -1) delete info.task;
      else info.task = value;
      const optimistic: Task = { ...task, user_data: { ...task.user_data, likeOrNotInfo: info } };
      dispatch({ type: 'updateTask', task: optimistic });
      try {
        await saveLike(shell.api, task, value);
      } catch (error) {
        dispatch({ type: 'updateTask', task });
        shell.toast.error(messageOf(error));
      }
    },
    [shell],
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
    [paid, shell],
  );

  const running = state.tasks.filter(isUnfinished).length;
  const undownloaded = state.tasks.filter((task) => finishedHere.current.has(task.task_id) && task.status === 'success' && !downloaded.has(task.task_id)).length;

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
      generatingSince: since.current,
      addTask,
      remove,
      retry: runAgain,
      restart,
      cancel,
      like,
      download,
    }),
    [state.tasks, total, uid, list.isLoading, list.data, list.error, running, undownloaded, addTask, remove, runAgain, restart, cancel, like, download],
  );
}
