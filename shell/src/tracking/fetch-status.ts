/**
 * API fetch status (spec section 7): every call gets an x-trace-id (the gateway, the API and the worker log
 * it), and failed or slow calls are tracked with method, path, status, duration and that trace id. Never
 * the query, the body or a header: they can hold tokens and personal data.
 */
import { SLOW_CALL_MS, TRACK_EVENTS } from 'shared-contracts';

export interface FetchStatusOptions {
  track(event: string, props: Record<string, unknown>): void;
  /** calls not to report (the collector's own) */
  skip?(path: string): boolean;
  now?: () => number;
  slowMs?: number;
  newTraceId?: () => string;
}

function newTraceId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

function pathOf(input: RequestInfo | URL): string {
  const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  try {
    return new URL(raw, 'http://relative.invalid').pathname;
  } catch {
    return raw.split('?')[0];
  }
}

export function instrumentFetch(base: typeof fetch, options: FetchStatusOptions): typeof fetch {
  const now = options.now ?? (() => performance.now());
  const slowMs = options.slowMs ?? SLOW_CALL_MS;
  const makeId = options.newTraceId ?? newTraceId;
  return async (input, init = {}) => {
    const path = pathOf(input);
    const headers = new Headers(init.headers);
    if (!headers.has('x-trace-id')) headers.set('x-trace-id', makeId());
    const traceId = headers.get('x-trace-id') ?? '';
    const method = (init.method ?? 'GET').toUpperCase();
    const started = now();
    const report = (status: number, ok: boolean) => {
      const duration = Math.round(now() - started);
      if ((ok && duration < slowMs) || options.skip?.(path)) return;
      options.track(TRACK_EVENTS.API_FETCH_STATUS, { method, path, status, duration_ms: duration, result: ok ? 'slow' : 'fail', trace_id: traceId });
    };
    try {
      const response = await base(input, { ...init, headers });
      report(response.status, response.ok);
      return response;
    } catch (error) {
      if (!(error instanceof Error && error.name === 'AbortError')) report(0, false);
      throw error;
    }
  };
}
