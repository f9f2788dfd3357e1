import { useId } from 'react';
import type { SkuItem } from 'shared-contracts';
import { rovingKeyDown } from '@studio/ui-kit/tabs';
import { focusRing, theme } from '@studio/ui-kit/theme';
import { campaignPack, creditsOf, discountPercent, priceText, sortOf } from '../utils/pricing';
import { promoColors } from '../../lib/promo-colors';

/** The name a sku goes by in a list: the membership's, or its credits (and their period for a plan). */
function skuName(sku: SkuItem): string {
  const credits = creditsOf(sku);
  switch (sortOf(sku)) {
    case 'membership':
      return sku.sub_tpl_name;
    case 'pack':
      return `${credits} Credits`;
    default:
      return `${credits} Credits ${sku.period_unit === 'week' ? 'a week' : 'a month'}`;
  }
}

/**
 * One list of skus to choose from (a radio group). Each says what is charged and when: a one-time pack
 * its price once, a plan its price per period and that it renews (a yearly membership per month, with what
 * is billed yearly); the discount badge (the campaign's 1000 and 2000 packs only in the campaign).
 */
export function SkuList({ title, skus, selected, campaign, onSelect }: { title: string; skus: SkuItem[]; selected: number | null; campaign: boolean; onSelect(sku: SkuItem): void }) {
  const titleId = useId();
  const current = skus.findIndex((sku) => sku.sku_id === selected);
  return (
    <section aria-labelledby={titleId} css={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <h3 id={titleId} css={{ margin: 0, fontSize: 14, color: theme.textMuted, fontWeight: 600 }}>
        {title}
      </h3>
      {/* a radio group is one tab stop: the arrow keys (Home, End) move the choice, as in any radio group */}
      <div role="radiogroup" aria-labelledby={titleId} onKeyDown={rovingKeyDown(skus.length, current, (index) => onSelect(skus[index]))} css={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: 8 }}>
        {skus.map((sku, index) => {
          const price = priceText(sku);
          const discount = campaignPack(sku) && !campaign ? null : discountPercent(sku);
          const checked = sku.sku_id === selected;
          const name = skuName(sku);
          return (
            <button
              key={sku.sku_id}
              type="button"
              role="radio"
              aria-checked={checked}
              tabIndex={checked || (current < 0 && index === 0) ? 0 : -1}
              data-roving-index={index}
              data-sku={sku.sku_id}
              aria-label={`${name}, ${price.spoken}${discount ? `, ${discount}% off` : ''}`}
              onClick={() => onSelect(sku)}
              css={{
                position: 'relative',
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'flex-start',
                gap: 2,
                padding: '12px 12px 10px',
                borderRadius: 12,
                border: `2px solid ${checked ? theme.link : theme.border}`,
                background: checked ? theme.surfaceRaised : theme.bg,
                color: theme.text,
                font: 'inherit',
                textAlign: 'left',
                cursor: 'pointer',
                ...focusRing,
              }}
            >
              {discount ? (
                <span css={{ position: 'absolute', top: -9, right: 8, padding: '1px 8px', borderRadius: 999, background: promoColors.sale, color: promoColors.onPromo, fontSize: 12, fontWeight: 700 }}>
                  {discount}% OFF
                </span>
              ) : null}
              <span css={{ fontWeight: 700, fontSize: 15 }}>{name}</span>
              {sku.kind === 'membership' ? (
                <span css={{ fontSize: 12, color: theme.textMuted }}>
                  {sku.period_unit === 'week' ? `${creditsOf(sku)} credits a week` : `${sku.extInfo.monthly_credits} credits a month`}
                </span>
              ) : null}
              <span>
                <strong css={{ fontSize: 20 }}>{price.amount}</strong>
                <span css={{ fontSize: 12, color: theme.textMuted }}>{price.per}</span>
              </span>
              <span css={{ fontSize: 12, color: theme.textMuted }}>{price.billing}</span>
              {discount ? (
                <s css={{ fontSize: 12, color: theme.textMuted }}>
                  {sku.currency_symbol}
                  {(sku.original_price === sku.price ? sku.recommend_price : sku.original_price).toFixed(2)}
                </s>
              ) : null}
            </button>
          );
        })}
      </div>
    </section>
  );
}
