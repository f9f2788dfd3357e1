/**
 * The Stripe webhook, the only way a Stripe payment fulfils anything. Each event is verified
 * (Stripe-Signature, the endpoint secret) and applied once (billing_webhook_events keeps its id); what it
 * does is idempotent on its own keys too. Plan changes: an upgrade's prorated invoice (billing_reason
 * subscription_update, the order in the subscription's metadata) fulfils the upgrade order; a renewal into
 * a smaller plan (a downgrade) continues in its own row; a trial renewed into its paid plan keeps its
 * credits (they expire with the trial otherwise).
 */
import Stripe from 'stripe';
import type { Database, Queryable } from '@studio/db';
import type { Ledger } from '../credits/ledger.js';
import { grantPeriod } from './credit-plans.js';
import { applyRefund, fulfilOrder, type ProviderEffects } from './fulfil.js';
import { keepTrialCredits } from './grants.js';
import { DUE_SUB_SQL, continueAs, type DueSub } from './memberships.js';
import { PurchaseRefused } from './orders.js';
import { addPeriod } from './periods.js';
import type { PaymentProvider } from './provider.js';
import { applyAtProvider } from './stripe.js';

export class WebhookRefused extends Error {}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** Grants decided inside a webhook's transaction, applied after it commits (the ledger has its own). */
type PendingGrant = { plan: { id: number; user_id: string; credits: number; name: string }; period: number; at: Date };

interface Applied {
  grants: PendingGrant[];
  effects: ProviderEffects[];
}

type PaidInvoice = Stripe.Invoice & {
  subscription?: string | { id: string } | null;
  subscription_details?: { metadata?: Record<string, string> | null } | null;
};

/** invoice.paid of a credit plan: one more paid period, its credits granted once (after the transaction). */
async function renewCreditPlan(tx: Queryable, subscriptionId: string, invoice: PaidInvoice, periodEnd: number | undefined, applied: Applied): Promise<string> {
  const found = await tx.query<{ id: number; user_id: string; credits: number; name: string; expires_at: Date; periods_paid: number; period_unit: 'week' | 'month'; order_id: string }>(
    'SELECT id, user_id, credits, name, expires_at, periods_paid, period_unit, order_id FROM billing_credit_plans WHERE provider_sub_id = $1 FOR UPDATE',
    [subscriptionId],
  );
  const plan = found.rows[0];
  if (!plan) return 'ignored: unknown subscription';
  const recorded = await tx.query(
    `INSERT INTO billing_payments (id, order_id, provider, provider_ref, kind, status, amount, currency, created_at)
     VALUES (gen_random_uuid(), $1, 'stripe', $2, 'renewal', 'succeeded', $3, $4, now()) ON CONFLICT (provider_ref) DO NOTHING`,
    [plan.order_id, invoice.id, (invoice.amount_paid ?? 0) / 100, (invoice.currency ?? 'usd').toUpperCase()],
  );
  if (recorded.rowCount === 0) return 'ignored: invoice recorded';
  const end = new Date(plan.expires_at);
  const next = periodEnd ? new Date(periodEnd * 1000) : addPeriod(end, plan.period_unit);
  await tx.query('UPDATE billing_credit_plans SET expires_at = GREATEST(expires_at, $2), periods_paid = periods_paid + 1 WHERE id = $1', [plan.id, next]);
  applied.grants.push({ plan, period: plan.periods_paid, at: end });
  return `renewed credit plan ${plan.id}`;
}

/** invoice.paid of a membership's next period: the same row renewed, or (a downgrade) the smaller plan in its own row. */
async function renewMembership(db: Database, subscriptionId: string, invoice: PaidInvoice, periodEnd: number | undefined, at: Date, applied: Applied): Promise<string> {
  return db.transaction(async (tx) => {
    const found = await tx.query<DueSub>(`${DUE_SUB_SQL} WHERE s.provider_sub_id = $1 FOR UPDATE OF s`, [subscriptionId]);
    const row = found.rows[0];
    if (!row) return renewCreditPlan(tx, subscriptionId, invoice, periodEnd, applied);
    const amount = (invoice.amount_paid ?? 0) / 100;
    const recorded = await tx.query(
      `INSERT INTO billing_payments (id, order_id, subscription_id, provider, provider_ref, kind, status, amount, currency, created_at)
       VALUES (gen_random_uuid(), $1, $2, 'stripe', $3, 'renewal', 'succeeded', $4, $5, $6) ON CONFLICT (provider_ref) DO NOTHING`,
      [row.order_id, row.id, invoice.id, amount, (invoice.currency ?? 'usd').toUpperCase(), at],
    );
    if (recorded.rowCount === 0) return 'ignored: invoice recorded';
    if (!row.is_trial && row.renew_sku_id !== null && row.renew_sku_id !== row.sku_id) {
      await continueAs(tx, row, `change:${row.id}:${row.periods_paid}`, amount, 'stripe');
      return `renewed ${row.id} as ${row.renew_sku_id}`;
    }
    // Stripe renews a trial into its paid plan in the same subscription: the trial converted, its credits stay
    if (row.is_trial) await keepTrialCredits(tx, row);
    const end = new Date(row.expires_at);
    const next = periodEnd ? new Date(periodEnd * 1000) : addPeriod(end, row.period_unit ?? 'month');
    await tx.query(
      `UPDATE subscriptions SET expires_at = GREATEST(expires_at, $2), periods_paid = periods_paid + 1,
         status = 'active', is_trial = false, period_start = $3, period_amount = $4 WHERE id = $1`,
      [row.id, next, end, amount],
    );
    return `renewed ${row.id}`;
  });
}

async function fulfil(db: Database, ledger: Ledger, orderId: string, providerRef: string, subscriptionId: string | null, at: Date, applied: Applied, verb: string): Promise<string> {
  try {
    const result = await fulfilOrder(db, ledger, orderId, { provider: 'stripe', providerRef, providerSubscriptionId: subscriptionId }, at);
    applied.effects.push(result.atProvider);
    return `${verb} ${orderId}`;
  } catch (error) {
    if (!(error instanceof PurchaseRefused)) throw error;
    // a second free trial of one person: the order closes and its Stripe subscription ends before it bills
    await db.query(`UPDATE billing_orders SET status = 'canceled' WHERE id = $1 AND status = 'pending'`, [orderId]);
    if (subscriptionId) applied.effects.push({ cancelNow: [subscriptionId], cancelAtPeriodEnd: [] });
    return `refused ${orderId}: ${error.message}`;
  }
}

/** Applies one verified event. Answers what it did, for the log. */
async function applyEvent(db: Database, ledger: Ledger, event: Stripe.Event, at: Date, applied: Applied): Promise<string> {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const orderId = session.metadata?.order_id ?? session.client_reference_id;
      if (!orderId) return 'ignored: no order';
      if (session.payment_status === 'unpaid') return 'ignored: unpaid';
      const subscriptionId = idOf(session.subscription);
      return fulfil(db, ledger, orderId, idOf(session.payment_intent) ?? subscriptionId ?? session.id, subscriptionId, at, applied, 'fulfilled');
    }
    case 'invoice.paid': {
      const invoice = event.data.object as PaidInvoice;
      const subscriptionId = idOf(invoice.subscription ?? invoice.parent?.subscription_details?.subscription ?? null);
      if (!subscriptionId || invoice.billing_reason === 'subscription_create') return 'ignored: first invoice';
      if (invoice.billing_reason === 'subscription_update') {
        const metadata = invoice.parent?.subscription_details?.metadata ?? invoice.subscription_details?.metadata ?? {};
        if (!metadata.order_id) return 'ignored: an update without an order';
        return fulfil(db, ledger, metadata.order_id, invoice.id ?? subscriptionId, subscriptionId, at, applied, 'upgraded');
      }
      return renewMembership(db, subscriptionId, invoice, invoice.lines?.data?.[0]?.period?.end, at, applied);
    }
    case 'customer.subscription.updated': {
      const sub = event.data.object;
      await db.query('UPDATE subscriptions SET cancel_at_period_end = $2, auto_renew = NOT $2 WHERE provider_sub_id = $1', [sub.id, sub.cancel_at_period_end]);
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
      const order = await db.query<{ order_id: string }>(
        `SELECT p.order_id FROM billing_payments p WHERE p.provider = 'stripe' AND p.provider_ref = $1 AND p.order_id IS NOT NULL`,
        [idOf(charge.payment_intent)],
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
  deps: { db: Database; ledger: Ledger; stripe: Stripe; provider: PaymentProvider; webhookSecret: string },
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
  const applied: Applied = { grants: [], effects: [] };
  const outcome = await applyEvent(deps.db, deps.ledger, event, at, applied);
  for (const grant of applied.grants) await grantPeriod(deps.ledger, grant.plan, grant.period, grant.at);
  for (const effects of applied.effects) await applyAtProvider(deps.provider, effects);
  await deps.db.query('INSERT INTO billing_webhook_events (id, provider, type) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING', [event.id, 'stripe', event.type]);
  return outcome;
}
