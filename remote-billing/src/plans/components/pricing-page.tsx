import { useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { CHECKOUT_SOURCE_PRICING, TRIAL_CREDITS, TRIAL_DAYS, USER_TEXTS, freeDailyCapText, useShell, type PeriodUnit, type SkuItem } from 'shared-contracts';
import { Button } from '@studio/ui-kit/button';
import { useFirstScreenData, useFirstScreenTakeover } from '@studio/ui-kit/first-screen';
import { PageFrame } from '@studio/ui-kit/page-frame';
import { Tabs } from '@studio/ui-kit/tabs';
import { focusRing, theme } from '@studio/ui-kit/theme';
import { promoColors } from '../../lib/promo-colors';
import { SKU_INFO_PATH, useSkus, type SkuInfo } from '../../lib/use-skus';
import { usePurchase } from '../../purchase/hooks/use-purchase';
import { allMemberships, discountPercent, priceText, showTrialCheckbox } from '../../purchase/utils/pricing';
import { CREDIT_FACTS, STANDARD_EXTRAS } from '../../lib/plans';
import { PlanTable } from './plan-table';

const PERIODS: { unit: PeriodUnit; label: string }[] = [
  { unit: 'week', label: 'Weekly' },
  { unit: 'month', label: 'Monthly' },
  { unit: 'year', label: 'Yearly' },
];

function PlanCard({ sku, onBuy, disabled, isSubscribed }: { sku: SkuItem; onBuy(sku: SkuItem, zero: boolean): void; disabled: boolean; isSubscribed: boolean }) {
  const [zero, setZero] = useState(false);
  const price = priceText(sku);
  const discount = discountPercent(sku);
  const trial = showTrialCheckbox(sku, isSubscribed);
  const credits = sku.feature_code_list[0]?.sale_unit_value ?? 0;
  return (
    <article aria-label={sku.sub_tpl_name} data-sku={sku.sku_id} css={{ flex: '1 1 260px', display: 'flex', flexDirection: 'column', gap: 8, padding: 20, borderRadius: theme.radius, border: `1px solid ${theme.border}`, background: theme.surface }}>
      <h2 css={{ margin: 0, fontSize: 20 }}>{sku.plan}</h2>
      {/* one name for the figure, its period and its renewal (a screen reader would hear "$9.99 /mo" apart) */}
      <p role="group" aria-label={`${price.spoken}${discount ? `, ${discount}% off` : ''}`} css={{ margin: 0 }}>
        <strong aria-hidden="true" css={{ fontSize: 28 }}>{price.amount}</strong>
        <span aria-hidden="true" css={{ color: theme.textMuted }}>{price.per}</span>
        {discount ? <span aria-hidden="true" css={{ marginLeft: 8, padding: '2px 8px', borderRadius: 999, background: promoColors.sale, color: promoColors.onPromo, fontSize: 12, fontWeight: 700 }}>{discount}% OFF</span> : null}
      </p>
      <p css={{ margin: 0, fontSize: 13, color: theme.textMuted }}>{price.billing}</p>
      <p css={{ margin: 0, fontSize: 14, color: theme.textMuted }}>
        {sku.period_unit === 'week' ? `${credits} credits a week` : `${sku.extInfo.monthly_credits} credits a month`}, {sku.extInfo.videos_at_once} videos at once
        {sku.extInfo.faster_generations ? ', faster generations' : ''}
      </p>
      {trial ? (
        <label css={{ display: 'flex', gap: 8, alignItems: 'center', fontSize: 14 }}>
          <input type="checkbox" checked={zero} onChange={(event) => setZero(event.target.checked)} css={focusRing} />
          Start with a 3-day free trial (100 credits)
        </label>
      ) : null}
      {trial && zero ? (
        <p css={{ margin: 0, fontSize: 13, color: theme.textMuted }}>
          Free for {TRIAL_DAYS} days, then {sku.currency_symbol}
          {sku.price.toFixed(2)} a {sku.period_unit} until you cancel. Cancel before day {TRIAL_DAYS + 1} and nothing is charged; the trial&apos;s {TRIAL_CREDITS} credits end with it.
        </p>
      ) : null}
      <Button variant="primary" disabled={disabled} onClick={() => onBuy(sku, trial && zero)} css={{ marginTop: 'auto', minHeight: 44 }}>
        {trial && zero ? 'Start 3-day free trial' : `Subscribe to ${sku.plan}`}
      </Button>
    </article>
  );
}

/**
 * Pricing (/pricing): the same plans as the purchase dialog, from the same sku-info, with working buttons. A
 * visitor's first HTML has this page's copy (first-screen/server.tsx) with the plans the gateway asked for: the page
 * starts from that answer and replaces the copy in the same frame.
 */
export function PricingPage() {
  useFirstScreenTakeover();
  const shell = useShell();
  const session = useSnapshot(shell.session.state);
  const { skus, isBuyInit, error, retry, retrying, freeDailyTasks } = useSkus(useFirstScreenData<SkuInfo>(SKU_INFO_PATH));
  const [unit, setUnit] = useState<PeriodUnit>('month');
  const { buy, opening } = usePurchase(CHECKOUT_SOURCE_PRICING);
  const plans = useMemo(() => allMemberships(skus, session.user?.country ?? '').filter((sku) => sku.period_unit === unit), [skus, unit, session.user?.country]);
  return (
    <PageFrame title="Pricing" subtitle="Create with credits or a membership: Basic, Standard and Premium.">
      <Tabs
        label="Billing period"
        tabs={PERIODS.map((period) => ({ value: period.unit, label: period.label }))}
        value={unit}
        onChange={(next) => setUnit(next)}
        listCss={{ display: 'flex', gap: 4 }}
        tabCss={(selected) => ({ padding: '8px 16px', borderRadius: 999, border: `1px solid ${theme.border}`, background: selected ? theme.surfaceRaised : 'transparent', color: theme.text, fontWeight: 600 })}
      />
      {error ? (
        <div role="alert" css={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 12 }}>
          <p css={{ margin: 0 }}>{USER_TEXTS.NETWORK}</p>
          <Button variant="secondary" disabled={retrying} onClick={retry}>
            {retrying ? 'Retrying…' : 'Retry'}
          </Button>
        </div>
      ) : !isBuyInit ? (
        <p role="status" css={{ margin: 0, color: theme.textMuted }}>
          Loading plans…
        </p>
      ) : null}
      {session.flags.isPremium ? <p role="note" css={{ margin: 0, fontSize: 14, color: theme.textMuted }}>{USER_TEXTS.PREMIUM_NEW_SUB}</p> : null}
      {/* the rest comes with the plans, in one frame: shown before them, it was pushed down by 500 px on a
          phone as they arrived (issue 25's layout shift); content that appears below moves nothing */}
      {isBuyInit || error ? (
        <>
          <div role="tabpanel" aria-label={`${PERIODS.find((p) => p.unit === unit)?.label} plans`} css={{ display: 'flex', flexWrap: 'wrap', gap: 16 }}>
            {plans.map((sku) => (
              <PlanCard
                key={sku.sku_id}
                sku={sku}
                isSubscribed={session.flags.isSubscribed}
                disabled={!isBuyInit || opening || (session.flags.isPremium && sku.extInfo.tier === 'STANDARD')}
                onBuy={(chosen, zero) => buy(chosen, zero, 'membership')}
              />
            ))}
          </div>
          <div css={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
            <p css={{ margin: 0 }}>
              <Button variant="secondary" disabled={!isBuyInit} onClick={() => shell.bus.emit('billing:open', { tab: 'credits', reason: 'pricing' })}>
                Buy credit packs
              </Button>
            </p>
            {freeDailyTasks !== null && !session.flags.isSubscribed ? (
              <p data-testid="free-daily-cap" css={{ margin: 0, fontSize: 14, color: theme.textMuted }}>
                {freeDailyCapText(freeDailyTasks)}
              </p>
            ) : null}
          </div>
          <PlanTable />
          <p css={{ margin: 0, fontSize: 14, color: theme.textMuted }}>{STANDARD_EXTRAS}</p>
          <ul css={{ margin: 0, paddingLeft: 20, fontSize: 14, color: theme.textMuted, display: 'flex', flexDirection: 'column', gap: 4 }}>
            {CREDIT_FACTS.map((fact) => (
              <li key={fact}>{fact}</li>
            ))}
          </ul>
        </>
      ) : null}
    </PageFrame>
  );
}
