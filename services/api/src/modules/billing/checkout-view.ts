/**
 * What the checkout page and the receipt say about an order, in the buyer's words: what is charged now,
 * what an upgrade replaces and credits, and what follows (renewals, the trial's rules).
 */
import type { Queryable } from '@studio/db';
import { CREDIT_VALID_YEARS, TRIAL_CREDITS, TRIAL_DAYS } from 'shared-contracts';
import type { SummaryRow } from './checkout-page.js';
import type { OrderRow, ShopSku } from './orders.js';
import { money } from './routes-shared.js';

const DATE = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });
export const formatDate = (date: Date) => DATE.format(date);

const EACH = { week: 'a week', month: 'a month', year: 'a year' } as const;

/** The names of the memberships an order replaces (an upgrade), or the ones of its level it follows (queued). */
export async function namesOf(db: Queryable, order: OrderRow, sku: ShopSku, at: Date): Promise<{ replaced: string[]; followed: { names: string[]; until: Date | null } }> {
  const replaced = order.replaces.length
    ? (await db.query<{ name: string }>('SELECT name FROM subscriptions WHERE id = ANY($1::bigint[]) ORDER BY id', [order.replaces.map(Number)])).rows.map((row) => row.name)
    : [];
  if (order.change !== 'queued') return { replaced, followed: { names: [], until: null } };
  const rows = (
    await db.query<{ name: string; expires_at: Date }>(
      `SELECT name, expires_at FROM subscriptions WHERE user_id = $1 AND status = 'active' AND NOT is_trial AND level = $2 AND expires_at > $3 ORDER BY expires_at`,
      [order.user_id, sku.tier === 'PREMIUM' ? 'premium' : 'standard', at],
    )
  ).rows;
  return { replaced, followed: { names: rows.map((row) => row.name), until: rows.length ? new Date(rows[rows.length - 1].expires_at) : null } };
}

/** The summary rows and the notes of an order's checkout. */
export function orderSummary(
  order: OrderRow,
  sku: ShopSku,
  names: Awaited<ReturnType<typeof namesOf>>,
): { rows: SummaryRow[]; notes: string[]; dueToday: string } {
  const $ = (amount: number | string) => money(sku.currency_symbol, Number(amount));
  const dueToday = $(order.amount);
  const rows: SummaryRow[] = [['Plan', order.zero_buy ? `${sku.sub_tpl_name}: ${TRIAL_DAYS}-day free trial` : sku.sub_tpl_name]];
  if (sku.kind !== 'membership') rows.push(['Credits', sku.period_unit === 'year' ? `${sku.credits}` : `${sku.credits} ${EACH[sku.period_unit]}`]);
  const notes: string[] = [];
  if (order.change === 'upgrade') {
    rows.push(['Price', $(order.list_price ?? sku.price)]);
    if (Number(order.credit) > 0) rows.push([`Credit for the unused part of ${names.replaced.join(' and ')}`, `-${$(order.credit)}`]);
    notes.push(`${sku.sub_tpl_name} starts now and replaces your ${names.replaced.join(' and ')}, which stops renewing; its unused time is credited above.`);
  }
  rows.push(['Due today', dueToday]);
  const then = `${$(sku.price)} ${EACH[sku.period_unit]}`;
  if (order.zero_buy) {
    notes.push(
      `Free for ${TRIAL_DAYS} days with ${TRIAL_CREDITS} credits, then ${then} from day ${TRIAL_DAYS + 1} until you cancel.`,
      `Cancel before day ${TRIAL_DAYS + 1} and nothing is charged: the trial's ${TRIAL_CREDITS} credits end with the trial.`,
    );
  } else if (sku.kind === 'membership') {
    if (order.change === 'queued' && names.followed.until) {
      notes.push(`Starts on ${formatDate(names.followed.until)}, when your ${names.followed.names.join(' and ')} ends; that plan will not renew.`);
    }
    notes.push(`Renews at ${then} until you cancel.`);
  } else if (sku.period_unit === 'year') {
    notes.push(`Paid once, never renewed. The credits are valid for ${CREDIT_VALID_YEARS} years.`);
  } else {
    notes.push(`Renews at ${then}, with ${sku.credits} credits each time, until you cancel.`);
  }
  return { rows, notes, dueToday };
}
