import useSWR from 'swr';
import { useSnapshot } from 'valtio';
import { useShell, type AdItem, type MarketingItem } from 'shared-contracts';

export type Client = '' | 'wap';

const QUIET = { revalidateOnFocus: false, revalidateOnReconnect: false, shouldRetryOnError: false, dedupingInterval: 60_000 } as const;

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

/** The caller's plan in an A/B test (GET /v1/common/ab-test); a failure is plan 0, the default variant. */
/**
 * The membership-upgrade flag of spec section 6 (membership shows standard instead of premium plans; the
 * floating and header ads hide) is variant B of the ai_price_upgrade A/B test.
 */
export const MEMBERSHIP_UPGRADE_TEST = 'ai_price_upgrade';

export function useAbPlan(testCode: string): number {
  const shell = useShell();
  const session = useSnapshot(shell.session.state);
  const uid = session.user?.uid ?? '';
  const { data } = useSWR(
    ['billing:ab', testCode, uid],
    async () => {
      try {
        const answer = await shell.api.call('GET /v1/common/ab-test', { query: uid ? { test_code: testCode, user_id: uid } : { test_code: testCode } });
        return answer?.plan ?? 0;
      } catch {
        return 0;
      }
    },
    QUIET,
  );
  return data ?? 0;
}
