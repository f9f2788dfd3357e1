import { useSnapshot } from 'valtio';
import { routePath, useShell } from 'shared-contracts';
import { AppLink } from '@studio/ui-kit/app-link';
import { focusRing } from '@studio/ui-kit/theme';
import { useSkus } from '../../purchase/api/use-skus';
import { useAbPlan } from '../api/promotions';

/** The sidebar's Upgrade entry: desktop, newer pricing on and purchase setup initialised; goes to Pricing. */
export function UpgradeEntry() {
  const shell = useShell();
  const viewport = useSnapshot(shell.viewport);
  const { isBuyInit } = useSkus();
  // the newer pricing is variant B (plan 2) of the ai_price_upgrade test
  const newer = useAbPlan('ai_price_upgrade') === 2;
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
