/**
 * The user info is refreshed when the member comes back to the studio tab (the window gains focus or the
 * page becomes visible), at most once per `minIntervalMs`: what changed elsewhere (a purchase paid in the
 * checkout tab, credits spent in another tab) shows without a reload.
 */
export interface ReturnTarget {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

export function refreshOnReturn(
  refresh: () => unknown,
  options: { win?: ReturnTarget; doc?: ReturnTarget & { visibilityState: DocumentVisibilityState }; now?: () => number; minIntervalMs?: number } = {},
): () => void {
  const win = options.win ?? window;
  const doc = options.doc ?? document;
  const now = options.now ?? Date.now;
  const gap = options.minIntervalMs ?? 5000;
  let last = now();
  const onReturn = () => {
    if (doc.visibilityState === 'hidden' || now() - last < gap) return;
    last = now();
    void refresh();
  };
  win.addEventListener('focus', onReturn);
  doc.addEventListener('visibilitychange', onReturn);
  return () => {
    win.removeEventListener('focus', onReturn);
    doc.removeEventListener('visibilitychange', onReturn);
  };
}
