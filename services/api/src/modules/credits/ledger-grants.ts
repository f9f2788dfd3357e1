/**
 * Grants: a grant creates a credit block and is applied once per idempotency key. The unique constraint on
 * the key decides, so concurrent duplicates land once and the others answer the block that exists.
 */
import type { Queryable } from '@studio/db';
import { CREDIT_VALID_YEARS } from 'shared-contracts';
import { ensureAccount } from './ledger-holds.js';
import { addYears, assertAmount, type GrantInput, type GrantResult } from './ledger-types.js';

export async function grantIn(tx: Queryable, input: GrantInput, at: Date): Promise<GrantResult> {
  assertAmount(input.amount);
  const expiresAt = input.expiresAt ?? addYears(at, CREDIT_VALID_YEARS);
  await ensureAccount(tx, input.userId);
  const inserted = await tx.query<{ id: number }>(
    `INSERT INTO credit_blocks (user_id, source, details, amount, remaining, expires_at, idempotency_key, created_at)
     VALUES ($1, $2, $3, $4, $4, $5, $6, $7)
     ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
    [input.userId, input.source, input.details, input.amount, expiresAt, input.idempotencyKey, at],
  );
  const row = inserted.rows[0];
  if (row) {
    await tx.query(
      `INSERT INTO credit_entries (user_id, kind, delta, block_id, details, created_at) VALUES ($1, 'grant', $2, $3, $4, $5)`,
      [input.userId, input.amount, row.id, input.details, at],
    );
    return { applied: true, blockId: Number(row.id), amount: input.amount, expiresAt };
  }
  const existing = await tx.query<{ id: number; amount: number; expires_at: Date }>(
    'SELECT id, amount, expires_at FROM credit_blocks WHERE idempotency_key = $1',
    [input.idempotencyKey],
  );
  const found = existing.rows[0];
  return { applied: false, blockId: Number(found.id), amount: found.amount, expiresAt: new Date(found.expires_at) };
}
