import useSWR from 'swr';
import { useSnapshot } from 'valtio';
import { useShell } from 'shared-contracts';

/** SWR options of the look-ups a failure only empties (ads, campaigns, A/B plans): no refetch on focus, no retry. */
export const QUIET = { revalidateOnFocus: false, revalidateOnReconnect: false, shouldRetryOnError: false, dedupingInterval: 60_000 } as const;

/**
 * The membership-upgrade flag of spec section 6 (membership shows standard instead of premium plans; the
 * floating and header ads hide) is variant B of the ai_price_upgrade A/B test.
 */
export const MEMBERSHIP_UPGRADE_TEST = 'ai_price_upgrade';

/** The caller's plan in an A/B test (GET /v1/common/ab-test); a failure is plan 0, the default variant. */
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
