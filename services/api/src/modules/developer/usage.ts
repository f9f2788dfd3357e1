/** What each key spent over the last 30 days: committed spends only (credits given back are not usage). */
import type { Queryable } from '@studio/db';
import type { ApiKeyUsage } from 'shared-contracts';
import { dayStart } from './keys.js';

const USAGE_DAYS = 30;

export async function usageOf(db: Queryable, userId: string, at: Date): Promise<ApiKeyUsage[]> {
  const since = new Date(dayStart(at).getTime() - (USAGE_DAYS - 1) * 86_400_000);
  const keys = await db.query<{ id: string; name: string; prefix: string; revoked_at: Date | null }>(
    'SELECT id, name, prefix, revoked_at FROM api_keys WHERE user_id = $1 ORDER BY created_at DESC',
    [userId],
  );
  const rows = await db.query<{ key_id: string; day: string; credits: number; tasks: number }>(
    `SELECT s.key_id, to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, SUM(s.amount)::int AS credits, COUNT(*)::int AS tasks
     FROM api_key_spends s JOIN credit_holds h ON h.id = s.hold_id
     WHERE s.user_id = $1 AND s.created_at >= $2 AND h.status = 'committed'
     GROUP BY 1, 2 ORDER BY 2`,
    [userId, since],
  );
  return keys.rows.map((key) => {
    const days = rows.rows
      .filter((row) => row.key_id === key.id)
      .map((row) => ({ date: row.day, credits: Number(row.credits), tasks: Number(row.tasks) }));
    return {
      key_id: key.id,
      name: key.name,
      prefix: key.prefix,
      revoked: Boolean(key.revoked_at),
      total_credits: days.reduce((sum, d) => sum + d.credits, 0),
      total_tasks: days.reduce((sum, d) => sum + d.tasks, 0),
      days,
    };
  });
}
