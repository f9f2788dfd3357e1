/**
 * Memberships after payment: starting one from a paid order (the trial, a new plan, or a plan queued
 * after the current one), the lifecycle job (renew, convert a trial, expire), cancel at period end, and
 * the owner's list. Every credit grant goes through grants.ts, keyed by subscription period.
 */
import type { Database, Queryable } from '@studio/db';
import {
  MONEY_BACK_DAYS,
  PREMIUM_MONTHLY_CREDITS,
  STANDARD_MONTHLY_CREDITS,
  TRIAL_CREDITS,
  TRIAL_DAYS,
  type MembershipItem,
  type MembershipStatus,
  type PeriodUnit,
} from 'shared-contracts';
import type { Ledger } from '../credits/ledger.js';
import { WEEKLY_CREDITS } from '../catalogue/plans.js';
import { settleCreditPlans } from './credit-plans.js';
import { addPeriod } from './periods.js';
import { grantDueMembershipCredits } from './grants.js';
import type { PaymentProvider } from './provider.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export { addPeriod };

export interface MembershipSku {
  sku_id: number;
  tier: 'STANDARD' | 'PREMIUM';
  sub_tpl_name: string;
  period_unit: PeriodUnit;
  price: number;
  currency: string;
}

export function creditsPerGrant(tier: 'STANDARD' | 'PREMIUM', unit: PeriodUnit): number {
  if (unit === 'week') return WEEKLY_CREDITS[tier];
  return tier === 'PREMIUM' ? PREMIUM_MONTHLY_CREDITS : STANDARD_MONTHLY_CREDITS;
}

const levelOf = (tier: 'STANDARD' | 'PREMIUM') => (tier === 'PREMIUM' ? 'premium' : 'standard');

/**
 * When a new membership starts: now, or when the caller's running membership of the same or a higher
 * level ends ('Your new subscription will start after the current one ends').
 */
export async function membershipStart(tx: Queryable, userId: string, tier: 'STANDARD' | 'PREMIUM', at: Date): Promise<Date> {
  const levels = tier === 'PREMIUM' ? ['premium'] : ['standard', 'premium'];
  const row = await tx.query<{ until: Date | null }>(
    `SELECT MAX(expires_at) AS until FROM subscriptions
     WHERE user_id = $1 AND status IN ('trialing', 'active') AND expires_at > $2 AND level = ANY($3::text[]) AND NOT is_trial`,
    [userId, at, levels],
  );
  const until = row.rows[0]?.until ? new Date(row.rows[0].until) : null;
  return until && until > at ? until : at;
}

/** Creates the membership a paid order bought, once (external_ref order:<id>); answers its id. */
export async function startMembership(
  tx: Queryable,
  input: { orderId: string; userId: string; sku: MembershipSku; trial: boolean; provider: string; at: Date },
): Promise<number> {
  const { sku, at } = input;
  const level = levelOf(sku.tier);
  const startedAt = input.trial ? at : await membershipStart(tx, input.userId, sku.tier, at);
  const expiresAt = input.trial ? new Date(at.getTime() + TRIAL_DAYS * DAY_MS) : addPeriod(startedAt, sku.period_unit);
  const name = input.trial ? `${sku.sub_tpl_name} (free trial)` : sku.sub_tpl_name;
  const inserted = await tx.query<{ id: number }>(
    `INSERT INTO subscriptions (user_id, sku_id, level, name, is_trial, credits_per_period, period_months, started_at,
       expires_at, next_grant_at, source, external_ref, status, auto_renew, order_id, provider, renew_sku_id)
     VALUES ($1, $2, $3, $4, $5, $6, 1, $7, $8, $7, 'order', $9, $10, true, $11, $12, $2)
     ON CONFLICT (external_ref) DO NOTHING RETURNING id`,
    [
      input.userId,
      sku.sku_id,
      level,
      name,
      input.trial,
      input.trial ? TRIAL_CREDITS : creditsPerGrant(sku.tier, sku.period_unit),
      startedAt,
      expiresAt,
      `order:${input.orderId}`,
      input.trial ? 'trialing' : 'active',
      input.orderId,
      input.provider,
    ],
  );
  if (inserted.rows[0]) {
    // a paid plan bought during a trial of that level replaces the trial's renewal
    if (!input.trial) {
      await tx.query(
        `UPDATE subscriptions SET auto_renew = false WHERE user_id = $1 AND is_trial AND status = 'trialing' AND level = $2`,
        [input.userId, level],
      );
    }
    return Number(inserted.rows[0].id);
  }
  const existing = await tx.query<{ id: number }>('SELECT id FROM subscriptions WHERE external_ref = $1', [`order:${input.orderId}`]);
  return Number(existing.rows[0].id);
}

interface DueSub {
  id: number;
  user_id: string;
  level: 'standard' | 'premium';
  status: 'trialing' | 'active';
  is_trial: boolean;
  auto_renew: boolean;
  cancel_at_period_end: boolean;
  expires_at: Date;
  provider: string;
  order_id: string | null;
  periods_paid: number;
  renew_sku_id: number | null;
  tier: 'STANDARD' | 'PREMIUM' | null;
  sub_tpl_name: string | null;
  period_unit: PeriodUnit | null;
  price: number | string | null;
  currency: string | null;
}

export interface LifecycleResult {
  renewed: number;
  converted: number;
  expired: number;
  granted: number;
}

/** Stripe renews on its own; a membership it has not confirmed this long after its end is expired. */
const PROVIDER_GRACE_MS = 2 * DAY_MS;

async function settleOne(tx: Queryable, provider: PaymentProvider, sub: DueSub, at: Date): Promise<keyof Omit<LifecycleResult, 'granted'> | null> {
  const end = new Date(sub.expires_at);
  const expire = async () => {
    await tx.query(`UPDATE subscriptions SET status = 'expired', auto_renew = false, ended_at = expires_at WHERE id = $1`, [sub.id]);
    return 'expired' as const;
  };
  if (!sub.auto_renew || sub.cancel_at_period_end || !sub.tier || !sub.period_unit) return expire();
  if (sub.provider !== provider.name || provider.name !== 'sandbox') {
    return end.getTime() + PROVIDER_GRACE_MS <= at.getTime() ? expire() : null;
  }
  const amount = Number(sub.price ?? 0);
  const outcome = await provider.chargeRenewal({ subscriptionId: sub.id, amount, currency: sub.currency ?? 'USD' });
  if (!outcome || outcome.status !== 'succeeded') return expire();
  const charged = await tx.query(
    `INSERT INTO billing_payments (id, order_id, subscription_id, provider, provider_ref, kind, status, amount, currency, card_last4, created_at)
     VALUES (gen_random_uuid(), $1, $2, $3, $4, 'renewal', 'succeeded', $5, $6, $7, $8) ON CONFLICT (provider_ref) DO NOTHING`,
    [sub.order_id, sub.id, provider.name, `renewal:${sub.id}:${sub.periods_paid}`, amount, sub.currency ?? 'USD', outcome.last4, end],
  );
  if (charged.rowCount === 0) return null;
  if (sub.is_trial) {
    const sku: MembershipSku = {
      sku_id: sub.renew_sku_id ?? 0,
      tier: sub.tier,
      sub_tpl_name: sub.sub_tpl_name ?? '',
      period_unit: sub.period_unit,
      price: amount,
      currency: sub.currency ?? 'USD',
    };
    await tx.query(
      `INSERT INTO subscriptions (user_id, sku_id, level, name, is_trial, credits_per_period, period_months, started_at,
         expires_at, next_grant_at, source, external_ref, status, auto_renew, order_id, provider, renew_sku_id)
       VALUES ($1, $2, $3, $4, false, $5, 1, $6, $7, $6, 'renewal', $8, 'active', true, $9, $10, $2)
       ON CONFLICT (external_ref) DO NOTHING`,
      [sub.user_id, sku.sku_id, sub.level, sku.sub_tpl_name, creditsPerGrant(sub.tier, sub.period_unit), end,
        addPeriod(end, sub.period_unit), `convert:${sub.id}`, sub.order_id, provider.name],
    );
    await tx.query(`UPDATE subscriptions SET status = 'converted', auto_renew = false, ended_at = expires_at WHERE id = $1`, [sub.id]);
    return 'converted';
  }
  await tx.query('UPDATE subscriptions SET expires_at = $2, periods_paid = periods_paid + 1 WHERE id = $1', [
    sub.id,
    addPeriod(end, sub.period_unit),
  ]);
  return 'renewed';
}

/**
 * The scheduled job: at `at` (a clock tests move), memberships and credit plans whose period ended are renewed (the
 * sandbox charges the renewal; Stripe's renewals arrive by webhook), trials convert into their paid plan,
 * cancelled or unpaid ones expire (the user falls back to the next membership or to Free), and every
 * period that has begun gets its credits, once.
 */
export async function runBillingLifecycle(db: Database, ledger: Ledger, provider: PaymentProvider, at: Date = new Date()): Promise<LifecycleResult> {
  const result: LifecycleResult = { renewed: 0, converted: 0, expired: 0, granted: 0 };
  for (let round = 0; round < 1000; round += 1) {
    const due = await db.query<{ id: number }>(
      `SELECT id FROM subscriptions WHERE status IN ('trialing', 'active') AND expires_at <= $1 ORDER BY expires_at, id LIMIT 100`,
      [at],
    );
    if (due.rows.length === 0) break;
    let progressed = 0;
    for (const { id } of due.rows) {
      const outcome = await db.transaction(async (tx) => {
        const locked = await tx.query<DueSub>(
          `SELECT s.id, s.user_id, s.level, s.status, s.is_trial, s.auto_renew, s.cancel_at_period_end, s.expires_at, s.provider,
             s.order_id, s.periods_paid, s.renew_sku_id, k.tier, k.sub_tpl_name, k.period_unit, k.price, k.currency
           FROM subscriptions s LEFT JOIN skus k ON k.sku_id = s.renew_sku_id
           WHERE s.id = $1 AND s.status IN ('trialing', 'active') AND s.expires_at <= $2 FOR UPDATE OF s`,
          [id, at],
        );
        return locked.rows[0] ? settleOne(tx, provider, locked.rows[0], at) : null;
      });
      if (outcome) {
        result[outcome] += 1;
        progressed += 1;
      }
    }
    if (progressed === 0) break;
  }
  const plans = await settleCreditPlans(db, ledger, provider, at);
  result.renewed += plans.renewed;
  result.expired += plans.expired;
  result.granted = await grantDueMembershipCredits(db, ledger, { at });
  return result;
}

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
  };
}

const LIST_SQL = `SELECT s.id, s.sku_id, s.name, s.level, k.period_unit, s.status, s.is_trial, s.started_at, s.expires_at,
    s.auto_renew, s.cancel_at_period_end, s.order_id, o.status AS order_status, o.paid_at, o.amount, s.provider_sub_id
  FROM subscriptions s LEFT JOIN skus k ON k.sku_id = s.sku_id LEFT JOIN billing_orders o ON o.id = s.order_id`;

export async function listMemberships(db: Queryable, userId: string, at: Date): Promise<MembershipItem[]> {
  const rows = await db.query<ListRow>(`${LIST_SQL} WHERE s.user_id = $1 ORDER BY s.expires_at DESC, s.id DESC LIMIT 100`, [userId]);
  return rows.rows.map((row) => toItem(row, at));
}

export class MembershipError extends Error {}

/** Cancel at period end: the membership (or trial) runs to its end and is not renewed. */
export async function cancelMembership(db: Database, provider: PaymentProvider, userId: string, id: number, at: Date): Promise<MembershipItem> {
  const row = await db.transaction(async (tx) => {
    const found = await tx.query<ListRow>(`${LIST_SQL} WHERE s.id = $1 AND s.user_id = $2 FOR UPDATE OF s`, [id, userId]);
    const sub = found.rows[0];
    if (!sub) throw new MembershipError('No such membership.');
    if (sub.status !== 'active' && sub.status !== 'trialing') throw new MembershipError('This membership has already ended.');
    await tx.query('UPDATE subscriptions SET cancel_at_period_end = true, auto_renew = false WHERE id = $1', [id]);
    return { ...sub, cancel_at_period_end: true, auto_renew: false };
  });
  await provider.cancelAtPeriodEnd(row.provider_sub_id);
  return toItem(row, at);
}
