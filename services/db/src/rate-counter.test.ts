import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from './index';
import { migrateRateCounter, rateCounter } from './rate-counter';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (in a schema of its own). */
const ENGINES: Array<[string, string]> = [['pglite', ''], ...(process.env.TEST_DATABASE_URL ? [['postgres', process.env.TEST_DATABASE_URL] as [string, string]] : [])];

async function open(url: string): Promise<{ db: Database; drop: () => Promise<void> }> {
  if (!url) {
    const db = await openDatabase({ dataDir: 'memory://' });
    return { db, drop: () => db.close() };
  }
  const schema = `rate_test_${randomBytes(6).toString('hex')}`;
  const admin = await openDatabase({ url, max: 1 });
  await admin.query(`CREATE SCHEMA ${schema}`);
  const db = await openDatabase({ url: `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`, max: 20 });
  return {
    db,
    drop: async () => {
      await db.close();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.close();
    },
  };
}

describe.each(ENGINES)('the one rate counter (%s)', (_engine, url) => {
  let opened: { db: Database; drop: () => Promise<void> };
  const clock = { now: Date.UTC(2030, 0, 1, 12, 0, 10) };
  const MINUTE = 60_000;

  beforeAll(async () => {
    opened = await open(url);
    expect(await migrateRateCounter(opened.db)).toEqual(['0001_rate_counters.sql']);
    expect(await migrateRateCounter(opened.db)).toEqual([]);
  });
  afterAll(() => opened.drop());

  it("starts a key's window at its first take, and the next one at the first take after it ends", async () => {
    const counter = rateCounter(opened.db, () => clock.now);
    const start = clock.now;
    expect(await counter.take('a', MINUTE)).toEqual({ count: 1, resetAt: start + MINUTE });
    clock.now += 59_999;
    expect(await counter.take('a', MINUTE)).toEqual({ count: 2, resetAt: start + MINUTE });
    clock.now += 1;
    // the window is over: this take opens the next one, a whole window long
    expect(await counter.take('a', MINUTE)).toEqual({ count: 1, resetAt: clock.now + MINUTE });
    // another key counts apart
    expect((await counter.take('b', MINUTE)).count).toBe(1);
  });

  it('aligns a window to the clock when asked (a daily cap opens at 00:00 UTC, as "Try again tomorrow" says)', async () => {
    const counter = rateCounter(opened.db, () => clock.now);
    const DAY = 24 * 3600_000;
    const saved = clock.now;
    clock.now = Date.UTC(2026, 10, 27, 23, 30);
    expect(await counter.take('day', DAY, { aligned: true })).toEqual({ count: 1, resetAt: Date.UTC(2026, 10, 28) });
    clock.now = Date.UTC(2026, 10, 27, 23, 59);
    expect((await counter.take('day', DAY, { aligned: true })).count).toBe(2);
    // half an hour later it is tomorrow: a new day's window, where a first-take window would run to 23:30
    clock.now = Date.UTC(2026, 10, 28, 0, 0);
    expect(await counter.take('day', DAY, { aligned: true })).toEqual({ count: 1, resetAt: Date.UTC(2026, 10, 29) });
    clock.now = saved;
  });

  it('peeks without counting, gives back without going below zero, and resets', async () => {
    const counter = rateCounter(opened.db, () => clock.now);
    expect(await counter.peek('p', MINUTE)).toEqual({ count: 0, resetAt: clock.now });
    const first = await counter.take('p', MINUTE);
    await counter.take('p', MINUTE);
    expect(await counter.peek('p', MINUTE)).toEqual({ count: 2, resetAt: first.resetAt });
    await counter.giveBack('p');
    expect((await counter.peek('p', MINUTE)).count).toBe(1);
    await counter.giveBack('p');
    await counter.giveBack('p');
    expect((await counter.peek('p', MINUTE)).count).toBe(0);
    await counter.take('p', MINUTE);
    await counter.reset('p');
    expect(await counter.peek('p', MINUTE)).toEqual({ count: 0, resetAt: clock.now });
    // a window that has ended reads as none
    await counter.take('p', MINUTE);
    clock.now += MINUTE;
    expect((await counter.peek('p', MINUTE)).count).toBe(0);
  });

  it('counts 40 concurrent takes exactly once each', async () => {
    const counter = rateCounter(opened.db, () => clock.now);
    const counts = await Promise.all(Array.from({ length: 40 }, () => counter.take('burst', MINUTE)));
    expect(counts.map((hit) => hit.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it('refuses a window it would sweep before it ends', async () => {
    const counter = rateCounter(opened.db, () => clock.now);
    await expect(counter.take('long', 3 * 24 * 3600_000)).rejects.toThrow('a rate window is 1 ms to 2 days (got 259200000)');
    await expect(counter.peek('long', 0)).rejects.toThrow(RangeError);
  });
});
