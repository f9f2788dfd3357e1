/**
 * What a buy click will charge and when, in words, beside the buy button (and its accessible description):
 * a pack once, a plan now and every period until cancelled, a trial free for 3 days and what follows, an
 * upgrade's credit for the unused part of the running plan, a plan that waits for the running one to end.
 */
import { CREDIT_VALID_YEARS, TRIAL_CREDITS, TRIAL_DAYS, type PlanQuote, type SkuItem } from 'shared-contracts';
import { theme } from '@studio/ui-kit/theme';
import { creditsOf, sortOf } from '../utils/pricing';

const EVERY = { week: 'week', month: 'month', year: 'year' } as const;
const money = (symbol: string, amount: number) => `${symbol}${amount.toFixed(2)}`;
const date = (seconds: number) => new Date(seconds * 1000).toLocaleDateString('en', { dateStyle: 'medium' });

function summaryText(sku: SkuItem, trial: boolean, quote: PlanQuote | null): string {
  const price = money(sku.currency_symbol, sku.price);
  const every = EVERY[sku.period_unit];
  if (trial) {
    return `Free for ${TRIAL_DAYS} days with ${TRIAL_CREDITS} credits, then ${price} a ${every} until you cancel. Cancel before day ${TRIAL_DAYS + 1} and nothing is charged; the trial's credits end with the trial.`;
  }
  switch (sortOf(sku)) {
    case 'pack':
      return `One-time payment of ${price}. The credits are valid for ${CREDIT_VALID_YEARS} years.`;
    case 'credit-plan':
      return `${price} today, then ${price} every ${every} with ${creditsOf(sku)} credits until you cancel.`;
    default:
      break;
  }
  if (quote?.refused) return quote.refused;
  if (quote?.change === 'upgrade') {
    const credit = quote.credit > 0 ? ` ${money(sku.currency_symbol, quote.credit)} is credited for the unused part of your ${quote.replaces.join(' and ')}, which ends now.` : ` Your ${quote.replaces.join(' and ')} ends now.`;
    return `Upgrade at once:${credit} Due today: ${money(sku.currency_symbol, quote.due_today)}, then ${price} every ${every} until you cancel.`;
  }
  if (quote?.change === 'queued') {
    return `Starts on ${date(quote.starts_at)}, when your ${quote.replaces.join(' and ')} ends (it will not renew). ${price} is charged today, then every ${every} until you cancel.`;
  }
  return `${price} today, then every ${every} until you cancel.`;
}

export function PurchaseSummary({ id, sku, trial, quote }: { id: string; sku: SkuItem | null; trial: boolean; quote: PlanQuote | null }) {
  if (!sku) return null;
  return (
    <p id={id} data-testid="purchase-summary" aria-live="polite" css={{ margin: 0, fontSize: 14, color: quote?.refused ? theme.text : theme.textMuted, fontWeight: quote?.refused ? 600 : 400 }}>
      {summaryText(sku, trial, quote)}
    </p>
  );
}
