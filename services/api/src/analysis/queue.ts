/**
 * Heavy analysis off the request handlers (issue 26 item 3): face counting, text detection and speech run on
 * the worker as jobs of their own pg-boss queue (`studio-analysis`, beside the task lanes), never in the API
 * process. A route sends a job and awaits its answer for a bounded time; the worker (work.ts, started with the
 * task worker: in-process in the embedded default, its own process in production) runs it on the engines.
 * A job names its input by storage key, never by a local path: the worker may be another machine.
 */
import { EventEmitter } from 'node:events';
import PgBoss from 'pg-boss';
import type { Database } from '@studio/db';
import { API_CODES, USER_TEXTS, type ToolRegion } from 'shared-contracts';
import { ApiFailure } from '../http.js';

export const ANALYSIS_QUEUE = 'studio-analysis';

/** Each kind of analysis: what the job carries and what the worker answers. */
export interface AnalysisCalls {
  /** the faces a picture shows (img2prompt) */
  faces: { input: { key: string }; output: { faces: number } };
  /** the text and watermark boxes of a picture (the text remover's starting mask) */
  'text-regions': { input: { key: string; max: number }; output: { regions: ToolRegion[] } };
  /** a voice reads `text`; the WAV is stored under `key` */
  'voice-sample': { input: { voice: string; text: string; key: string }; output: { key: string } };
  /** how long a script lasts spoken (the talking tools are priced by it) */
  'speech-seconds': { input: { text: string; voice?: string }; output: { seconds: number } };
  /** whether a clip shows a face (a lip sync without one is refused before the charge) */
  'video-face': { input: { key: string }; output: { face: boolean } };
}
export type AnalysisKind = keyof AnalysisCalls;
export interface AnalysisJobData<K extends AnalysisKind = AnalysisKind> {
  kind: K;
  input: AnalysisCalls[K]['input'];
}

/** The job did not answer within the wait (no worker, or a busy one). */
export class AnalysisTimeoutError extends Error {}
/** The worker ran the job and it failed. */
class AnalysisFailedError extends Error {}

/** What a user reads when an analysis did not answer or failed: the spec's processing failure (503). */
export function asUserFailure(error: unknown): unknown {
  if (error instanceof AnalysisTimeoutError || error instanceof AnalysisFailedError) return new ApiFailure(503, API_CODES.INTERNAL, USER_TEXTS.PROCESSING_FAILED);
  return error;
}

/** In-process wake-ups: a job sent here wakes an in-process analysis worker at once (else it polls). */
export const analysisSignals = new EventEmitter();
analysisSignals.setMaxListeners(50);

/** Creates the queue unless another process did. */
export async function ensureAnalysisQueue(boss: PgBoss): Promise<void> {
  if (await boss.getQueue(ANALYSIS_QUEUE)) return;
  await boss.createQueue(ANALYSIS_QUEUE, { name: ANALYSIS_QUEUE, retryLimit: 0 }).catch(async (error: unknown) => {
    if (!(await boss.getQueue(ANALYSIS_QUEUE))) throw error;
  });
}

export interface AnalysisClient {
  /** Sends one job and awaits its answer for at most `waitMs` (AnalysisTimeoutError after; the job is dropped). */
  run<K extends AnalysisKind>(kind: K, input: AnalysisCalls[K]['input'], waitMs: number): Promise<AnalysisCalls[K]['output']>;
  stop(): Promise<void>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The API's side: sends jobs on the product database (pg-boss in `schema`, as the task queue). */
export async function createAnalysisClient(db: Database, schema: string): Promise<AnalysisClient> {
  let closed = false;
  const boss = new PgBoss({
    db: {
      executeSql: async (text: string, values: unknown[]) => {
        if (closed) return { rows: [] };
        const result = await db.query(text, values);
        return { rows: result.rows ?? [] };
      },
    },
    schema,
    supervise: false,
    schedule: false,
    migrate: true,
  });
  boss.on('error', () => undefined);
  let started: Promise<void> | null = null;
  const ready = () => (started ??= boss.start().then(() => ensureAnalysisQueue(boss)));
  return {
    async run(kind, input, waitMs) {
      await ready();
      const data: AnalysisJobData = { kind, input };
      const id = await boss.send(ANALYSIS_QUEUE, data, { retryLimit: 0, expireInSeconds: Math.ceil(waitMs / 1000) + 30 });
      if (!id) throw new AnalysisFailedError(`the queue refused the ${kind} job`);
      analysisSignals.emit('sent');
      const deadline = Date.now() + waitMs;
      for (let step = 50; Date.now() < deadline; step = Math.min(step * 2, 400)) {
        await pause(Math.min(step, Math.max(0, deadline - Date.now())));
        const job = await boss.getJobById<AnalysisJobData>(ANALYSIS_QUEUE, id);
        if (job?.state === 'completed') return job.output as AnalysisCalls[typeof kind]['output'];
        if (job && (job.state === 'failed' || job.state === 'cancelled')) {
          throw new AnalysisFailedError(`the ${kind} job ${job.state}: ${JSON.stringify(job.output ?? null).slice(0, 200)}`);
        }
      }
      await boss.cancel(ANALYSIS_QUEUE, id).catch(() => undefined);
      throw new AnalysisTimeoutError(`no answer to the ${kind} job within ${waitMs} ms`);
    },
    async stop() {
      if (started) await started.catch(() => undefined);
      if (started) await boss.stop({ graceful: false, close: false, wait: true });
      closed = true;
    },
  };
}
