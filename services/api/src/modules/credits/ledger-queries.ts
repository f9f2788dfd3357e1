/** What the ledger answers without changing anything: balance, summary and the transaction pages. */
import type { Queryable } from '@studio/db';
import type { CreditTransaction, ListResponse } from 'shared-contracts';
import type { BalanceSummary, TransactionsQuery } from './ledger-types.js';

function toSeconds(date: Date | string | null): number {
  if (!date) return 0;
  return Math.floor(new Date(date).getTime() / 1000);
}

export async function balanceOf(q: Queryable, userId: string, at: Date): Promise<number> {
  const result = await q.query<{ balance: number }>(
    'SELECT COALESCE(SUM(remaining), 0)::int AS balance FROM credit_blocks WHERE user_id = $1 AND expires_at > $2',
    [userId, at],
  );
  return Number(result.rows[0]?.balance ?? 0);
}

export async function summaryOf(q: Queryable, userId: string, at: Date): Promise<BalanceSummary> {
  const result = await q.query<{ available: number; next_expiry: Date | null; held: number }>(
    `SELECT
       (SELECT COALESCE(SUM(remaining), 0)::int FROM credit_blocks WHERE user_id = $1 AND expires_at > $2) AS available,
       (SELECT MIN(expires_at) FROM credit_blocks WHERE user_id = $1 AND expires_at > $2 AND remaining > 0) AS next_expiry,
       (SELECT COALESCE(SUM(amount), 0)::int FROM credit_holds WHERE user_id = $1 AND status = 'held') AS held`,
    [userId, at],
  );
  const row = result.rows[0];
  return {
    available: Number(row.available),
    held: Number(row.held),
    nextExpiry: row.next_expiry ? new Date(row.next_expiry) : null,
  };
}

async function countOf(q: Queryable, sql: string, userId: string): Promise<number> {
  const result = await q.query<{ n: number }>(sql, [userId]);
  return Number(result.rows[0]?.n ?? 0);
}

/** Grants, newest first; a block past its expiry is listed as expired. */
async function acquisitions(q: Queryable, userId: string, query: TransactionsQuery, now: Date): Promise<ListResponse<CreditTransaction>> {
  const rows = await q.query<{ details: string; amount: number; created_at: Date; expires_at: Date; total: number }>(
    `SELECT details, amount, created_at, expires_at, COUNT(*) OVER ()::int AS total FROM credit_blocks
     WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
    [userId, query.pageSize, (query.page - 1) * query.pageSize],
  );
  const total = rows.rows[0]?.total ?? (await countOf(q, 'SELECT COUNT(*)::int AS n FROM credit_blocks WHERE user_id = $1', userId));
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

/** Committed spends, newest first. */
async function consumptions(q: Queryable, userId: string, query: TransactionsQuery): Promise<ListResponse<CreditTransaction>> {
  const rows = await q.query<{ details: string; amount: number; settled_at: Date; total: number }>(
    `SELECT details, amount, settled_at, COUNT(*) OVER ()::int AS total FROM credit_holds
     WHERE user_id = $1 AND status = 'committed' ORDER BY settled_at DESC, id DESC LIMIT $2 OFFSET $3`,
    [userId, query.pageSize, (query.page - 1) * query.pageSize],
  );
  const total =
    rows.rows[0]?.total ?? (await countOf(q, `SELECT COUNT(*)::int AS n FROM credit_holds WHERE user_id = $1 AND status = 'committed'`, userId));
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
}

export async function transactionsOf(
  q: Queryable,
  userId: string,
  query: TransactionsQuery,
  now: Date,
): Promise<ListResponse<CreditTransaction>> {
  return query.type === 'acquisition' ? acquisitions(q, userId, query, now) : consumptions(q, userId, query);
}
