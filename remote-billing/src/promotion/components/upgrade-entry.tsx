import { useSnapshot } from 'valtio';
import useSWR from 'swr';
import { routePath, useShell } from 'shared-contracts';
import { AppLink } from '@studio/ui-kit/app-link';
import { focusRing } from '@studio/ui-kit/theme';
import { useSkus } from '../../purchase/api/use-skus';

/** The newer pricing is variant B (plan 2) of the ai_price_upgrade test; a failed lookup is the default (off). */
function useNewerPricing(): boolean {
  const shell = useShell();
  const session = useSnapshot(shell.session.state);
  const { data } = useSWR(['billing:ab', 'ai_price_upgrade', session.user?.uid ?? ''], async () => {
    try {
      return await shell.api.call('GET /v1/common/ab-test', { query: { test_code: 'ai_price_upgrade', user_id: session.user?.uid ?? '' } });
    } catch {
      return { plan: 0 };
    }
  }, { revalidateOnFocus: false });
  return data?.plan === 2;
}

/** The sidebar's Upgrade entry: desktop, newer pricing on and purchase setup initialised; goes to Pricing. */
export function UpgradeEntry() {
  const shell = useShell();
  const viewport = useSnapshot(shell.viewport);
  const { isBuyInit } = useSkus();
  const newer = useNewerPricing();
  if (!viewport.isDesktop || !newer || !isBuyInit) return null;
  return (
    <AppLink
      to={routePath('Pricing')}
      css={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: 40, borderRadius: 10, fontWeight: 700, color: '#ffffff', textDecoration: 'none', background: 'linear-gradient(90deg, #6a48f5, #c026d3)', ...focusRing, '&:hover': { filter: 'brightness(1.1)' } }}
    >
      Upgrade
    </AppLink>
  );
}
