import useSWR from 'swr';
import { useShell, type SkuItem } from 'shared-contracts';

export interface Skus {
  skus: SkuItem[];
  /** purchase setup is initialised: sku-info answered (buy buttons stay disabled until then) */
  isBuyInit: boolean;
  /** sku-info failed and nothing is shown: the screen offers retry */
  error: boolean;
  /** asking again (after a failure) */
  retrying: boolean;
  retry(): void;
  zeroBuyChecked: boolean;
  /** the Free plan's daily task cap on free credits (from the API's configuration) */
  freeDailyTasks: number | null;
}

/** GET /v1/buy/sku-info, shared by the purchase dialog and the Pricing page. */
export function useSkus(): Skus {
  const shell = useShell();
  const { data, error, isValidating, mutate } = useSWR('billing:sku-info', () => shell.api.call('GET /v1/buy/sku-info', {}), {
    revalidateOnFocus: false,
    dedupingInterval: 60_000,
  });
  return {
    skus: data?.sku_buy_list ?? [],
    isBuyInit: Boolean(data),
    error: Boolean(error) && !data,
    retrying: Boolean(error) && isValidating,
    retry: () => void mutate(),
    zeroBuyChecked: Boolean(data?.zero_buy_checked),
    freeDailyTasks: data?.free_daily_tasks ?? null,
  };
}
