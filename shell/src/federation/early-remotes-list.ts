/**
 * The remotes list is the first thing every page needs after the shell's own code, so the entry asks for
 * it while the shell's chunks still load; the runtime takes that answer once instead of asking again.
 */
const EARLY_KEY = '__shellEarlyRemotesList';

type EarlyWindow = Window & { [EARLY_KEY]?: Promise<Response> };

export const REMOTES_LIST_URL = '/remotes.json';

export function fetchRemotesListEarly(): void {
  const w = window as EarlyWindow;
  // a failure here is not reported: the runtime asks again and reports its own failure
  w[EARLY_KEY] = fetch(REMOTES_LIST_URL, { cache: 'no-store' });
  w[EARLY_KEY].catch(() => undefined);
}

/** the early answer, once; null when there is none (tests, or already taken) */
export function takeEarlyRemotesList(): Promise<Response> | null {
  const w = window as EarlyWindow;
  const early = w[EARLY_KEY] ?? null;
  delete w[EARLY_KEY];
  return early;
}
