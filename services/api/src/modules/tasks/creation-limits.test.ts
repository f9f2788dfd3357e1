import { openDatabase, type Database } from '@studio/db';
import { migrateRateCounter } from '@studio/db/rate-counter';
import { API_CODES, USER_TEXTS } from 'shared-contracts';
import { takeCreation } from './creation-limits';

describe('the creation caps', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({ dataDir: 'memory://', upkeepMs: 0 });
    await migrateRateCounter(db);
  });
  afterAll(() => db.close());

  it('stops a day at the daily cap with the spec text and opens again at midnight UTC, as "Try again tomorrow" says', async () => {
    const limits = { perMinute: 100, perMinutePerAddress: 100, perDay: 2 };
    const who = { uid: 'day-user', ip: '203.0.113.9' };
    await takeCreation(db, limits, who, Date.UTC(2026, 10, 27, 23, 0));
    await takeCreation(db, limits, who, Date.UTC(2026, 10, 27, 23, 30));
    await expect(takeCreation(db, limits, who, Date.UTC(2026, 10, 27, 23, 50))).rejects.toMatchObject({ status: 429, code: API_CODES.DAILY_LIMIT, message: USER_TEXTS.DAILY_LIMIT });
    // tomorrow, ten minutes in: a window that started at the day's first task would still refuse until 23:00
    await expect(takeCreation(db, limits, who, Date.UTC(2026, 10, 28, 0, 10))).resolves.toBeUndefined();
  });

  it('tells a burst how long to wait, counted from the first task of its minute', async () => {
    const limits = { perMinute: 1, perMinutePerAddress: 100, perDay: 100 };
    const who = { uid: 'burst-user', ip: '203.0.113.10' };
    const first = Date.UTC(2026, 10, 27, 12, 0, 45);
    await takeCreation(db, limits, who, first);
    await expect(takeCreation(db, limits, who, first + 20_000)).rejects.toMatchObject({ status: 429, code: API_CODES.TOO_MANY_REQUESTS, data: { retry_after: 40 } });
  });
});
