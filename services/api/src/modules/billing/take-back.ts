/**
 * Taking credits back (a refund): what is left of the blocks is taken as one committed hold (never below
 * zero; used credits stay used), so the ledger's entries still sum to the blocks' remaining credits and the
 * transactions list shows it.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '@studio/db';

/** Takes back what is left of some blocks (never below zero): a committed hold over their remaining credits. */
export async function takeBack(tx: Queryable, userId: string, keys: string[], details: string, at: Date): Promise<number> {
  await tx.query('SELECT user_id FROM credit_accounts WHERE user_id = $1 FOR UPDATE', [userId]);
  const blocks = await tx.query<{ id: number; remaining: number }>(
    `SELECT id, remaining FROM credit_blocks WHERE user_id = $1 AND remaining > 0 AND idempotency_key LIKE ANY($2::text[]) FOR UPDATE`,
    [userId, keys],
  );
  const total = blocks.rows.reduce((sum, block) => sum + block.remaining, 0);
  if (total === 0) return 0;
  const holdId = randomUUID();
  await tx.query(
    `INSERT INTO credit_holds (id, user_id, amount, details, reference, status, created_at, expires_at, settled_at)
     VALUES ($1, $2, $3, $4, 'refund', 'committed', $5, $5, $5)`,
    [holdId, userId, total, details, at],
  );
  for (const block of blocks.rows) {
    await tx.query('UPDATE credit_blocks SET remaining = 0 WHERE id = $1', [block.id]);
    await tx.query('INSERT INTO credit_hold_parts (hold_id, block_id, amount) VALUES ($1, $2, $3)', [holdId, block.id, block.remaining]);
  }
  await tx.query(`INSERT INTO credit_entries (user_id, kind, delta, hold_id, details, created_at) VALUES ($1, 'hold', $2, $3, $4, $5)`, [
    userId,
    -total,
    holdId,
    details,
    at,
  ]);
  await tx.query(`INSERT INTO credit_entries (user_id, kind, delta, hold_id, details, created_at) VALUES ($1, 'commit', 0, $2, $3, $4)`, [
    userId,
    holdId,
    details,
    at,
  ]);
  return total;
}
