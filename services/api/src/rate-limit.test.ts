import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { migrateRateCounter } from '@studio/db/rate-counter';
import { postgresRateLimitStore } from './rate-limit';
import { openTestDb, type TestDb } from '../test/helpers';

jest.setTimeout(60000);

describe('@fastify/rate-limit on the one rate counter', () => {
  let testDb: TestDb;
  const clock = { now: Date.UTC(2030, 0, 1, 12, 0, 10) };
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    testDb = await openTestDb();
    await migrateRateCounter(testDb.db);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await testDb.close();
  });

  /** one API process: a limited route and a second one counted apart */
  async function process(): Promise<FastifyInstance> {
    const app = Fastify({ logger: false });
    await app.register(rateLimit, { global: false, store: postgresRateLimitStore(testDb.db, () => clock.now) });
    const config = { rateLimit: { max: 2, timeWindow: 60_000 } };
    app.post('/v1/track', { config }, async () => ({ ok: true }));
    app.post('/v1/other', { config }, async () => ({ ok: true }));
    await app.ready();
    apps.push(app);
    return app;
  }

  it('is shared by every API process, per route and per address, through @fastify/rate-limit', async () => {
    const [one, two] = [await process(), await process()];
    const post = (app: FastifyInstance, url: string, remoteAddress = '10.0.0.1') => app.inject({ method: 'POST', url, remoteAddress });
    expect((await post(one, '/v1/track')).statusCode).toBe(200);
    expect((await post(two, '/v1/track')).statusCode).toBe(200);
    const refused = await post(one, '/v1/track');
    expect(refused.statusCode).toBe(429);
    // the window started at the first request (12:00:10) and ends a minute later
    expect(refused.headers['retry-after']).toBe('60');

    expect((await post(two, '/v1/other')).statusCode).toBe(200);
    expect((await post(two, '/v1/track', '10.0.0.2')).statusCode).toBe(200);
    clock.now += 60_000;
    expect((await post(two, '/v1/track')).statusCode).toBe(200);
  });

  it('reads a window without counting it (`increment: false`, the store\'s read)', async () => {
    const app = Fastify({ logger: false });
    await app.register(rateLimit, { global: false, store: postgresRateLimitStore(testDb.db, () => clock.now) });
    const limit = app.createRateLimit({ max: 2, timeWindow: 60_000 });
    app.get<{ Querystring: { take?: string } }>('/check', async (request) => limit(request, { increment: request.query.take === '1' }));
    await app.ready();
    apps.push(app);
    const check = async (take: boolean) =>
      (await app.inject({ method: 'GET', url: `/check${take ? '?take=1' : ''}`, remoteAddress: '10.0.0.9' })).json<{ remaining: number; ttl: number }>();
    expect(await check(false)).toMatchObject({ remaining: 2, ttl: 0 });
    expect(await check(true)).toMatchObject({ remaining: 1, ttl: 60_000 });
    clock.now += 15_000;
    expect(await check(false)).toMatchObject({ remaining: 1, ttl: 45_000 });
    expect(await check(false)).toMatchObject({ remaining: 1 });
    expect(await check(true)).toMatchObject({ remaining: 0 });
  });
});
