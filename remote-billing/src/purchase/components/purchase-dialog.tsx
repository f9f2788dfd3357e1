import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { CHECKOUT_SOURCE_DIALOG, PURCHASE_DIALOG_WIDTH, USER_TEXTS, loadTimeOutcome, trackEvent, useShell, type BuyTab } from 'shared-contracts';
import { Button, Glyph, GLYPHS } from '@studio/ui-kit/button';
import { Tabs } from '@studio/ui-kit/tabs';
import { media, theme } from '@studio/ui-kit/theme';
import { Dialog } from '@studio/ui-kit/dialog';
import { useSkus } from '../../lib/use-skus';
import { usePurchase } from '../hooks/use-purchase';
import { MEMBERSHIP_UPGRADE_TEST, useAbPlan } from '../../lib/ab-test';
import { useCampaignAudience } from '../../lib/campaign';
import { benefitsOf } from '../../lib/plans';
import { promoColors } from '../../lib/promo-colors';
import { NO_REQUEST, type BuyRequest } from '../utils/open-request';
import { BuyPanel } from './buy-panels';
import { tabOrder } from '../utils/tab';

const TAB_LABEL: Record<BuyTab, string> = { credits: 'Credits', membership: 'Membership' };
const FOOTER_NOTES = ['Credits info: valid for 2 years', 'Secure payment', 'Support service', '30-day money-back guarantee'];

/** ui-kit's Dialog holds the grid of the benefits column and the plans; about 960 px on desktop, full screen on phones. */
const PANEL_CSS = {
  width: `min(${PURCHASE_DIALOG_WIDTH}px, calc(100vw - 32px))`,
  maxWidth: 'none',
  maxHeight: 'calc(100vh - 32px)',
  overflow: 'hidden',
} as const;

/** The benefits of the tier the dialog offers (Premium, or Standard with the membership-upgrade flag). */
function BenefitsAside({ tier }: { tier: 'STANDARD' | 'PREMIUM' }) {
  const title = `${tier === 'PREMIUM' ? 'Premium' : 'Standard'} benefits`;
  return (
    <aside
      aria-label={title}
      css={{
        padding: 24,
        color: promoColors.onPromo,
        background: promoColors.deepGradient,
        display: 'flex',
        flexDirection: 'column',
        gap: 12,
        [media.phone]: { display: 'none' },
      }}
    >
      <p css={{ margin: 0, fontWeight: 700, fontSize: 18 }}>{title}</p>
      <ul css={{ margin: 0, padding: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 10, fontSize: 14 }}>
        {benefitsOf(tier).map((benefit) => (
          <li key={benefit} css={{ display: 'flex', gap: 8 }}>
            <span aria-hidden="true">✓</span>
            {benefit}
          </li>
        ))}
      </ul>
    </aside>
  );
}

function PurchaseTabs({ tabs, tab, onTabChange }: { tabs: BuyTab[]; tab: BuyTab; onTabChange(tab: BuyTab): void }) {
  return (
    <Tabs
      label="Purchase type"
      tabs={tabs.map((item) => ({ value: item, label: TAB_LABEL[item], id: `purchase-tab-${item}`, controls: `purchase-panel-${item}` }))}
      value={tab}
      onChange={onTabChange}
      listCss={{ display: 'flex', gap: 4, padding: '12px 20px 0' }}
      tabCss={(selected) => ({
        padding: '10px 16px',
        border: 0,
        borderBottom: `2px solid ${selected ? theme.link : 'transparent'}`,
        background: 'transparent',
        color: selected ? theme.text : theme.textMuted,
        fontWeight: 600,
      })}
    />
  );
}

/**
 * The purchase dialog: about 960 px wide on desktop with a close button and the Credits and Membership
 * tabs; full screen on phones with a back arrow and the tabs the other way round. A buy opens the shop in a
 * new tab; the BillingHost's watcher waits for the order (purchase-watcher.ts), with the dialog open or not.
 */
export function PurchaseDialog({ tab, request = NO_REQUEST, onTabChange, onClose }: { tab: BuyTab; request?: BuyRequest; onTabChange(tab: BuyTab): void; onClose(): void }) {
  const shell = useShell();
  const viewport = useSnapshot(shell.viewport);
  const tabs = tabOrder(viewport.isPhone);
  const { skus, isBuyInit, error, retry, retrying, zeroBuyChecked, freeDailyTasks } = useSkus();
  const upgrade = useAbPlan(MEMBERSHIP_UPGRADE_TEST) === 2;
  const campaign = useCampaignAudience();
  const { buy, lastSku, opening } = usePurchase(CHECKOUT_SOURCE_DIALOG, request.activityType);
  const openedAt = useRef(Date.now());
  // the load event: how long the dialog took to have its plans (above 30 s or 0 is a failure, 100.15 sent)
  useEffect(() => {
    if (!isBuyInit && !error) return;
    const outcome = error ? { result: 'fail' as const, load_time: 100.15 } : loadTimeOutcome(Date.now() - openedAt.current);
    trackEvent(shell, 'miai_purchase_interface_load', error ? { ...outcome, reason: 'sku-info failed' } : outcome);
    if (error) console.error('[purchase] the plans could not be loaded');
  }, [isBuyInit, error, shell]);
  const close = () => {
    // closing tracks the sku and the purchase session id
    trackEvent(shell, 'miai_purchase_interface_click', {
      button: 'close',
      sku_id: lastSku.current?.sku,
      sid: lastSku.current?.sid,
      tab,
      ...(request.activityType ? { activity_type: request.activityType } : {}),
    });
    onClose();
  };

  const phone = viewport.isPhone;
  return (
    <Dialog
      title="Upgrade"
      hideTitle
      hideClose
      onClose={close}
      zIndex={2500}
      padding={0}
      gap={0}
      phoneFullScreen
      data={{ 'data-layout': phone ? 'phone' : 'desktop' }}
      panelCss={PANEL_CSS}
    >
      <div css={{ flex: 1, minHeight: 0, display: 'grid', gridTemplateColumns: '260px minmax(0, 1fr)', gridTemplateRows: 'minmax(0, 1fr)', [media.phone]: { gridTemplateColumns: 'minmax(0, 1fr)' } }}>
        <BenefitsAside tier={upgrade ? 'STANDARD' : 'PREMIUM'} />
        <div css={{ display: 'flex', flexDirection: 'column', minHeight: 0, overflow: 'hidden' }}>
          {/* the dialog's name is its (visually hidden) title; this row shows it with the back or close control */}
          <div css={{ display: 'flex', alignItems: 'center', gap: 8, padding: '16px 20px', borderBottom: `1px solid ${theme.border}` }}>
            {phone ? (
              <Button variant="icon" aria-label="Back" onClick={close}>
                <Glyph d={GLYPHS.left} />
              </Button>
            ) : null}
            <p aria-hidden="true" css={{ margin: 0, fontSize: 18, fontWeight: 700, flex: 1 }}>
              Upgrade
            </p>
            {phone ? null : (
              <Button variant="icon" aria-label="Close" onClick={close}>
                <Glyph d={GLYPHS.close} />
              </Button>
            )}
          </div>
          <PurchaseTabs tabs={tabs} tab={tab} onTabChange={onTabChange} />
          <div role="tabpanel" id={`purchase-panel-${tab}`} aria-labelledby={`purchase-tab-${tab}`} css={{ padding: 20, overflowY: 'auto', flex: 1 }}>
            {error ? (
              <div role="alert" css={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 12, margin: '0 0 16px' }}>
                <p css={{ margin: 0 }}>{USER_TEXTS.NETWORK}</p>
                <Button variant="secondary" disabled={retrying} onClick={retry}>
                  {retrying ? 'Retrying…' : 'Retry'}
                </Button>
              </div>
            ) : !isBuyInit ? (
              <p role="status" css={{ margin: '0 0 16px', color: theme.textMuted }}>
                Loading plans…
              </p>
            ) : null}
            <BuyPanel
              tab={tab}
              skus={skus}
              isBuyInit={isBuyInit}
              upgrade={upgrade}
              campaign={campaign}
              zeroAutoChecked={zeroBuyChecked}
              freeDailyTasks={freeDailyTasks}
              opening={opening}
              request={request}
              onBuy={buy}
            />
          </div>
          <ul
            aria-label="Purchase notes"
            css={{ margin: 0, padding: '12px 20px', listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: '4px 16px', fontSize: 12, color: theme.textMuted, borderTop: `1px solid ${theme.border}` }}
          >
            {FOOTER_NOTES.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </div>
      </div>
    </Dialog>
  );
}
