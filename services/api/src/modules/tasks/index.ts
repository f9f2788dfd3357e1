/**
 * The task calls of spec section 7: create (every algorithm, mai_tcm and mai_text2song_minimax included,
 * the check tasks, image_fkp, watermark_download), cost, result, batch results, the list, delete, retry,
 * cancel, data_save, the prompt helpers, the prompt presets and the TTS voices. A user only ever sees
 * and touches their own tasks: another user's task id answers 404 exactly like a missing one.
 *
 * The routes live in routes/ (run-calls: create, cost, retry, cancel, delete; read-calls: results, list,
 * data_save; prompt-calls; selection-calls: My Creations' zip and bulk delete), each declared against its
 * contract call with defineCall. The queue's section of the API's health answer (modules/health) is
 * queue-health.ts.
 */
import { randomUUID } from 'node:crypto';
import type { TtsVoice } from 'shared-contracts';
import type { AlgorithmId } from '@studio/engines/types';
import { createAnalysisClient, type AnalysisClient } from '../../analysis/queue.js';
import type { StorageAdapter } from '../storage/adapter.js';
import { mediaStoreFor, type StorageModuleOptions } from '../storage/index.js';
import type { ApiModuleDefinition, ApiModulePlugin } from '../types.js';
import type { CreationLimits } from './creation-limits.js';
import { engineChoices, type EngineChoice } from './engines.js';
import { queuedPrechecks } from './prechecks.js';
import type { PlanRules } from './pricing.js';
import { TaskQueue, type QueueConfig } from './queue.js';
import type { TaskRoutes } from './routes/context.js';
import { promptCalls } from './routes/prompt-calls.js';
import { readCalls } from './routes/read-calls.js';
import { runCalls } from './routes/run-calls.js';
import { selectionCalls } from './routes/selection-calls.js';
import { createTaskService } from './service.js';
import type { Prechecks } from './service-types.js';

export interface TasksModuleOptions {
  storage?: StorageModuleOptions;
  queue?: Partial<QueueConfig>;
  rules?: PlanRules;
  /** credits held for a task are released by the API's stale-hold sweeper after this long (default 24 h) */
  holdTtlMs?: number;
  /** where each algorithm runs (tests); default: the API's engine settings */
  engineOf?: (algorithm: AlgorithmId) => EngineChoice;
  now?: () => Date;
  /** the TTS voices (default: the engines' eSpeak NG list) */
  listVoices?: () => Promise<TtsVoice[]>;
  /** the speech length and face checks before the charge (default: analysis jobs on the worker) */
  prechecks?: Prechecks;
  /** counts faces in a picture for img2prompt (default: the engines' face detector, as a job on the worker) */
  countFaces?: (file: string) => Promise<number>;
  /** task creation caps (default: the config's) */
  creationLimits?: CreationLimits;
}

async function defaultVoices(): Promise<TtsVoice[]> {
  const { listVoices } = await import('@studio/engines/speech');
  return listVoices();
}

/** Counts faces on the worker (an analysis job): the picture goes to storage for it, and is removed after. */
function queuedCountFaces(analysis: AnalysisClient, storage: StorageAdapter, waitMs: number) {
  return async (file: string): Promise<number> => {
    const key = `tmp/analysis/${randomUUID()}`;
    await storage.putFile(key, file, { contentType: 'application/octet-stream' });
    try {
      return (await analysis.run('faces', { key }, waitMs)).faces;
    } finally {
      await storage.delete(key).catch(() => undefined);
    }
  };
}

/** The module's settings come from its section of the API's config (ctx.config.tasks); options override them (tests, benches). */
function tasksPlugin(options: TasksModuleOptions = {}): ApiModulePlugin {
  return async (scope, ctx) => {
    const settings = ctx.config.tasks;
    const now = options.now ?? (() => new Date());
    const { media } = mediaStoreFor(ctx, { ...options.storage, now: options.now ?? options.storage?.now });
    const queueConfig = { ...settings.queue, ...options.queue };
    const queue = new TaskQueue(ctx.db, queueConfig, { supervise: false });
    await queue.start();
    scope.addHook('onClose', async () => queue.stop());
    // the heavy checks (a script's spoken length, faces) run on the worker as analysis jobs (src/analysis);
    // the client starts on its first job
    const analysis = await createAnalysisClient(ctx.db, queueConfig.schema);
    scope.addHook('onClose', () => analysis.stop());
    const service = createTaskService({
      db: ctx.db,
      ledger: ctx.ledger,
      media,
      queue,
      rules: options.rules ?? settings.rules,
      holdTtlMs: options.holdTtlMs ?? 24 * 3600 * 1000,
      engineOf: options.engineOf ?? (await engineChoices(settings.engines, settings.engineEnv)),
      prechecks: options.prechecks ?? queuedPrechecks(analysis, 60_000),
      now: options.now,
    });
    const routes: TaskRoutes = {
      app: scope,
      ctx,
      service,
      media,
      creationLimits: options.creationLimits ?? settings.creationLimits,
      now,
      listVoices: options.listVoices ?? defaultVoices,
      countFaces: options.countFaces ?? queuedCountFaces(analysis, media.storage, 15_000),
    };
    runCalls(routes);
    readCalls(routes);
    promptCalls(routes);
    selectionCalls(routes);
  };
}

export function tasksModule(options: TasksModuleOptions = {}): ApiModuleDefinition {
  return { name: 'tasks', plugin: tasksPlugin(options) };
}

export { TaskSchema } from './routes/schemas.js';
;
;
