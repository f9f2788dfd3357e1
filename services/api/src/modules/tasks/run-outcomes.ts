/**
 * How a run that did not succeed ends: lost (cancelled, deleted or superseded: nothing to do), handed back
 * to the queue (the worker is stopping), or failed with its user text (an engine's refusal says why; any
 * other failure or the deadline says 'Generation failed...' or 'Processing failed...') and its credits
 * released.
 */
import { EngineError } from '@studio/engines/errors';
import type { TaskRow } from './store.js';
import type { AbortWhy, WorkerRuntime } from './worker-runtime.js';

export async function endFailedRun(rt: WorkerRuntime, row: TaskRow, why: AbortWhy | null, error: unknown): Promise<void> {
  if (why === 'lost') {
    rt.log.info({ task: row.id }, 'run stopped: cancelled, deleted or superseded');
    return;
  }
  if (why === 'stopping') {
    await rt.sweeper.requeue(row, 'stopping');
    rt.log.info({ task: row.id }, 'run handed back to the queue (worker stopping)');
    return;
  }
  const refused = error instanceof EngineError && why !== 'timeout';
  const reason = refused ? error.userText : rt.service.failureReasonFor(row);
  if (refused) {
    rt.log.info({ task: row.id, algorithm: row.engine_algorithm, permanent: !error.retryable, detail: error.detail }, 'run refused by the engine');
  } else {
    const err = error instanceof Error ? (error.stack ?? error.message) : String(error);
    rt.log.error({ task: row.id, algorithm: row.engine_algorithm, why, err }, 'run failed');
  }
  // an engine that says retrying cannot help (a refused graph, an input that cannot work) ends the task for good
  await rt.service.endRun(row, 'failure', reason, { retryable: !refused || error.retryable });
}
