/**
 * The credit ledger: append-only entries over credit blocks.
 *
 * - A grant creates a block (source, amount, expires_at; 2 years unless the grant says otherwise) and is
 *   applied once per idempotency key (a unique constraint decides, so concurrent duplicates land once).
 * - A hold reserves credits from the blocks, earliest expiry first; it is then committed (spent) or
 *   released (given back to the blocks it came from). A task holds its cost while it runs.
 * - Every change is an entry (grant +, hold -, release +, commit 0) in credit_entries, which refuses
 *   UPDATE and DELETE, so the sum of a user's entries equals the remaining credits of the user's blocks.
 * - Spends are serialised per user by a row lock on credit_accounts (SELECT ... FOR UPDATE) and blocks
 *   carry CHECK (remaining >= 0): the balance can never go below zero, even under real concurrency.
 */
import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '@studio/db';
import { API_CODES, CREDIT_VALID_YEARS, type CreditTransaction, type CreditTransactionType, type ListResponse } from 'shared-contracts';

export type HoldStatus = 'held' | 'committed' | 'released';

export interface GrantInput {
  userId: string;
  amount: number;
  /** where the credits come from: signup, membership, order, checkin, admin... */
  source: string;
  /** the text the user sees in the transaction list */
  details: string;
  /** the grant is applied once per key: order id, check-in cycle, subscription period... */
  idempotencyKey: string;
  /** default: `at` plus 2 years */
  expiresAt?: Date;
  /** when the grant happens (default now); for back-dated imports and demo history */
  at?: Date;
}

export interface GrantResult {
  /** false when a grant with this key already existed: nothing changed */
  applied: boolean;
  blockId: number;
  amount: number;
  expiresAt: Date;
}

export interface HoldInput {
  userId: string;
  amount: number;
  /** the text the user sees in the transaction list once committed */
  details: string;
  /** what the hold is for, e.g. a task id */
  reference?: string;
  /** the same key returns the existing hold instead of holding twice */
  idempotencyKey?: string;
  /** a hold still `held` after this long is released by releaseStaleHolds (default 2 hours) */
  ttlMs?: number;
  at?: Date;
}

export interface CreditHold {
  id: string;
  userId: string;
  amount: number;
  details: string;
  reference: string | null;
  status: HoldStatus;
  createdAt: Date;
  expiresAt: Date;
  settledAt: Date | null;
  /** which blocks the credits were taken from, earliest expiry first */
  parts: { blockId: number; amount: number }[];
}

export interface BalanceSummary {
  /** spendable now */
  available: number;
  /** reserved by running holds */
  held: number;
  /** the earliest expiry among blocks with credits left, or null */
  nextExpiry: Date | null;
}

export interface TransactionsQuery {
  type: CreditTransactionType;
  page: number;
  pageSize: number;
}

export interface Ledger {
  grant(input: GrantInput): Promise<GrantResult>;
  hold(input: HoldInput): Promise<CreditHold>;
  commit(holdId: string, options?: { at?: Date }): Promise<CreditHold>;
  release(holdId: string, options?: { at?: Date }): Promise<CreditHold>;
  /** hold and commit at once (a spend that needs no reservation period) */
  spend(input: HoldInput): Promise<CreditHold>;
  balance(userId: string, at?: Date): Promise<number>;
  summary(userId: string, at?: Date): Promise<BalanceSummary>;
  getHold(holdId: string): Promise<CreditHold | null>;
  transactions(userId: string, query: TransactionsQuery, at?: Date): Promise<ListResponse<CreditTransaction>>;
  /** releases holds left `held` past their expiry (a crashed worker's); answers how many */
  releaseStaleHolds(at?: Date): Promise<number>;
}

/** Not enough credits for a hold: code 140020. */
export class InsufficientCreditsError extends Error {
  readonly code = API_CODES.INSUFFICIENT_CREDITS;
  readonly required: number;
  readonly available: number;
  constructor(required: number, available: number) {
    super(`Not enough credits: ${required} needed, ${available} available`);
    this.name = 'InsufficientCreditsError';
    this.required = required;
    this.available = available;
  }
}

export class HoldStateError extends Error {
  readonly holdId: string;
  readonly status: HoldStatus | 'missing';
  constructor(holdId: string, status: HoldStatus | 'missing', wanted: string) {
    super(status === 'missing' ? `Credit hold ${holdId} does not exist` : `Credit hold ${holdId} is ${status} and cannot be ${wanted}`);
    this.name = 'HoldStateError';
    this.holdId = holdId;
    this.status = status;
  }
}

export interface LedgerOptions {
  /** the clock (tests move it); default () => new Date() */
  now?: () => Date;
  /** retries when PostgreSQL reports a deadlock or serialization failure (default 5) */
  retries?: number;
}

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

export function addYears(date: Date, years: number): Date {
  const next = new Date(date.getTime());
  next.setUTCFullYear(next.getUTCFullYear() + years);
  return next;
}

function toSeconds(date: Date | string | null): number {
  if (!date) return 0;
  return Math.floor(new Date(date).getTime() / 1000);
}

function assertAmount(amount: number): void {
  if (!Number.isInteger(amount) || amount <= 0) throw new RangeError(`credit amount must be a positive integer, got ${amount}`);
}

function isRetryable(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === '40001' || code === '40P01';
}

export function createLedger(db: Database, options: LedgerOptions = {}): Ledger {
  const clock = options.now ?? (() => new Date());
  const retries = options.retries ?? 5;

  async function inTransaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await db.transaction(fn);
      } catch (error) {
        if (attempt < retries && isRetryable(error)) continue;
        throw error;
      }
    }
  }

  async function ensureAccount(tx: Queryable, userId: string): Promise<void> {
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

  async function loadHold(tx: Queryable, holdId: string, lock: boolean): Promise<CreditHold | null> {
    const result = await tx.query<HoldRow>(`SELECT * FROM credit_holds WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [holdId]);
    const row = result.rows[0];
    if (!row) return null;
    const parts = await tx.query<{ block_id: number; amount: number }>(
      `SELECT p.block_id, p.amount FROM credit_hold_parts p JOIN credit_blocks b ON b.id = p.block_id
       WHERE p.hold_id = $1 ORDER BY b.expires_at, b.id`,
      [holdId],
    );
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
      parts: parts.rows.map((part) => ({ blockId: Number(part.block_id), amount: part.amount })),
    };
  }

  /** Reserves credits; `fresh` is false when the idempotency key named an existing hold (answered as is). */
  async function holdIn(tx: Queryable, input: HoldInput, at: Date): Promise<CreditHold & { fresh: boolean }> {
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
    let need = input.amount;
    const parts: { blockId: number; amount: number }[] = [];
    for (const block of blocks.rows) {
      if (need === 0) break;
      const take = Math.min(block.remaining, need);
      need -= take;
      // the CHECK (remaining >= 0) constraint is the last line of defence against a negative balance
      await tx.query('UPDATE credit_blocks SET remaining = remaining - $2 WHERE id = $1', [block.id, take]);
      await tx.query('INSERT INTO credit_hold_parts (hold_id, block_id, amount) VALUES ($1, $2, $3)', [id, block.id, take]);
      parts.push({ blockId: Number(block.id), amount: take });
    }
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

  async function commitIn(tx: Queryable, holdId: string, at: Date): Promise<CreditHold> {
    const hold = await loadHold(tx, holdId, true);
    if (!hold) throw new HoldStateError(holdId, 'missing', 'committed');
    if (hold.status === 'committed') return hold;
    if (hold.status !== 'held') throw new HoldStateError(holdId, hold.status, 'committed');
    await tx.query(`UPDATE credit_holds SET status = 'committed', settled_at = $2 WHERE id = $1`, [holdId, at]);
    await tx.query(
      `INSERT INTO credit_entries (user_id, kind, delta, hold_id, details, created_at) VALUES ($1, 'commit', 0, $2, $3, $4)`,
      [hold.userId, holdId, hold.details, at],
    );
    return { ...hold, status: 'committed', settledAt: at };
  }

  async function releaseIn(tx: Queryable, holdId: string, at: Date): Promise<CreditHold> {
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

  return {
    async grant(input) {
      assertAmount(input.amount);
      const at = input.at ?? clock();
      const expiresAt = input.expiresAt ?? addYears(at, CREDIT_VALID_YEARS);
      return inTransaction(async (tx) => {
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
      });
    },

    async hold(input) {
      const at = input.at ?? clock();
      const { fresh: _fresh, ...hold } = await inTransaction((tx) => holdIn(tx, input, at));
      return hold;
    },

    async commit(holdId, commitOptions) {
      const at = commitOptions?.at ?? clock();
      return inTransaction((tx) => commitIn(tx, holdId, at));
    },

    async release(holdId, releaseOptions) {
      const at = releaseOptions?.at ?? clock();
      return inTransaction((tx) => releaseIn(tx, holdId, at));
    },

    async spend(input) {
      const at = input.at ?? clock();
      return inTransaction(async (tx) => {
        const { fresh, ...hold } = await holdIn(tx, input, at);
        if (!fresh) return commitIn(tx, hold.id, at);
        // a hold taken just now in this transaction: commit it without reading it back
        await tx.query(`UPDATE credit_holds SET status = 'committed', settled_at = $2 WHERE id = $1`, [hold.id, at]);
        await tx.query(
          `INSERT INTO credit_entries (user_id, kind, delta, hold_id, details, created_at) VALUES ($1, 'commit', 0, $2, $3, $4)`,
          [hold.userId, hold.id, hold.details, at],
        );
        return { ...hold, status: 'committed' as const, settledAt: at };
      });
    },

    async balance(userId, at) {
      const result = await db.query<{ balance: number }>(
        'SELECT COALESCE(SUM(remaining), 0)::int AS balance FROM credit_blocks WHERE user_id = $1 AND expires_at > $2',
        [userId, at ?? clock()],
      );
      return Number(result.rows[0]?.balance ?? 0);
    },

    async summary(userId, at) {
      const now = at ?? clock();
      const result = await db.query<{ available: number; next_expiry: Date | null; held: number }>(
        `SELECT
           (SELECT COALESCE(SUM(remaining), 0)::int FROM credit_blocks WHERE user_id = $1 AND expires_at > $2) AS available,
           (SELECT MIN(expires_at) FROM credit_blocks WHERE user_id = $1 AND expires_at > $2 AND remaining > 0) AS next_expiry,
           (SELECT COALESCE(SUM(amount), 0)::int FROM credit_holds WHERE user_id = $1 AND status = 'held') AS held`,
        [userId, now],
      );
      const row = result.rows[0];
      return {
        available: Number(row.available),
        held: Number(row.held),
        nextExpiry: row.next_expiry ? new Date(row.next_expiry) : null,
      };
    },

    async getHold(holdId) {
      return loadHold(db, holdId, false);
    },

    async transactions(userId, query, at) {
      const now = at ?? clock();
      const limit = query.pageSize;
      const offset = (query.page - 1) * query.pageSize;
      if (query.type === 'acquisition') {
        const rows = await db.query<{ details: string; amount: number; created_at: Date; expires_at: Date; total: number }>(
          `SELECT details, amount, created_at, expires_at, COUNT(*) OVER ()::int AS total FROM credit_blocks
           WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
          [userId, limit, offset],
        );
        const total = rows.rows[0]?.total ?? (await countOf('SELECT COUNT(*)::int AS n FROM credit_blocks WHERE user_id = $1'));
        return {
          total: Number(total),
          list: rows.rows.map((row) => {
            const expired = new Date(row.expires_at).getTime() <= now.getTime();
            return {
              type: 'acquisition' as const,
              details: row.details,
              credits: row.amount,
              date: toSeconds(row.created_at),
              expire_time: toSeconds(row.expires_at),
              is_expired: expired ? (1 as const) : (0 as const),
              status: expired ? 0 : 1,
            };
          }),
        };
      }
      const rows = await db.query<{ details: string; amount: number; settled_at: Date; total: number }>(
        `SELECT details, amount, settled_at, COUNT(*) OVER ()::int AS total FROM credit_holds
         WHERE user_id = $1 AND status = 'committed' ORDER BY settled_at DESC, id DESC LIMIT $2 OFFSET $3`,
        [userId, limit, offset],
      );
      const total =
        rows.rows[0]?.total ??
        (await countOf(`SELECT COUNT(*)::int AS n FROM credit_holds WHERE user_id = $1 AND status = 'committed'`));
      return {
        total: Number(total),
        list: rows.rows.map((row) => ({
          type: 'consumption' as const,
          details: row.details,
          credits: row.amount,
          date: toSeconds(row.settled_at),
          expire_time: 0,
          is_expired: 0 as const,
          status: 1,
        })),
      };

      async function countOf(sql: string): Promise<number> {
        const result = await db.query<{ n: number }>(sql, [userId]);
        return Number(result.rows[0]?.n ?? 0);
      }
    },

    async releaseStaleHolds(at) {
      const now = at ?? clock();
      const stale = await db.query<{ id: string }>(`SELECT id FROM credit_holds WHERE status = 'held' AND expires_at <= $1`, [now]);
      let released = 0;
      for (const row of stale.rows) {
        try {
          const hold = await inTransaction((tx) => releaseIn(tx, row.id, now));
          if (hold.status === 'released') released += 1;
        } catch (error) {
          // committed meanwhile by its task: nothing to release
          if (!(error instanceof HoldStateError)) throw error;
        }
      }
      return released;
    },
  };
}
