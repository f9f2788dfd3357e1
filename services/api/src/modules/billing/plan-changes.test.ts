/**
 * Plan changes as a subscription business makes them (issue 22), on PGlite and, with TEST_DATABASE_URL, on
 * PostgreSQL, with a clock the tests move: an upgrade charges the prorated amount once and leaves one active
 * plan; a same-level plan queues and the running one stops renewing; a downgrade waits for the period's end;
 * cancel and resume; the trial's credits end with a trial cancelled before it converts; one trial per
 * person; the card rules of the sandbox; one order per double click; the history with its receipts.
 */
import { type BillingHistoryItem, type MembershipItem, type PlanQuote } from 'shared-contracts';
import { envelopeOf, openTestDb, type TestDb } from '../../../test/helpers';
import { runBillingLifecycle } from './memberships';
import { createSandboxProvider } from './provider';
import { startBillingHarness, type BillingHarness, type Buyer } from './testing';

jest.setTimeout(120000);

const DAY = 24 * 3600 * 1000;
const PACK_100 = 24110007;
const STANDARD_MONTHLY = 24109013;
const STANDARD_YEARLY = 24109014;
const PREMIUM_MONTHLY = 24109015;

let testDb: TestDb;
let h: BillingHarness;
beforeAll(async () => {
  testDb = await openTestDb(40);
  h = await startBillingHarness(testDb);
});
afterAll(async () => {
  await h.close();
  await testDb.close();
});
afterEach(() => {
  h.clock.now = new Date();
});

const lifecycle = () => runBillingLifecycle(testDb.db, h.ctx.ledger, createSandboxProvider(), h.clock.now);
async function call<T>(buyer: Buyer, method: 'GET' | 'POST', url: string, payload?: object): Promise<{ code: number; msg: string; data: T }> {
  return envelopeOf<T>(await h.app.inject({ method, url, headers: buyer.headers, payload }));
}
const memberships = async (buyer: Buyer) => (await call<MembershipItem[]>(buyer, 'GET', '/v1/buy/subscriptions')).data;
const live = async (buyer: Buyer) => (await memberships(buyer)).filter((m) => m.status === 'active' || m.status === 'trialing');
const renewals = async (buyer: Buyer) =>
  (await testDb.db.query<{ amount: string }>(`SELECT p.amount FROM billing_payments p JOIN subscriptions s ON s.id = p.subscription_id WHERE s.user_id = $1 AND p.kind = 'renewal'`, [buyer.uid])).rows.map((r) => Number(r.amount));

describe('an upgrade', () => {
  it('Standard -> Premium ten days in: charges Premium less the unused Standard once, and leaves one active plan', async () => {
    const buyer = await h.signIn();
    const start = new Date();
    h.clock.now = start;
    await buyer.buy(STANDARD_MONTHLY);
    const [standard] = await live(buyer);
    const period = (standard.expires_at - standard.started_at) * 1000;

    h.clock.now = new Date(start.getTime() + 10 * DAY);
    const unused = Math.round(14.99 * ((period - 10 * DAY) / period) * 100) / 100;
    const quote = (await call<PlanQuote>(buyer, 'GET', `/v1/buy/quote?sku_id=${PREMIUM_MONTHLY}`)).data;
    expect(quote).toMatchObject({ change: 'upgrade', price: 39.99, replaces: ['Standard Monthly'], refused: null });
    expect(quote.credit).toBeCloseTo(unused, 2);
    expect(quote.due_today).toBeCloseTo(39.99 - unused, 2);

    // the checkout shows the credit before paying; a double click opens that one checkout twice
    const first = await buyer.open(PREMIUM_MONTHLY);
    expect(first.body).toContain('Credit for the unused part of Standard Monthly');
    expect(first.body).toContain(`-$${quote.credit.toFixed(2)}`);
    expect(first.body).toContain(`Pay $${quote.due_today.toFixed(2)}`);
    const second = await buyer.open(PREMIUM_MONTHLY);
    expect(second.orderId).toBe(first.orderId);
    const paid = await buyer.buy(PREMIUM_MONTHLY);
    expect(paid.body).toContain('Successful purchase');
    expect(paid.body).toContain(first.orderId!);
    expect(paid.body).toContain(`$${quote.due_today.toFixed(2)}`);

    const charges = await testDb.db.query<{ amount: string }>(
      `SELECT p.amount FROM billing_payments p JOIN billing_orders o ON o.id = p.order_id WHERE o.user_id = $1 AND o.sku_id = $2 AND p.status = 'succeeded'`,
      [buyer.uid, PREMIUM_MONTHLY],
    );
    expect(charges.rows.map((r) => Number(r.amount))).toEqual([quote.due_today]);
    const running = await live(buyer);
    expect(running.map((m) => m.name)).toEqual(['Premium Monthly']);
    expect((await memberships(buyer)).find((m) => m.id === standard.id)).toMatchObject({ status: 'replaced', auto_renew: false });

    // the Standard plan's end passes without a charge; Premium renews at its full price at its own end
    h.clock.now = new Date(standard.expires_at * 1000 + 60_000);
    await lifecycle();
    expect(await renewals(buyer)).toEqual([]);
    h.clock.now = new Date(running[0].expires_at * 1000 + 60_000);
    await lifecycle();
    expect(await renewals(buyer)).toEqual([39.99]);
    expect((await live(buyer)).map((m) => m.name)).toEqual(['Premium Monthly']);

    const history = (await call<BillingHistoryItem[]>(buyer, 'GET', '/v1/buy/history')).data;
    expect(history.map((item) => [item.kind, item.item, item.amount])).toEqual([
      ['renewal', 'Premium Monthly', 39.99],
      ['upgrade', 'Premium Monthly', quote.due_today],
      ['purchase', 'Standard Monthly', 14.99],
    ]);
    const receipt = await h.app.inject({ method: 'GET', url: history[1].receipt_url, cookies: buyer.cookie });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.body).toContain(first.orderId!);
    expect(receipt.body).toContain('Credit for the unused part of the replaced plan');
    // nobody else reads it
    const other = await h.signIn();
    expect((await h.app.inject({ method: 'GET', url: history[1].receipt_url, cookies: other.cookie })).statusCode).toBe(404);
  });

  it('a same-level plan queues after the running one, which then stops renewing: no two paid for the same days', async () => {
    const buyer = await h.signIn();
    await buyer.buy(STANDARD_MONTHLY);
    const [monthly] = await live(buyer);
    const queued = await buyer.buy(STANDARD_YEARLY);
    expect(queued.body).toContain('Successful purchase');
    const list = await memberships(buyer);
    expect(list.find((m) => m.id === monthly.id)).toMatchObject({ auto_renew: false, status: 'active' });
    expect(list.find((m) => m.sku_id === STANDARD_YEARLY)).toMatchObject({ status: 'scheduled', started_at: monthly.expires_at });
    // resuming the monthly plan would pay twice for the yearly plan's days
    const resumed = await call(buyer, 'POST', '/v1/buy/subscription/resume', { id: monthly.id });
    expect(resumed.msg).toMatch(/starts when this one ends/);
    h.clock.now = new Date(monthly.expires_at * 1000 + 60_000);
    await lifecycle();
    expect(await renewals(buyer)).toEqual([]);
    expect((await live(buyer)).map((m) => m.name)).toEqual(['Standard Yearly']);
  });

  it('a downgrade waits for the period end, then renews as the smaller plan at its price', async () => {
    const buyer = await h.signIn();
    await buyer.buy(PREMIUM_MONTHLY);
    const [premium] = await live(buyer);
    const up = await call<MembershipItem>(buyer, 'POST', '/v1/buy/subscription/change', { id: premium.id, sku_id: PREMIUM_MONTHLY + 1000 });
    expect(up.code).not.toBe(0);
    const bigger = await call<MembershipItem>(buyer, 'POST', '/v1/buy/subscription/change', { id: premium.id, sku_id: 24109016 });
    expect(bigger.msg).toMatch(/bigger plan starts at once/);
    const changed = await call<MembershipItem>(buyer, 'POST', '/v1/buy/subscription/change', { id: premium.id, sku_id: STANDARD_MONTHLY });
    expect(changed.data).toMatchObject({ renews_into: { sku_id: STANDARD_MONTHLY, name: 'Standard Monthly' }, auto_renew: true });
    h.clock.now = new Date(premium.expires_at * 1000 + 60_000);
    await lifecycle();
    expect(await renewals(buyer)).toEqual([14.99]);
    const now = await live(buyer);
    expect(now.map((m) => [m.name, m.level, m.started_at])).toEqual([['Standard Monthly', 'standard', premium.expires_at]]);
  });

  it('cancel, then resume before the end: it renews again', async () => {
    const buyer = await h.signIn();
    await buyer.buy(STANDARD_MONTHLY);
    const [sub] = await live(buyer);
    await call(buyer, 'POST', '/v1/buy/subscription/cancel', { id: sub.id });
    const resumed = await call<MembershipItem>(buyer, 'POST', '/v1/buy/subscription/resume', { id: sub.id });
    expect(resumed.data).toMatchObject({ cancel_at_period_end: false, auto_renew: true });
    h.clock.now = new Date(sub.expires_at * 1000 + 60_000);
    await lifecycle();
    expect(await renewals(buyer)).toEqual([14.99]);
    const late = await call(buyer, 'POST', '/v1/buy/subscription/resume', { id: sub.id + 100000 });
    expect(late.msg).toBe('No such membership.');
  });
});

describe('the free trial', () => {
  it('cancelled before it converts, its credits end with it; the sign-up credits stay', async () => {
    const buyer = await h.signIn();
    const start = await buyer.balance();
    const page = await buyer.open(STANDARD_MONTHLY, { zeroBuy: true });
    expect(page.body).toContain('the trial&#39;s 100 credits end with the trial');
    await buyer.buy(STANDARD_MONTHLY, undefined, { zeroBuy: true });
    expect(await buyer.balance()).toBe(start + 100);
    await h.ctx.ledger.spend({ userId: buyer.uid, amount: 30, details: 'test spend', idempotencyKey: `spend:${buyer.uid}` });
    const [trial] = await live(buyer);
    await call(buyer, 'POST', '/v1/buy/subscription/cancel', { id: trial.id });
    h.clock.now = new Date(trial.expires_at * 1000 - 60_000);
    await lifecycle();
    expect(await buyer.balance()).toBe(start + 70);
    h.clock.now = new Date(trial.expires_at * 1000 + 60_000);
    await lifecycle();
    await lifecycle();
    // the 30 came from the trial's block (it expires first), so the sign-up credits are all there
    expect(await buyer.balance()).toBe(start);
    expect(await live(buyer)).toEqual([]);
  });

  it('a trial that converts keeps its credits', async () => {
    const buyer = await h.signIn();
    const start = await buyer.balance();
    await buyer.buy(STANDARD_MONTHLY, undefined, { zeroBuy: true });
    const [trial] = await live(buyer);
    h.clock.now = new Date(trial.expires_at * 1000 + 60_000);
    await lifecycle();
    expect(await buyer.balance()).toBe(start + 200);
  });

  it('is once per person: a second account of the same mailbox is refused', async () => {
    const first = await h.signIn({ email: `Someone.Else+one@Gmail.com` });
    expect((await first.buy(STANDARD_MONTHLY, undefined, { zeroBuy: true })).body).toContain('Successful purchase');
    const second = await h.signIn({ email: `someoneelse+two@gmail.com` });
    const refused = await second.open(STANDARD_MONTHLY, { zeroBuy: true });
    expect(refused.status).toBe(409);
    expect(refused.body).toContain('once per person');
    const quote = (await call<PlanQuote>(second, 'GET', `/v1/buy/quote?sku_id=${STANDARD_MONTHLY}&zero_buy=1`)).data;
    expect(quote.refused).toMatch(/once per person/);
    // two trial checkouts of one person opened before either was paid: the second payment is refused
    const third = await h.signIn({ email: `twice@example.test` });
    const fourth = await h.signIn({ email: `twice+b@example.test` });
    const a = await third.open(STANDARD_MONTHLY, { zeroBuy: true });
    const b = await fourth.open(STANDARD_MONTHLY, { zeroBuy: true });
    expect(a.orderId && b.orderId).toBeTruthy();
    expect((await third.buy(STANDARD_MONTHLY, undefined, { zeroBuy: true })).body).toContain('Successful purchase');
    const late = await fourth.buy(STANDARD_MONTHLY, undefined, { zeroBuy: true });
    expect(late.status).toBe(409);
    expect(await fourth.balance()).toBe(5);
  });
});

describe('one checkout per click', () => {
  it('two checkouts of one sku opened at once (a double click, two tabs) are one order; a later click is a new one', async () => {
    const buyer = await h.signIn();
    const [a, b] = await Promise.all([buyer.open(PACK_100), buyer.open(PACK_100)]);
    expect(a.orderId).toBeTruthy();
    expect(b.orderId).toBe(a.orderId);
    await buyer.buy(PACK_100);
    h.clock.now = new Date(Date.now() + 11_000);
    const later = await buyer.open(PACK_100);
    expect(later.orderId).not.toBe(a.orderId);
    const orders = await testDb.db.query(`SELECT status FROM billing_orders WHERE user_id = $1 ORDER BY created_at`, [buyer.uid]);
    expect(orders.rows).toEqual([{ status: 'paid' }, { status: 'pending' }]);
  });
});

describe('the sandbox card rules', () => {
  it('declines an expired card, takes the expiry typed with spaces, and shows the order on success', async () => {
    const buyer = await h.signIn();
    const before = await buyer.balance();
    const expired = await buyer.buy(PACK_100, undefined, { exp: '01/20' });
    expect(expired.status).toBe(402);
    expect(expired.body).toContain('Your card has expired.');
    const declined = await testDb.db.query(`SELECT message FROM billing_payments p JOIN billing_orders o ON o.id = p.order_id WHERE o.user_id = $1`, [buyer.uid]);
    expect(declined.rows).toEqual([{ message: 'Your card has expired.' }]);
    for (const bad of ['13/30', 'soon']) expect((await buyer.buy(PACK_100, undefined, { exp: bad })).body).toContain('Enter the expiry as month and year');
    expect(await buyer.balance()).toBe(before);
    const paid = await buyer.buy(PACK_100, undefined, { exp: '12 / 34' });
    expect(paid.status).toBe(200);
    expect(paid.body).toContain('$14.99');
    expect(paid.body).toContain('Back to the studio');
    expect(paid.body).toContain('/v1/buy/checkout/notify.js');
    expect(await buyer.balance()).toBe(before + 100);
  });

  it('the history lists a refund beside the refunded charge', async () => {
    const buyer = await h.signIn();
    await buyer.buy(PREMIUM_MONTHLY);
    const [sub] = await live(buyer);
    await call(buyer, 'POST', '/v1/buy/refund', { order_id: sub.order_id });
    const history = (await call<BillingHistoryItem[]>(buyer, 'GET', '/v1/buy/history')).data;
    expect(history.map((item) => [item.kind, item.status, item.amount])).toEqual([
      ['refund', 'refunded', 39.99],
      ['purchase', 'refunded', 39.99],
    ]);
    const receipt = await h.app.inject({ method: 'GET', url: history[1].receipt_url, cookies: buyer.cookie });
    expect(receipt.body).toContain('Paid, refunded on');
  });
});
