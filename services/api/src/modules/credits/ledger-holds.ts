/**
 * Holds on the ledger, each step inside a transaction it is given: reserve (earliest-expiring blocks
 * first), commit (spent), release (back to the blocks it came from). Every hold and release of one user
 * runs under the row lock of the user's credit_accounts row, so concurrent spends are serialised and the
 * blocks' CHECK (remaining >= 0) is never the thing that decides.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '@studio/db';
import { statementValues, type Placeholder } from '../../sql-params.js';
import { HoldStateError, InsufficientCreditsError, assertAmount, type CreditHold, type HoldInput, type HoldStatus } from './ledger-types.js';

interface HoldRow {
  id: string;
  user_id: string;
  amount: number;
  details: string;
  reference: string | null;
  status: HoldStatus;
  created_at: Date;
  expires_at: Date;
  settled_at: Date | null;
}

const DEFAULT_HOLD_TTL_MS = 2 * 60 * 60 * 1000;

export async function ensureAccount(tx: Queryable, userId: string): Promise<void> {
  await tx.query('INSERT INTO credit_accounts (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING', [userId]);
}

/** Locks the user's account row: every hold and release of one user runs one at a time. */
async function lockAccount(tx: Queryable, userId: string): Promise<void> {
  const locked = await tx.query('SELECT user_id FROM credit_accounts WHERE user_id = $1 FOR UPDATE', [userId]);
  if (locked.rowCount === 0) {
    await ensureAccount(tx, userId);
    await tx.query('SELECT user_id FROM credit_accounts WHERE user_id = $1 FOR UPDATE', [userId]);
  }
}

type PartRow = { block_id: number | string; amount: number };

function toHold(row: HoldRow, parts: PartRow[]): CreditHold {
  return {
    id: row.id,
    userId: row.user_id,
    amount: row.amount,
    details: row.details,
    reference: row.reference,
    status: row.status,
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
    settledAt: row.settled_at ? new Date(row.settled_at) : null,
    parts: parts.map((part) => ({ blockId: Number(part.block_id), amount: part.amount })),
  };
}

export async function loadHold(q: Queryable, holdId: string, lock: boolean): Promise<CreditHold | null> {
  const result = await q.query<HoldRow>(`SELECT * FROM credit_holds WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [holdId]);
  const row = result.rows[0];
  if (!row) return null;
  const parts = await q.query<PartRow>(
    `SELECT p.block_id, p.amount FROM credit_hold_parts p JOIN credit_blocks b ON b.id = p.block_id
     WHERE p.hold_id = $1 ORDER BY b.expires_at, b.id`,
    [holdId],
  );
  return toHold(row, parts.rows);
}

/** Takes `amount` from the blocks, earliest expiry first; answers which blocks gave how much. */
async function takeFromBlocks(tx: Queryable, holdId: string, blocks: { id: number; remaining: number }[], amount: number) {
  let need = amount;
  const parts: { blockId: number; amount: number }[] = [];
  for (const block of blocks) {
    if (need === 0) break;
    const take = Math.min(block.remaining, need);
    need -= take;
    // the CHECK (remaining >= 0) constraint is the last line of defence against a negative balance
    await tx.query('UPDATE credit_blocks SET remaining = remaining - $2 WHERE id = $1', [block.id, take]);
    await tx.query('INSERT INTO credit_hold_parts (hold_id, block_id, amount) VALUES ($1, $2, $3)', [holdId, block.id, take]);
    parts.push({ blockId: Number(block.id), amount: take });
  }
  return parts;
}

/** Reserves credits; `fresh` is false when the idempotency key named an existing hold (answered as is). */
export async function holdIn(tx: Queryable, input: HoldInput, at: Date): Promise<CreditHold & { fresh: boolean }> {
  assertAmount(input.amount);
  await lockAccount(tx, input.userId);
  if (input.idempotencyKey) {
    const existing = await tx.query<{ id: string }>('SELECT id FROM credit_holds WHERE idempotency_key = $1', [input.idempotencyKey]);
    if (existing.rows[0]) return { ...((await loadHold(tx, existing.rows[0].id, false)) as CreditHold), fresh: false };
  }
  const blocks = await tx.query<{ id: number; remaining: number }>(
    `SELECT id, remaining FROM credit_blocks
     WHERE user_id = $1 AND remaining > 0 AND expires_at > $2
     ORDER BY expires_at, id`,
    [input.userId, at],
  );
  const available = blocks.rows.reduce((sum, block) => sum + block.remaining, 0);
  if (available < input.amount) throw new InsufficientCreditsError(input.amount, available);
  const id = randomUUID();
  const expiresAt = new Date(at.getTime() + (input.ttlMs ?? DEFAULT_HOLD_TTL_MS));
  await tx.query(
    `INSERT INTO credit_holds (id, user_id, amount, details, reference, idempotency_key, status, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'held', $7, $8)`,
    [id, input.userId, input.amount, input.details, input.reference ?? null, input.idempotencyKey ?? null, at, expiresAt],
  );
  const parts = await takeFromBlocks(tx, id, blocks.rows, input.amount);
  await tx.query(
    `INSERT INTO credit_entries (user_id, kind, delta, hold_id, details, created_at) VALUES ($1, 'hold', $2, $3, $4, $5)`,
    [input.userId, -input.amount, id, input.details, at],
  );
  return {
    id,
    userId: input.userId,
    amount: input.amount,
    details: input.details,
    reference: input.reference ?? null,
    status: 'held',
    createdAt: at,
    expiresAt,
    settledAt: null,
    parts,
    fresh: true,
  };
}

/** Marks a hold known to be `held` (and locked, or taken in this transaction) as spent. */
/** The commit of a hold known to be held in this transaction (taken just now): its status and its entry in one statement. */
export async function markCommitted(tx: Queryable, hold: CreditHold, at: Date): Promise<CreditHold> {
  await tx.query(
    `WITH c AS (UPDATE credit_holds SET status = 'committed', settled_at = $2 WHERE id = $1 RETURNING id, user_id, details)
     INSERT INTO credit_entries (user_id, kind, delta, hold_id, details, created_at) SELECT user_id, 'commit', 0, id, details, $2 FROM c`,
    [hold.id, at],
  );
  return { ...hold, status: 'committed', settledAt: at };
}

/**
 * The commit of a hold as CTEs of a caller's statement: `committed` (the hold goes from held to committed;
 * RETURNING its row) and `commit_entry` (its commit entry), written together or not at all. Only a held
 * hold changes, and only while the caller's `when` (SQL) holds. `paid` is the SQL condition, for the rest
 * of the statement, that the hold is spent now: committed here, or before. commitIn is this on its own;
 * the worker's success runs it with the task row, the media rows and the job (tasks/settle.ts).
 *
 * `status = 'held'` decides under concurrency: a release (which locks the hold's row, releaseIn) and a
 * commit of the same hold are serialised on that row, and whichever comes second finds it no longer held;
 * a second commit changes nothing. A commit touches no block, so it needs no account lock.
 */
export function commitCtes(p: Placeholder, holdId: string, at: Date, when = 'TRUE'): { ctes: string; paid: string } {
  const id = p(holdId);
  const time = p(at);
  return {
    ctes: `committed AS (UPDATE credit_holds SET status = 'committed', settled_at = ${time} WHERE id = ${id} AND status = 'held' AND (${when}) RETURNING *),
     commit_entry AS (INSERT INTO credit_entries (user_id, kind, delta, hold_id, details, created_at)
                      SELECT user_id, 'commit', 0, id, details, ${time} FROM committed)`,
    // a committed hold never changes again, so the statement's own view of an earlier commit is safe to trust
    paid: `(EXISTS (SELECT 1 FROM committed) OR EXISTS (SELECT 1 FROM credit_holds WHERE id = ${id} AND status = 'committed'))`,
  };
}

/**
 * Commits a hold in ONE statement (commitCtes), in a transaction of the caller's or on its own.
 * Committing a committed hold answers it as it is; a released or expired one is a HoldStateError.
 */
export async function commitIn(q: Queryable, holdId: string, at: Date): Promise<CreditHold> {
  const { values, p } = statementValues();
  const { ctes } = commitCtes(p, holdId, at);
  const result = await q.query<HoldRow & { parts: PartRow[] | string }>(
    `WITH ${ctes}
     SELECT committed.*, COALESCE((SELECT json_agg(json_build_object('block_id', p.block_id, 'amount', p.amount) ORDER BY b.expires_at, b.id)
                           FROM credit_hold_parts p JOIN credit_blocks b ON b.id = p.block_id WHERE p.hold_id = committed.id), '[]'::json) AS parts
     FROM committed`,
    values,
  );
  const row = result.rows[0];
  if (row) return toHold(row, typeof row.parts === 'string' ? (JSON.parse(row.parts) as PartRow[]) : row.parts);
  const hold = await loadHold(q, holdId, false);
  if (!hold) throw new HoldStateError(holdId, 'missing', 'committed');
  if (hold.status === 'committed') return hold;
  throw new HoldStateError(holdId, hold.status, 'committed');
}

export async function releaseIn(tx: Queryable, holdId: string, at: Date): Promise<CreditHold> {
  const peek = await tx.query<{ user_id: string }>('SELECT user_id FROM credit_holds WHERE id = $1', [holdId]);
  if (!peek.rows[0]) throw new HoldStateError(holdId, 'missing', 'released');
  await lockAccount(tx, peek.rows[0].user_id);
  const hold = (await loadHold(tx, holdId, true)) as CreditHold;
  if (hold.status === 'released') return hold;
  if (hold.status !== 'held') throw new HoldStateError(holdId, hold.status, 'released');
  for (const part of hold.parts) {
    await tx.query('UPDATE credit_blocks SET remaining = remaining + $2 WHERE id = $1', [part.blockId, part.amount]);
  }
  await tx.query(`UPDATE credit_holds SET status = 'released', settled_at = $2 WHERE id = $1`, [holdId, at]);
  await tx.query(
    `INSERT INTO credit_entries (user_id, kind, delta, hold_id, details, created_at) VALUES ($1, 'release', $2, $3, $4, $5)`,
    [hold.userId, hold.amount, holdId, hold.details, at],
  );
  return { ...hold, status: 'released', settledAt: at };
}
