/**
 * What the task calls do, shared by the routes, the worker and the sweeper: one object over the pieces
 * (prepare.ts checks and prices, start-run.ts holds and queues for create.ts and retry.ts alike,
 * settle.ts ends runs, admission.ts hands out video slots, usage.ts keeps the counters).
 *
 * Credits: the cost is held (ledger hold, idempotency key task:<id>:<run>) in the transaction that queues
 * the task, committed when the run succeeds, released on failure, cancel or a dead run.
 */
import type { CreateTaskRequest, Task, TaskCostResponse } from 'shared-contracts';
import { admitWaiting } from './admission.js';
import { localChoice } from './engines.js';
import { WATERMARK_DOWNLOAD } from '../algorithms/catalog.js';
import { createTask } from './create.js';
import { localPrechecks } from './prechecks.js';
import { costOf } from './prepare.js';
import { retryTask } from './retry.js';
import type { Caller, ServiceCore, TaskServiceDeps } from './service-types.js';
import { cancelTask, endRun, failureReasonFor, releaseHold, removeTask, succeedRun, type SuccessExtras } from './settle.js';
import { toTask, type StoredOutput, type TaskRow } from './store.js';
import { giveBackUsage } from './usage.js';

;
export type { Caller, TaskServiceDeps } from './service-types.js';

export type TaskService = ReturnType<typeof createTaskService>;

export function createTaskService(deps: TaskServiceDeps) {
  const { now, engineOf, prechecks, ...rest } = deps;
  const core: ServiceCore = {
    ...rest,
    clock: now ?? (() => new Date()),
    engineOf: engineOf ?? ((algorithm) => localChoice(algorithm)),
    prechecks: prechecks ?? localPrechecks(rest.media.storage),
  };
  return {
    admitWaiting: (uid: string) => admitWaiting(core, uid),
    endRun: (row: TaskRow, status: 'failure' | 'cancelled', reason: string | null, options?: { retryable?: boolean }) => endRun(core, row, status, reason, options),
    releaseHold: (holdId: string | null) => releaseHold(core, holdId),
    giveBackUsage,
    view: (row: TaskRow): Task => toTask(row, core.media, { attachment: row.algorithm === WATERMARK_DOWNLOAD }),
    cost: (caller: Caller, algorithm: string, query: Record<string, string>): Promise<TaskCostResponse> => costOf(core, caller, algorithm, query),
    create: (caller: Caller, algorithm: string, body: CreateTaskRequest): Promise<Task> => createTask(core, caller, algorithm, body),
    cancel: (uid: string, id: string): Promise<Task> => cancelTask(core, uid, id),
    retry: (caller: Caller, id: string): Promise<Task> => retryTask(core, caller, id),
    remove: (uid: string, id: string): Promise<void> => removeTask(core, uid, id),
    succeed: (row: TaskRow, outputs: StoredOutput[], extra: { engine: unknown; resultData: unknown }, also?: SuccessExtras) => succeedRun(core, row, outputs, extra, also),
    failureReasonFor,
  };
}
