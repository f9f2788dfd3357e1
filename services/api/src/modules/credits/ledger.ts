/**
 * The credit ledger: append-only entries over credit blocks.
 *
 * - A grant creates a block (source, amount, expires_at; 2 years unless the grant says otherwise) and is
 *   applied once per idempotency key (a unique constraint decides, so concurrent duplicates land once).
 * - A hold reserves credits from the blocks, earliest expiry first; it is then committed (spent) or
 *   released (given back to the blocks it came from). A task holds its cost while it runs; the task's hold
 *   is taken inside the transaction that writes the task (`hold(input, tx)`), so neither exists without
 *   the other.
 * - Every change is an entry (grant +, hold -, release +, commit 0) in credit_entries, which refuses
 *   UPDATE and DELETE, so the sum of a user's entries equals the remaining credits of the user's blocks.
 * - Spends are serialised per user by a row lock on credit_accounts (SELECT ... FOR UPDATE) and blocks
 *   carry CHECK (remaining >= 0): the balance can never go below zero, even under real concurrency.
 *
 * The steps live in ledger-holds.ts, ledger-grants.ts and ledger-queries.ts; this file puts them in
 * transactions (retried on a deadlock or serialization failure) and reads the clock.
 */
import type { Database, Queryable } from '@studio/db';
import { grantIn } from './ledger-grants.js';
import { commitIn, holdIn, loadHold, markCommitted, releaseIn } from './ledger-holds.js';

// the commit as CTEs of a caller's statement (the worker settles a run in one: tasks/settle.ts)
export { commitCtes } from './ledger-holds.js';
import { balanceOf, summaryOf, transactionsOf } from './ledger-queries.js';
import { HoldStateError, type Ledger, type LedgerOptions } from './ledger-types.js';

export {
  HoldStateError,
  InsufficientCreditsError,
  addYears,
  type BalanceSummary,
  type CreditHold,
  type GrantInput,
  type GrantResult,
  type HoldInput,
  type HoldStatus,
  type Ledger,
  type LedgerOptions,
  type TransactionsQuery,
} from './ledger-types.js';

function isRetryable(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === '40001' || code === '40P01';
}

export function createLedger(db: Database, options: LedgerOptions = {}): Ledger {
  const clock = options.now ?? (() => new Date());
  const retries = options.retries ?? 5;

  async function retrying<T>(fn: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await fn();
      } catch (error) {
        if (attempt < retries && isRetryable(error)) continue;
        throw error;
      }
    }
  }

  const inTransaction = <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> => retrying(() => db.transaction(fn));

  async function releaseStaleHolds(at?: Date): Promise<number> {
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
  }

  return {
    transaction: inTransaction,
    grant: (input) => inTransaction((tx) => grantIn(tx, input, input.at ?? clock())),
    async hold(input, tx) {
      const at = input.at ?? clock();
      const { fresh: _fresh, ...hold } = tx ? await holdIn(tx, input, at) : await inTransaction((own) => holdIn(own, input, at));
      return hold;
    },
    // one statement (commitIn): no transaction of its own is needed
    commit: (holdId, commitOptions) => retrying(() => commitIn(db, holdId, commitOptions?.at ?? clock())),
    release: (holdId, releaseOptions) => inTransaction((tx) => releaseIn(tx, holdId, releaseOptions?.at ?? clock())),
    spend(input) {
      const at = input.at ?? clock();
      return inTransaction(async (tx) => {
        const { fresh, ...hold } = await holdIn(tx, input, at);
        // a hold taken just now in this transaction is committed without reading it back
        return fresh ? markCommitted(tx, hold, at) : commitIn(tx, hold.id, at);
      });
    },
    balance: (userId, at) => balanceOf(db, userId, at ?? clock()),
    summary: (userId, at) => summaryOf(db, userId, at ?? clock()),
    getHold: (holdId) => loadHold(db, holdId, false),
    transactions: (userId, query, at) => transactionsOf(db, userId, query, at ?? clock()),
    releaseStaleHolds,
  };
}
