/** The ledger's vocabulary: what goes in, what comes out, and the two refusals callers handle. */
import type { Queryable } from '@studio/db';
import { API_CODES, type CreditTransaction, type CreditTransactionType, type ListResponse } from 'shared-contracts';

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
  /**
   * Reserves credits. With `tx` the hold is part of the caller's transaction: it exists only if that
   * transaction commits (a task's hold and its row land together or not at all). The caller then owns the
   * retry on a deadlock; `ledger.transaction` is a transaction that retries.
   */
  hold(input: HoldInput, tx?: Queryable): Promise<CreditHold>;
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
  /** runs fn in one transaction, again from the start when PostgreSQL reports a deadlock or serialization failure */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
}

export interface LedgerOptions {
  /** the clock (tests move it); default () => new Date() */
  now?: () => Date;
  /** retries when PostgreSQL reports a deadlock or serialization failure (default 5) */
  retries?: number;
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

export function assertAmount(amount: number): void {
  if (!Number.isInteger(amount) || amount <= 0) throw new RangeError(`credit amount must be a positive integer, got ${amount}`);
}

export function addYears(date: Date, years: number): Date {
  const next = new Date(date.getTime());
  next.setUTCFullYear(next.getUTCFullYear() + years);
  return next;
}
