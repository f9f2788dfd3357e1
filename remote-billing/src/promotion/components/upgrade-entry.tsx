import { useSnapshot } from 'valtio';
import { routePath, useShell } from 'shared-contracts';
import { AppLink } from '@studio/ui-kit/app-link';
import { focusRing } from '@studio/ui-kit/theme';
import { MEMBERSHIP_UPGRADE_TEST, useAbPlan } from '../../lib/ab-test';
import { promoColors } from '../../lib/promo-colors';
import { useSkus } from '../../lib/use-skus';

/** The sidebar's Upgrade entry: desktop, newer pricing on and purchase setup initialised; goes to Pricing. */
export function UpgradeEntry() {
  const shell = useShell();
  const viewport = useSnapshot(shell.viewport);
  const { isBuyInit } = useSkus();
  // the newer pricing is variant B (plan 2) of the ai_price_upgrade test
  const newer = useAbPlan(MEMBERSHIP_UPGRADE_TEST) === 2;
  if (!viewport.isDesktop || !newer || !isBuyInit) return null;
  return (
    <AppLink
      to={routePath('Pricing')}
      css={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: 40, borderRadius: 10, fontWeight: 700, color: promoColors.onPromo, textDecoration: 'none', background: promoColors.gradient, ...focusRing, '&:hover': { filter: 'brightness(1.1)' } }}
    >
      Upgrade
    </AppLink>
  );
}
