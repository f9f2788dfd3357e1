/**
 * Orders: made when the buyer opens the checkout (one per user and checkout session id) with the quote of
 * what the purchase does (quote.ts), fulfilled once paid (fulfil.ts), refunded within the money-back window.
 */
import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '@studio/db';
import { TRIAL_DAYS, type PeriodUnit } from 'shared-contracts';
import type { CheckoutOrder, ProviderName } from './provider.js';
import { liveMemberships, personKey, quotePurchase, type PurchaseQuote } from './quote.js';

/** Two checkouts of the same sku opened this close together are one click seen twice (a double click). */
const SAME_CLICK_MS = 10_000;
/** An upgrade's quote shrinks as its old plan is used: one older than this is quoted again before paying. */
const QUOTE_VALID_MS = 30 * 60_000;

type OrderStatus = 'pending' | 'paid' | 'refunded' | 'canceled';

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
  list_price: number | string | null;
  credit: number | string;
  change: 'new' | 'upgrade' | 'queued' | 'trial';
  /** the memberships an upgrade replaces (and a paid plan's trial that ends) */
  replaces: (number | string)[];
  quoted_at: Date | null;
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

/** The trial's refusal while the buyer's address is not confirmed yet. */
const TRIAL_NEEDS_CONFIRMED_ADDRESS = `Confirm your e-mail address first: the ${TRIAL_DAYS}-day free trial starts once it is confirmed (the link is in the mail we sent you).`;

/** A purchase the shop refuses, with the text the buyer sees. */
export class PurchaseRefused extends Error {}

export async function loadSku(db: Queryable, skuId: number): Promise<ShopSku | null> {
  const rows = await db.query<ShopSku>(
    `SELECT sku_id, kind, tier, sub_tpl_name, period_unit, credits, price, currency, currency_symbol, zero_buy, active FROM skus WHERE sku_id = $1`,
    [skuId],
  );
  return rows.rows[0] ?? null;
}

/** The buyer's e-mail (the trial's person), whether it is confirmed, and whether the account ever had a membership. */
async function buyerFacts(db: Queryable, userId: string): Promise<{ email: string; verified: boolean; everSubscribed: boolean }> {
  const rows = await db.query<{ email: string | null; verified: boolean | null; ever: boolean }>(
    `SELECT (SELECT email FROM users WHERE id = $1) AS email, (SELECT email_verified FROM users WHERE id = $1) AS verified,
       EXISTS (SELECT 1 FROM subscriptions WHERE user_id = $1) AS ever`,
    [userId],
  );
  const row = rows.rows[0];
  return { email: row?.email ?? '', verified: row?.verified !== false, everSubscribed: Boolean(row?.ever) };
}

/**
 * The quote of buying `sku` now, with the trial's rules: a confirmed address (as the sign-up credits, so
 * throwaway addresses do not farm trials), once per account and once per person.
 */
export async function quoteFor(db: Queryable, userId: string, sku: ShopSku, zeroBuy: boolean, provider: ProviderName, at: Date): Promise<PurchaseQuote> {
  const trial = zeroBuy && sku.zero_buy && sku.kind === 'membership';
  const quote = quotePurchase(sku, await liveMemberships(db, userId, at), trial, provider, at);
  if (!trial || quote.refused) return quote;
  const { email, verified, everSubscribed } = await buyerFacts(db, userId);
  if (!verified) return { ...quote, refused: TRIAL_NEEDS_CONFIRMED_ADDRESS };
  if (everSubscribed) return { ...quote, refused: `The ${TRIAL_DAYS}-day free trial is for accounts that have never had a membership.` };
  const claimed = await db.query('SELECT 1 FROM billing_trials WHERE person_key = $1', [personKey(email)]);
  if (claimed.rowCount > 0) return { ...quote, refused: `The ${TRIAL_DAYS}-day free trial is once per person.` };
  return quote;
}

const QUOTE_COLUMNS = 'amount = $2, list_price = $3, credit = $4, change = $5, replaces = $6::bigint[], quoted_at = $7';
const quoteValues = (quote: PurchaseQuote, at: Date) => [quote.due_today, quote.price, quote.credit, quote.change, quote.replaceIds, at];

/**
 * The order of one checkout session, made once: reloading the checkout page or opening it twice answers
 * the same order, and so does a second checkout of the same sku opened within SAME_CLICK_MS (a double
 * click opens one checkout). Refuses what the shop does not sell to this user, with the buyer's text.
 */
export async function openOrder(
  db: Database,
  input: { userId: string; skuId: number; sessionId: string; source: string; zeroBuy: boolean; provider: ProviderName; at: Date },
): Promise<{ order: OrderRow; sku: ShopSku }> {
  const sku = await loadSku(db, input.skuId);
  if (!sku || !sku.active) throw new PurchaseRefused('This plan is not on sale.');
  const zeroBuy = input.zeroBuy && sku.zero_buy;
  const order = await db.transaction(async (tx) => {
    // one buyer's checkouts open one at a time, so two tabs of one click cannot both make an order
    await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [input.userId]);
    const existing = await tx.query<OrderRow>('SELECT * FROM billing_orders WHERE user_id = $1 AND session_id = $2', [input.userId, input.sessionId]);
    if (existing.rows[0]) {
      if (existing.rows[0].sku_id !== sku.sku_id) throw new PurchaseRefused('This checkout is for another plan. Start the purchase again from the studio.');
      return existing.rows[0];
    }
    const twin = await tx.query<OrderRow>(
      `SELECT * FROM billing_orders WHERE user_id = $1 AND sku_id = $2 AND zero_buy = $3 AND status = 'pending' AND created_at > $4
       ORDER BY created_at DESC LIMIT 1`,
      [input.userId, sku.sku_id, zeroBuy, new Date(input.at.getTime() - SAME_CLICK_MS)],
    );
    if (twin.rows[0]) return twin.rows[0];
    const quote = await quoteFor(tx, input.userId, sku, zeroBuy, input.provider, input.at);
    if (quote.refused) throw new PurchaseRefused(quote.refused);
    const inserted = await tx.query<OrderRow>(
      `INSERT INTO billing_orders (id, user_id, sku_id, kind, zero_buy, source, session_id, provider, amount, currency, status, created_at,
         list_price, credit, change, replaces, quoted_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'pending', $11, $12, $13, $14, $15::bigint[], $11) RETURNING *`,
      [
        randomUUID(),
        input.userId,
        sku.sku_id,
        sku.kind === 'membership' ? 'membership' : 'credits',
        zeroBuy,
        input.source.slice(0, 32),
        input.sessionId,
        input.provider,
        quote.due_today,
        sku.currency,
        input.at,
        quote.price,
        quote.credit,
        quote.change,
        quote.replaceIds,
      ],
    );
    return inserted.rows[0];
  });
  return { order, sku };
}

/**
 * Before a pending order is paid: the buyer's plans may have changed since it was quoted (another tab, a
 * lifecycle run) and an upgrade's credit shrinks with time. Answers the order as it stands, quoted again
 * when it was quoted long ago or no longer fits; `changed` says its amount moved (the buyer confirms again).
 */
export async function requote(db: Queryable, order: OrderRow, sku: ShopSku, at: Date): Promise<{ order: OrderRow; changed: boolean; refused: string | null }> {
  const quote = await quoteFor(db, order.user_id, sku, order.zero_buy, order.provider, at);
  if (quote.refused) return { order, changed: false, refused: quote.refused };
  const fresh = order.quoted_at && at.getTime() - new Date(order.quoted_at).getTime() < QUOTE_VALID_MS;
  const sameIds = [...quote.replaceIds].sort().join() === order.replaces.map(Number).sort().join();
  if (fresh && quote.change === order.change && sameIds) return { order, changed: false, refused: null };
  const updated = await db.query<OrderRow>(`UPDATE billing_orders SET ${QUOTE_COLUMNS} WHERE id = $1 AND status = 'pending' RETURNING *`, [order.id, ...quoteValues(quote, at)]);
  const row = updated.rows[0] ?? order;
  return { order: row, changed: Math.abs(Number(row.amount) - Number(order.amount)) >= 0.01 || quote.change !== order.change, refused: null };
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

