/**
 * The remotes list is the first thing every page needs after the shell's own code. The gateway writes it
 * into the page (`<script id="remotes-list" type="application/json">`, the same list /remotes.json answers
 * for this request), so the start needs no round trip; without it the entry asks for /remotes.json while
 * the shell's chunks still load. The runtime takes that answer once; a retry reads /remotes.json afresh.
 */
import { INLINE_REMOTES_LIST_ID } from 'shared-contracts/first-load';

const EARLY_KEY = '__shellEarlyRemotesList';

/** what the runtime reads of the answer (a fetch Response, or the list written into the page) */
export type RemotesListAnswer = Pick<Response, 'ok' | 'status' | 'json'>;

type EarlyWindow = Window & { [EARLY_KEY]?: Promise<RemotesListAnswer> };

export const REMOTES_LIST_URL = '/remotes.json';
export { INLINE_REMOTES_LIST_ID };

/** The list written into the page, as the answer /remotes.json would give; null when absent or unreadable. */
export function inlineRemotesList(doc: Document = document): RemotesListAnswer | null {
  const text = doc.getElementById(INLINE_REMOTES_LIST_ID)?.textContent ?? '';
  if (!text.trim()) return null;
  let list: { remotes?: unknown };
  try {
    list = JSON.parse(text) as { remotes?: unknown };
  } catch {
    return null;
  }
  if (!Array.isArray(list.remotes)) return null;
  return { ok: true, status: 200, json: () => Promise.resolve(list) };
}

export function fetchRemotesListEarly(): void {
  const w = window as EarlyWindow;
  const inline = inlineRemotesList();
  // a failure here is not reported: the runtime asks again and reports its own failure
  w[EARLY_KEY] = inline ? Promise.resolve(inline) : fetch(REMOTES_LIST_URL, { cache: 'no-store' });
  w[EARLY_KEY].catch(() => undefined);
}

/** the early answer, once; null when there is none (tests, or already taken) */
export function takeEarlyRemotesList(): Promise<RemotesListAnswer> | null {
  const w = window as EarlyWindow;
  const early = w[EARLY_KEY] ?? null;
  delete w[EARLY_KEY];
  return early;
}
