/**
 * The Stripe provider: Checkout Sessions made with the `stripe` package, and the webhook that is the only
 * way a Stripe payment fulfils anything. Each event is verified (Stripe-Signature, the endpoint secret)
 * and applied once (billing_webhook_events keeps its id); what it does is idempotent on its own keys too.
 */
import Stripe from 'stripe';
import type { Database, Queryable } from '@studio/db';
import type { Ledger } from '../credits/ledger.js';
import { grantPeriod } from './credit-plans.js';
import { addPeriod } from './periods.js';
import { applyRefund, fulfilOrder } from './orders.js';
import type { CheckoutOrder, PaymentProvider } from './provider.js';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
}

const cents = (amount: number) => Math.round(amount * 100);

export function createStripeProvider(stripe: Stripe): PaymentProvider {
  return {
    name: 'stripe',
    async startCheckout(order: CheckoutOrder, urls) {
      const metadata = { order_id: order.id, user_id: order.userId, sku_id: String(order.skuId) };
      const priceData: Stripe.Checkout.SessionCreateParams.LineItem.PriceData = {
        currency: order.currency.toLowerCase(),
        unit_amount: cents(order.recurring ? order.price : order.amount),
        product_data: { name: order.name },
        ...(order.recurring ? { recurring: { interval: order.periodUnit } } : {}),
      };
      const session = await stripe.checkout.sessions.create({
        mode: order.recurring ? 'subscription' : 'payment',
        line_items: [{ price_data: priceData, quantity: 1 }],
        client_reference_id: order.id,
        customer_email: order.email || undefined,
        metadata,
        ...(order.recurring
          ? { subscription_data: { metadata, ...(order.trialDays > 0 ? { trial_period_days: order.trialDays } : {}) } }
          : { payment_intent_data: { metadata } }),
        success_url: urls.success,
        cancel_url: urls.cancel,
      });
      return { redirectUrl: session.url, providerRef: session.id };
    },
    async chargeRenewal() {
      return null;
    },
    async refund({ paymentRef }) {
      if (!paymentRef) throw new Error('This order has no Stripe payment to refund.');
      if (paymentRef.startsWith('sub_')) {
        const invoices = await stripe.invoices.list({ subscription: paymentRef, limit: 1 });
        const invoice = invoices.data[0];
        const paymentIntent = invoice ? (invoice as unknown as { payment_intent?: string | null }).payment_intent : null;
        if (!paymentIntent) throw new Error('The membership has no paid invoice to refund.');
        await stripe.refunds.create({ payment_intent: paymentIntent, metadata: { subscription: paymentRef } });
        await stripe.subscriptions.cancel(paymentRef);
      } else {
        await stripe.refunds.create({ payment_intent: paymentRef });
      }
      return 'requested';
    },
    async cancelAtPeriodEnd(providerSubscriptionId) {
      if (providerSubscriptionId) await stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: true });
    },
  };
}

export class WebhookRefused extends Error {}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** invoice.paid of a credit plan: one more paid period, its credits granted once (after the transaction). */
async function renewCreditPlan(
  tx: Queryable,
  subscriptionId: string,
  invoice: Stripe.Invoice,
  periodEnd: number | undefined,
  pendingGrants: PendingGrant[],
): Promise<string> {
  const found = await tx.query<{ id: number; user_id: string; credits: number; name: string; expires_at: Date; periods_paid: number; period_unit: 'week' | 'month' }>(
    'SELECT id, user_id, credits, name, expires_at, periods_paid, period_unit FROM billing_credit_plans WHERE provider_sub_id = $1 FOR UPDATE',
    [subscriptionId],
  );
  const plan = found.rows[0];
  if (!plan) return 'ignored: unknown subscription';
  const recorded = await tx.query(
    `INSERT INTO billing_payments (id, provider, provider_ref, kind, status, amount, currency, created_at)
     VALUES (gen_random_uuid(), 'stripe', $1, 'renewal', 'succeeded', $2, $3, now()) ON CONFLICT (provider_ref) DO NOTHING`,
    [invoice.id, (invoice.amount_paid ?? 0) / 100, (invoice.currency ?? 'usd').toUpperCase()],
  );
  if (recorded.rowCount === 0) return 'ignored: invoice recorded';
  const end = new Date(plan.expires_at);
  const next = periodEnd ? new Date(periodEnd * 1000) : addPeriod(end, plan.period_unit);
  await tx.query('UPDATE billing_credit_plans SET expires_at = GREATEST(expires_at, $2), periods_paid = periods_paid + 1 WHERE id = $1', [plan.id, next]);
  pendingGrants.push({ plan, period: plan.periods_paid, at: end });
  return `renewed credit plan ${plan.id}`;
}

/** Grants decided inside a webhook's transaction, applied after it commits (the ledger has its own). */
type PendingGrant = { plan: { id: number; user_id: string; credits: number; name: string }; period: number; at: Date };

/** Applies one verified event. Answers what it did, for the log. */
async function applyEvent(db: Database, ledger: Ledger, event: Stripe.Event, at: Date, pendingGrants: PendingGrant[]): Promise<string> {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const orderId = session.metadata?.order_id ?? session.client_reference_id;
      if (!orderId) return 'ignored: no order';
      if (session.payment_status === 'unpaid') return 'ignored: unpaid';
      const subscriptionId = idOf(session.subscription);
      const paymentRef = idOf(session.payment_intent) ?? subscriptionId ?? session.id;
      await fulfilOrder(db, ledger, orderId, { provider: 'stripe', providerRef: paymentRef, providerSubscriptionId: subscriptionId }, at);
      return `fulfilled ${orderId}`;
    }
    case 'invoice.paid': {
      const invoice = event.data.object as Stripe.Invoice & { subscription?: string | { id: string } | null };
      const subscriptionId = idOf(invoice.subscription ?? invoice.parent?.subscription_details?.subscription ?? null);
      if (!subscriptionId || invoice.billing_reason === 'subscription_create') return 'ignored: first invoice';
      const periodEnd = invoice.lines?.data?.[0]?.period?.end;
      return db.transaction(async (tx) => {
        const sub = await tx.query<{ id: number; expires_at: Date; status: string }>(
          `SELECT s.id, s.expires_at, s.status FROM subscriptions s WHERE provider_sub_id = $1 FOR UPDATE`,
          [subscriptionId],
        );
        const row = sub.rows[0];
        if (!row) return renewCreditPlan(tx, subscriptionId, invoice, periodEnd, pendingGrants);
        const recorded = await tx.query(
          `INSERT INTO billing_payments (id, subscription_id, provider, provider_ref, kind, status, amount, currency, created_at)
           VALUES (gen_random_uuid(), $1, 'stripe', $2, 'renewal', 'succeeded', $3, $4, $5) ON CONFLICT (provider_ref) DO NOTHING`,
          [row.id, invoice.id, (invoice.amount_paid ?? 0) / 100, (invoice.currency ?? 'usd').toUpperCase(), at],
        );
        if (recorded.rowCount === 0) return 'ignored: invoice recorded';
        const next = periodEnd ? new Date(periodEnd * 1000) : addPeriod(new Date(row.expires_at), 'month');
        await tx.query(
          `UPDATE subscriptions SET expires_at = GREATEST(expires_at, $2), periods_paid = periods_paid + 1,
             status = 'active', is_trial = false WHERE id = $1`,
          [row.id, next],
        );
        return `renewed ${row.id}`;
      });
    }
    case 'customer.subscription.updated': {
      const sub = event.data.object;
      await db.query('UPDATE subscriptions SET cancel_at_period_end = $2, auto_renew = NOT $2 WHERE provider_sub_id = $1', [
        sub.id,
        sub.cancel_at_period_end,
      ]);
      return `updated ${sub.id}`;
    }
    case 'customer.subscription.deleted': {
      const sub = event.data.object;
      await db.query(
        `UPDATE subscriptions SET status = 'expired', auto_renew = false, ended_at = $2, expires_at = LEAST(expires_at, $2)
         WHERE provider_sub_id = $1 AND status IN ('trialing', 'active')`,
        [sub.id, at],
      );
      return `ended ${sub.id}`;
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const paymentIntent = idOf(charge.payment_intent);
      const order = await db.query<{ order_id: string }>(
        `SELECT p.order_id FROM billing_payments p WHERE p.provider = 'stripe' AND p.provider_ref = $1 AND p.order_id IS NOT NULL`,
        [paymentIntent],
      );
      const orderId = order.rows[0]?.order_id;
      if (!orderId) return 'ignored: unknown payment';
      const result = await applyRefund(db, orderId, at);
      return result.applied ? `refunded ${orderId}` : 'ignored: not refundable';
    }
    default:
      return `ignored: ${event.type}`;
  }
}

/**
 * Verifies and applies a webhook delivery. A bad signature throws WebhookRefused and changes nothing;
 * an event already applied answers 'duplicate'.
 */
export async function handleStripeWebhook(
  deps: { db: Database; ledger: Ledger; stripe: Stripe; webhookSecret: string },
  rawBody: Buffer | string,
  signature: string | undefined,
  at: Date = new Date(),
): Promise<string> {
  let event: Stripe.Event;
  try {
    event = deps.stripe.webhooks.constructEvent(rawBody, signature ?? '', deps.webhookSecret);
  } catch (error) {
    throw new WebhookRefused(error instanceof Error ? error.message : 'The webhook signature is invalid');
  }
  const seen = await deps.db.query('SELECT 1 FROM billing_webhook_events WHERE id = $1', [event.id]);
  if (seen.rowCount > 0) return 'duplicate';
  const pendingGrants: PendingGrant[] = [];
  const outcome = await applyEvent(deps.db, deps.ledger, event, at, pendingGrants);
  for (const grant of pendingGrants) await grantPeriod(deps.ledger, grant.plan, grant.period, grant.at);
  await deps.db.query('INSERT INTO billing_webhook_events (id, provider, type) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING', [
    event.id,
    'stripe',
    event.type,
  ]);
  return outcome;
}
