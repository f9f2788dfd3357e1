/**
 * Credit plans: weekly and monthly credit skus that renew. Each paid period grants the sku's credits once
 * (the first with the order's key order:<id>, then creditplan:<plan>:<period>), valid 2 years; cancel
 * stops the renewal at the period's end; the lifecycle job renews (sandbox) or expires them.
 */
import type { Database, Queryable } from '@studio/db';
import { CREDIT_VALID_YEARS, type CreditPlanItem, type PeriodUnit } from 'shared-contracts';
import { addYears, type Ledger } from '../credits/ledger.js';
import { addPeriod } from './periods.js';
import type { PaymentProvider } from './provider.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Starts the plan an order bought, once (unique order_id). */
export async function startCreditPlan(
  tx: Queryable,
  input: { orderId: string; userId: string; skuId: number; name: string; credits: number; unit: PeriodUnit; provider: string; at: Date },
): Promise<number> {
  const unit = input.unit === 'week' ? 'week' : 'month';
  const inserted = await tx.query<{ id: number }>(
    `INSERT INTO billing_credit_plans (user_id, sku_id, order_id, name, credits, period_unit, started_at, expires_at, status, provider)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'active', $9) ON CONFLICT (order_id) DO NOTHING RETURNING id`,
    [input.userId, input.skuId, input.orderId, input.name, input.credits, unit, input.at, addPeriod(input.at, unit), input.provider],
  );
  if (inserted.rows[0]) return Number(inserted.rows[0].id);
  return Number((await tx.query<{ id: number }>('SELECT id FROM billing_credit_plans WHERE order_id = $1', [input.orderId])).rows[0].id);
}

interface DuePlan {
  id: number;
  user_id: string;
  name: string;
  credits: number;
  period_unit: 'week' | 'month';
  expires_at: Date;
  periods_paid: number;
  cancel_at_period_end: boolean;
  provider: string;
  price: number | string;
  currency: string;
  order_id: string;
}

/** A paid period's credits, once (creditplan:<plan>:<period>), valid 2 years. */
export async function grantPeriod(ledger: Ledger, plan: { id: number; user_id: string; credits: number; name: string }, period: number, at: Date): Promise<void> {
  await ledger.grant({
    userId: plan.user_id,
    amount: plan.credits,
    source: 'order',
    details: `Renewal: ${plan.name}`,
    idempotencyKey: `creditplan:${plan.id}:${period}`,
    expiresAt: addYears(at, CREDIT_VALID_YEARS),
    at,
  });
}

/** Renews (sandbox) or expires every credit plan whose period ended by `at`; answers [renewed, expired]. */
export async function settleCreditPlans(db: Database, ledger: Ledger, provider: PaymentProvider, at: Date): Promise<{ renewed: number; expired: number }> {
  const counts = { renewed: 0, expired: 0 };
  for (let round = 0; round < 1000; round += 1) {
    const due = await db.query<{ id: number }>(`SELECT id FROM billing_credit_plans WHERE status = 'active' AND expires_at <= $1 ORDER BY expires_at, id LIMIT 100`, [at]);
    if (due.rows.length === 0) break;
    let progressed = 0;
    for (const { id } of due.rows) {
      const outcome = await db.transaction(async (tx): Promise<{ plan: DuePlan; period: number; at: Date } | 'expired' | null> => {
        const found = await tx.query<DuePlan>(
          `SELECT p.*, k.price, k.currency FROM billing_credit_plans p JOIN skus k ON k.sku_id = p.sku_id
           WHERE p.id = $1 AND p.status = 'active' AND p.expires_at <= $2 FOR UPDATE OF p`,
          [id, at],
        );
        const plan = found.rows[0];
        if (!plan) return null;
        const end = new Date(plan.expires_at);
        const expire = async () => {
          await tx.query(`UPDATE billing_credit_plans SET status = 'expired', ended_at = expires_at WHERE id = $1`, [id]);
          return 'expired' as const;
        };
        if (plan.cancel_at_period_end) return expire();
        if (plan.provider !== 'sandbox' || provider.name !== 'sandbox') return end.getTime() + 2 * DAY_MS <= at.getTime() ? expire() : null;
        const charged = await provider.chargeRenewal({ subscriptionId: id, amount: Number(plan.price), currency: plan.currency });
        if (!charged || charged.status !== 'succeeded') return expire();
        await tx.query(
          `INSERT INTO billing_payments (id, order_id, provider, provider_ref, kind, status, amount, currency, card_last4, created_at)
           VALUES (gen_random_uuid(), $1, 'sandbox', $2, 'renewal', 'succeeded', $3, $4, $5, $6) ON CONFLICT (provider_ref) DO NOTHING`,
          [plan.order_id, `creditplan:${id}:${plan.periods_paid}`, Number(plan.price), plan.currency, charged.last4, end],
        );
        await tx.query('UPDATE billing_credit_plans SET expires_at = $2, periods_paid = periods_paid + 1 WHERE id = $1', [id, addPeriod(end, plan.period_unit)]);
        return { plan, period: plan.periods_paid, at: end };
      });
      if (!outcome) continue;
      progressed += 1;
      if (outcome === 'expired') {
        counts.expired += 1;
        continue;
      }
      counts.renewed += 1;
      await grantPeriod(ledger, outcome.plan, outcome.period, outcome.at);
    }
    if (progressed === 0) break;
  }
  return counts;
}

export async function listCreditPlans(db: Queryable, userId: string): Promise<CreditPlanItem[]> {
  const rows = await db.query<{ id: number; sku_id: number; name: string; credits: number; period_unit: 'week' | 'month'; status: CreditPlanItem['status']; expires_at: Date; cancel_at_period_end: boolean }>(
    `SELECT id, sku_id, name, credits, period_unit, status, expires_at, cancel_at_period_end FROM billing_credit_plans WHERE user_id = $1 ORDER BY expires_at DESC LIMIT 100`,
    [userId],
  );
  return rows.rows.map((row) => ({ ...row, id: Number(row.id), expires_at: Math.floor(new Date(row.expires_at).getTime() / 1000) }));
}

/** Cancel at period end (the provider told too); answers false when there is no running plan of the caller with this id. */
export async function cancelCreditPlan(db: Queryable, provider: PaymentProvider, userId: string, id: number): Promise<boolean> {
  const updated = await db.query<{ provider_sub_id: string | null }>(
    `UPDATE billing_credit_plans SET cancel_at_period_end = true WHERE id = $1 AND user_id = $2 AND status = 'active' RETURNING provider_sub_id`,
    [id, userId],
  );
  if (updated.rows[0]) await provider.cancelAtPeriodEnd(updated.rows[0].provider_sub_id);
  return updated.rowCount > 0;
}

/** Undo a cancel before the period ends; answers false when there is no such cancelled, still running plan. */
export async function resumeCreditPlan(db: Queryable, provider: PaymentProvider, userId: string, id: number, at: Date): Promise<boolean> {
  const updated = await db.query<{ provider_sub_id: string | null }>(
    `UPDATE billing_credit_plans SET cancel_at_period_end = false
     WHERE id = $1 AND user_id = $2 AND status = 'active' AND cancel_at_period_end AND expires_at > $3 RETURNING provider_sub_id`,
    [id, userId, at],
  );
  if (updated.rows[0]) await provider.resume(updated.rows[0].provider_sub_id);
  return updated.rowCount > 0;
}
