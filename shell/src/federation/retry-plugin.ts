/**
 * Runtime plugin (one concern): re-fetch a failed remote manifest and re-load a failed remote entry a
 * couple of times with exponential backoff before the failure reaches the fallback plugin.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export interface RetryOptions {
  /** extra attempts after the first */
  retries?: number;
  /** delay before the first retry; doubles each time */
  baseDelayMs?: number;
  fetchImpl?: typeof fetch;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Statuses worth asking again: the server is starting, overloaded, or the files are being replaced. */
function retryableStatus(status: number): boolean {
  return status === 404 || status === 408 || status === 425 || status === 429 || status >= 500;
}

export function retryPlugin(options: RetryOptions = {}): ModuleFederationRuntimePlugin {
  const retries = options.retries ?? 2;
  const baseDelayMs = options.baseDelayMs ?? 400;
  const doFetch = options.fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  return {
    name: 'shell-retry-plugin',
    // the runtime fetches manifests through this hook
    async fetch(url: string, init: RequestInit) {
      let lastError: unknown = null;
      for (let attempt = 0; attempt <= retries; attempt += 1) {
        if (attempt > 0) await sleep(baseDelayMs * 2 ** (attempt - 1));
        try {
          const response = await doFetch(url, attempt > 0 ? { ...init, cache: 'no-store' } : init);
          if (response.ok) return response;
          lastError = new Error(`${url} answered HTTP ${response.status}`);
          if (!retryableStatus(response.status)) break;
        } catch (error) {
          lastError = error;
        }
      }
      throw lastError instanceof Error ? lastError : new Error(`could not fetch ${url}`);
    },
    // the remote entry script failed to load (network, 404): try again with a fresh <script>
    loadEntryError({ getRemoteEntry, origin, remoteInfo, remoteEntryExports, globalLoading, uniqueKey }) {
      type Exports = Exclude<Awaited<ReturnType<typeof getRemoteEntry>>, false | void>;
      const retry = async (): Promise<Exports | undefined> => {
        for (let attempt = 1; attempt <= retries; attempt += 1) {
          await sleep(baseDelayMs * 2 ** (attempt - 1));
          // the failed load is still registered as in flight; a new one must not wait on it
          delete globalLoading[uniqueKey];
          try {
            const exports = await getRemoteEntry({ origin, remoteInfo, remoteEntryExports });
            if (exports) return exports as Exports;
          } catch (error) {
            console.warn(`[shell] retry ${attempt} of ${remoteInfo.entry} failed`, error);
          }
        }
        return undefined;
      };
      // the hook's declared type nests the promise; the runtime awaits it flat
      return retry() as unknown as Promise<Promise<Exports | undefined> | undefined>;
    },
  };
}
