/**
 * What a purchase does to the buyer's running plans, decided in one place for the quote call, the checkout
 * page, the order and its fulfilment (issue 22):
 * - a membership of a higher level than the running one (Standard -> Premium) is an upgrade: it starts now
 *   and replaces the lower plans, whose unused part is credited against its price (charged: price - credit);
 * - one of the same level starts when the running one ends, and the running one stops renewing, so two
 *   memberships are never paid for the same days;
 * - a lower level is refused at checkout (Premium members cannot renew under Standard): a downgrade is a
 *   change at the period's end, made from the account's billing panel (plan-changes.ts);
 * - a running free trial simply ends (converted) when a paid plan starts.
 */
import type { Queryable } from '@studio/db';
import { TRIAL_DAYS, USER_TEXTS, type PeriodUnit, type PlanQuote } from 'shared-contracts';
import type { ProviderName } from './provider.js';

const RANK = { standard: 1, premium: 2 } as const;

/** A membership that is running or scheduled to start, with what its current period cost. */
export interface LiveMembership {
  id: number;
  sku_id: number;
  name: string;
  level: 'standard' | 'premium';
  is_trial: boolean;
  started_at: Date;
  expires_at: Date;
  period_start: Date;
  period_amount: number | string;
  provider: string;
  provider_sub_id: string | null;
}

export async function liveMemberships(db: Queryable, userId: string, at: Date, lock = false): Promise<LiveMembership[]> {
  const rows = await db.query<LiveMembership>(
    `SELECT id, sku_id, name, level, is_trial, started_at, expires_at, COALESCE(period_start, started_at) AS period_start, period_amount, provider, provider_sub_id
     FROM subscriptions WHERE user_id = $1 AND status IN ('trialing', 'active') AND expires_at > $2 ORDER BY started_at, id${lock ? ' FOR UPDATE' : ''}`,
    [userId, at],
  );
  return rows.rows.map((row) => ({ ...row, id: Number(row.id) }));
}

const cents = (amount: number) => Math.round(amount * 100) / 100;

/** The unused value of a paid membership at `at`: all of it before it starts, else the part of its period left. */
function unusedValue(sub: Pick<LiveMembership, 'started_at' | 'expires_at' | 'period_start' | 'period_amount'>, at: Date): number {
  const amount = Number(sub.period_amount);
  if (new Date(sub.started_at) > at) return cents(amount);
  const start = new Date(sub.period_start).getTime();
  const end = new Date(sub.expires_at).getTime();
  if (end <= start) return 0;
  const left = Math.min(1, Math.max(0, (end - at.getTime()) / (end - start)));
  return cents(amount * left);
}

export interface QuoteSku {
  sku_id: number;
  kind: 'membership' | 'credits' | 'credits10';
  tier: 'BASIC' | 'STANDARD' | 'PREMIUM';
  sub_tpl_name: string;
  period_unit: PeriodUnit;
  price: number | string;
  currency: string;
  currency_symbol: string;
  zero_buy: boolean;
}

/** The decision and its figures; `replaceIds` are the memberships an upgrade ends (the order keeps them). */
export type PurchaseQuote = PlanQuote & { replaceIds: number[] };

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * What buying `sku` would do now. `trial`: the free trial was asked for (its own once-only rules are
 * checked when the order opens, where the buyer's e-mail is known).
 */
export function quotePurchase(sku: QuoteSku, live: LiveMembership[], trial: boolean, provider: ProviderName, at: Date): PurchaseQuote {
  const price = Number(sku.price);
  const base = { sku_id: sku.sku_id, price, currency: sku.currency, currency_symbol: sku.currency_symbol, replaces: [] as string[], replaceIds: [] as number[] };
  const plain = (change: PlanQuote['change'], refused: string | null = null): PurchaseQuote => ({
    ...base,
    change,
    credit: 0,
    due_today: change === 'trial' ? 0 : price,
    starts_at: seconds(at),
    refused,
  });
  if (sku.kind !== 'membership' || sku.tier === 'BASIC') return plain('new');
  const level = sku.tier === 'PREMIUM' ? 'premium' : 'standard';
  const paid = live.filter((sub) => !sub.is_trial);
  if (paid.some((sub) => RANK[sub.level] > RANK[level])) return plain('new', USER_TEXTS.PREMIUM_NO_STANDARD);
  if (trial && sku.zero_buy) {
    return live.length > 0 ? plain('trial', `The ${TRIAL_DAYS}-day free trial is for accounts that have never had a membership.`) : plain('trial');
  }
  const lower = live.filter((sub) => RANK[sub.level] < RANK[level]);
  const lowerPaid = lower.filter((sub) => !sub.is_trial);
  if (lower.length > 0) {
    const credit = cents(lowerPaid.reduce((sum, sub) => sum + unusedValue(sub, at), 0));
    const quote: PurchaseQuote = {
      ...base,
      change: 'upgrade',
      credit,
      due_today: cents(Math.max(0, price - credit)),
      replaces: lower.map((sub) => sub.name),
      replaceIds: lower.map((sub) => sub.id),
      starts_at: seconds(at),
      refused: null,
    };
    if (credit > price) {
      quote.refused = `The unused part of your ${lowerPaid.map((sub) => sub.name).join(' and ')} (${sku.currency_symbol}${credit.toFixed(2)}) is worth more than ${sku.sub_tpl_name}: choose a longer plan.`;
    } else if (provider === 'stripe' && (lowerPaid.length > 1 || lowerPaid.some((sub) => !sub.provider_sub_id))) {
      // Stripe prorates by updating the one subscription it bills; anything else would charge in full
      quote.refused = 'This plan change cannot be made online. Please contact support.';
    }
    return quote;
  }
  const same = paid.filter((sub) => sub.level === level);
  if (same.length > 0) {
    const until = new Date(Math.max(...same.map((sub) => new Date(sub.expires_at).getTime())));
    return { ...plain('queued'), replaces: same.map((sub) => sub.name), starts_at: seconds(until) };
  }
  // a running trial of this level ends (converted) when its paid plan starts
  const trials = live.filter((sub) => sub.is_trial);
  return { ...plain('new'), replaces: trials.map((sub) => sub.name), replaceIds: trials.map((sub) => sub.id) };
}

/**
 * The person behind an account, for the trial's once-per-person rule: the e-mail lower-cased without its
 * +tag, and at Gmail without dots (both deliver to the same mailbox).
 */
export function personKey(email: string): string {
  const [local = '', domain = ''] = email.trim().toLowerCase().split('@');
  let name = local.split('+')[0];
  const host = domain === 'googlemail.com' ? 'gmail.com' : domain;
  if (host === 'gmail.com') name = name.replace(/\./g, '');
  return `${name}@${host}`;
}
