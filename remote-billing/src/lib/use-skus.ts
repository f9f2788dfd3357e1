import useSWR from 'swr';
import { useShell, type SkuItem } from 'shared-contracts';

/** GET /v1/buy/sku-info. Purchase setup is initialised once it answered (buttons stay disabled until then). */
export function useSkus(): { skus: SkuItem[]; isBuyInit: boolean; error: boolean; zeroBuyChecked: boolean } {
  const shell = useShell();
  const { data, error } = useSWR('billing:sku-info', () => shell.api.call('GET /v1/buy/sku-info', {}), { revalidateOnFocus: false, dedupingInterval: 60_000 });
  return { skus: data?.sku_buy_list ?? [], isBuyInit: Boolean(data), error: Boolean(error), zeroBuyChecked: Boolean(data?.zero_buy_checked) };
}
