/**
 * The billing history: one line per charge, renewal or refund, newest first, with the order id, the item,
 * the amount, the date, the status, and a link to its receipt (a page of its own, opened in a new tab).
 */
import { USER_TEXTS, type BillingHistoryItem } from 'shared-contracts';
import type { Palette } from '../../shared/lib/palette';

const KIND: Record<BillingHistoryItem['kind'], string> = { purchase: 'Purchase', upgrade: 'Upgrade', renewal: 'Renewal', refund: 'Refund' };

export function HistoryList({ items, failed, palette, format, resolve }: { items: BillingHistoryItem[] | undefined; failed: boolean; palette: Palette; format(seconds: number): string; resolve(path: string): string }) {
  if (failed) return <p role="alert" css={{ margin: 0 }}>{USER_TEXTS.NETWORK}</p>;
  if (!items) return <p role="status" css={{ margin: 0, color: palette.textMuted }}>Loading…</p>;
  if (items.length === 0) return <p css={{ margin: 0, color: palette.textMuted }}>{USER_TEXTS.NO_RECORDS}</p>;
  return (
    <ul aria-label="Payments" css={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((item) => {
        const amount = `${item.kind === 'refund' ? '-' : ''}${item.currency_symbol}${item.amount.toFixed(2)}`;
        const date = format(item.created_at);
        return (
          <li
            key={item.id}
            data-testid="billing-history-item"
            css={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', gap: '2px 12px', padding: '10px 0', borderBottom: `1px solid ${palette.border}` }}
          >
            <span css={{ fontWeight: 600 }}>
              {KIND[item.kind]}: {item.item}
            </span>
            <span css={{ fontWeight: 600, textAlign: 'right' }}>{amount}</span>
            <span css={{ fontSize: 13, color: palette.textMuted, overflowWrap: 'anywhere' }}>
              {date} · {item.status === 'refunded' ? 'Refunded' : 'Paid'}
              {item.card_last4 ? ` · card ending ${item.card_last4}` : ''}
              {item.order_id ? ` · Order ${item.order_id}` : ''}
            </span>
            <a
              href={resolve(item.receipt_url)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Receipt: ${KIND[item.kind].toLowerCase()} of ${item.item}, ${amount}, ${date}`}
              css={{ color: palette.link, fontSize: 13, textAlign: 'right', '&:focus-visible': { outline: `2px solid ${palette.focus}` } }}
            >
              Receipt
            </a>
          </li>
        );
      })}
    </ul>
  );
}
