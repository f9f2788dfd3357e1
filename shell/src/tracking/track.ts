/**
 * Tracking (spec section 7): every event carries the analytics profile and the route; it goes to the tag
 * manager (a dataLayer push, or a message to the parent frame when embedded) and to the first-party
 * collector. The collector's queue keeps at most 1000 unsent events (the oldest go first); a batch leaves
 * every few seconds, when 20 are waiting, and with sendBeacon when the page hides.
 */
import { TRACK_BATCH_MAX, TRACK_QUEUE_MAX, type AnalyticsProfile, type TrackedEvent, type TrackProps, type TrackValue } from 'shared-contracts';

type DataLayerWindow = Window & { dataLayer?: unknown[] };

export interface TrackerDeps {
  win?: Window;
  profile(): AnalyticsProfile;
  route(): string;
  clientId(): string;
  /** bearer for the collector call; a beacon relies on the token cookie instead */
  token(): string;
  /** the collector's URL ('' = no collector, tag manager only) */
  collectorUrl: string;
  fetchImpl?: typeof fetch;
  flushMs?: number;
  now?: () => number;
}

export interface Tracker {
  track(event: string, props?: Record<string, unknown>): void;
  /** sends what is queued; with beacon: true through navigator.sendBeacon (page hide) */
  flush(options?: { beacon?: boolean }): void;
  /** events not yet accepted by the collector */
  pending(): number;
  dispose(): void;
}

const FLUSH_AT = 20;

/** Flat values only: nested objects become JSON text, functions and undefined are dropped, strings are bounded. */
function flattenProps(props: Record<string, unknown>): TrackProps {
  const flat: TrackProps = {};
  for (const [key, value] of Object.entries(props).slice(0, 32)) {
    if (!/^[A-Za-z0-9_.-]{1,64}$/.test(key)) continue;
    let out: TrackValue | undefined;
    if (value === null || typeof value === 'boolean') out = value;
    else if (typeof value === 'number') out = Number.isFinite(value) ? value : null;
    else if (typeof value === 'string') out = value;
    else if (typeof value === 'object') out = JSON.stringify(value);
    if (out === undefined) continue;
    flat[key] = typeof out === 'string' ? out.slice(0, 1024) : out;
  }
  return flat;
}

export function createTracker(deps: TrackerDeps): Tracker {
  const win = deps.win ?? window;
  const now = deps.now ?? Date.now;
  const fetchImpl = deps.fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  // the dataLayer as tag managers expect it (their own snippet does the same, `w.dataLayer = w.dataLayer || []`):
  // created now, so every event is pushed at once and a tag manager loaded later reads them all
  const dataLayer = ((win as DataLayerWindow).dataLayer ??= []);
  // events waiting for the collector
  const queue: TrackedEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let inFlight = 0;

  function toTagManager(entry: Record<string, unknown>, event: string, props: TrackProps): void {
    // the layer a tag manager put in place (it may replace the array when it loads), else the one made above
    const layer = (win as DataLayerWindow).dataLayer;
    (Array.isArray(layer) ? layer : dataLayer).push(entry);
    if (win.parent && win.parent !== win) {
      try {
        win.parent.postMessage({ type: 'shell:track', event, props }, '*');
      } catch {
        // a closed or cross-origin parent that refuses messages: nothing to do
      }
    }
  }

  function schedule(): void {
    if (!deps.collectorUrl || timer) return;
    timer = setTimeout(() => {
      timer = null;
      send(false);
    }, deps.flushMs ?? 5000);
  }

  function send(beacon: boolean): void {
    if (!deps.collectorUrl || queue.length === 0) return;
    while (queue.length > 0) {
      const events = queue.splice(0, TRACK_BATCH_MAX);
      const body = JSON.stringify({ client_id: deps.clientId(), events });
      const nav = win.navigator as Navigator | undefined;
      // text/plain: a beacon must not need a CORS preflight; the collector reads the same JSON
      if (beacon && nav && typeof nav.sendBeacon === 'function' && nav.sendBeacon(deps.collectorUrl, new Blob([body], { type: 'text/plain' }))) continue;
      inFlight += events.length;
      const token = deps.token();
      let sent: Promise<Response>;
      try {
        sent = fetchImpl(deps.collectorUrl, {
          method: 'POST',
          keepalive: true,
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body,
        });
      } catch {
        sent = Promise.reject(new Error('fetch unavailable'));
      }
      sent
        .then((response) => {
          // refused for its content: dropping it is right; throttled or down: keep the events for later
          if (response.status === 429 || response.status >= 500) requeue(events);
        })
        .catch(() => requeue(events))
        .finally(() => {
          inFlight -= events.length;
        });
    }
  }

  function requeue(events: TrackedEvent[]): void {
    queue.unshift(...events);
    if (queue.length > TRACK_QUEUE_MAX) queue.splice(0, queue.length - TRACK_QUEUE_MAX);
    schedule();
  }

  const onHide = () => {
    if (win.document?.visibilityState === 'hidden') send(true);
  };
  const onPageHide = () => send(true);
  win.document?.addEventListener('visibilitychange', onHide);
  win.addEventListener('pagehide', onPageHide);

  return {
    track(event, props = {}) {
      const flat = flattenProps(props);
      const profile = deps.profile();
      const route = deps.route();
      const ts = now();
      toTagManager({ event, ...flat, ...profile, route, ts }, event, flat);
      if (!deps.collectorUrl) return;
      queue.push({ event, ts, route, profile, props: flat });
      if (queue.length > TRACK_QUEUE_MAX) queue.splice(0, queue.length - TRACK_QUEUE_MAX);
      if (queue.length >= FLUSH_AT) send(false);
      else schedule();
    },
    flush(options = {}) {
      if (timer) clearTimeout(timer);
      timer = null;
      send(Boolean(options.beacon));
    },
    pending() {
      return queue.length + inFlight;
    },
    dispose() {
      if (timer) clearTimeout(timer);
      win.document?.removeEventListener('visibilitychange', onHide);
      win.removeEventListener('pagehide', onPageHide);
    },
  };
}
