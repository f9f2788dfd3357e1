/**
 * Tracking: events are pushed to the tag manager's dataLayer when the page has one, and posted to the
 * parent frame when the shell runs embedded. Until a dataLayer exists, events queue (capped at 1000).
 */
export const TRACK_QUEUE_MAX = 1000;

type DataLayerWindow = Window & { dataLayer?: unknown[] };

export function createTracker(win: Window = window): (event: string, props?: Record<string, unknown>) => void {
  const queue: Record<string, unknown>[] = [];
  return (event, props = {}) => {
    const entry = { event, ...props, ts: Date.now() };
    const layer = (win as DataLayerWindow).dataLayer;
    if (Array.isArray(layer)) {
      for (const queued of queue.splice(0)) layer.push(queued);
      layer.push(entry);
    } else {
      queue.push(entry);
      if (queue.length > TRACK_QUEUE_MAX) queue.splice(0, queue.length - TRACK_QUEUE_MAX);
    }
    if (win.parent && win.parent !== win) {
      try {
        win.parent.postMessage({ type: 'shell:track', event, props }, '*');
      } catch {
        // a closed or cross-origin parent that refuses messages: nothing to do
      }
    }
  };
}
