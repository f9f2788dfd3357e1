import { useEffect, useId, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { USER_TEXTS, freeDailyCapText, useShell, type BuyTab, type SkuItem } from 'shared-contracts';
import { Button } from '@studio/ui-kit/button';
import { media, theme } from '@studio/ui-kit/theme';
import { CREDIT_FACTS, STANDARD_EXTRAS } from '../../lib/plans';
import { useQuote } from '../hooks/use-quote';
import { NO_REQUEST, requestedSku, type BuyRequest } from '../utils/open-request';
import { creditLists, defaultSku, membershipList, renews, showTrialCheckbox, type Audience } from '../utils/pricing';
import { BenefitsTable, MembershipCarousel } from './phone-membership';
import { PurchaseSummary } from './purchase-summary';
import { SkuList } from './sku-list';

/** The summary and Buy as a bar stuck to the bottom of the scrolling panel (the panel's padding is 20). */
const STUCK_BAR = { position: 'sticky', bottom: -20, margin: '0 -20px -20px', padding: '12px 20px', background: theme.surface, borderTop: `1px solid ${theme.border}`, zIndex: 1 } as const;

export interface BuyPanelProps {
  tab: BuyTab;
  skus: SkuItem[];
  isBuyInit: boolean;
  /** membership-upgrade mode: standard plans instead of premium */
  upgrade: boolean;
  /** the campaign audience: its 1000 and 2000 packs and their badges */
  campaign: boolean;
  /** trial checkboxes start checked (zero-buy auto check) */
  zeroAutoChecked: boolean;
  /** the Free plan's daily task cap, said where credits are sold to Free members */
  freeDailyTasks: number | null;
  /** a buy click is being handled: the button waits (one checkout per click) */
  opening: boolean;
  /** what the opener asked for (a sku to preselect, the activity) */
  request?: BuyRequest;
  onBuy(sku: SkuItem | null, zeroChecked: boolean, tab: BuyTab): void;
}

/** The body of a tab: the lists, the trial checkbox, what the click charges, the Premium notes and the buy button. */
export function BuyPanel({ tab, skus, isBuyInit, upgrade, campaign, zeroAutoChecked, freeDailyTasks, opening, request = NO_REQUEST, onBuy }: BuyPanelProps) {
  const shell = useShell();
  const session = useSnapshot(shell.session.state);
  const viewport = useSnapshot(shell.viewport);
  const summaryId = useId();
  const country = session.user?.country ?? '';
  const audience: Audience = { isPhone: viewport.isPhone, credits10: session.flags.isCredits10User, campaign, upgrade, country };
  const lists = useMemo(() => {
    if (tab === 'credits') return creditLists(skus, audience);
    // section 6: premium plans, or standard ones with the membership-upgrade flag
    return [{ title: upgrade ? 'Standard plans' : 'Premium plans', skus: membershipList(skus, audience) }];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tab, skus, upgrade, country, campaign, viewport.isPhone, session.flags.isCredits10User]);
  const flat = lists.flatMap((list) => list.skus);
  const [selected, setSelected] = useState<SkuItem | null>(null);
  const [zeroChecked, setZeroChecked] = useState(zeroAutoChecked);
  // the auto-check arrives with sku-info, after the dialog opened
  useEffect(() => {
    if (zeroAutoChecked) setZeroChecked(true);
  }, [zeroAutoChecked]);
  useEffect(() => {
    setSelected((current) =>
      current && flat.some((sku) => sku.sku_id === current.sku_id)
        ? current
        : (requestedSku(request, flat) ?? (tab === 'credits' || viewport.isPhone ? (flat[0] ?? null) : defaultSku(flat))),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lists]);
  const trial = selected && showTrialCheckbox(selected, session.flags.isSubscribed) ? selected : null;
  const trialChosen = Boolean(trial && zeroChecked);
  const quote = useQuote(selected, trialChosen);
  const premiumBlocksStandard = session.flags.isPremium && selected?.kind === 'membership' && selected.extInfo.tier === 'STANDARD';
  const refused = premiumBlocksStandard || Boolean(quote?.refused);
  const subscribes = selected ? renews(selected) : tab === 'membership';
  const buttonText = trialChosen ? 'Start 3-day free trial' : subscribes ? 'Subscribe' : 'Buy now';

  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      {tab === 'credits' && session.flags.isLogin ? (
        <p css={{ margin: 0, fontSize: 16 }}>
          My credits: <strong data-testid="my-credits">{session.flags.curCredits}</strong>
        </p>
      ) : null}
      {tab === 'credits' && !session.flags.isSubscribed && freeDailyTasks !== null ? (
        <p data-testid="free-daily-cap" css={{ margin: 0, fontSize: 13, color: theme.textMuted }}>
          {freeDailyCapText(freeDailyTasks)}
        </p>
      ) : null}
      {tab === 'membership' && viewport.isPhone ? <MembershipCarousel /> : null}
      {lists.map((list) => (
        <SkuList key={list.title} title={list.title} skus={list.skus} selected={selected?.sku_id ?? null} campaign={campaign} onSelect={setSelected} />
      ))}
      {trial ? (
        <label css={{ display: 'flex', gap: 8, alignItems: 'center', fontSize: 14 }}>
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
      {/* below desktop the summary and the button sit in a bar stuck to the bottom of the panel (at 768 the
          plans fill the screen and Buy was below them) */}
      <div
        css={{
          display: 'flex',
          flexDirection: 'column',
          gap: 8,
          [media.phone]: STUCK_BAR,
          [media.tablet]: STUCK_BAR,
        }}
      >
        {isBuyInit ? <PurchaseSummary id={summaryId} sku={selected} trial={trialChosen} quote={quote} /> : null}
        <Button
          variant="primary"
          disabled={!isBuyInit || !selected || refused || opening}
          aria-describedby={isBuyInit && selected ? summaryId : undefined}
          onClick={() => onBuy(selected, trialChosen, tab)}
          css={{ minHeight: 48, fontSize: 16, width: '100%' }}
        >
          {buttonText}
        </Button>
      </div>
      <ul css={{ margin: 0, paddingLeft: 20, display: 'flex', flexDirection: 'column', gap: 4, color: theme.textMuted, fontSize: 13 }}>
        {(tab === 'credits' ? CREDIT_FACTS : upgrade ? [STANDARD_EXTRAS] : []).map((fact) => (
          <li key={fact}>{fact}</li>
        ))}
      </ul>
    </div>
  );
}
