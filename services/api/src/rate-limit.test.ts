import { readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { hitWindow, postgresRateLimitStore } from './rate-limit';
import { openTestDb, type TestDb } from '../test/helpers';

jest.setTimeout(60000);

describe('the one rate-limit counter', () => {
  let testDb: TestDb;
  const clock = { now: Date.UTC(2030, 0, 1, 12, 0, 10) };
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    testDb = await openTestDb();
    await testDb.db.query(readFileSync(path.resolve(__dirname, '../migrations/0141_rate_limits.sql'), 'utf8'));
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

  it('counts a fixed window per key, and starts again in the next window', async () => {
    const at = Date.UTC(2030, 0, 2, 0, 0, 30);
    expect(await hitWindow(testDb.db, 'k', 60_000, at)).toEqual({ count: 1, resetAt: Date.UTC(2030, 0, 2, 0, 1) });
    expect((await hitWindow(testDb.db, 'k', 60_000, at + 1000)).count).toBe(2);
    expect((await hitWindow(testDb.db, 'k', 60_000, at + 31_000)).count).toBe(1);
  });

  it('is shared by every API process, per route and per address, through @fastify/rate-limit', async () => {
    const [one, two] = [await process(), await process()];
    const post = (app: FastifyInstance, url: string, remoteAddress = '10.0.0.1') => app.inject({ method: 'POST', url, remoteAddress });
    expect((await post(one, '/v1/track')).statusCode).toBe(200);
    expect((await post(two, '/v1/track')).statusCode).toBe(200);
    const refused = await post(one, '/v1/track');
    expect(refused.statusCode).toBe(429);
    // the window ends at 12:01:00, 50 seconds after the clock
    expect(refused.headers['retry-after']).toBe('50');
    expect((await post(two, '/v1/other')).statusCode).toBe(200);
    expect((await post(two, '/v1/track', '10.0.0.2')).statusCode).toBe(200);
    clock.now += 60_000;
    expect((await post(two, '/v1/track')).statusCode).toBe(200);
  });
});
