/**
 * A member's own changes to a running membership (issue 22), besides buying a new one (quote.ts): cancel at
 * the period's end, resume before it ends, and a change to a smaller plan that takes effect at the period's
 * end (the renewal charges the smaller plan and starts it in its own row: memberships.ts `continueAs`).
 * Upgrades are purchases: they start at once and are paid, with proration, at the checkout.
 */
import type { Database, Queryable } from '@studio/db';
import { MONEY_BACK_DAYS, type MembershipItem, type MembershipStatus, type PeriodUnit } from 'shared-contracts';
import { loadSku } from './orders.js';
import type { PaymentProvider } from './provider.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const RANK = { standard: 1, premium: 2 } as const;

interface ListRow {
  id: number;
  sku_id: number;
  name: string;
  level: 'standard' | 'premium';
  period_unit: PeriodUnit | null;
  status: Exclude<MembershipStatus, 'scheduled'>;
  is_trial: boolean;
  started_at: Date;
  expires_at: Date;
  auto_renew: boolean;
  cancel_at_period_end: boolean;
  order_id: string | null;
  order_status: string | null;
  paid_at: Date | null;
  amount: number | string | null;
  provider_sub_id: string | null;
  renew_sku_id: number | null;
  renew_name: string | null;
}

const seconds = (date: Date) => Math.floor(new Date(date).getTime() / 1000);

function toItem(row: ListRow, at: Date): MembershipItem {
  const paidAt = row.paid_at ? new Date(row.paid_at).getTime() : 0;
  const live = row.status === 'active' || row.status === 'trialing';
  return {
    id: Number(row.id),
    sku_id: row.sku_id,
    name: row.name,
    level: row.level,
    period_unit: row.period_unit ?? 'month',
    status: live && new Date(row.started_at) > at ? 'scheduled' : row.status,
    is_trial: row.is_trial,
    started_at: seconds(row.started_at),
    expires_at: seconds(row.expires_at),
    auto_renew: row.auto_renew && !row.cancel_at_period_end,
    cancel_at_period_end: row.cancel_at_period_end,
    order_id: row.order_id,
    refundable:
      live && row.order_status === 'paid' && Number(row.amount ?? 0) > 0 && at.getTime() - paidAt <= MONEY_BACK_DAYS * DAY_MS,
    renews_into:
      live && !row.is_trial && row.renew_sku_id !== null && row.renew_sku_id !== row.sku_id ? { sku_id: row.renew_sku_id, name: row.renew_name ?? '' } : null,
  };
}

const LIST_SQL = `SELECT s.id, s.sku_id, s.name, s.level, k.period_unit, s.status, s.is_trial, s.started_at, s.expires_at,
    s.auto_renew, s.cancel_at_period_end, s.order_id, o.status AS order_status, o.paid_at, o.amount, s.provider_sub_id,
    s.renew_sku_id, r.sub_tpl_name AS renew_name
  FROM subscriptions s LEFT JOIN skus k ON k.sku_id = s.sku_id LEFT JOIN skus r ON r.sku_id = s.renew_sku_id
  LEFT JOIN billing_orders o ON o.id = s.order_id`;

export async function listMemberships(db: Queryable, userId: string, at: Date): Promise<MembershipItem[]> {
  const rows = await db.query<ListRow>(`${LIST_SQL} WHERE s.user_id = $1 ORDER BY s.expires_at DESC, s.id DESC LIMIT 100`, [userId]);
  return rows.rows.map((row) => toItem(row, at));
}

/** A change the member asked for that the shop refuses, with the text they see. */
export class MembershipError extends Error {}

/** Cancel at period end: the membership (or trial) runs to its end and is not renewed (a trial's credits end with it). */
export async function cancelMembership(db: Database, provider: PaymentProvider, userId: string, id: number, at: Date): Promise<MembershipItem> {
  const row = await db.transaction(async (tx) => {
    const sub = await lockedMembership(tx, userId, id, at);
    await tx.query('UPDATE subscriptions SET cancel_at_period_end = true, auto_renew = false WHERE id = $1', [id]);
    return { ...sub, cancel_at_period_end: true, auto_renew: false };
  });
  await provider.cancelAtPeriodEnd(row.provider_sub_id);
  return toItem(row, at);
}

async function lockedMembership(tx: Queryable, userId: string, id: number, at: Date): Promise<ListRow> {
  const found = await tx.query<ListRow>(`${LIST_SQL} WHERE s.id = $1 AND s.user_id = $2 FOR UPDATE OF s`, [id, userId]);
  const sub = found.rows[0];
  if (!sub) throw new MembershipError('No such membership.');
  if ((sub.status !== 'active' && sub.status !== 'trialing') || new Date(sub.expires_at) <= at) throw new MembershipError('This membership has already ended.');
  return sub;
}

/**
 * Resume before the period ends: the membership renews again. Refused while a plan bought after it waits
 * to start when it ends (that plan is its renewal: renewing both would charge twice for the same days).
 */
export async function resumeMembership(db: Database, provider: PaymentProvider, userId: string, id: number, at: Date): Promise<MembershipItem> {
  const row = await db.transaction(async (tx) => {
    const sub = await lockedMembership(tx, userId, id, at);
    if (!sub.cancel_at_period_end && sub.auto_renew) return sub;
    const next = await tx.query(
      `SELECT 1 FROM subscriptions WHERE user_id = $1 AND id <> $2 AND status = 'active' AND NOT is_trial AND started_at >= $3`,
      [userId, id, sub.expires_at],
    );
    if (next.rowCount > 0) throw new MembershipError('A plan you bought starts when this one ends, so this one does not renew.');
    await tx.query('UPDATE subscriptions SET cancel_at_period_end = false, auto_renew = true WHERE id = $1', [id]);
    return { ...sub, cancel_at_period_end: false, auto_renew: true };
  });
  await provider.resume(row.provider_sub_id);
  return toItem(row, at);
}

/**
 * A change at the period's end: to a smaller plan (a lower level, or the same level for less), or back to
 * the membership's own plan (undoing a scheduled change). A bigger plan is an upgrade: bought at checkout.
 */
export async function changeAtPeriodEnd(db: Database, provider: PaymentProvider, userId: string, id: number, skuId: number, at: Date): Promise<MembershipItem> {
  const target = await loadSku(db, skuId);
  if (!target || !target.active || target.kind !== 'membership' || target.tier === 'BASIC') throw new MembershipError('This plan is not on sale.');
  const row = await db.transaction(async (tx) => {
    const sub = await lockedMembership(tx, userId, id, at);
    if (sub.is_trial) throw new MembershipError('Cancel the free trial instead: it ends without a charge.');
    if (skuId !== sub.sku_id) {
      const current = await loadSku(tx, sub.sku_id);
      const level = target.tier === 'PREMIUM' ? 'premium' : 'standard';
      const smaller = RANK[level] < RANK[sub.level] || (level === sub.level && Number(target.price) < Number(current?.price ?? 0));
      if (!smaller) throw new MembershipError('A bigger plan starts at once: buy it from the purchase dialog (the unused part of this one is credited).');
    }
    await tx.query('UPDATE subscriptions SET renew_sku_id = $2, cancel_at_period_end = false, auto_renew = true WHERE id = $1', [id, skuId]);
    return { ...sub, renew_sku_id: skuId, renew_name: target.sub_tpl_name, cancel_at_period_end: false, auto_renew: true };
  });
  await provider.changeAtPeriodEnd(row.provider_sub_id, { name: target.sub_tpl_name, price: Number(target.price), currency: target.currency, interval: target.period_unit });
  return toItem(row, at);
}
