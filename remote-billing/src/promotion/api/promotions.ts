import useSWR from 'swr';
import { useShell, type AdItem, type MarketingItem } from 'shared-contracts';
import { QUIET } from '../../lib/ab-test';
import { trackActivityLoad } from '../utils/activity-events';

export type Client = '' | 'wap';


/** GET /v1/common/ad; an error is logged and treated as no ads. */
export function useAds(client: Client): AdItem[] {
  const shell = useShell();
  const { data } = useSWR(
    ['billing:ads', client],
    async () => {
      const started = performance.now();
      try {
        const items = await shell.api.call('GET /v1/common/ad', { query: { client } });
        trackActivityLoad(shell, 'ads', started, true);
        return Array.isArray(items) ? items : [];
      } catch (error) {
        trackActivityLoad(shell, 'ads', started, false);
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
      const started = performance.now();
      try {
        const items = await shell.api.call('GET /v1/common/marketing', { query: { client } });
        trackActivityLoad(shell, 'marketing', started, true);
        return Array.isArray(items) ? items : [];
      } catch (error) {
        trackActivityLoad(shell, 'marketing', started, false);
        console.warn('[promotion] marketing unavailable', error);
        return [];
      }
    },
    QUIET,
  );
  return data ?? [];
}
