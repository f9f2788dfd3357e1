import type { ApiCallBody, ApiCallData, ApiCallKey, ApiCallQuery, PathParams } from './calls.js';

export type QueryValue = string | number | boolean | undefined | null;
export type Query = Record<string, QueryValue>;

export interface RequestOptions {
  signal?: AbortSignal;
  /** GET calls add `_t` unless this is set */
  noTimestamp?: boolean;
  headers?: Record<string, string>;
}

export type CallInput<K extends ApiCallKey> = {
  params?: PathParams<K>;
  query?: ApiCallQuery<K> extends void ? undefined : ApiCallQuery<K>;
  body?: ApiCallBody<K> extends void ? undefined : ApiCallBody<K>;
};

export interface UploadProgress {
  loaded: number;
  total: number;
}

/** The client the shell gives every remote: headers, envelope, retries and session clearing included. */
export interface ApiClient {
  get<T>(path: string, query?: Query, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  /** a typed call of section 7 */
  call<K extends ApiCallKey>(key: K, input?: CallInput<K>, options?: RequestOptions): Promise<ApiCallData<K>>;
  /** PUT a file to an upload grant's URL with progress; answers the envelope's data */
  upload<T>(url: string, file: Blob, onProgress?: (progress: UploadProgress) => void, signal?: AbortSignal): Promise<T>;
  /** the absolute URL of an API path (for media the browser loads itself) */
  url(path: string): string;
}

/** A failed call: `code` is the body's code when the server sent one, else the HTTP status. */
export class ApiError extends Error {
  readonly code: number;
  readonly status: number;
  readonly traceId: string | undefined;
  constructor(message: string, code: number, status: number, traceId?: string) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.traceId = traceId;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof Error && error.name === 'ApiError' && 'code' in error;
}
