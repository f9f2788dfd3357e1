/**
 * The Stripe webhook, offline: payloads signed with the package's own test header helper against the
 * endpoint secret. A bad signature changes nothing; each event is applied once.
 */
import Stripe from 'stripe';
import { openTestDb, type TestDb } from '../../../test/helpers';
import { openOrder } from './orders';
import { startBillingHarness, type BillingHarness } from './testing';

/**
 * Stripe's API as this test sees it: the package's own fetch client over a fetch that records each request
 * and answers the few objects a plan change reads (nothing leaves the machine).
 */
const stripeCalls: { method: string; path: string; form: URLSearchParams }[] = [];
async function stripeApi(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  const method = init?.method ?? 'GET';
  stripeCalls.push({ method, path: url.pathname, form: new URLSearchParams(typeof init?.body === 'string' ? init.body : '') });
  const id = url.pathname.split('/').pop() ?? '';
  const answer = url.pathname.startsWith('/v1/products')
    ? { id: `prod_${stripeCalls.length}`, object: 'product' }
    : { id, object: 'subscription', items: { object: 'list', data: [{ id: `si_${id}`, object: 'subscription_item' }] } };
  return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
}

jest.setTimeout(120000);

const SECRET = 'whsec_test_offline_secret';
const stripe = new Stripe('sk_test_offline_not_a_real_key', { httpClient: Stripe.createFetchHttpClient(stripeApi), maxNetworkRetries: 0 });
const PACK_100 = 24110007;
const PREMIUM_MONTHLY = 24109015;
const STANDARD_MONTHLY = 24109013;
const DAY = 24 * 3600 * 1000;

let testDb: TestDb;
let h: BillingHarness;
beforeAll(async () => {
  testDb = await openTestDb(20);
  h = await startBillingHarness(testDb, { stripe, webhookSecret: SECRET });
});
afterAll(async () => {
  await h.close();
  await testDb.close();
});

function event(id: string, type: string, object: Record<string, unknown>): string {
  return JSON.stringify({ id, object: 'event', type, api_version: '2025-01-01', created: Math.floor(Date.now() / 1000), data: { object } });
}

async function deliver(payload: string, secret = SECRET) {
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret });
  return h.app.inject({ method: 'POST', url: '/v1/buy/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
}

describe('stripe webhook', () => {
  it('refuses a bad signature and changes nothing; applies checkout.session.completed once', async () => {
    const buyer = await h.signIn();
    const before = await buyer.balance();
    const { order } = await openOrder(testDb.db, { userId: buyer.uid, skuId: PACK_100, sessionId: 'stripe-session-1', source: 'dialog', zeroBuy: false, provider: 'stripe', at: new Date() });
    const payload = event('evt_pack_1', 'checkout.session.completed', {
      id: 'cs_test_1',
      object: 'checkout.session',
      client_reference_id: order.id,
      metadata: { order_id: order.id },
      payment_status: 'paid',
      payment_intent: 'pi_test_1',
      subscription: null,
    });

    const forged = await deliver(payload, 'whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    const unsigned = await h.app.inject({ method: 'POST', url: '/v1/buy/stripe/webhook', headers: { 'content-type': 'application/json' }, payload });
    expect(unsigned.statusCode).toBe(400);
    expect(await buyer.balance()).toBe(before);
    expect((await testDb.db.query('SELECT status FROM billing_orders WHERE id = $1', [order.id])).rows[0]).toEqual({ status: 'pending' });

    const first = await deliver(payload);
    expect(first.json()).toMatchObject({ received: true, outcome: `fulfilled ${order.id}` });
    const second = await deliver(payload);
    expect(second.json()).toMatchObject({ received: true, outcome: 'duplicate' });
    expect(await buyer.balance()).toBe(before + 100);

    // the refund Stripe reports takes back what is left
    const refunded = await deliver(event('evt_refund_1', 'charge.refunded', { id: 'ch_1', object: 'charge', payment_intent: 'pi_test_1' }));
    expect(refunded.json()).toMatchObject({ outcome: `refunded ${order.id}` });
    expect(await buyer.balance()).toBe(before);
  });

  it('a membership: checkout, renewal by invoice.paid once, cancel and deletion', async () => {
    const buyer = await h.signIn();
    const { order } = await openOrder(testDb.db, { userId: buyer.uid, skuId: PREMIUM_MONTHLY, sessionId: 'stripe-session-2', source: 'dialog', zeroBuy: false, provider: 'stripe', at: new Date() });
    await deliver(event('evt_sub_1', 'checkout.session.completed', {
      id: 'cs_test_2', object: 'checkout.session', metadata: { order_id: order.id }, payment_status: 'paid', payment_intent: null, subscription: 'sub_test_2',
    }));
    expect((await buyer.user()).verify.level).toBe('premium');
    const sub = (await testDb.db.query<{ expires_at: Date }>(`SELECT expires_at FROM subscriptions WHERE provider_sub_id = 'sub_test_2'`)).rows[0];
    const periodEnd = Math.floor(new Date(sub.expires_at).getTime() / 1000) + 31 * 86400;
    const invoice = event('evt_inv_1', 'invoice.paid', {
      id: 'in_test_1', object: 'invoice', subscription: 'sub_test_2', billing_reason: 'subscription_cycle', amount_paid: 3999, currency: 'usd',
      lines: { data: [{ period: { start: 0, end: periodEnd } }] },
    });
    expect((await deliver(invoice)).json().outcome).toMatch(/^renewed/);
    // the same invoice under another event id (Stripe retries with the same id, but be safe): recorded once
    expect((await deliver(invoice.replace('evt_inv_1', 'evt_inv_1b'))).json().outcome).toBe('ignored: invoice recorded');
    const renewed = (await testDb.db.query<{ expires_at: Date; periods_paid: number }>(`SELECT expires_at, periods_paid FROM subscriptions WHERE provider_sub_id = 'sub_test_2'`)).rows[0];
    expect(Math.floor(new Date(renewed.expires_at).getTime() / 1000)).toBe(periodEnd);
    expect(renewed.periods_paid).toBe(2);

    await deliver(event('evt_upd_1', 'customer.subscription.updated', { id: 'sub_test_2', object: 'subscription', cancel_at_period_end: true }));
    const cancelled = (await testDb.db.query<{ cancel_at_period_end: boolean }>(`SELECT cancel_at_period_end FROM subscriptions WHERE provider_sub_id = 'sub_test_2'`)).rows[0];
    expect(cancelled.cancel_at_period_end).toBe(true);
    await deliver(event('evt_del_1', 'customer.subscription.deleted', { id: 'sub_test_2', object: 'subscription' }));
    expect((await buyer.user()).verify.level).toBe('free');
  });

  it('a credit plan renews by invoice.paid, once per invoice', async () => {
    const buyer = await h.signIn();
    const before = await buyer.balance();
    const { order } = await openOrder(testDb.db, { userId: buyer.uid, skuId: 24110003, sessionId: 'stripe-session-3', source: 'dialog', zeroBuy: false, provider: 'stripe', at: new Date() });
    await deliver(event('evt_plan_1', 'checkout.session.completed', {
      id: 'cs_test_3', object: 'checkout.session', metadata: { order_id: order.id }, payment_status: 'paid', payment_intent: null, subscription: 'sub_plan_3',
    }));
    expect(await buyer.balance()).toBe(before + 100);
    const invoice = event('evt_plan_inv', 'invoice.paid', { id: 'in_plan_1', object: 'invoice', subscription: 'sub_plan_3', billing_reason: 'subscription_cycle', amount_paid: 999, currency: 'usd', lines: { data: [] } });
    expect((await deliver(invoice)).json().outcome).toMatch(/^renewed credit plan/);
    expect((await deliver(invoice.replace('evt_plan_inv', 'evt_plan_inv2'))).json().outcome).toBe('ignored: invoice recorded');
    expect(await buyer.balance()).toBe(before + 200);
  });

  it('an upgrade updates the Stripe subscription with proration, and its paid invoice fulfils the order once', async () => {
    const buyer = await h.signIn();
    const start = new Date();
    h.clock.now = start;
    const { order: standard } = await openOrder(testDb.db, { userId: buyer.uid, skuId: STANDARD_MONTHLY, sessionId: 'stripe-session-up', source: 'dialog', zeroBuy: false, provider: 'stripe', at: start });
    await deliver(event('evt_up_std', 'checkout.session.completed', {
      id: 'cs_test_up', object: 'checkout.session', metadata: { order_id: standard.id }, payment_status: 'paid', payment_intent: null, subscription: 'sub_up_1',
    }));
    const before = await buyer.balance();

    h.clock.now = new Date(start.getTime() + 10 * DAY);
    const page = await buyer.open(PREMIUM_MONTHLY);
    expect(page.body).toContain('Credit for the unused part of Standard Monthly');
    const due = /Upgrade and pay \$(\d+\.\d\d)/.exec(page.body)?.[1];
    expect(Number(due)).toBeGreaterThan(25);
    expect(Number(due)).toBeLessThan(39.99);
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    stripeCalls.length = 0;
    const confirmed = await h.app.inject({
      method: 'POST',
      url: '/v1/buy/checkout/upgrade',
      cookies: buyer.cookie,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ order_id: page.orderId ?? '', csrf }).toString(),
    });
    expect(confirmed.body).toContain('Upgrade requested');
    const update = stripeCalls.find((c) => c.method === 'POST' && c.path === '/v1/subscriptions/sub_up_1');
    expect(update?.form.get('proration_behavior')).toBe('always_invoice');
    expect(update?.form.get('billing_cycle_anchor[type]')).toBe('now');
    expect(update?.form.get('items[0][id]')).toBe('si_sub_up_1');
    expect(update?.form.get('items[0][price_data][unit_amount]')).toBe('3999');
    expect(update?.form.get('metadata[order_id]')).toBe(page.orderId);
    expect(Number(update?.form.get('proration_date'))).toBe(Math.floor(h.clock.now.getTime() / 1000));
    // nothing is fulfilled before Stripe says the invoice is paid
    expect((await testDb.db.query('SELECT status FROM billing_orders WHERE id = $1', [page.orderId])).rows[0]).toEqual({ status: 'pending' });

    const invoice = (id: string) => event(id, 'invoice.paid', {
      id: 'in_up_1', object: 'invoice', billing_reason: 'subscription_update', amount_paid: Math.round(Number(due) * 100), currency: 'usd',
      parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_up_1', metadata: { order_id: page.orderId } } },
      lines: { data: [] },
    });
    expect((await deliver(invoice('evt_up_inv'))).json().outcome).toBe(`upgraded ${page.orderId}`);
    await deliver(invoice('evt_up_inv_again'));
    const subs = await testDb.db.query<{ name: string; status: string; provider_sub_id: string | null }>(
      'SELECT name, status, provider_sub_id FROM subscriptions WHERE user_id = $1 ORDER BY id', [buyer.uid],
    );
    expect(subs.rows).toEqual([
      { name: 'Standard Monthly', status: 'replaced', provider_sub_id: null },
      { name: 'Premium Monthly', status: 'active', provider_sub_id: 'sub_up_1' },
    ]);
    const charged = await testDb.db.query<{ amount: string }>(`SELECT amount FROM billing_payments WHERE order_id = $1`, [page.orderId]);
    expect(charged.rows.map((r) => Number(r.amount))).toEqual([Number(due)]);
    expect(await buyer.balance()).toBe(before + 500);
    // the updated subscription is Premium's now: it is not cancelled
    expect(stripeCalls.some((c) => c.method === 'DELETE')).toBe(false);
    h.clock.now = new Date();
  });
});
