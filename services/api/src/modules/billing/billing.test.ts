/**
 * The sandbox shop end to end on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set (where the
 * concurrent fulfilments really race): checkout page, test cards, fulfilment once, trade-info isolation,
 * the membership lifecycle on a moved clock, the Premium rules and the money-back refund.
 */
import { API_CODES, USER_TEXTS, type MembershipItem, type SkuItem } from 'shared-contracts';
import { envelopeOf, onPostgres, openTestDb, type TestDb } from '../../../test/helpers';
import { runBillingLifecycle } from './memberships';
import { fulfilOrder } from './fulfil';
import { openOrder } from './orders';
import { createSandboxProvider } from './provider';
import { startBillingHarness, type BillingHarness, type Buyer } from './testing';

jest.setTimeout(120000);

const DAY = 24 * 3600 * 1000;
const PACK_100 = 24110007; // 100 credits, one-off yearly pack
const STANDARD_MONTHLY = 24109013;
const PREMIUM_MONTHLY = 24109015;
const MONTHLY_100 = 24110003; // 100 credits a month, a credit plan

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

async function memberships(buyer: Buyer): Promise<MembershipItem[]> {
  return envelopeOf<MembershipItem[]>(await h.app.inject({ method: 'GET', url: '/v1/buy/subscriptions', headers: buyer.headers })).data;
}
const lifecycle = () => runBillingLifecycle(testDb.db, h.ctx.ledger, createSandboxProvider(), h.clock.now);

describe('catalogue', () => {
  it('sku-info has real buy URLs, the trial on Standard Monthly, and the pack 100 credits', async () => {
    const info = envelopeOf<{ sku_buy_list: SkuItem[] }>(await h.app.inject({ method: 'GET', url: '/v1/buy/sku-info' })).data;
    const standard = info.sku_buy_list.find((sku) => sku.sku_id === STANDARD_MONTHLY)!;
    expect(standard.buy_url).toBe('/v1/buy/checkout');
    expect(standard.zero_buy).toBe(true);
    expect(standard.zero_buy_url).toBe('/v1/buy/checkout?zero_buy=1');
    const pack = info.sku_buy_list.find((sku) => sku.sku_id === PACK_100)!;
    expect(pack.feature_code_list[0].sale_unit_value).toBe(100);
    expect(info.sku_buy_list.every((sku) => sku.buy_url !== '')).toBe(true);
    expect(info.sku_buy_list.map((sku) => sku.sku_id)).toEqual(expect.arrayContaining([24109011, 24109012, 24149003]));
  });

  it('every promotion placement has its image, and an empty target', async () => {
    const ads = await testDb.db.query<{ white_thumbnail: string; turn_url: string }>('SELECT white_thumbnail, turn_url FROM ad_items');
    expect(ads.rows.length).toBeGreaterThan(0);
    expect(ads.rows.every((ad) => ad.white_thumbnail.startsWith('/v1/common/promo-art/'))).toBe(true);
    const art = await h.app.inject({ method: 'GET', url: ads.rows[0].white_thumbnail });
    expect(art.headers['content-type']).toContain('image/svg+xml');
  });
});

describe('sandbox checkout', () => {
  it('says it is a test checkout, refuses a visitor, and applies the test cards', async () => {
    const buyer = await h.signIn();
    const before = await buyer.balance();
    const visitor = await h.app.inject({ method: 'GET', url: `/v1/buy/checkout?cartItem=${PACK_100}&source=dialog&sid=visitor-0001` });
    expect(visitor.statusCode).toBe(401);
    const page = await h.app.inject({ method: 'GET', url: `/v1/buy/checkout?cartItem=${PACK_100}&source=dialog&sid=look-0001`, cookies: buyer.cookie });
    expect(page.body).toContain('No money moves');
    expect(page.body).toContain('4242 4242 4242 4242');

    const declined = await buyer.buy(PACK_100, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(declined.body).toContain('Your card was declined.');
    const poor = await buyer.buy(PACK_100, '4000000000009995');
    expect(poor.body).toContain('insufficient funds');
    const stranger = await buyer.buy(PACK_100, '5555 5555 5555 4444');
    expect(stranger.body).toContain('use the test card');
    expect(await buyer.balance()).toBe(before);

    const paid = await buyer.buy(PACK_100);
    expect(paid.status).toBe(200);
    expect(paid.body).toContain('Successful purchase');
    expect(await buyer.balance()).toBe(before + 100);
    const blocks = await testDb.db.query<{ expires_at: Date; created_at: Date }>(
      `SELECT expires_at, created_at FROM credit_blocks WHERE user_id = $1 AND source = 'order'`,
      [buyer.uid],
    );
    const years = (new Date(blocks.rows[0].expires_at).getTime() - new Date(blocks.rows[0].created_at).getTime()) / (365 * DAY);
    expect(Math.round(years)).toBe(2);
  });

  it('paying the same checkout again (a reload) does not charge or grant twice', async () => {
    const buyer = await h.signIn();
    const before = await buyer.balance();
    await buyer.buy(PACK_100, undefined, { sid: 'same-session-1' });
    const again = await buyer.buy(PACK_100, undefined, { sid: 'same-session-1' });
    expect(again.body).toContain('This purchase is complete');
    expect(await buyer.balance()).toBe(before + 100);
  });

  it('20 concurrent fulfilments of one order grant once', async () => {
    const buyer = await h.signIn();
    const before = await buyer.balance();
    const { order } = await openOrder(testDb.db, { userId: buyer.uid, skuId: PACK_100, sessionId: 'race-1', source: 'dialog', zeroBuy: false, provider: 'sandbox', at: h.clock.now });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => fulfilOrder(testDb.db, h.ctx.ledger, order.id, { provider: 'sandbox', providerRef: `race:${i}` }, h.clock.now)),
    );
    expect(results.filter((r) => r.paidNow)).toHaveLength(1);
    expect(await buyer.balance()).toBe(before + 100);
    const payments = await testDb.db.query('SELECT 1 FROM billing_payments WHERE order_id = $1', [order.id]);
    expect(payments.rowCount).toBe(1);
    if (onPostgres) expect(testDb.db.kind).toBe('postgres');
  });

  it("trade-info answers only the caller's orders in the window", async () => {
    const alice = await h.signIn();
    const bob = await h.signIn();
    await alice.buy(PACK_100);
    const ask = (buyer: Buyer, seconds: number) =>
      h.app.inject({ method: 'GET', url: `/v1/buy/trade-info?time_before=${seconds}`, headers: buyer.headers });
    const mine = envelopeOf<{ total: number; list: { sku_id_list: number[] }[] }>(await ask(alice, 60)).data;
    expect(mine.total).toBe(1);
    expect(mine.list[0].sku_id_list).toEqual([PACK_100]);
    expect(envelopeOf<{ total: number }>(await ask(bob, 60)).data.total).toBe(0);
    expect((await h.app.inject({ method: 'GET', url: '/v1/buy/trade-info?time_before=60' })).statusCode).toBe(401);
    expect((await ask(alice, 0)).statusCode).toBe(400);
  });
});

describe('memberships', () => {
  afterEach(() => {
    h.clock.now = new Date();
  });

  it('trial -> renewal -> cancel -> expiry -> downgrade on a moved clock, each period granted once', async () => {
    const buyer = await h.signIn();
    const start = await buyer.balance();
    expect((await buyer.buy(STANDARD_MONTHLY, undefined, { zeroBuy: true })).body).toContain('Successful purchase');
    const user = await buyer.user();
    expect(user.verify.level).toBe('standard');
    expect(user.is_free_trial).toBe(true);
    expect(await buyer.balance()).toBe(start + 100);
    const [trial] = await memberships(buyer);
    expect(trial).toMatchObject({ status: 'trialing', is_trial: true, auto_renew: true });

    h.clock.now = new Date(Date.now() + 3 * DAY + 60_000);
    expect(await lifecycle()).toMatchObject({ converted: 1 });
    expect(await lifecycle()).toMatchObject({ converted: 0, renewed: 0, granted: 0 });
    const paid = (await memberships(buyer)).find((m) => m.status === 'active')!;
    expect(paid).toMatchObject({ sku_id: STANDARD_MONTHLY, is_trial: false, auto_renew: true });
    expect(await buyer.balance()).toBe(start + 200);

    h.clock.now = new Date(paid.expires_at * 1000 + 60_000);
    expect(await lifecycle()).toMatchObject({ renewed: 1, granted: 1 });
    expect(await buyer.balance()).toBe(start + 300);

    const cancel = await h.app.inject({ method: 'POST', url: '/v1/buy/subscription/cancel', headers: buyer.headers, payload: { id: paid.id } });
    expect(envelopeOf<MembershipItem>(cancel).data).toMatchObject({ cancel_at_period_end: true, auto_renew: false });
    const renewedUntil = (await memberships(buyer)).find((m) => m.id === paid.id)!.expires_at;

    h.clock.now = new Date(renewedUntil * 1000 + 60_000);
    expect(await lifecycle()).toMatchObject({ expired: 1, renewed: 0 });
    expect((await memberships(buyer)).find((m) => m.id === paid.id)!.status).toBe('expired');
    expect(await buyer.balance()).toBe(start + 300);
  });

  it('a cancelled trial expires into Free without charging', async () => {
    const buyer = await h.signIn();
    await buyer.buy(STANDARD_MONTHLY, undefined, { zeroBuy: true });
    const [trial] = await memberships(buyer);
    await h.app.inject({ method: 'POST', url: '/v1/buy/subscription/cancel', headers: buyer.headers, payload: { id: trial.id } });
    h.clock.now = new Date(Date.now() + 3 * DAY + 60_000);
    expect(await lifecycle()).toMatchObject({ expired: 1, converted: 0 });
    const level = await testDb.db.query(`SELECT 1 FROM subscriptions WHERE user_id = $1 AND status = 'active'`, [buyer.uid]);
    expect(level.rowCount).toBe(0);
    // the trial is once per account
    expect((await buyer.buy(STANDARD_MONTHLY, undefined, { zeroBuy: true })).body).toContain('never had a membership');
  });

  it('Premium cannot buy Standard; a second Premium starts after the current one ends', async () => {
    const buyer = await h.signIn();
    await buyer.buy(PREMIUM_MONTHLY);
    const refused = await buyer.buy(STANDARD_MONTHLY);
    expect(refused.status).toBe(409);
    expect(refused.body).toContain(USER_TEXTS.PREMIUM_NO_STANDARD);
    await buyer.buy(PREMIUM_MONTHLY);
    const list = await memberships(buyer);
    const current = list.find((m) => m.status === 'active')!;
    const queued = list.find((m) => m.status === 'scheduled')!;
    expect(queued.started_at).toBe(current.expires_at);
    expect(await buyer.balance()).toBe(5 + 500);
  });

  it('a monthly credit plan renews each month once and stops when cancelled', async () => {
    const buyer = await h.signIn();
    const start = await buyer.balance();
    expect((await buyer.buy(MONTHLY_100)).body).toContain('Successful purchase');
    expect(await buyer.balance()).toBe(start + 100);
    const [plan] = envelopeOf<{ id: number; expires_at: number; status: string }[]>(await h.app.inject({ method: 'GET', url: '/v1/buy/credit-plans', headers: buyer.headers })).data;
    expect(plan).toMatchObject({ status: 'active', credits: 100, period_unit: 'month' });
    const plans = async () => envelopeOf<{ id: number; expires_at: number; status: string }[]>(await h.app.inject({ method: 'GET', url: '/v1/buy/credit-plans', headers: buyer.headers })).data;
    // other suites' members share this database: count this buyer's plan, not the job's totals
    h.clock.now = new Date(plan.expires_at * 1000 + 60_000);
    await lifecycle();
    await lifecycle();
    expect(await buyer.balance()).toBe(start + 200);
    expect((await plans())[0].expires_at).toBeGreaterThan(plan.expires_at);
    const cancel = await h.app.inject({ method: 'POST', url: '/v1/buy/credit-plan/cancel', headers: buyer.headers, payload: { id: plan.id } });
    expect(envelopeOf(cancel).data).toEqual({ cancelled: true });
    h.clock.now = new Date(plan.expires_at * 1000 + 40 * DAY);
    await lifecycle();
    expect((await plans())[0].status).toBe('expired');
    expect(await buyer.balance()).toBe(start + 200);
  });

  it('the money-back refund ends the membership and takes back only what is left', async () => {
    const buyer = await h.signIn();
    await buyer.buy(PREMIUM_MONTHLY);
    await h.ctx.ledger.spend({ userId: buyer.uid, amount: 200, details: 'test spend', idempotencyKey: `spend:${buyer.uid}` });
    const [sub] = await memberships(buyer);
    expect(sub.refundable).toBe(true);
    const refund = await h.app.inject({ method: 'POST', url: '/v1/buy/refund', headers: buyer.headers, payload: { order_id: sub.order_id } });
    expect(envelopeOf(refund).data).toMatchObject({ status: 'refunded', credits_taken_back: 300 });
    // the membership's 500 were spent from first (earliest expiry); the 5 sign-up credits stay
    expect(await buyer.balance()).toBe(5);
    expect((await buyer.user()).verify.level).toBe('free');
    const again = await h.app.inject({ method: 'POST', url: '/v1/buy/refund', headers: buyer.headers, payload: { order_id: sub.order_id } });
    expect(envelopeOf(again).code).toBe(API_CODES.CONFLICT);
    const other = await h.signIn();
    const foreign = await h.app.inject({ method: 'POST', url: '/v1/buy/refund', headers: other.headers, payload: { order_id: sub.order_id } });
    expect(envelopeOf(foreign).msg).toBe('No such order.');
  });
});
