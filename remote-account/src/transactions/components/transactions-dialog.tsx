/**
 * Credit Transitions (desktop only, 45rem): type filter Acquisition / Consumption (back to page 1),
 * infinite scroll with a 100 ms throttle while fewer are loaded than the total, 'No records found.'.
 */
import dayjs from 'dayjs';
import { useCallback, useEffect, useRef } from 'react';
import {
  CREDIT_DIALOG_WIDTH,
  TRANSACTIONS_SCROLL_THROTTLE_MS,
  USER_TEXTS,
  type CreditTransaction,
  type CreditTransactionType,
  type ShellApi,
} from 'shared-contracts';
import { Tabs } from '@studio/ui-kit/tabs';
import { Dialog } from '../../shared/components/dialog';
import { usePalette, type Palette } from '../../shared/lib/palette';
import { throttle } from '../../shared/lib/throttle';
import { expiryText } from '../../shared/lib/expiry';
import { useTransactions } from '../hooks/use-transactions';

const TRANSACTIONS_TITLE = 'Credit Transitions';
const TYPES: { value: CreditTransactionType; label: string }[] = [
  { value: 'acquisition', label: 'Acquisition' },
  { value: 'consumption', label: 'Consumption' },
];
/** load the next page when the list's end is this close */
const NEAR_END_PX = 48;

function statusText(item: CreditTransaction): string {
  if (item.is_expired === 1) return 'Expired';
  return item.status === 1 ? 'Valid' : 'Invalid';
}

function Row({ item, palette }: { item: CreditTransaction; palette: Palette }) {
  const positive = item.type === 'acquisition';
  const date = dayjs.unix(item.date);
  const expires = positive ? expiryText(item.expire_time) : null;
  const status = statusText(item);
  return (
    <li
      css={{
        display: 'grid',
        gridTemplateColumns: '1fr auto',
        gap: '2px 12px',
        padding: '12px 4px',
        borderBottom: `1px solid ${palette.border}`,
      }}
    >
      <span css={{ fontWeight: 500 }}>{item.details}</span>
      <span css={{ fontWeight: 600, color: positive ? palette.link : palette.text, textAlign: 'right' }}>
        {positive ? '+' : '-'}
        {Math.abs(item.credits)}
      </span>
      <span css={{ color: palette.textMuted, fontSize: 13 }}>
        {date.isValid() ? date.format('YYYY-MM-DD HH:mm') : ''}
        {expires && ` · Expires ${expires}`}
      </span>
      <span css={{ color: status === 'Valid' ? palette.textMuted : palette.danger, fontSize: 13, textAlign: 'right' }}>{status}</span>
    </li>
  );
}

export function TransactionsDialog({ shell, open, onClose }: { shell: ShellApi; open: boolean; onClose(): void }) {
  const palette = usePalette(shell);
  const view = useTransactions(shell.api, open);
  const listRef = useRef<HTMLDivElement | null>(null);
  const endRef = useRef<HTMLDivElement | null>(null);
  const loadMoreRef = useRef(view.loadMore);
  loadMoreRef.current = view.loadMore;

  const nearEnd = useCallback(() => {
    const list = listRef.current;
    if (!list) return false;
    return list.scrollTop + list.clientHeight >= list.scrollHeight - NEAR_END_PX;
  }, []);

  // scroll: throttled 100 ms
  useEffect(() => {
    const list = listRef.current;
    if (!open || !list) return undefined;
    const onScroll = throttle(() => {
      if (nearEnd()) loadMoreRef.current();
    }, TRANSACTIONS_SCROLL_THROTTLE_MS);
    list.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      list.removeEventListener('scroll', onScroll);
      onScroll.cancel();
    };
  }, [open, nearEnd, view.settled]);

  // the end marker coming into view (IntersectionObserver where the browser has it)
  useEffect(() => {
    const end = endRef.current;
    if (!open || !end || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMoreRef.current();
      },
      { root: listRef.current, rootMargin: `0px 0px ${NEAR_END_PX}px 0px` },
    );
    observer.observe(end);
    return () => observer.disconnect();
  }, [open, view.settled, view.type]);

  // a page that does not fill the list leaves nothing to scroll: keep loading while the end is in view
  useEffect(() => {
    if (!open || view.loading || !view.hasMore) return;
    if (nearEnd()) view.loadMore();
  }, [open, view.loading, view.hasMore, view.items.length, nearEnd, view]);

  return (
    <Dialog open={open} title={TRANSACTIONS_TITLE} onClose={onClose} palette={palette} width={CREDIT_DIALOG_WIDTH} zIndex={2100} testId="transactions-dialog">
      <Tabs
        label="Transaction type"
        tabs={TYPES.map((entry) => ({ value: entry.value, label: entry.label }))}
        value={view.type}
        onChange={(type) => {
          if (type === view.type) return;
          if (listRef.current) listRef.current.scrollTop = 0;
          view.setType(type);
        }}
        listCss={{ display: 'flex', gap: 8, margin: '16px 0 8px' }}
        tabCss={(selected) => ({
          padding: '6px 14px',
          borderRadius: 16,
          border: `1px solid ${selected ? palette.accent : palette.border}`,
          background: selected ? palette.accent : 'transparent',
          color: selected ? palette.accentText : palette.text,
          fontSize: 14,
          '&:focus-visible': { outline: `2px solid ${palette.focus}`, outlineOffset: 2 },
        })}
      />
      <div
        ref={listRef}
        role="tabpanel"
        aria-label={`${TYPES.find((t) => t.value === view.type)?.label ?? ''} records`}
        aria-busy={view.loading}
        data-testid="transactions-list"
        tabIndex={0}
        // no scroll anchoring: it would pin the end marker, keep the list at its bottom after each page and
        // load the next one at once
        css={{ height: '28rem', maxHeight: '60dvh', overflowY: 'auto', overflowAnchor: 'none', outline: 'none' }}
      >
        {view.settled && view.items.length === 0 && !view.loading ? (
          <p css={{ color: palette.textMuted, textAlign: 'center', marginTop: 48 }}>{USER_TEXTS.NO_RECORDS}</p>
        ) : (
          <ul css={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {view.items.map((item, index) => (
              <Row key={`${item.date}-${index}`} item={item} palette={palette} />
            ))}
          </ul>
        )}
        {view.loading && (
          <p role="status" css={{ color: palette.textMuted, textAlign: 'center', fontSize: 13 }}>
            Loading…
          </p>
        )}
        <div ref={endRef} data-testid="transactions-end" css={{ height: 1 }} />
      </div>
      <p css={{ margin: '8px 0 0', color: palette.textMuted, fontSize: 12 }} aria-live="polite">
        {view.settled && view.total > 0 ? `${view.items.length} of ${view.total}` : ''}
      </p>
    </Dialog>
  );
}
