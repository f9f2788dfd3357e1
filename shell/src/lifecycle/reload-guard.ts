/**
 * Chunk-load errors and a new build reload the page once: a reload is skipped when the previous one
 * happened less than 10 s ago (kept in sessionStorage), so a broken deploy cannot loop.
 */
import { RELOAD_GUARD_MS } from 'shared-contracts';
import { storageGet, storageSet } from '../api/cookies';

export const RELOAD_KEY = 'shell:last-reload';

export interface ReloadDeps {
  now?: () => number;
  reload?: () => void;
}

/** Reloads unless the guard holds; answers whether a reload was started. */
export function reloadOnce(reason: string, deps: ReloadDeps = {}): boolean {
  const now = (deps.now ?? Date.now)();
  const last = Number(storageGet('session', RELOAD_KEY) ?? 0);
  if (Number.isFinite(last) && now - last < RELOAD_GUARD_MS) {
    console.warn(`[shell] not reloading for ${reason}: the page reloaded ${now - last} ms ago`);
    return false;
  }
  storageSet('session', RELOAD_KEY, String(now));
  console.warn(`[shell] reloading the page: ${reason}`);
  (deps.reload ?? (() => window.location.reload()))();
  return true;
}

const CHUNK_MESSAGE = /Loading (CSS )?chunk [\w./-]+ failed|Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  return name === 'ChunkLoadError' || (typeof message === 'string' && CHUNK_MESSAGE.test(message));
}

/** A chunk of the shell itself (remote chunks fail into their area's fallback instead). */
export function isShellChunkError(error: unknown): boolean {
  if (!isChunkLoadError(error)) return false;
  const { request, message } = error as { request?: unknown; message?: unknown };
  const where = `${typeof request === 'string' ? request : ''} ${typeof message === 'string' ? message : ''}`;
  return !where.includes('/remotes/');
}

export function installChunkErrorReload(win: Window = window, deps: ReloadDeps = {}): () => void {
  const onError = (event: ErrorEvent) => {
    if (isShellChunkError(event.error)) reloadOnce('a chunk of the shell failed to load', deps);
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isShellChunkError(event.reason)) reloadOnce('a chunk of the shell failed to load', deps);
  };
  win.addEventListener('error', onError);
  win.addEventListener('unhandledrejection', onRejection);
  return () => {
    win.removeEventListener('error', onError);
    win.removeEventListener('unhandledrejection', onRejection);
  };
}
