/**
 * Memberships after payment: starting one from a paid order (the trial, a new plan, or a plan queued
 * after the current one), the lifecycle job (renew, convert a trial, expire), cancel at period end, and
 * the owner's list. Every credit grant goes through grants.ts, keyed by subscription period.
 */
import type { Database, Queryable } from '@studio/db';
import {
  PREMIUM_MONTHLY_CREDITS,
  STANDARD_MONTHLY_CREDITS,
  TRIAL_CREDITS,
  TRIAL_DAYS,
  type PeriodUnit,
} from 'shared-contracts';
import type { Ledger } from '../credits/ledger.js';
import { WEEKLY_CREDITS } from '../catalogue/plans.js';
import { settleCreditPlans } from './credit-plans.js';
import { addPeriod } from './periods.js';
import { grantDueMembershipCredits, keepTrialCredits } from './grants.js';
import type { PaymentProvider } from './provider.js';

const DAY_MS = 24 * 60 * 60 * 1000;

;

export interface MembershipSku {
  sku_id: number;
  tier: 'STANDARD' | 'PREMIUM';
  sub_tpl_name: string;
  period_unit: PeriodUnit;
  price: number;
  currency: string;
}

function creditsPerGrant(tier: 'STANDARD' | 'PREMIUM', unit: PeriodUnit): number {
  if (unit === 'week') return WEEKLY_CREDITS[tier];
  return tier === 'PREMIUM' ? PREMIUM_MONTHLY_CREDITS : STANDARD_MONTHLY_CREDITS;
}

const levelOf = (tier: 'STANDARD' | 'PREMIUM') => (tier === 'PREMIUM' ? 'premium' : 'standard');

/**
 * When a new membership starts: now, or when the caller's running membership of the same or a higher
 * level ends ('Your new subscription will start after the current one ends').
 */
async function membershipStart(tx: Queryable, userId: string, tier: 'STANDARD' | 'PREMIUM', at: Date): Promise<Date> {
  const levels = tier === 'PREMIUM' ? ['premium'] : ['standard', 'premium'];
  const row = await tx.query<{ until: Date | null }>(
    `SELECT MAX(expires_at) AS until FROM subscriptions
     WHERE user_id = $1 AND status IN ('trialing', 'active') AND expires_at > $2 AND level = ANY($3::text[]) AND NOT is_trial`,
    [userId, at, levels],
  );
  const until = row.rows[0]?.until ? new Date(row.rows[0].until) : null;
  return until && until > at ? until : at;
}

/** What startMembership needs of the paid order. */
export interface StartingOrder {
  id: string;
  user_id: string;
  zero_buy: boolean;
  change: 'new' | 'upgrade' | 'queued' | 'trial';
  /** the memberships an upgrade replaces, or the trial a paid plan ends */
  replaces: (number | string)[];
  amount: number | string;
  provider: string;
}

/**
 * Creates the membership a paid order bought, once (external_ref order:<id>), in the transaction that
 * ends what it replaces: an upgrade's lower plans become `replaced` now (their unused part was credited in
 * the order's amount) and a running trial `converted`; a queued plan starts when the running one of its
 * level ends, which then stops renewing. Answers the new id and the provider subscriptions that ended
 * (to cancel at the provider; Stripe's updated subscription moves to the new row instead).
 */
export async function startMembership(
  tx: Queryable,
  input: { order: StartingOrder; sku: MembershipSku; providerSubscriptionId: string | null; at: Date },
): Promise<{ id: number; ended: { id: number; providerSubId: string | null }[]; stopped: { id: number; providerSubId: string | null }[] }> {
  const { sku, order, at } = input;
  const ref = `order:${order.id}`;
  const existing = await tx.query<{ id: number }>('SELECT id FROM subscriptions WHERE external_ref = $1', [ref]);
  if (existing.rows[0]) return { id: Number(existing.rows[0].id), ended: [], stopped: [] };
  const level = levelOf(sku.tier);
  const trial = order.zero_buy;
  let ended: { id: number; providerSubId: string | null }[] = [];
  let stopped: { id: number; providerSubId: string | null }[] = [];
  const startedAt = trial || order.change !== 'queued' ? at : await membershipStart(tx, order.user_id, sku.tier, at);
  if (!trial) {
    const rows = await tx.query<{ id: number; provider_sub_id: string | null }>(
      `UPDATE subscriptions SET status = CASE WHEN is_trial THEN 'converted' ELSE 'replaced' END, auto_renew = false, ended_at = $2,
         expires_at = LEAST(expires_at, $2), started_at = LEAST(started_at, $2),
         provider_sub_id = CASE WHEN provider_sub_id = $3 THEN NULL ELSE provider_sub_id END
       WHERE user_id = $4 AND status IN ('trialing', 'active') AND expires_at > $2 AND (id = ANY($1::bigint[]) OR is_trial)
       RETURNING id, provider_sub_id`,
      [order.replaces.map(Number), at, input.providerSubscriptionId, order.user_id],
    );
    ended = rows.rows.map((row) => ({ id: Number(row.id), providerSubId: row.provider_sub_id }));
    // a trial that ends because a paid plan starts has converted: its credits stay
    for (const row of rows.rows) await keepTrialCredits(tx, { id: row.id, user_id: order.user_id });
    if (order.change === 'queued') {
      // the plans it follows end when it starts instead of renewing: never two paid for the same days
      const levels = sku.tier === 'PREMIUM' ? ['premium'] : ['standard', 'premium'];
      const following = await tx.query<{ id: number; provider_sub_id: string | null }>(
        `UPDATE subscriptions SET auto_renew = false, cancel_at_period_end = true
         WHERE user_id = $1 AND status = 'active' AND NOT is_trial AND level = ANY($2::text[]) AND expires_at > $3 AND expires_at <= $4
         RETURNING id, provider_sub_id`,
        [order.user_id, levels, at, startedAt],
      );
      stopped = following.rows.map((row) => ({ id: Number(row.id), providerSubId: row.provider_sub_id }));
    }
  }
  const expiresAt = trial ? new Date(at.getTime() + TRIAL_DAYS * DAY_MS) : addPeriod(startedAt, sku.period_unit);
  const inserted = await tx.query<{ id: number }>(
    `INSERT INTO subscriptions (user_id, sku_id, level, name, is_trial, credits_per_period, period_months, started_at,
       expires_at, next_grant_at, source, external_ref, status, auto_renew, order_id, provider, renew_sku_id, period_start, period_amount, provider_sub_id)
     VALUES ($1, $2, $3, $4, $5, $6, 1, $7, $8, $7, 'order', $9, $10, true, $11, $12, $2, $7, $13, $14)
     RETURNING id`,
    [
      order.user_id,
      sku.sku_id,
      level,
      trial ? `${sku.sub_tpl_name} (free trial)` : sku.sub_tpl_name,
      trial,
      trial ? TRIAL_CREDITS : creditsPerGrant(sku.tier, sku.period_unit),
      startedAt,
      expiresAt,
      ref,
      trial ? 'trialing' : 'active',
      order.id,
      order.provider,
      trial ? 0 : Number(order.amount),
      input.providerSubscriptionId,
    ],
  );
  return { id: Number(inserted.rows[0].id), ended, stopped };
}

/** A membership as a renewal reads it, with the sku it renews into. */
export interface DueSub {
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
  sku_id: number;
  renew_sku_id: number | null;
  provider_sub_id: string | null;
  tier: 'STANDARD' | 'PREMIUM' | null;
  sub_tpl_name: string | null;
  period_unit: PeriodUnit | null;
  price: number | string | null;
  currency: string | null;
}

export const DUE_SUB_SQL = `SELECT s.id, s.user_id, s.level, s.status, s.is_trial, s.auto_renew, s.cancel_at_period_end, s.expires_at, s.provider,
    s.order_id, s.periods_paid, s.sku_id, s.renew_sku_id, s.provider_sub_id, k.tier, k.sub_tpl_name, k.period_unit, k.price, k.currency
  FROM subscriptions s LEFT JOIN skus k ON k.sku_id = s.renew_sku_id`;

export interface LifecycleResult {
  renewed: number;
  converted: number;
  expired: number;
  granted: number;
}

/** Stripe renews on its own; a membership it has not confirmed this long after its end is expired. */
const PROVIDER_GRACE_MS = 2 * DAY_MS;

/**
 * The next period of a membership in its own row, from `end`: a trial's paid plan, or the smaller plan a
 * downgrade scheduled (renew_sku_id). The old row ends (converted, or expired at its end).
 */
export async function continueAs(tx: Queryable, sub: DueSub, ref: string, amount: number, providerName: string): Promise<void> {
  const end = new Date(sub.expires_at);
  const tier = sub.tier as 'STANDARD' | 'PREMIUM';
  const unit = sub.period_unit as PeriodUnit;
  await tx.query(`UPDATE subscriptions SET status = $2, auto_renew = false, ended_at = expires_at, provider_sub_id = NULL WHERE id = $1`, [
    sub.id,
    sub.is_trial ? 'converted' : 'expired',
  ]);
  await tx.query(
    `INSERT INTO subscriptions (user_id, sku_id, level, name, is_trial, credits_per_period, period_months, started_at,
       expires_at, next_grant_at, source, external_ref, status, auto_renew, order_id, provider, renew_sku_id, period_start, period_amount, provider_sub_id)
     VALUES ($1, $2, $3, $4, false, $5, 1, $6, $7, $6, 'renewal', $8, 'active', true, $9, $10, $2, $6, $11, $12)
     ON CONFLICT (external_ref) DO NOTHING`,
    [sub.user_id, sub.renew_sku_id, levelOf(tier), sub.sub_tpl_name ?? '', creditsPerGrant(tier, unit), end, addPeriod(end, unit), ref, sub.order_id,
      providerName, amount, sub.provider_sub_id],
  );
}

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
    await continueAs(tx, sub, `convert:${sub.id}`, amount, provider.name);
    await keepTrialCredits(tx, sub);
    return 'converted';
  }
  if (sub.renew_sku_id !== null && sub.renew_sku_id !== sub.sku_id) {
    await continueAs(tx, sub, `change:${sub.id}:${sub.periods_paid}`, amount, provider.name);
    return 'renewed';
  }
  await tx.query('UPDATE subscriptions SET expires_at = $2, periods_paid = periods_paid + 1, period_start = $3, period_amount = $4 WHERE id = $1', [
    sub.id,
    addPeriod(end, sub.period_unit),
    end,
    amount,
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
        const locked = await tx.query<DueSub>(`${DUE_SUB_SQL} WHERE s.id = $1 AND s.status IN ('trialing', 'active') AND s.expires_at <= $2 FOR UPDATE OF s`, [id, at]);
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
