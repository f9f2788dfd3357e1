import useSWR from 'swr';
import { useSnapshot } from 'valtio';
import { useShell, type PlanQuote, type SkuItem } from 'shared-contracts';

/**
 * What buying a membership would do for a signed-in member now (GET /v1/buy/quote): an upgrade's credit
 * for the unused part of the running plan and the amount due today, a plan that waits for the running one
 * to end, or why it cannot be bought. Null for visitors, packs and credit plans (nothing to change).
 */
export function useQuote(sku: SkuItem | null, trial: boolean): PlanQuote | null {
  const shell = useShell();
  const session = useSnapshot(shell.session.state);
  const ask = session.flags.isLogin && sku?.kind === 'membership';
  const { data } = useSWR(ask && sku ? ['billing:quote', sku.sku_id, trial ? 1 : 0, session.user?.uid ?? ''] : null, () =>
    shell.api.call('GET /v1/buy/quote', { query: { sku_id: sku!.sku_id, ...(trial ? { zero_buy: 1 } : {}) } }),
  { revalidateOnFocus: true, shouldRetryOnError: false });
  return data ?? null;
}
