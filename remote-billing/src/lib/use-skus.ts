import useSWR from 'swr';
import { useShell, type ApiCallData, type SkuItem } from 'shared-contracts';

const SKU_INFO_CALL = 'GET /v1/buy/sku-info';
/** the call's path, as the Pricing page's first screen names it to the gateway (plans/first-screen/server.tsx) */
export const SKU_INFO_PATH = SKU_INFO_CALL.slice('GET '.length);
export type SkuInfo = ApiCallData<typeof SKU_INFO_CALL>;

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

/**
 * GET /v1/buy/sku-info, shared by the purchase dialog and the Pricing page. `carried`: the answer a visitor's first
 * HTML was rendered with (the Pricing page's first screen, the gateway's): the first render shows it, as the copy
 * did, and nothing is asked on mount.
 */
export function useSkus(carried?: SkuInfo): Skus {
  const shell = useShell();
  const { data, error, isValidating, mutate } = useSWR('billing:sku-info', () => shell.api.call(SKU_INFO_CALL, {}), {
    revalidateOnFocus: false,
    dedupingInterval: 60_000,
    ...(carried ? { fallbackData: carried, revalidateOnMount: false } : {}),
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
