/**
 * Membership credits: each grant period's credits from the membership's start, once per (user,
 * subscription, period) (idempotency key membership:<user>:<subscription>:<period>), back-dated to the
 * period's start. Periods are weekly for weekly plans and monthly otherwise (a yearly plan grants every
 * month); a trial grants its credits once. Called by the billing lifecycle job, by fulfilment (so a new
 * member has the first period's credits at once) and by the demo seed, never by authentication. A
 * trial's credits expire with the trial unless it converts.
 */
import type { Database, Queryable } from '@studio/db';
import { CREDIT_VALID_YEARS } from 'shared-contracts';
import type { Ledger } from '../credits/ledger.js';
import { addMonths } from '../users/users.js';

const DAY_MS = 24 * 60 * 60 * 1000;

interface DueRow {
  id: number;
  user_id: string;
  level: 'standard' | 'premium';
  is_trial: boolean;
  credits_per_period: number;
  period_months: number;
  started_at: Date;
  expires_at: Date;
  periods_granted: number;
  unit: 'week' | 'month' | 'year' | null;
}

function grantPeriodStart(sub: { started: Date; isTrial: boolean; unit: string | null; periodMonths: number }, k: number): Date | null {
  if (sub.isTrial) return k === 0 ? sub.started : null;
  if (sub.unit === 'week') return new Date(sub.started.getTime() + k * 7 * DAY_MS);
  return addMonths(sub.started, k * sub.periodMonths);
}

/** A trial that became a paid plan keeps its credits for the usual two years from their grant. */
export async function keepTrialCredits(tx: Queryable, sub: { id: number | string; user_id: string }): Promise<void> {
  await tx.query(`UPDATE credit_blocks SET expires_at = created_at + make_interval(years => $2) WHERE idempotency_key LIKE $1`, [
    `membership:${sub.user_id}:${sub.id}:%`,
    CREDIT_VALID_YEARS,
  ]);
}

/** Grants every membership period that has begun by `at` (of one user, or of everyone); answers how many. */
export async function grantDueMembershipCredits(db: Database, ledger: Ledger, options: { at?: Date; userId?: string } = {}): Promise<number> {
  const at = options.at ?? new Date();
  const params: unknown[] = [at];
  if (options.userId) params.push(options.userId);
  const due = await db.query<DueRow>(
    `SELECT s.id, s.user_id, s.level, s.is_trial, s.credits_per_period, s.period_months, s.started_at, s.expires_at,
       s.periods_granted, k.period_unit AS unit
     FROM subscriptions s LEFT JOIN skus k ON k.sku_id = s.sku_id
     WHERE s.credits_per_period > 0 AND s.next_grant_at <= $1 AND s.next_grant_at < s.expires_at
       ${options.userId ? 'AND s.user_id = $2' : ''}
     ORDER BY s.id LIMIT 500`,
    params,
  );
  let granted = 0;
  for (const row of due.rows) {
    const sub = { started: new Date(row.started_at), isTrial: row.is_trial, unit: row.unit, periodMonths: row.period_months };
    const expires = new Date(row.expires_at);
    const label = row.level === 'premium' ? 'Premium' : 'Standard';
    let k = row.periods_granted;
    let next: Date | null = grantPeriodStart(sub, k);
    for (let guard = 0; next && guard < 600; guard += 1) {
      if (next.getTime() > at.getTime() || next.getTime() >= expires.getTime()) break;
      const result = await ledger.grant({
        userId: row.user_id,
        amount: row.credits_per_period,
        source: row.is_trial ? 'trial' : 'membership',
        details: row.is_trial
          ? `${label} free trial credits`
          : `${label} membership ${row.unit === 'week' ? 'weekly' : 'monthly'} credits`,
        idempotencyKey: `membership:${row.user_id}:${row.id}:${k}`,
        at: next,
        // a trial's credits last as long as the trial unless it converts (keepTrialCredits), so a trial
        // cancelled at once does not leave 100 credits for two years; they are also the first spent
        ...(row.is_trial ? { expiresAt: expires } : {}),
      });
      if (result.applied) granted += 1;
      k += 1;
      next = grantPeriodStart(sub, k);
    }
    // a trial has no next period: park next_grant_at at its end so it is not selected again
    await db.query(`UPDATE subscriptions SET periods_granted = $2, next_grant_at = $3 WHERE id = $1 AND periods_granted < $2`, [
      row.id,
      k,
      next ?? expires,
    ]);
  }
  return granted;
}
