/**
 * The caller's billing history: every succeeded payment (a purchase, an upgrade's prorated charge, a
 * renewal, a refund), newest first, each with its receipt. Declined attempts are not history: nothing was
 * charged.
 */
import type { Queryable } from '@studio/db';
import type { BillingHistoryItem } from 'shared-contracts';
import { formatDate } from './checkout-view.js';
import type { ReceiptView, SummaryRow } from './checkout-page.js';
import { money } from './routes-shared.js';

interface PaymentRow {
  id: string;
  order_id: string | null;
  kind: 'charge' | 'renewal' | 'refund';
  amount: number | string;
  currency: string;
  card_last4: string;
  created_at: Date;
  provider: string;
  order_status: string | null;
  zero_buy: boolean | null;
  change: string | null;
  list_price: number | string | null;
  credit: number | string | null;
  item: string | null;
  currency_symbol: string | null;
  refunded_at: Date | null;
}

// the item of a renewal is its membership's plan (a downgrade renews into another sku); else the order's sku
const PAYMENTS_SQL = `SELECT p.id, p.order_id, p.kind, p.amount, p.currency, p.card_last4, p.created_at, p.provider,
    o.status AS order_status, o.zero_buy, o.change, o.list_price, o.credit, o.refunded_at,
    COALESCE(sk.sub_tpl_name, ok.sub_tpl_name) AS item, COALESCE(sk.currency_symbol, ok.currency_symbol) AS currency_symbol
  FROM billing_payments p
  LEFT JOIN billing_orders o ON o.id = p.order_id
  LEFT JOIN skus ok ON ok.sku_id = o.sku_id
  LEFT JOIN subscriptions s ON s.id = p.subscription_id
  LEFT JOIN skus sk ON sk.sku_id = s.sku_id
  WHERE p.status = 'succeeded' AND COALESCE(o.user_id, s.user_id) = $1`;

function kindOf(row: PaymentRow): BillingHistoryItem['kind'] {
  if (row.kind === 'refund') return 'refund';
  if (row.kind === 'renewal') return 'renewal';
  return row.change === 'upgrade' ? 'upgrade' : 'purchase';
}

function itemOf(row: PaymentRow): string {
  const name = row.item ?? 'Purchase';
  if (row.kind === 'charge' && row.zero_buy) return `${name} (free trial)`;
  return name;
}

const seconds = (date: Date) => Math.floor(new Date(date).getTime() / 1000);

export async function billingHistory(db: Queryable, userId: string): Promise<BillingHistoryItem[]> {
  const rows = await db.query<PaymentRow>(`${PAYMENTS_SQL} ORDER BY p.created_at DESC, (p.kind = 'refund') DESC, p.id LIMIT 200`, [userId]);
  return rows.rows.map((row) => ({
    id: row.id,
    order_id: row.order_id,
    kind: kindOf(row),
    item: itemOf(row),
    amount: Number(row.amount),
    currency: row.currency,
    currency_symbol: row.currency_symbol ?? '',
    created_at: seconds(row.created_at),
    status: row.kind === 'refund' || (row.kind === 'charge' && row.order_status === 'refunded') ? 'refunded' : 'paid',
    card_last4: row.card_last4,
    // a path on the API, as a sku's buy_url: the studio resolves it against its API base
    receipt_url: `/v1/buy/receipt/${row.id}`,
  }));
}

/** One payment of the caller as its receipt shows it; null when it is not theirs (or not a payment). */
export async function receiptOf(db: Queryable, userId: string, paymentId: string, backUrl: string): Promise<ReceiptView | null> {
  if (!/^[0-9a-f-]{36}$/i.test(paymentId)) return null;
  const row = (await db.query<PaymentRow>(`${PAYMENTS_SQL} AND p.id = $2`, [userId, paymentId])).rows[0];
  if (!row) return null;
  const $ = (amount: number | string) => money(row.currency_symbol ?? '', Number(amount));
  const kind = kindOf(row);
  const rows: SummaryRow[] = [];
  if (kind === 'upgrade') {
    rows.push(['Price', $(row.list_price ?? row.amount)]);
    if (Number(row.credit) > 0) rows.push(['Credit for the unused part of the replaced plan', `-${$(row.credit ?? 0)}`]);
  }
  rows.push([kind === 'refund' ? 'Amount refunded' : 'Amount paid', $(row.amount)]);
  if (row.card_last4) rows.push(['Card', `•••• ${row.card_last4}`]);
  const status =
    kind === 'refund' ? 'Refunded' : row.kind === 'charge' && row.order_status === 'refunded' ? `Paid, refunded on ${formatDate(new Date(row.refunded_at ?? row.created_at))}` : 'Paid';
  return {
    paymentId: row.id,
    orderId: row.order_id,
    kind,
    item: itemOf(row),
    date: formatDate(new Date(row.created_at)),
    rows,
    status,
    sandbox: row.provider === 'sandbox',
    backUrl,
  };
}
