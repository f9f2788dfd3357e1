import type { FastifyRequest } from 'fastify';
import { HOME_DISCOVERY_CACHE_MS, HOME_DISCOVERY_STALE_MS, homeDiscoveryFetcher } from './home-discovery.js';

/** A request whose app answers Home's two calls with a counter, so each fetch is told apart. */
function fakeRequest(fail = { value: false }) {
  let calls = 0;
  const inject = jest.fn(async ({ url }: { url: string }) => {
    calls += 1;
    const n = calls;
    if (fail.value) return { statusCode: 503, json: () => ({ code: 503 }) };
    const data = url.startsWith('/v1/workflow/explore/list') ? { list: [{ id: n }], total: 1 } : [{ tpl_id: n }];
    return { statusCode: 200, json: () => ({ code: 0, msg: 'ok', data, trace_id: '' }) };
  });
  return { request: { id: 'r1', server: { inject }, log: { warn: jest.fn() } } as unknown as FastifyRequest, inject };
}

describe('homeDiscoveryFetcher', () => {
  it('reuses the answers, then serves them once more while it fetches new ones behind the page', async () => {
    let clock = 0;
    const fetch = homeDiscoveryFetcher(() => clock);
    const { request, inject } = fakeRequest();
    const first = await fetch(request);
    expect(first.trending?.list[0]?.id).toBeDefined();
    await fetch(request);
    expect(inject).toHaveBeenCalledTimes(2);
    clock += HOME_DISCOVERY_CACHE_MS + 1;
    // stale: the same answers at once, the new ones for the next page
    expect(await fetch(request)).toBe(first);
    await new Promise((resolve) => setImmediate(resolve));
    expect(inject).toHaveBeenCalledTimes(4);
    expect(await fetch(request)).not.toBe(first);
  });

  it('waits for new answers when the last ones are too old, and does not keep a failed answer', async () => {
    let clock = 0;
    const fetch = homeDiscoveryFetcher(() => clock);
    const fail = { value: true };
    const { request, inject } = fakeRequest(fail);
    expect(await fetch(request)).toEqual({});
    fail.value = false;
    const fresh = await fetch(request);
    expect(fresh.hot).toHaveLength(1);
    expect(inject).toHaveBeenCalledTimes(4);
    clock += HOME_DISCOVERY_STALE_MS + 1;
    const later = await fetch(request);
    expect(later).not.toBe(fresh);
    expect(later.trending?.list).toHaveLength(1);
  });
});
