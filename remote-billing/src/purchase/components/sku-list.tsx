import { useId } from 'react';
import type { SkuItem } from 'shared-contracts';
import { focusRing, theme } from '@studio/ui-kit/theme';
import { creditsOf, discountPercent, displayPrice } from '../utils/pricing';
import { promoColors } from '../../lib/promo-colors';

/** One list of skus to choose from (a radio group): name, credits, price (yearly per month) and the discount. */
export function SkuList({ title, skus, selected, onSelect }: { title: string; skus: SkuItem[]; selected: number | null; onSelect(sku: SkuItem): void }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} css={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <h3 id={titleId} css={{ margin: 0, fontSize: 14, color: theme.textMuted, fontWeight: 600 }}>
        {title}
      </h3>
      <div role="radiogroup" aria-labelledby={titleId} css={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: 8 }}>
        {skus.map((sku) => {
          const price = displayPrice(sku);
          const discount = discountPercent(sku);
          const checked = sku.sku_id === selected;
          const credits = creditsOf(sku);
          const name = sku.kind === 'membership' ? sku.sub_tpl_name : `${credits} Credits`;
          const per = sku.kind === 'membership' || sku.period_unit === 'year' ? price.per : '';
          return (
            <button
              key={sku.sku_id}
              type="button"
              role="radio"
              aria-checked={checked}
              data-sku={sku.sku_id}
              aria-label={`${name}, ${price.amount}${per}${discount ? `, ${discount}% off` : ''}`}
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
                  {sku.period_unit === 'week' ? `${credits} credits a week` : `${sku.extInfo.monthly_credits} credits a month`}
                </span>
              ) : null}
              <span>
                <strong css={{ fontSize: 20 }}>{price.amount}</strong>
                <span css={{ fontSize: 12, color: theme.textMuted }}>{per}</span>
              </span>
              {sku.period_unit === 'year' ? (
                <span css={{ fontSize: 12, color: theme.textMuted }}>
                  {sku.currency_symbol}
                  {sku.price.toFixed(2)} billed {sku.kind === 'membership' ? 'yearly' : 'once'}
                </span>
              ) : null}
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
