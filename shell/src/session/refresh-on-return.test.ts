import { refreshOnReturn } from './refresh-on-return';

function target() {
  const listeners = new Map<string, () => void>();
  return {
    listeners,
    visibilityState: 'visible' as DocumentVisibilityState,
    addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
    removeEventListener: (type: string) => listeners.delete(type),
    fire: (type: string) => listeners.get(type)?.(),
  };
}

describe('refreshOnReturn', () => {
  it('refreshes the user when the tab is focused or shown again, at most once per interval, never while hidden', () => {
    const win = target();
    const doc = target();
    let now = 0;
    const refresh = jest.fn();
    const stop = refreshOnReturn(refresh, { win, doc, now: () => now, minIntervalMs: 5000 });
    now = 6000;
    win.fire('focus');
    expect(refresh).toHaveBeenCalledTimes(1);
    now = 7000;
    doc.fire('visibilitychange'); // focus and visibility arrive together: one refresh
    expect(refresh).toHaveBeenCalledTimes(1);
    now = 20_000;
    doc.visibilityState = 'hidden';
    doc.fire('visibilitychange');
    expect(refresh).toHaveBeenCalledTimes(1);
    doc.visibilityState = 'visible';
    doc.fire('visibilitychange');
    expect(refresh).toHaveBeenCalledTimes(2);
    stop();
    expect(win.listeners.size + doc.listeners.size).toBe(0);
  });
});
