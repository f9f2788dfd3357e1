/**
 * The transaction list of section 4: a type filter that resets to page 1 and reloads, and the next page
 * while fewer records are loaded than the total. A failed load is logged, loading ends, no message.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiClient, CreditTransaction, CreditTransactionType } from 'shared-contracts';
import { fetchTransactions } from '../api/transactions';

export interface TransactionsView {
  type: CreditTransactionType;
  setType(type: CreditTransactionType): void;
  items: CreditTransaction[];
  total: number;
  /** the last page loaded (0 before the first answer) */
  page: number;
  loading: boolean;
  /** the first page answered (or failed) */
  settled: boolean;
  hasMore: boolean;
  loadMore(): void;
}

export function useTransactions(api: ApiClient, enabled = true): TransactionsView {
  const [type, setTypeState] = useState<CreditTransactionType>('acquisition');
  const [items, setItems] = useState<CreditTransaction[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(0);
  const [loading, setLoading] = useState(false);
  const [settled, setSettled] = useState(false);
  const seq = useRef(0);
  const busy = useRef(false);

  const load = useCallback(
    async (forType: CreditTransactionType, forPage: number) => {
      const mine = ++seq.current;
      busy.current = true;
      setLoading(true);
      try {
        const answer = await fetchTransactions(api, forType, forPage);
        if (mine !== seq.current) return;
        setItems((previous) => (forPage === 1 ? answer.list : [...previous, ...answer.list]));
        setTotal(answer.total);
        setPage(forPage);
      } catch (error) {
        if (mine !== seq.current) return;
        console.error('[account] credit transactions failed to load', error);
      } finally {
        if (mine === seq.current) {
          busy.current = false;
          setLoading(false);
          setSettled(true);
        }
      }
    },
    [api],
  );

  useEffect(() => {
    if (!enabled) return;
    setItems([]);
    setTotal(0);
    setPage(0);
    setSettled(false);
    void load(type, 1);
  }, [type, enabled, load]);

  const hasMore = page > 0 && items.length < total;
  const loadMore = useCallback(() => {
    if (!enabled || busy.current || !hasMore) return;
    void load(type, page + 1);
  }, [enabled, hasMore, load, type, page]);

  const setType = useCallback((next: CreditTransactionType) => setTypeState(next), []);

  return { type, setType, items, total, page, loading, settled, hasMore, loadMore };
}
