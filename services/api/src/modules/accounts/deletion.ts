/**
 * What the product does when an account is deleted at the account service: running memberships and credit
 * plans end now (and at the payment provider), sessions end, the profile is blanked and marked deleted,
 * creations are deleted and published items withdrawn. The credit ledger keeps its entries and sums, and
 * orders and payments stay as records, tied to an anonymous row. Idempotent: a second event changes nothing.
 */
import type { Database } from '@studio/db';
import type { PaymentProvider } from '../billing/provider.js';

export async function deleteProductUser(db: Database, provider: PaymentProvider | null, userId: string, at: Date): Promise<{ cancelled: number }> {
  const providerSubs = await db.transaction(async (tx) => {
    const exists = await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
    if (exists.rowCount === 0) return [] as string[];
    const subs = await tx.query<{ provider_sub_id: string | null }>(
      `UPDATE subscriptions SET status = 'expired', auto_renew = false, cancel_at_period_end = true, ended_at = $2, expires_at = LEAST(expires_at, $2)
       WHERE user_id = $1 AND status IN ('trialing', 'active') RETURNING provider_sub_id`,
      [userId, at],
    );
    const plans = await tx.query<{ provider_sub_id: string | null }>(
      `UPDATE billing_credit_plans SET status = 'expired', ended_at = $2 WHERE user_id = $1 AND status = 'active' RETURNING provider_sub_id`,
      [userId, at],
    );
    await tx.query('UPDATE sessions SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL', [userId, at]);
    await tx.query(
      `UPDATE users SET email = '', nickname = '', firstname = '', lastname = '', avatar = '', timezone = '', landing_page = '',
         deleted_at = COALESCE(deleted_at, $2), updated_at = $2 WHERE id = $1`,
      [userId, at],
    );
    await tx.query('UPDATE tasks SET deleted_at = COALESCE(deleted_at, $2) WHERE user_id = $1', [userId, at]);
    await tx.query('UPDATE media_objects SET deleted_at = COALESCE(deleted_at, $2) WHERE user_id = $1', [userId, at]);
    await tx.query('DELETE FROM explore_items WHERE user_id = $1', [userId]);
    await tx.query('UPDATE feedback SET user_id = NULL WHERE user_id = $1', [userId]);
    return [...subs.rows, ...plans.rows].flatMap((row) => (row.provider_sub_id ? [row.provider_sub_id] : []));
  });
  // the provider stops charging too (Stripe); the sandbox has nothing to stop
  for (const id of providerSubs) await provider?.cancelNow(id);
  return { cancelled: providerSubs.length };
}
