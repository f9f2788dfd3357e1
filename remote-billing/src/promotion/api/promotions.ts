import useSWR from 'swr';
import { useShell, type AdItem, type MarketingItem } from 'shared-contracts';
import { QUIET } from '../../lib/ab-test';

export type Client = '' | 'wap';


/** GET /v1/common/ad; an error is logged and treated as no ads. */
export function useAds(client: Client): AdItem[] {
  const shell = useShell();
  const { data } = useSWR(
    ['billing:ads', client],
    async () => {
      try {
        const items = await shell.api.call('GET /v1/common/ad', { query: { client } });
        return Array.isArray(items) ? items : [];
      } catch (error) {
        console.warn('[promotion] ads unavailable', error);
        return [];
      }
    },
    QUIET,
  );
  return data ?? [];
}

/** GET /v1/common/marketing; an error is logged and treated as no campaign. */
export function useMarketing(client: Client): MarketingItem[] {
  const shell = useShell();
  const { data } = useSWR(
    ['billing:marketing', client],
    async () => {
      try {
        const items = await shell.api.call('GET /v1/common/marketing', { query: { client } });
        return Array.isArray(items) ? items : [];
      } catch (error) {
        console.warn('[promotion] marketing unavailable', error);
        return [];
      }
    },
    QUIET,
  );
  return data ?? [];
}
