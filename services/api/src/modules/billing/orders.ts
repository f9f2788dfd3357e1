/**
 * Orders: made when the buyer opens the checkout (one per user and checkout session id), fulfilled
 * once paid, refunded within the money-back window. Fulfilment is the only path that grants: credit
 * packs through the ledger keyed order:<id> (valid 2 years), memberships through memberships.ts.
 */
import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '@studio/db';
import { CREDIT_VALID_YEARS, MONEY_BACK_DAYS, TRIAL_DAYS, USER_TEXTS, type TradeInfoItem, type ListResponse, type PeriodUnit } from 'shared-contracts';
import { addYears, type Ledger } from '../credits/ledger.js';
import { grantDueMembershipCredits } from './grants.js';
import { startCreditPlan } from './credit-plans.js';
import { startMembership } from './memberships.js';
import type { CheckoutOrder, ProviderName } from './provider.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export type OrderStatus = 'pending' | 'paid' | 'refunded' | 'canceled';

export interface OrderRow {
  id: string;
  user_id: string;
  sku_id: number;
  kind: 'credits' | 'membership';
  zero_buy: boolean;
  source: string;
  session_id: string;
  provider: ProviderName;
  provider_ref: string | null;
  amount: number | string;
  currency: string;
  status: OrderStatus;
  created_at: Date;
  paid_at: Date | null;
  refunded_at: Date | null;
}

export interface ShopSku {
  sku_id: number;
  kind: 'membership' | 'credits' | 'credits10';
  tier: 'BASIC' | 'STANDARD' | 'PREMIUM';
  sub_tpl_name: string;
  period_unit: PeriodUnit;
  credits: number;
  price: number | string;
  currency: string;
  currency_symbol: string;
  zero_buy: boolean;
  active: boolean;
}

/** A purchase the shop refuses, with the text the buyer sees. */
export class PurchaseRefused extends Error {}

export async function loadSku(db: Queryable, skuId: number): Promise<ShopSku | null> {
  const rows = await db.query<ShopSku>(
    `SELECT sku_id, kind, tier, sub_tpl_name, period_unit, credits, price, currency, currency_symbol, zero_buy, active FROM skus WHERE sku_id = $1`,
    [skuId],
  );
  return rows.rows[0] ?? null;
}

async function currentLevel(db: Queryable, userId: string, at: Date): Promise<{ level: 'free' | 'standard' | 'premium'; everSubscribed: boolean }> {
  const rows = await db.query<{ level: string | null; ever: boolean }>(
    `SELECT (SELECT level FROM subscriptions WHERE user_id = $1 AND started_at <= $2 AND expires_at > $2 AND status IN ('trialing', 'active')
              ORDER BY (level = 'premium') DESC LIMIT 1) AS level,
            EXISTS (SELECT 1 FROM subscriptions WHERE user_id = $1) AS ever`,
    [userId, at],
  );
  const row = rows.rows[0];
  return { level: (row?.level as 'standard' | 'premium' | null) ?? 'free', everSubscribed: Boolean(row?.ever) };
}

/**
 * The order of one checkout session, made once: reloading the checkout page or opening it twice answers
 * the same order. Refuses what the shop does not sell to this user.
 */
export async function openOrder(
  db: Database,
  input: { userId: string; skuId: number; sessionId: string; source: string; zeroBuy: boolean; provider: ProviderName; at: Date },
): Promise<{ order: OrderRow; sku: ShopSku }> {
  const sku = await loadSku(db, input.skuId);
  if (!sku || !sku.active) throw new PurchaseRefused('This plan is not on sale.');
  const existing = await db.query<OrderRow>('SELECT * FROM billing_orders WHERE user_id = $1 AND session_id = $2', [input.userId, input.sessionId]);
  if (existing.rows[0]) {
    if (existing.rows[0].sku_id !== sku.sku_id) throw new PurchaseRefused('This checkout is for another plan. Start the purchase again from the studio.');
    return { order: existing.rows[0], sku };
  }
  const zeroBuy = input.zeroBuy && sku.zero_buy;
  if (sku.kind === 'membership') {
    const { level, everSubscribed } = await currentLevel(db, input.userId, input.at);
    if (level === 'premium' && sku.tier === 'STANDARD') throw new PurchaseRefused(USER_TEXTS.PREMIUM_NO_STANDARD);
    if (zeroBuy && everSubscribed) throw new PurchaseRefused(`The ${TRIAL_DAYS}-day free trial is for accounts that have never had a membership.`);
  }
  const inserted = await db.query<OrderRow>(
    `INSERT INTO billing_orders (id, user_id, sku_id, kind, zero_buy, source, session_id, provider, amount, currency, status, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'pending', $11)
     ON CONFLICT (user_id, session_id) DO NOTHING RETURNING *`,
    [
      randomUUID(),
      input.userId,
      sku.sku_id,
      sku.kind === 'membership' ? 'membership' : 'credits',
      zeroBuy,
      input.source.slice(0, 32),
      input.sessionId,
      input.provider,
      zeroBuy ? 0 : Number(sku.price),
      sku.currency,
      input.at,
    ],
  );
  const order =
    inserted.rows[0] ??
    (await db.query<OrderRow>('SELECT * FROM billing_orders WHERE user_id = $1 AND session_id = $2', [input.userId, input.sessionId])).rows[0];
  return { order, sku };
}

export function checkoutOrderOf(order: OrderRow, sku: ShopSku, email: string): CheckoutOrder {
  return {
    id: order.id,
    userId: order.user_id,
    email,
    skuId: sku.sku_id,
    name: order.zero_buy ? `${sku.sub_tpl_name}: ${TRIAL_DAYS}-day free trial` : sku.sub_tpl_name,
    amount: Number(order.amount),
    price: Number(sku.price),
    currency: order.currency,
    periodUnit: sku.period_unit,
    // memberships and the weekly and monthly credit plans renew; yearly packs are paid once
    recurring: sku.kind === 'membership' || sku.period_unit !== 'year',
    trialDays: order.zero_buy ? TRIAL_DAYS : 0,
  };
}

export interface PaymentRecord {
  provider: ProviderName;
  /** the provider's id of the payment: unique, so a payment is recorded once */
  providerRef: string;
  last4?: string;
  /** Stripe's subscription id when the order started one */
  providerSubscriptionId?: string | null;
}

/**
 * Marks an order paid (once: the first caller wins the pending -> paid update) and applies what it
 * bought. Applying is idempotent on its own keys, so a second caller, a redelivered webhook or a retry
 * after a crash completes a half-done fulfilment and never grants twice. Answers whether this call paid it.
 */
export async function fulfilOrder(db: Database, ledger: Ledger, orderId: string, payment: PaymentRecord, at: Date): Promise<{ paidNow: boolean; order: OrderRow }> {
  const { paidNow, order } = await db.transaction(async (tx) => {
    const updated = await tx.query<OrderRow>(
      `UPDATE billing_orders SET status = 'paid', paid_at = $2 WHERE id = $1 AND status = 'pending' RETURNING *`,
      [orderId, at],
    );
    const row = updated.rows[0] ?? (await tx.query<OrderRow>('SELECT * FROM billing_orders WHERE id = $1', [orderId])).rows[0];
    if (!row) throw new PurchaseRefused('No such order.');
    if (updated.rows[0]) {
      await tx.query(
        `INSERT INTO billing_payments (id, order_id, provider, provider_ref, kind, status, amount, currency, card_last4, created_at)
         VALUES ($1, $2, $3, $4, 'charge', 'succeeded', $5, $6, $7, $8) ON CONFLICT (provider_ref) DO NOTHING`,
        [randomUUID(), orderId, payment.provider, payment.providerRef, row.amount, row.currency, payment.last4 ?? '', at],
      );
    }
    return { paidNow: Boolean(updated.rows[0]), order: row };
  });
  if (order.status !== 'paid') return { paidNow, order };
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
    const subId = await db.transaction((tx) =>
      startMembership(tx, {
        orderId: order.id,
        userId: order.user_id,
        sku: { ...sku, tier: sku.tier as 'STANDARD' | 'PREMIUM', price: Number(sku.price) },
        trial: order.zero_buy,
        provider: order.provider,
        at: paidAt,
      }),
    );
    if (payment.providerSubscriptionId) {
      await db.query('UPDATE subscriptions SET provider_sub_id = $2 WHERE id = $1 AND provider_sub_id IS NULL', [subId, payment.providerSubscriptionId]);
    }
    await grantDueMembershipCredits(db, ledger, { userId: order.user_id, at });
  }
  return { paidNow, order };
}

/** Records a declined card against the order (it stays pending: the buyer may try another card). */
export async function recordDeclined(db: Queryable, order: OrderRow, outcome: { status: string; last4: string; message: string }, at: Date): Promise<void> {
  await db.query(
    `INSERT INTO billing_payments (id, order_id, provider, kind, status, amount, currency, card_last4, message, created_at)
     VALUES ($1, $2, $3, 'charge', $4, $5, $6, $7, $8, $9)`,
    [randomUUID(), order.id, order.provider, outcome.status, order.amount, order.currency, outcome.last4, outcome.message, at],
  );
}

/** Takes back what is left of some blocks (never below zero): a committed hold over their remaining credits. */
async function takeBack(tx: Queryable, userId: string, keys: string[], details: string, at: Date): Promise<number> {
  await tx.query('SELECT user_id FROM credit_accounts WHERE user_id = $1 FOR UPDATE', [userId]);
  const blocks = await tx.query<{ id: number; remaining: number }>(
    `SELECT id, remaining FROM credit_blocks WHERE user_id = $1 AND remaining > 0 AND idempotency_key LIKE ANY($2::text[]) FOR UPDATE`,
    [userId, keys],
  );
  const total = blocks.rows.reduce((sum, block) => sum + block.remaining, 0);
  if (total === 0) return 0;
  const holdId = randomUUID();
  await tx.query(
    `INSERT INTO credit_holds (id, user_id, amount, details, reference, status, created_at, expires_at, settled_at)
     VALUES ($1, $2, $3, $4, 'refund', 'committed', $5, $5, $5)`,
    [holdId, userId, total, details, at],
  );
  for (const block of blocks.rows) {
    await tx.query('UPDATE credit_blocks SET remaining = 0 WHERE id = $1', [block.id]);
    await tx.query('INSERT INTO credit_hold_parts (hold_id, block_id, amount) VALUES ($1, $2, $3)', [holdId, block.id, block.remaining]);
  }
  await tx.query(`INSERT INTO credit_entries (user_id, kind, delta, hold_id, details, created_at) VALUES ($1, 'hold', $2, $3, $4, $5)`, [
    userId,
    -total,
    holdId,
    details,
    at,
  ]);
  await tx.query(`INSERT INTO credit_entries (user_id, kind, delta, hold_id, details, created_at) VALUES ($1, 'commit', 0, $2, $3, $4)`, [
    userId,
    holdId,
    details,
    at,
  ]);
  return total;
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
