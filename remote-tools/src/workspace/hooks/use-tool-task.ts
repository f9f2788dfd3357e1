/**
 * A tool's task from the action button to the downloaded result: the cost (asked again before each run),
 * sign-in and credits checks, the create call, polling its life (queued with position, progress, success,
 * failure with the server's text), cancel, retry and download with the plan's watermark rule.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { USER_TEXTS, useShell, type Task, type TaskCostResponse, type TaskOutput } from 'shared-contracts';
import { answerCreateFailure, refuseOverBalance } from '@studio/ui-kit/create-failure';
import { isInsufficientCredits, messageOf } from '@studio/ui-kit/errors';
import { cancelTask, downloadLink, fileNameOf, retryTask, startDownload } from '@studio/ui-kit/task-api';
import { costOf, createTask, taskResult } from '../api/tools-api';
import { nextProgress } from '../utils/progress';

const POLL_MS = 1000;
const RUNNING = new Set(['queued', 'generating']);

export const isRunning = (task: Task | null) => Boolean(task && RUNNING.has(task.status));

export interface RunRequest {
  data: Record<string, unknown>;
  /** shown in My Creations */
  name?: string;
  /** work to do just before the create (e.g. upload the drawn mask); answers extra data or null to stop */
  prepare?: () => Promise<Record<string, unknown> | null>;
}

/** The cost of the task as it stands (asked again whenever the query changes, and before each run). */
function useCost(algorithm: string, costQuery: Record<string, string> | null) {
  const shell = useShell();
  const [cost, setCost] = useState<TaskCostResponse | null>(null);
  const queryKey = costQuery ? JSON.stringify(costQuery) : null;

  const refreshCost = useCallback(async () => {
    if (!queryKey) return null;
    const fresh = await costOf(shell.api, algorithm, JSON.parse(queryKey) as Record<string, string>).catch(() => null);
    setCost(fresh);
    return fresh;
  }, [algorithm, queryKey, shell]);

  useEffect(() => {
    setCost(null);
    if (shell.session.state.flags.isLogin) void refreshCost();
  }, [refreshCost, shell]);

  return { cost, refreshCost };
}

/**
 * Polls a queued or running task every second until it ends, and answers the progress curve of spec section
 * 4 (for the progress modal while the server has no figure; 100 on success).
 */
function useTaskPolling(task: Task | null, setTask: (task: Task) => void): number {
  const shell = useShell();
  const [curve, setCurve] = useState(0);
  const taskRef = useRef<Task | null>(null);
  taskRef.current = task;
  const running = isRunning(task);
  const taskId = task?.task_id;

  useEffect(() => {
    if (!running || !taskId) return;
    const controller = new AbortController();
    const timer = window.setInterval(() => {
      const current = taskRef.current;
      if (!current) return;
      taskResult(shell.api, current, controller.signal)
        .then((fresh) => {
          if (controller.signal.aborted) return;
          setTask(fresh);
          if (!RUNNING.has(fresh.status)) {
            shell.bus.emit('tasks:changed', { taskId: fresh.task_id, status: fresh.status });
            if (fresh.status !== 'success') void shell.session.refreshUser();
          }
        })
        .catch(() => undefined);
    }, POLL_MS);
    return () => {
      controller.abort();
      window.clearInterval(timer);
    };
  }, [running, taskId, setTask, shell]);

  useEffect(() => {
    if (!running) return;
    setCurve(0);
    const timer = window.setInterval(() => setCurve((value) => nextProgress(value)), 1000);
    return () => window.clearInterval(timer);
  }, [running, taskId]);
  useEffect(() => {
    if (!running) setCurve(task?.status === 'success' ? 100 : 0);
  }, [running, task?.status]);

  return curve;
}

export function useToolTask(algorithm: string, module: string, costQuery: Record<string, string> | null, onStorageFull?: () => void) {
  const shell = useShell();
  const [task, setTask] = useState<Task | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [downloaded, setDownloaded] = useState(false);
  const taskRef = useRef<Task | null>(null);
  taskRef.current = task;

  const { cost, refreshCost } = useCost(algorithm, costQuery);
  const curve = useTaskPolling(task, setTask);

  const run = useCallback(
    async (request: RunRequest) => {
      if (busy) return;
      const { flags } = shell.session.state;
      if (!flags.isLogin) {
        shell.bus.emit('account:login-required', { reason: 'generate' });
        return;
      }
      setError(null);
      setBusy(true);
      try {
        const fresh = await refreshCost();
        const price = fresh?.cost ?? null;
        if (refuseOverBalance(shell, price)) return;
        const extra = request.prepare ? await request.prepare() : {};
        if (extra === null) return;
        const created = await createTask(shell.api, algorithm, { ...request.data, ...extra }, { module, name: request.name }, price);
        setDownloaded(false);
        setTask(created);
        if (typeof created.balance === 'number') shell.bus.emit('credits:changed', { credits: created.balance });
        shell.track('tool_task_created', { algorithm, cost: created.cost });
      } catch (reason) {
        const failure = answerCreateFailure(shell, reason, { fallback: USER_TEXTS.PROCESSING_FAILED, onStorageFull, onCostChanged: () => void refreshCost() });
        if (failure) setError(failure.message);
      } finally {
        setBusy(false);
      }
    },
    [algorithm, busy, module, onStorageFull, refreshCost, shell],
  );

  const cancel = useCallback(async () => {
    const current = taskRef.current;
    if (!current) return;
    try {
      const after = await cancelTask(shell.api, current.task_id);
      setTask(after);
      void shell.session.refreshUser();
    } catch (reason) {
      shell.toast.error(messageOf(reason));
    }
  }, [shell]);

  const retry = useCallback(async () => {
    const current = taskRef.current;
    if (!current) return;
    try {
      const again = await retryTask(shell.api, current.task_id);
      setTask(again);
      if (typeof again.balance === 'number') shell.bus.emit('credits:changed', { credits: again.balance });
    } catch (reason) {
      if (isInsufficientCredits(reason)) shell.bus.emit('billing:open', { tab: 'credits', reason: 'insufficient-credits' });
      shell.toast.error(messageOf(reason));
    }
  }, [shell]);

  const download = useCallback(
    async (output: TaskOutput) => {
      const current = taskRef.current;
      if (!current) return;
      try {
        const url = await downloadLink(shell.api, current, output, shell.session.state.flags.isSubscribed);
        startDownload(url, fileNameOf(current, output));
        setDownloaded(true);
      } catch (reason) {
        shell.toast.error(messageOf(reason));
      }
    },
    [shell],
  );

  const clear = useCallback(() => {
    setTask(null);
    setError(null);
    setDownloaded(false);
  }, []);

  return { task, cost, busy, error, setError, downloaded, curve, run, cancel, retry, download, clear, refreshCost };
}
