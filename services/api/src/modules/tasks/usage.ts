/**
 * The usage counters a run takes and gives back: the Free daily cap, Premium's fair use, the included
 * audio minutes of a month, and a newcomer's free trial. Taken inside the transaction that queues the run,
 * under the user's advisory lock, so two requests cannot both slip under a cap.
 */
import type { Queryable } from '@studio/db';
import { API_CODES, USER_TEXTS, freeDailyLimitText } from 'shared-contracts';
import { ApiFailure } from '../../http.js';
import { FREE_TASKS_COUNTER, TRIAL_PERIOD, monthPeriod, type UsageClaim } from './pricing.js';

export async function claimUsage(tx: Queryable, uid: string, claims: UsageClaim[]): Promise<void> {
  for (const claim of claims) {
    if (claim.period === TRIAL_PERIOD) {
      const used = await tx.query('UPDATE free_trials SET remaining = remaining - 1 WHERE user_id = $1 AND feature = $2 AND remaining > 0', [
        uid,
        claim.counter,
      ]);
      if (used.rowCount === 0) throw new ApiFailure(409, API_CODES.CONFLICT, 'Your free trial was used meanwhile; please check the cost and try again');
      continue;
    }
    const result = await tx.query<{ amount: number }>(
      `INSERT INTO task_usage (user_id, period, counter, amount) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, period, counter) DO UPDATE SET amount = task_usage.amount + EXCLUDED.amount
       RETURNING amount`,
      [uid, claim.period, claim.counter, claim.amount],
    );
    const amount = Number(result.rows[0]?.amount ?? 0);
    if (claim.limit !== null && amount > claim.limit + 1e-6) {
      if (claim.counter.startsWith('seconds:')) {
        throw new ApiFailure(409, API_CODES.CONFLICT, 'Your included minutes changed meanwhile; please check the cost and try again');
      }
      // the Free plan's cap says how to lift it; Premium's fair use is a plain daily limit
      throw new ApiFailure(429, API_CODES.DAILY_LIMIT, claim.counter === FREE_TASKS_COUNTER ? freeDailyLimitText(claim.limit) : USER_TEXTS.DAILY_LIMIT);
    }
  }
}

/**
 * Whether the user holds credits that were paid for (a pack, a credit plan, a membership's). The Free
 * plan's daily cap bounds how fast free credits (sign-up, check-in, a trial) are spent; it does not apply
 * while paid credits are held, or someone who bought 2000 credits on the Free plan could spend 20 a day.
 */
export async function holdsPaidCredits(q: Queryable, uid: string, at: Date): Promise<boolean> {
  const result = await q.query(
    `SELECT 1 FROM credit_blocks WHERE user_id = $1 AND remaining > 0 AND expires_at > $2 AND source IN ('order', 'membership') LIMIT 1`,
    [uid, at],
  );
  return result.rowCount > 0;
}

export async function giveBackUsage(q: Queryable, uid: string, claims: UsageClaim[]): Promise<void> {
  for (const claim of claims) {
    if (claim.period === TRIAL_PERIOD) {
      await q.query('UPDATE free_trials SET remaining = remaining + 1 WHERE user_id = $1 AND feature = $2', [uid, claim.counter]);
      continue;
    }
    await q.query('UPDATE task_usage SET amount = GREATEST(amount - $4, 0) WHERE user_id = $1 AND period = $2 AND counter = $3', [
      uid,
      claim.period,
      claim.counter,
      claim.amount,
    ]);
  }
}

/** The free trials the user has left (features with remaining > 0). */
export async function trialsOf(q: Queryable, uid: string): Promise<string[]> {
  const result = await q.query<{ feature: string }>('SELECT feature FROM free_trials WHERE user_id = $1 AND remaining > 0', [uid]);
  return result.rows.map((row) => row.feature);
}

/** Seconds of an audio tool used this calendar month (UTC). */
export async function usedSeconds(q: Queryable, uid: string, algorithm: string, at: Date): Promise<number> {
  const result = await q.query<{ amount: number }>('SELECT amount FROM task_usage WHERE user_id = $1 AND period = $2 AND counter = $3', [
    uid,
    monthPeriod(at),
    `seconds:${algorithm}`,
  ]);
  return Number(result.rows[0]?.amount ?? 0);
}
