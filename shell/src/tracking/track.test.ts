import { TRACK_QUEUE_MAX, judgeVital, loadTimeOutcome } from 'shared-contracts';
import { instrumentFetch } from './fetch-status';
import { createTracker } from './track';

const profile = { uid: 'u1', user_member_level: 'free' as const, user_credits: 12, wsid: 'w1' };

function setup(overrides: { fetchImpl?: typeof fetch; collectorUrl?: string } = {}) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchImpl =
    overrides.fetchImpl ??
    (jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(url), init: init ?? {} });
      return { status: 200, ok: true } as Response;
    }) as unknown as typeof fetch);
  const tracker = createTracker({
    profile: () => profile,
    route: () => '/home',
    clientId: () => 'client-1',
    token: () => 'jwt-1',
    collectorUrl: overrides.collectorUrl ?? '/v1/track',
    fetchImpl,
    flushMs: 1000,
  });
  return { tracker, calls };
}

afterEach(() => {
  delete (window as Window & { dataLayer?: unknown[] }).dataLayer;
});

describe('tracker', () => {
  it('pushes each event with the profile and route to the dataLayer, and batches it to the collector with the bearer', async () => {
    const layer: unknown[] = [];
    (window as Window & { dataLayer?: unknown[] }).dataLayer = layer;
    const { tracker, calls } = setup();
    tracker.track('miai_purchase_interface_click', { button: 'buy', sku_id: 24109016, nested: { a: 1 }, skip: undefined });
    expect(layer).toEqual([
      expect.objectContaining({ event: 'miai_purchase_interface_click', button: 'buy', sku_id: 24109016, nested: '{"a":1}', uid: 'u1', user_member_level: 'free', user_credits: 12, wsid: 'w1', route: '/home' }),
    ]);
    tracker.flush();
    expect(calls).toHaveLength(1);
    expect(calls[0].init.headers).toMatchObject({ authorization: 'Bearer jwt-1' });
    const body = JSON.parse(String(calls[0].init.body));
    expect(body).toEqual({
      client_id: 'client-1',
      events: [{ event: 'miai_purchase_interface_click', ts: expect.any(Number), route: '/home', profile, props: { button: 'buy', sku_id: 24109016, nested: '{"a":1}' } }],
    });
    tracker.dispose();
  });

  it('creates the dataLayer as tag managers expect, so an event is pushed at once even before one has loaded', () => {
    const { tracker } = setup();
    const layer = (window as Window & { dataLayer?: unknown[] }).dataLayer;
    expect(Array.isArray(layer)).toBe(true);
    tracker.track('page_view', { a: 1 });
    expect(layer).toEqual([expect.objectContaining({ event: 'page_view', a: 1 })]);
    tracker.dispose();
  });

  it('sends the queue with sendBeacon when the page hides', () => {
    const beacon = jest.fn(() => true);
    Object.defineProperty(window.navigator, 'sendBeacon', { value: beacon, configurable: true });
    const { tracker, calls } = setup();
    tracker.track('page_view', {});
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(beacon).toHaveBeenCalledWith('/v1/track', expect.any(Blob));
    expect(calls).toHaveLength(0);
    expect(tracker.pending()).toBe(0);
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    tracker.dispose();
  });

  it('keeps at most 1000 unsent events, dropping the oldest', () => {
    const { tracker } = setup({ fetchImpl: jest.fn(() => new Promise<Response>(() => undefined)) as unknown as typeof fetch });
    const layer: unknown[] = [];
    for (let i = 0; i < TRACK_QUEUE_MAX + 50; i += 1) tracker.track('button_click', { i });
    // 20 at a time leave while it fills; the never-answered requests still count as pending
    expect(tracker.pending()).toBeLessThanOrEqual(TRACK_QUEUE_MAX + 50);
    expect(layer).toEqual([]);
    tracker.dispose();
  });
});

describe('api fetch status', () => {
  it('adds a trace id to every call and reports failures and slow calls without query or body', async () => {
    const track = jest.fn();
    let clock = 0;
    const base = jest.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      clock += new Headers(init?.headers).get('x-slow') ? 5000 : 10;
      const status = String(_url).includes('fail') ? 500 : 200;
      return { status, ok: status < 400 } as Response;
    }) as unknown as typeof fetch;
    const wrapped = instrumentFetch(base, { track, now: () => clock, newTraceId: () => 'trace-1' });
    await wrapped('/v1/user?token=secret', { method: 'POST', body: '{"password":"x"}' });
    expect(track).not.toHaveBeenCalled();
    expect(new Headers((base as jest.Mock).mock.calls[0][1].headers).get('x-trace-id')).toBe('trace-1');
    await wrapped('/v1/fail?token=secret', { method: 'POST', body: '{"password":"x"}' });
    await wrapped('/v1/slow', { headers: { 'x-slow': '1' } });
    expect(track.mock.calls).toEqual([
      ['api_fetch_status', { method: 'POST', path: '/v1/fail', status: 500, duration_ms: 10, result: 'fail', trace_id: 'trace-1' }],
      ['api_fetch_status', { method: 'GET', path: '/v1/slow', status: 200, duration_ms: 5000, result: 'slow', trace_id: 'trace-1' }],
    ]);
  });
});

describe('judgements of spec section 9', () => {
  it('judges FCP and LCP by 1800/3000 and 2500/4000 ms', () => {
    expect([judgeVital('FCP', 1800), judgeVital('FCP', 2999), judgeVital('FCP', 3001)]).toEqual(['good', 'needs-improvement', 'poor']);
    expect([judgeVital('LCP', 2500), judgeVital('LCP', 4000), judgeVital('LCP', 4001)]).toEqual(['good', 'needs-improvement', 'poor']);
  });
  it('counts a load above 30 s or of zero as a failure with 100.15', () => {
    expect(loadTimeOutcome(1234.4)).toEqual({ result: 'success', load_time: 1234 });
    expect(loadTimeOutcome(0)).toEqual({ result: 'fail', load_time: 100.15 });
    expect(loadTimeOutcome(30001)).toEqual({ result: 'fail', load_time: 100.15 });
  });
});
