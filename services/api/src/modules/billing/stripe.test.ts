/**
 * The Stripe webhook, offline: payloads signed with the package's own test header helper against the
 * endpoint secret. A bad signature changes nothing; each event is applied once.
 */
import Stripe from 'stripe';
import { openTestDb, type TestDb } from '../../../test/helpers';
import { openOrder } from './orders';
import { startBillingHarness, type BillingHarness } from './testing';

jest.setTimeout(120000);

const SECRET = 'whsec_test_offline_secret';
const stripe = new Stripe('sk_test_offline_not_a_real_key');
const PACK_100 = 24110007;
const PREMIUM_MONTHLY = 24109015;

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
});
