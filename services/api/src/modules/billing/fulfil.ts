/**
 * Fulfilment, the only path that grants: credit packs through the ledger keyed order:<id> (valid 2 years),
 * credit plans and memberships through their own modules; then declined cards, refunds and trade-info.
 */
import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '@studio/db';
import { CREDIT_VALID_YEARS, MONEY_BACK_DAYS, TRIAL_DAYS, type ListResponse, type TradeInfoItem } from 'shared-contracts';
import { addYears, type Ledger } from '../credits/ledger.js';
import { startCreditPlan } from './credit-plans.js';
import { grantDueMembershipCredits } from './grants.js';
import { startMembership } from './memberships.js';
import { PurchaseRefused, loadSku, type OrderRow } from './orders.js';
import type { ProviderName } from './provider.js';
import { personKey } from './quote.js';
import { takeBack } from './take-back.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Claims the person's one free trial for this order, inside the transaction that marks it paid. */
async function claimTrial(tx: Queryable, order: OrderRow, at: Date): Promise<void> {
  const email = (await tx.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [order.user_id])).rows[0]?.email ?? '';
  const claimed = await tx.query(
    `INSERT INTO billing_trials (person_key, user_id, order_id, started_at) VALUES ($1, $2, $3, $4) ON CONFLICT (person_key) DO NOTHING`,
    [personKey(email), order.user_id, order.id, at],
  );
  if (claimed.rowCount === 0) throw new PurchaseRefused(`The ${TRIAL_DAYS}-day free trial is once per person.`);
}

export interface PaymentRecord {
  provider: ProviderName;
  /** the provider's id of the payment: unique, so a payment is recorded once */
  providerRef: string;
  last4?: string;
  /** Stripe's subscription id when the order started one */
  providerSubscriptionId?: string | null;
}

/** What the provider must be told after a fulfilment: subscriptions an upgrade ended, and ones a queued plan follows. */
export interface ProviderEffects {
  cancelNow: string[];
  cancelAtPeriodEnd: string[];
}

/**
 * Marks an order paid (once: the first caller wins the pending -> paid update) and applies what it
 * bought. Applying is idempotent on its own keys, so a second caller, a redelivered webhook or a retry
 * after a crash completes a half-done fulfilment and never grants twice. Answers whether this call paid it.
 */
export async function fulfilOrder(
  db: Database,
  ledger: Ledger,
  orderId: string,
  payment: PaymentRecord,
  at: Date,
): Promise<{ paidNow: boolean; order: OrderRow; atProvider: ProviderEffects }> {
  const atProvider: ProviderEffects = { cancelNow: [], cancelAtPeriodEnd: [] };
  const { paidNow, order } = await db.transaction(async (tx) => {
    const updated = await tx.query<OrderRow>(
      `UPDATE billing_orders SET status = 'paid', paid_at = $2 WHERE id = $1 AND status = 'pending' RETURNING *`,
      [orderId, at],
    );
    const row = updated.rows[0] ?? (await tx.query<OrderRow>('SELECT * FROM billing_orders WHERE id = $1', [orderId])).rows[0];
    if (!row) throw new PurchaseRefused('No such order.');
    // a second trial of one person (two accounts, two tabs) is refused here, whatever the checkout said
    if (updated.rows[0] && row.zero_buy) await claimTrial(tx, row, at);
    if (updated.rows[0]) {
      await tx.query(
        `INSERT INTO billing_payments (id, order_id, provider, provider_ref, kind, status, amount, currency, card_last4, created_at)
         VALUES ($1, $2, $3, $4, 'charge', 'succeeded', $5, $6, $7, $8) ON CONFLICT (provider_ref) DO NOTHING`,
        [randomUUID(), orderId, payment.provider, payment.providerRef, row.amount, row.currency, payment.last4 ?? '', at],
      );
    }
    return { paidNow: Boolean(updated.rows[0]), order: row };
  });
  if (order.status !== 'paid') return { paidNow, order, atProvider };
  const sku = await loadSku(db, order.sku_id);
  if (!sku) throw new PurchaseRefused('The plan of this order no longer exists.');
  const paidAt = new Date(order.paid_at ?? at);
  if (order.kind === 'credits') {
    // weekly and monthly credit skus are plans that renew; the first period's credits are this grant
    if (sku.period_unit !== 'year') {
      const planId = await db.transaction((tx) =>
        startCreditPlan(tx, { orderId: order.id, userId: order.user_id, skuId: sku.sku_id, name: sku.sub_tpl_name, credits: sku.credits, unit: sku.period_unit, provider: order.provider, at: paidAt }),
      );
      if (payment.providerSubscriptionId) {
        await db.query('UPDATE billing_credit_plans SET provider_sub_id = $2 WHERE id = $1 AND provider_sub_id IS NULL', [planId, payment.providerSubscriptionId]);
      }
    }
    await ledger.grant({
      userId: order.user_id,
      amount: sku.credits,
      source: 'order',
      details: `Purchase: ${sku.sub_tpl_name}`,
      idempotencyKey: `order:${order.id}`,
      expiresAt: addYears(paidAt, CREDIT_VALID_YEARS),
      at: paidAt,
    });
  } else if (sku.tier !== 'BASIC') {
    const started = await db.transaction((tx) =>
      startMembership(tx, {
        sku: { ...sku, tier: sku.tier as 'STANDARD' | 'PREMIUM', price: Number(sku.price) },
        order,
        providerSubscriptionId: payment.providerSubscriptionId ?? null,
        at: paidAt,
      }),
    );
    atProvider.cancelNow = started.ended.flatMap((sub) => (sub.providerSubId ? [sub.providerSubId] : []));
    atProvider.cancelAtPeriodEnd = started.stopped.flatMap((sub) => (sub.providerSubId ? [sub.providerSubId] : []));
    await grantDueMembershipCredits(db, ledger, { userId: order.user_id, at });
  }
  return { paidNow, order, atProvider };
}

/** Records a declined card against the order (it stays pending: the buyer may try another card). */
export async function recordDeclined(db: Queryable, order: OrderRow, outcome: { status: string; last4: string; message: string }, at: Date): Promise<void> {
  await db.query(
    `INSERT INTO billing_payments (id, order_id, provider, kind, status, amount, currency, card_last4, message, created_at)
     VALUES ($1, $2, $3, 'charge', $4, $5, $6, $7, $8, $9)`,
    [randomUUID(), order.id, order.provider, outcome.status, order.amount, order.currency, outcome.last4, outcome.message, at],
  );
}

export function refundableError(order: OrderRow | undefined, userId: string, at: Date): string | null {
  if (!order || order.user_id !== userId) return 'No such order.';
  if (order.status === 'refunded') return 'This order has already been refunded.';
  if (order.status !== 'paid' || Number(order.amount) <= 0) return 'Only a paid order can be refunded.';
  if (at.getTime() - new Date(order.paid_at ?? 0).getTime() > MONEY_BACK_DAYS * DAY_MS) {
    return `The ${MONEY_BACK_DAYS}-day money-back guarantee for this order has ended.`;
  }
  return null;
}

/**
 * Applies a refund once: the order becomes refunded, its membership (with the plan a trial turned into)
 * ends now, and what is left of the credits it granted is taken back, never below zero.
 */
export async function applyRefund(db: Database, orderId: string, at: Date): Promise<{ applied: boolean; taken: number }> {
  return db.transaction(async (tx) => {
    const found = await tx.query<OrderRow>(`SELECT * FROM billing_orders WHERE id = $1 FOR UPDATE`, [orderId]);
    const order = found.rows[0];
    if (!order || order.status !== 'paid') return { applied: false, taken: 0 };
    await tx.query(`UPDATE billing_orders SET status = 'refunded', refunded_at = $2 WHERE id = $1`, [orderId, at]);
    await tx.query(
      `INSERT INTO billing_payments (id, order_id, provider, provider_ref, kind, status, amount, currency, created_at)
       VALUES ($1, $2, $3, $4, 'refund', 'succeeded', $5, $6, $7) ON CONFLICT (provider_ref) DO NOTHING`,
      [randomUUID(), orderId, order.provider, `refund:${orderId}`, order.amount, order.currency, at],
    );
    const subs = await tx.query<{ id: number }>(
      `UPDATE subscriptions SET status = 'refunded', auto_renew = false, ended_at = $2, expires_at = LEAST(expires_at, $2)
       WHERE order_id = $1 RETURNING id`,
      [orderId, at],
    );
    const plans = await tx.query<{ id: number }>(
      `UPDATE billing_credit_plans SET status = 'refunded', ended_at = $2 WHERE order_id = $1 RETURNING id`,
      [orderId, at],
    );
    const keys = [
      `order:${orderId}`,
      ...subs.rows.map((sub) => `membership:${order.user_id}:${sub.id}:%`),
      ...plans.rows.map((plan) => `creditplan:${plan.id}:%`),
    ];
    const taken = await takeBack(tx, order.user_id, keys, 'Refund: credits of the refunded purchase', at);
    return { applied: true, taken };
  });
}

/** The caller's orders paid in the last `seconds` seconds (the purchase poll's question). */
export async function tradeInfo(db: Queryable, userId: string, seconds: number, at: Date): Promise<ListResponse<TradeInfoItem>> {
  const rows = await db.query<{ id: string; sku_id: number; paid_at: Date }>(
    `SELECT id, sku_id, paid_at FROM billing_orders
     WHERE user_id = $1 AND status IN ('paid', 'refunded') AND paid_at >= $2 AND paid_at <= $3 ORDER BY paid_at DESC LIMIT 50`,
    [userId, new Date(at.getTime() - seconds * 1000), at],
  );
  return {
    total: rows.rows.length,
    list: rows.rows.map((row) => ({ order_id: row.id, sku_id_list: [row.sku_id], created_at: Math.floor(new Date(row.paid_at).getTime() / 1000) })),
  };
}
