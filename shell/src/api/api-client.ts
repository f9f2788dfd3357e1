/**
 * The API client the shell gives every remote (ApiClient of shared-contracts): headers of spec section 7,
 * `_t` on GET, JSON bodies, the envelope (code 0 is success), error mapping, session clearing on HTTP 401
 * (except renew, oauth token and logout) and code 140013, and one retry of idempotent requests on
 * 408/409/425/429/500/502/503/504. Requests with a body are never retried.
 */
import {
  API_CODES,
  ApiError,
  RETRY_STATUSES,
  SESSION_CLEAR_EXEMPT_PATHS,
  USER_TEXTS,
  type ApiCallData,
  type ApiCallKey,
  type ApiClient,
  type ApiEnvelope,
  type CallInput,
  type Query,
  type RequestOptions,
  type UploadProgress,
} from 'shared-contracts';

export interface ApiClientDeps {
  /** '' = the page's own origin */
  apiBase: string;
  /** build version, sent as X-Prod-Ver */
  version: string;
  /** sent as X-Source */
  source?: string;
  getClientId(): string;
  getToken(): string;
  /** width of the viewport; below 768 the client type is 8 (phone), else 7 */
  getViewportWidth(): number;
  /** the user must be cleared: HTTP 401 on a non-exempt path, or code 140013 */
  onSessionInvalid(reason: 'unauthorized' | 'session-invalid'): void;
  fetchImpl?: typeof fetch;
  /** pause before the single retry of an idempotent request */
  retryDelayMs?: number;
  origin?: string;
}

const IDEMPOTENT = new Set(['GET', 'HEAD']);
const RETRYABLE = new Set<number>(RETRY_STATUSES);

function isExempt(pathname: string): boolean {
  return SESSION_CLEAR_EXEMPT_PATHS.some((exempt) => pathname === exempt || pathname.startsWith(`${exempt}?`));
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function messageOf(body: Partial<ApiEnvelope> | null, fallback: string): string {
  return (body && (body.msg || body.message)) || fallback;
}

const USER_TEXT_SET: ReadonlySet<string> = new Set(Object.values(USER_TEXTS));

/**
 * What a failed HTTP answer says to a person. A 4xx says what was wrong: its words stand. A 500's words are
 * the server's own ('internal', a stack's first line) unless they are one of the product's user texts, so a
 * person reads 'Unknown error, please retry later' (spec section 8); a gateway's 502-504 without our
 * envelope ('Bad Gateway') reads as the network text; one with our envelope says what the service said.
 */
function failureText(status: number, body: Partial<ApiEnvelope> | null, statusText: string): string {
  const said = messageOf(body, '');
  if (status < 500) return said || statusText || `HTTP ${status}`;
  if (said && USER_TEXT_SET.has(said)) return said;
  if (status === 500) return USER_TEXTS.UNKNOWN;
  return said && typeof body?.code === 'number' ? said : USER_TEXTS.NETWORK;
}

/** A call's path with its parameters filled in: '/v1/ai/cost/{algorithm}' and { algorithm } */
function fillPath(template: string, params: Record<string, string> | undefined): string {
  return template.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${template}`);
    return encodeURIComponent(value);
  });
}

/** An answer's body as our envelope; null when it is empty or not JSON (a gateway's own page). */
async function envelopeOf<T>(response: Response): Promise<Partial<ApiEnvelope<T>> | null> {
  try {
    const text = await response.text();
    return text ? (JSON.parse(text) as Partial<ApiEnvelope<T>>) : null;
  } catch {
    return null;
  }
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const fetchImpl = deps.fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const retryDelayMs = deps.retryDelayMs ?? 250;
  const origin = deps.origin ?? (typeof window === 'undefined' ? 'http://localhost' : window.location.origin);

  function url(path: string): string {
    if (/^https?:\/\//i.test(path)) return path;
    return `${deps.apiBase}${path.startsWith('/') ? path : `/${path}`}`;
  }

  function headers(extra?: Record<string, string>, json = false): Record<string, string> {
    const result: Record<string, string> = {
      Accept: 'application/json',
      'X-Source': deps.source ?? 'web',
      'X-Prod-Ver': deps.version,
      'X-Client-Sn': deps.getClientId(),
      'X-Client-Type': deps.getViewportWidth() < 768 ? '8' : '7',
    };
    const token = deps.getToken();
    if (token) result.Authorization = `Bearer ${token}`;
    if (json) result['Content-Type'] = 'application/json';
    return { ...result, ...extra };
  }

  function pathOf(path: string): string {
    try {
      return new URL(url(path), origin).pathname;
    } catch {
      return path;
    }
  }

  /** Reads the envelope of any answer and maps failures; shared by fetch and upload. */
  function interpret<T>(path: string, status: number, ok: boolean, body: Partial<ApiEnvelope<T>> | null, statusText: string): T {
    const bodyCode = body && typeof body.code === 'number' ? body.code : undefined;
    if (bodyCode === API_CODES.SESSION_INVALID) deps.onSessionInvalid('session-invalid');
    if (!ok) {
      if (status === 401 && !isExempt(pathOf(path))) deps.onSessionInvalid('unauthorized');
      throw new ApiError(failureText(status, body, statusText), bodyCode ?? status, status, body?.trace_id);
    }
    if (!body || bodyCode === undefined) throw new ApiError(USER_TEXTS.UNKNOWN, status, status);
    if (bodyCode !== API_CODES.OK) throw new ApiError(messageOf(body, USER_TEXTS.UNKNOWN), bodyCode, status, body.trace_id);
    return body.data as T;
  }

  async function request<T>(method: string, path: string, query: Query | undefined, body: unknown, options: RequestOptions = {}): Promise<T> {
    const target = new URL(url(path), origin);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null) target.searchParams.set(key, String(value));
    }
    if (method === 'GET' && !options.noTimestamp) target.searchParams.set('_t', String(Date.now()));
    const href = deps.apiBase || /^https?:\/\//i.test(path) ? target.href : `${target.pathname}${target.search}`;
    const hasBody = body !== undefined;
    const init: RequestInit = {
      method,
      headers: headers(options.headers, hasBody),
      body: hasBody ? JSON.stringify(body) : undefined,
      signal: options.signal,
      credentials: 'same-origin',
    };
    const maxAttempts = IDEMPOTENT.has(method) && !hasBody ? 2 : 1;
    for (let attempt = 1; ; attempt += 1) {
      let response: Response;
      try {
        response = await fetchImpl(href, init);
      } catch (error) {
        if (error instanceof Error && error.name === 'AbortError') throw error;
        throw new ApiError(USER_TEXTS.NETWORK, 0, 0);
      }
      if (!response.ok && RETRYABLE.has(response.status) && attempt < maxAttempts) {
        await sleep(retryDelayMs);
        continue;
      }
      return interpret<T>(path, response.status, response.ok, await envelopeOf<T>(response), response.statusText);
    }
  }

  return {
    url,
    get<T>(path: string, query?: Query, options?: RequestOptions) {
      return request<T>('GET', path, query, undefined, options);
    },
    post<T>(path: string, body?: unknown, options?: RequestOptions) {
      return request<T>('POST', path, undefined, body ?? {}, options);
    },
    call<K extends ApiCallKey>(key: K, input?: CallInput<K>, options?: RequestOptions): Promise<ApiCallData<K>> {
      const space = key.indexOf(' ');
      const method = key.slice(0, space);
      const path = fillPath(key.slice(space + 1), input?.params as Record<string, string> | undefined);
      if (method === 'GET') return request<ApiCallData<K>>('GET', path, input?.query as Query | undefined, undefined, options);
      return request<ApiCallData<K>>(method, path, undefined, input?.body ?? {}, options);
    },
    upload<T>(uploadUrl: string, file: Blob, onProgress?: (progress: UploadProgress) => void, signal?: AbortSignal): Promise<T> {
      // the XMLHttpRequest upload loads with the first upload (not part of the first page load)
      return import(/* webpackChunkName: "upload" */ './upload').then(({ putFile }) =>
        putFile<T>({ url: url(uploadUrl), headers: headers(), file, onProgress, signal, interpret: (status, ok, body, statusText) => interpret<T>(uploadUrl, status, ok, body, statusText) }),
      );
    },
  };
}
