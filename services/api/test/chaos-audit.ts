/**
 * What a chaos run checks once the queue has drained (test and script support): every task ended, each
 * hold settled the way its task ended, and the ledger adds up for every user (no credit lost, none taken
 * twice). Plain SQL over the product's tables, so it reads the same database the API and workers used.
 */
import type { Queryable } from '@studio/db';

export interface ChaosAudit {
  /** tasks by status */
  statuses: Record<string, number>;
  /** tasks still queued or generating */
  stuck: number;
  /** holds still held (a task that never ended, or a hold without its task) */
  holdsHeld: number;
  /** tasks whose hold does not match their ending (success not committed, failure or cancel not released) */
  holdMismatches: number;
  /** users whose credit entries do not sum to what their blocks have left */
  ledgerMismatches: number;
  /** users whose committed task holds differ from the cost of their successful tasks (charged twice, or for nothing) */
  spendMismatches: number;
}

export async function auditChaos(db: Queryable, userIds: string[]): Promise<ChaosAudit> {
  const statuses: Record<string, number> = {};
  const byStatus = await db.query<{ status: string; n: number }>(
    'SELECT status, count(*)::int AS n FROM tasks WHERE user_id = ANY($1::uuid[]) GROUP BY status',
    [userIds],
  );
  for (const row of byStatus.rows) statuses[row.status] = Number(row.n);
  const stuck = (statuses.queued ?? 0) + (statuses.generating ?? 0);

  const held = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM credit_holds WHERE user_id = ANY($1::uuid[]) AND status = 'held'`, [userIds]);
  const mismatched = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM tasks t JOIN credit_holds h ON h.id = t.hold_id
     WHERE t.user_id = ANY($1::uuid[]) AND (
       (t.status = 'success' AND h.status <> 'committed') OR
       (t.status IN ('failure', 'cancelled') AND h.status <> 'released'))`,
    [userIds],
  );
  // the entries are the history, the blocks the state: they must agree for every user
  const ledger = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (
       SELECT u.id,
         (SELECT COALESCE(SUM(delta), 0) FROM credit_entries e WHERE e.user_id = u.id) AS entries,
         (SELECT COALESCE(SUM(remaining), 0) FROM credit_blocks b WHERE b.user_id = u.id) AS blocks
       FROM unnest($1::uuid[]) AS u(id)) s
     WHERE entries <> blocks`,
    [userIds],
  );
  // what the task holds committed is exactly the cost of the tasks that succeeded: none charged twice or for nothing
  const spend = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (
       SELECT u.id,
         (SELECT COALESCE(SUM(amount), 0) FROM credit_holds h WHERE h.user_id = u.id AND h.status = 'committed'
            AND h.idempotency_key LIKE 'task:%') AS committed,
         (SELECT COALESCE(SUM(cost), 0) FROM tasks t WHERE t.user_id = u.id AND t.status = 'success') AS charged
       FROM unnest($1::uuid[]) AS u(id)) s
     WHERE committed <> charged`,
    [userIds],
  );
  return {
    statuses,
    stuck,
    holdsHeld: Number(held.rows[0].n),
    holdMismatches: Number(mismatched.rows[0].n),
    ledgerMismatches: Number(ledger.rows[0].n),
    spendMismatches: Number(spend.rows[0].n),
  };
}
