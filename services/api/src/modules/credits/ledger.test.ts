import { randomUUID } from 'node:crypto';
import type { Database } from '@studio/db';
import { createLedger, HoldStateError, InsufficientCreditsError, type Ledger } from './ledger';
import { migrateApi } from '../../plugin';
import { openTestDb, type TestDb } from '../../../test/helpers';

// PGlite's start (WebAssembly) takes seconds on a busy 2-core machine
jest.setTimeout(120000);

const DAY = 24 * 60 * 60 * 1000;

describe('credit ledger', () => {
  let testDb: TestDb;
  let db: Database;
  let now: Date;
  let ledger: Ledger;

  beforeAll(async () => {
    testDb = await openTestDb();
    db = testDb.db;
    await migrateApi(db);
  });
  afterAll(async () => testDb.close());
  beforeEach(() => {
    now = new Date('2026-01-10T12:00:00Z');
    ledger = createLedger(db, { now: () => now });
  });

  async function invariant(userId: string) {
    const entries = await db.query<{ sum: number }>('SELECT COALESCE(SUM(delta), 0)::int AS sum FROM credit_entries WHERE user_id = $1', [userId]);
    const blocks = await db.query<{ sum: number }>('SELECT COALESCE(SUM(remaining), 0)::int AS sum FROM credit_blocks WHERE user_id = $1', [userId]);
    expect(entries.rows[0].sum).toBe(blocks.rows[0].sum);
  }

  it('grants default to 2 years and apply once per idempotency key', async () => {
    const user = randomUUID();
    const first = await ledger.grant({ userId: user, amount: 10, source: 'order', details: '10 credits', idempotencyKey: `order:${user}` });
    expect(first.applied).toBe(true);
    expect(first.expiresAt.toISOString()).toBe('2028-01-10T12:00:00.000Z');
    const again = await ledger.grant({ userId: user, amount: 10, source: 'order', details: '10 credits', idempotencyKey: `order:${user}` });
    expect(again).toMatchObject({ applied: false, blockId: first.blockId });
    expect(await ledger.balance(user)).toBe(10);
    await invariant(user);
  });

  it('spends the earliest-expiring credits first', async () => {
    const user = randomUUID();
    const late = await ledger.grant({ userId: user, amount: 10, source: 'order', details: 'late', idempotencyKey: `late:${user}` });
    const soon = await ledger.grant({
      userId: user,
      amount: 5,
      source: 'checkin',
      details: 'soon',
      idempotencyKey: `soon:${user}`,
      expiresAt: new Date(now.getTime() + 3 * DAY),
    });
    const hold = await ledger.hold({ userId: user, amount: 7, details: 'Image to Video' });
    expect(hold.parts).toEqual([
      { blockId: soon.blockId, amount: 5 },
      { blockId: late.blockId, amount: 2 },
    ]);
    expect(await ledger.balance(user)).toBe(8);
    await invariant(user);
  });

  it('never spends expired credits, and lists them as expired acquisitions', async () => {
    const user = randomUUID();
    await ledger.grant({
      userId: user,
      amount: 5,
      source: 'signup',
      details: 'Sign-up bonus',
      idempotencyKey: `signup:${user}`,
      expiresAt: new Date(now.getTime() + DAY),
    });
    expect(await ledger.balance(user)).toBe(5);
    now = new Date(now.getTime() + 2 * DAY);
    expect(await ledger.balance(user)).toBe(0);
    await expect(ledger.hold({ userId: user, amount: 1, details: 'x' })).rejects.toBeInstanceOf(InsufficientCreditsError);
    const list = await ledger.transactions(user, { type: 'acquisition', page: 1, pageSize: 15 });
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({ type: 'acquisition', credits: 5, details: 'Sign-up bonus', is_expired: 1, status: 0 });
  });

  it('holds, then commits: the credits are gone and the spend is a consumption', async () => {
    const user = randomUUID();
    await ledger.grant({ userId: user, amount: 20, source: 'order', details: 'pack', idempotencyKey: `p:${user}` });
    const hold = await ledger.hold({ userId: user, amount: 12, details: 'Text to Video (2 s)', reference: 'task-1' });
    expect(hold.status).toBe('held');
    expect(await ledger.summary(user)).toMatchObject({ available: 8, held: 12 });
    const committed = await ledger.commit(hold.id);
    expect(committed.status).toBe('committed');
    expect((await ledger.commit(hold.id)).status).toBe('committed'); // idempotent
    await expect(ledger.release(hold.id)).rejects.toBeInstanceOf(HoldStateError);
    expect(await ledger.summary(user)).toMatchObject({ available: 8, held: 0 });
    const spends = await ledger.transactions(user, { type: 'consumption', page: 1, pageSize: 15 });
    expect(spends).toEqual({
      total: 1,
      list: [{ type: 'consumption', details: 'Text to Video (2 s)', credits: 12, date: Math.floor(now.getTime() / 1000), expire_time: 0, is_expired: 0, status: 1 }],
    });
    await invariant(user);
  });

  it('holds, then releases: the credits return to the blocks they came from', async () => {
    const user = randomUUID();
    const a = await ledger.grant({ userId: user, amount: 3, source: 'x', details: 'a', idempotencyKey: `a:${user}`, expiresAt: new Date(now.getTime() + DAY) });
    const b = await ledger.grant({ userId: user, amount: 10, source: 'x', details: 'b', idempotencyKey: `b:${user}` });
    const hold = await ledger.hold({ userId: user, amount: 5, details: 'task' });
    expect(await ledger.balance(user)).toBe(8);
    const released = await ledger.release(hold.id);
    expect(released.status).toBe('released');
    expect((await ledger.release(hold.id)).status).toBe('released'); // idempotent
    await expect(ledger.commit(hold.id)).rejects.toBeInstanceOf(HoldStateError);
    const blocks = await db.query<{ id: number; remaining: number }>('SELECT id, remaining FROM credit_blocks WHERE user_id = $1 ORDER BY id', [user]);
    expect(blocks.rows.map((r) => [Number(r.id), r.remaining])).toEqual([
      [a.blockId, 3],
      [b.blockId, 10],
    ]);
    expect((await ledger.transactions(user, { type: 'consumption', page: 1, pageSize: 15 })).total).toBe(0);
    await invariant(user);
  });

  it('refuses a hold larger than the balance and leaves nothing behind', async () => {
    const user = randomUUID();
    await ledger.grant({ userId: user, amount: 4, source: 'x', details: 'x', idempotencyKey: `x:${user}` });
    const error = await ledger.hold({ userId: user, amount: 5, details: 'too much' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InsufficientCreditsError);
    expect(error).toMatchObject({ required: 5, available: 4, code: 140020 });
    expect(await ledger.balance(user)).toBe(4);
    const holds = await db.query('SELECT 1 FROM credit_holds WHERE user_id = $1', [user]);
    expect(holds.rowCount).toBe(0);
    await expect(ledger.hold({ userId: user, amount: 0, details: 'zero' })).rejects.toBeInstanceOf(RangeError);
  });

  it('a hold with an idempotency key is taken once', async () => {
    const user = randomUUID();
    await ledger.grant({ userId: user, amount: 10, source: 'x', details: 'x', idempotencyKey: `k:${user}` });
    const first = await ledger.hold({ userId: user, amount: 4, details: 'task', idempotencyKey: `task:${user}` });
    const second = await ledger.hold({ userId: user, amount: 4, details: 'task', idempotencyKey: `task:${user}` });
    expect(second.id).toBe(first.id);
    expect(await ledger.balance(user)).toBe(6);
  });

  it("a hold taken in the caller's transaction exists only if that transaction commits", async () => {
    const user = randomUUID();
    await ledger.grant({ userId: user, amount: 10, source: 'x', details: 'x', idempotencyKey: `tx:${user}` });
    const failed = await db
      .transaction(async (tx) => {
        await ledger.hold({ userId: user, amount: 4, details: 'task', idempotencyKey: `tx-hold:${user}:1` }, tx);
        throw new Error('the task row could not be written');
      })
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(Error);
    expect(await ledger.balance(user)).toBe(10);
    expect((await db.query('SELECT 1 FROM credit_holds WHERE user_id = $1', [user])).rowCount).toBe(0);
    await invariant(user);
    const kept = await ledger.transaction((tx) => ledger.hold({ userId: user, amount: 4, details: 'task', idempotencyKey: `tx-hold:${user}:1` }, tx));
    expect(kept.status).toBe('held');
    expect((await ledger.getHold(kept.id))?.amount).toBe(4);
    expect(await ledger.balance(user)).toBe(6);
    await invariant(user);
  });

  it('spend holds and commits at once; the same key spends once', async () => {
    const user = randomUUID();
    await ledger.grant({ userId: user, amount: 10, source: 'x', details: 'x', idempotencyKey: `sp:${user}` });
    const spent = await ledger.spend({ userId: user, amount: 3, details: 'Background Remover', idempotencyKey: `once:${user}` });
    expect(spent.status).toBe('committed');
    expect((await ledger.getHold(spent.id))?.status).toBe('committed');
    const again = await ledger.spend({ userId: user, amount: 3, details: 'Background Remover', idempotencyKey: `once:${user}` });
    expect(again.id).toBe(spent.id);
    expect(await ledger.balance(user)).toBe(7);
    expect((await ledger.transactions(user, { type: 'consumption', page: 1, pageSize: 15 })).total).toBe(1);
    await invariant(user);
  });

  it('releases holds left behind past their expiry (a crashed worker)', async () => {
    const user = randomUUID();
    await ledger.grant({ userId: user, amount: 10, source: 'x', details: 'x', idempotencyKey: `s:${user}` });
    const stale = await ledger.hold({ userId: user, amount: 6, details: 'stale', ttlMs: 60000 });
    const live = await ledger.hold({ userId: user, amount: 1, details: 'live', ttlMs: 3600000 });
    now = new Date(now.getTime() + 120000);
    expect(await ledger.releaseStaleHolds()).toBeGreaterThanOrEqual(1);
    expect((await ledger.getHold(stale.id))?.status).toBe('released');
    expect((await ledger.getHold(live.id))?.status).toBe('held');
    expect(await ledger.balance(user)).toBe(9);
    await invariant(user);
  });

  it('pages transactions newest first', async () => {
    const user = randomUUID();
    for (let i = 0; i < 20; i += 1) {
      now = new Date(now.getTime() + 60000);
      await ledger.grant({ userId: user, amount: i + 1, source: 'x', details: `grant ${i + 1}`, idempotencyKey: `g${i}:${user}` });
    }
    const page1 = await ledger.transactions(user, { type: 'acquisition', page: 1, pageSize: 15 });
    const page2 = await ledger.transactions(user, { type: 'acquisition', page: 2, pageSize: 15 });
    const page3 = await ledger.transactions(user, { type: 'acquisition', page: 3, pageSize: 15 });
    expect([page1.total, page1.list.length, page2.list.length, page3.list.length, page3.total]).toEqual([20, 15, 5, 0, 20]);
    expect(page1.list[0].details).toBe('grant 20');
    expect(page2.list[4].details).toBe('grant 1');
  });

  it('keeps credit_entries append-only', async () => {
    const user = randomUUID();
    await ledger.grant({ userId: user, amount: 1, source: 'x', details: 'x', idempotencyKey: `ao:${user}` });
    await expect(db.query('UPDATE credit_entries SET delta = 100 WHERE user_id = $1', [user])).rejects.toThrow(/append-only/);
    await expect(db.query('DELETE FROM credit_entries WHERE user_id = $1', [user])).rejects.toThrow(/append-only/);
  });
});
