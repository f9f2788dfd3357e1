import { useEffect, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { USER_TEXTS, useShell, type BuyTab, type SkuItem } from 'shared-contracts';
import { Button } from '@studio/ui-kit/button';
import { media, theme } from '@studio/ui-kit/theme';
import { CREDIT_FACTS, STANDARD_EXTRAS } from '../../lib/plans';
import { allMemberships, creditLists, defaultSku, membershipList, showTrialCheckbox, type Audience } from '../utils/pricing';
import { BenefitsTable, MembershipCarousel } from './phone-membership';
import { SkuList } from './sku-list';

export interface BuyPanelProps {
  tab: BuyTab;
  skus: SkuItem[];
  isBuyInit: boolean;
  /** membership-upgrade mode: standard plans instead of premium */
  upgrade: boolean;
  /** trial checkboxes start checked (zero-buy auto check) */
  zeroAutoChecked: boolean;
  onBuy(sku: SkuItem | null, zeroChecked: boolean, tab: BuyTab): void;
}

/** The body of a tab: the lists, the trial checkbox, the Premium notes and the buy button. */
export function BuyPanel({ tab, skus, isBuyInit, upgrade, zeroAutoChecked, onBuy }: BuyPanelProps) {
  const shell = useShell();
  const session = useSnapshot(shell.session.state);
  const viewport = useSnapshot(shell.viewport);
  const country = session.user?.country ?? '';
  const audience: Audience = { isPhone: viewport.isPhone, credits10: session.flags.isCredits10User, campaign: false, upgrade, country };
  const lists = useMemo(() => {
    if (tab === 'credits') return creditLists(skus, audience);
    const plans = upgrade ? membershipList(skus, audience) : allMemberships(skus, country);
    return [{ title: 'Membership plans', skus: plans }];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tab, skus, upgrade, country, viewport.isPhone, session.flags.isCredits10User]);
  const flat = lists.flatMap((list) => list.skus);
  const [selected, setSelected] = useState<SkuItem | null>(null);
  const [zeroChecked, setZeroChecked] = useState(zeroAutoChecked);
  // the auto-check arrives with sku-info, after the dialog opened
  useEffect(() => {
    if (zeroAutoChecked) setZeroChecked(true);
  }, [zeroAutoChecked]);
  useEffect(() => {
    setSelected((current) => (current && flat.some((sku) => sku.sku_id === current.sku_id) ? current : tab === 'credits' || viewport.isPhone ? (flat[0] ?? null) : defaultSku(flat)));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lists]);
  const trial = selected && showTrialCheckbox(selected, session.flags.isSubscribed) ? selected : null;
  const premiumBlocksStandard = session.flags.isPremium && selected?.kind === 'membership' && selected.extInfo.tier === 'STANDARD';
  const buttonText = trial && zeroChecked ? 'Start 3-day free trial' : tab === 'membership' ? 'Subscribe' : 'Buy now';

  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      {tab === 'credits' && session.flags.isLogin ? (
        <p css={{ margin: 0, fontSize: 16 }}>
          My credits: <strong data-testid="my-credits">{session.flags.curCredits}</strong>
        </p>
      ) : null}
      {tab === 'membership' && viewport.isPhone ? <MembershipCarousel /> : null}
      {!isBuyInit ? <p role="status" css={{ margin: 0, color: theme.textMuted }}>Loading plans…</p> : null}
      {lists.map((list) => (
        <SkuList key={list.title} title={list.title} skus={list.skus} selected={selected?.sku_id ?? null} onSelect={setSelected} />
      ))}
      {trial ? (
        <label css={{ display: 'flex', gap: 8, alignItems: 'center', fontSize: 14 }} title="Free for 3 days with 100 credits, then renews at the plan's price unless you cancel.">
          <input type="checkbox" checked={zeroChecked} onChange={(event) => setZeroChecked(event.target.checked)} />
          Start with a 3-day free trial (100 credits), renews unless cancelled
        </label>
      ) : null}
      {tab === 'membership' && session.flags.isPremium ? (
        <p role="note" css={{ margin: 0, fontSize: 13, color: theme.textMuted }}>
          {premiumBlocksStandard ? USER_TEXTS.PREMIUM_NO_STANDARD : USER_TEXTS.PREMIUM_NEW_SUB}
        </p>
      ) : null}
      {tab === 'membership' && viewport.isPhone ? <BenefitsTable tier={selected?.extInfo.tier === 'STANDARD' ? 'STANDARD' : 'PREMIUM'} /> : null}
      {/* on phones the button sits in a bar stuck to the bottom of the screen */}
      <div css={{ [media.phone]: { position: 'sticky', bottom: -20, margin: '0 -20px -20px', padding: '12px 20px', background: theme.surface, borderTop: `1px solid ${theme.border}`, zIndex: 1 } }}>
        <Button
          variant="primary"
          disabled={!isBuyInit || !selected || premiumBlocksStandard}
          onClick={() => onBuy(selected, Boolean(trial && zeroChecked), tab)}
          css={{ minHeight: 48, fontSize: 16, width: '100%' }}
        >
          {buttonText}
        </Button>
      </div>
      <ul css={{ margin: 0, paddingLeft: 20, display: 'flex', flexDirection: 'column', gap: 4, color: theme.textMuted, fontSize: 13 }}>
        {(tab === 'credits' ? CREDIT_FACTS : [STANDARD_EXTRAS]).map((fact) => (
          <li key={fact}>{fact}</li>
        ))}
      </ul>
    </div>
  );
}
