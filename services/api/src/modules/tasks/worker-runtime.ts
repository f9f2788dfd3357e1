/** What the worker's pieces share: its services, its settings and the runs in progress in this process. */
import type { Database } from '@studio/db';
import type { EngineContext, EngineJob, EngineResult } from '@studio/engines/types';
import type { StorageAdapter } from '../storage/adapter.js';
import type { MediaStore } from '../storage/media.js';
import type { TaskQueue } from './queue.js';
import type { TaskService } from './service.js';
import type { Sweeper } from './sweeper.js';
import type { TaskWorkerConfig } from './worker-config.js';
import type { WorkFolders } from './work-folders.js';

/** What the worker needs of the engines (an EngineRegistry of @studio/engines, or a test engine). */
export interface TaskEngines {
  run(job: EngineJob, ctx: EngineContext): Promise<EngineResult>;
  close?(): Promise<void>;
}

export interface WorkerLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Why a run was stopped: its deadline, lost to cancel or a requeue, the worker stopping, or abandoned (tests of a crash). */
export type AbortWhy = 'timeout' | 'lost' | 'stopping' | 'abandon';

export interface RunningRun {
  controller: AbortController;
  why: AbortWhy | null;
  done: Promise<void>;
}

export interface WorkerRuntime {
  db: Database;
  storage: StorageAdapter;
  engines: TaskEngines;
  media: MediaStore;
  queue: TaskQueue;
  service: TaskService;
  sweeper: Sweeper;
  config: TaskWorkerConfig;
  log: WorkerLog;
  clock: () => Date;
  running: Map<string, RunningRun>;
  /** the runs' work folders, reused (work-folders.ts) */
  workFolders: WorkFolders;
  /** stop() was called: no new runs */
  stopping: boolean;
  /** stop({ abandon: true }): runs are left exactly as a crash would leave them */
  abandoned: boolean;
}
