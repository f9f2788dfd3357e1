/**
 * The trace id of the request being served, for code that has no request at hand (the task queue puts it
 * into the job, so the worker's log lines name the same id as the browser's call, the gateway and the API).
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export const traceContext = new AsyncLocalStorage<{ traceId: string }>();

export function currentTraceId(): string {
  return traceContext.getStore()?.traceId ?? '';
}
