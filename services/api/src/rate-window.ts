/**
 * One fixed-window counter in PostgreSQL (table api_rate_limits), shared by every API process: the task
 * creation caps (modules/tasks/creation-limits.ts) and an API key's per-minute cap (modules/developer/keys.ts).
 */
import type { Queryable } from '@studio/db';

const DAY = 24 * 3600_000;

/** Adds one to the key's current window; answers the count in it and when the window ends. */
export async function hitWindow(db: Queryable, key: string, windowMs: number, nowMs: number): Promise<{ count: number; resetAt: number }> {
  const start = Math.floor(nowMs / windowMs) * windowMs;
  // counters of past windows mean nothing: sweep them now and then
  if (Math.random() < 0.01) await db.query('DELETE FROM api_rate_limits WHERE window_start < $1', [nowMs - 2 * DAY]);
  const result = await db.query<{ count: number; window_start: number }>(
    `INSERT INTO api_rate_limits (key, window_start, count) VALUES ($1, $2, 1)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN api_rate_limits.window_start < $2 THEN 1 ELSE api_rate_limits.count + 1 END,
       window_start = GREATEST(api_rate_limits.window_start, $2)
     RETURNING count, window_start`,
    [key, start],
  );
  const row = result.rows[0];
  return { count: Number(row.count), resetAt: Number(row.window_start) + windowMs };
}
