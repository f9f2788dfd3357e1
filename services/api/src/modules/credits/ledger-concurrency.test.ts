/**
 * Spends and grants racing for real: only meaningful on a PostgreSQL server (PGlite runs one query at a
 * time, so nothing races there). Set TEST_DATABASE_URL to run these.
 */
import { randomUUID } from 'node:crypto';
import { createLedger, InsufficientCreditsError } from './ledger';
import { migrateApi } from '../../plugin';
import { onPostgres, openTestDb, type TestDb } from '../../../test/helpers';

// PGlite's start (WebAssembly) takes seconds on a busy 2-core machine
jest.setTimeout(120000);

const describeOnPostgres = onPostgres ? describe : describe.skip;
if (!onPostgres) {
  console.info('[api] concurrency tests skipped: they need a real PostgreSQL server (set TEST_DATABASE_URL); PGlite serialises every query');
}

describeOnPostgres('ledger under real concurrency (PostgreSQL)', () => {
  let testDb: TestDb;

  beforeAll(async () => {
    testDb = await openTestDb(40);
    await migrateApi(testDb.db);
  });
  afterAll(async () => testDb.close());

  it('200 concurrent spends against a balance covering 100: exactly 100 succeed, never below zero', async () => {
    const { db } = testDb;
    const ledger = createLedger(db);
    const user = randomUUID();
    // several blocks with different expiries, so spends cross block boundaries while racing
    await ledger.grant({ userId: user, amount: 40, source: 'order', details: 'a', idempotencyKey: `a:${user}` });
    await ledger.grant({ userId: user, amount: 35, source: 'order', details: 'b', idempotencyKey: `b:${user}`, expiresAt: new Date(Date.now() + 86400000) });
    await ledger.grant({ userId: user, amount: 25, source: 'order', details: 'c', idempotencyKey: `c:${user}`, expiresAt: new Date(Date.now() + 2 * 86400000) });

    let lowest = Infinity;
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        const r = await db.query<{ n: number }>('SELECT COALESCE(MIN(remaining), 0)::int AS n FROM credit_blocks WHERE user_id = $1', [user]);
        lowest = Math.min(lowest, r.rows[0].n);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();

    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) => ledger.spend({ userId: user, amount: 1, details: `spend ${i}` })),
    );
    watching = false;
    await watcher;

    const succeeded = results.filter((r) => r.status === 'fulfilled').length;
    const failed = results.filter((r) => r.status === 'rejected');
    expect(succeeded).toBe(100);
    expect(failed).toHaveLength(100);
    for (const failure of failed) expect((failure as PromiseRejectedResult).reason).toBeInstanceOf(InsufficientCreditsError);
    expect(await ledger.balance(user)).toBe(0);
    expect(lowest).toBeGreaterThanOrEqual(0);

    const sums = await db.query<{ entries: number; granted: number; remaining: number; committed: number; parts: number }>(
      `SELECT
         (SELECT SUM(delta)::int FROM credit_entries WHERE user_id = $1) AS entries,
         (SELECT SUM(amount)::int FROM credit_blocks WHERE user_id = $1) AS granted,
         (SELECT SUM(remaining)::int FROM credit_blocks WHERE user_id = $1) AS remaining,
         (SELECT SUM(amount)::int FROM credit_holds WHERE user_id = $1 AND status = 'committed') AS committed,
         (SELECT SUM(p.amount)::int FROM credit_hold_parts p JOIN credit_holds h ON h.id = p.hold_id WHERE h.user_id = $1) AS parts`,
      [user],
    );
    // entries add up: grants - spends = what is left, and every spend drew exactly its amount from the blocks
    expect(sums.rows[0]).toEqual({ entries: 0, granted: 100, remaining: 0, committed: 100, parts: 100 });
  });

  it('the same grant applied 20 times at once lands once', async () => {
    const { db } = testDb;
    const ledger = createLedger(db);
    const user = randomUUID();
    const key = `order:${randomUUID()}`;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => ledger.grant({ userId: user, amount: 50, source: 'order', details: '50 credits', idempotencyKey: key })),
    );
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect(new Set(results.map((r) => r.blockId)).size).toBe(1);
    expect(await ledger.balance(user)).toBe(50);
    const entries = await db.query<{ n: number }>(`SELECT COUNT(*)::int AS n FROM credit_entries WHERE user_id = $1 AND kind = 'grant'`, [user]);
    expect(entries.rows[0].n).toBe(1);
  });

  it('concurrent holds and releases keep the books balanced', async () => {
    const { db } = testDb;
    const ledger = createLedger(db);
    const user = randomUUID();
    await ledger.grant({ userId: user, amount: 60, source: 'order', details: 'x', idempotencyKey: `h:${user}` });
    const holds = await Promise.allSettled(Array.from({ length: 30 }, () => ledger.hold({ userId: user, amount: 3, details: 'task' })));
    const held = holds.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(held).toHaveLength(20);
    await Promise.all(held.map((hold, i) => (i % 2 === 0 ? ledger.commit(hold.id) : ledger.release(hold.id))));
    expect(await ledger.balance(user)).toBe(30);
    const sums = await db.query<{ entries: number; remaining: number }>(
      `SELECT (SELECT SUM(delta)::int FROM credit_entries WHERE user_id = $1) AS entries,
              (SELECT SUM(remaining)::int FROM credit_blocks WHERE user_id = $1) AS remaining`,
      [user],
    );
    expect(sums.rows[0]).toEqual({ entries: 30, remaining: 30 });
  });
});
