/**
 * The plan tiers and the sku catalogue of spec sections 3 and 9: memberships (Standard, Premium; weekly,
 * monthly, yearly), the credit packs of each list, the India variant of the highest-discount sku.
 */
import {
  HIGHEST_DISCOUNT_SKU,
  PREMIUM_MONTHLY_CREDITS,
  STANDARD_MONTHLY_CREDITS,
  type PeriodUnit,
  type PlanTier,
} from 'shared-contracts';

interface TierRow {
  tier: PlanTier;
  level: 'free' | 'standard' | 'premium';
  watermark_free: boolean;
  ultra_hd: boolean;
  frame_interpolation: boolean;
  faster_generations: boolean;
  videos_at_once: number;
  unlimited_effects: boolean;
  monthly_credits: number;
  feature_codes: string[];
}

export const PLAN_TIERS: TierRow[] = [
  {
    tier: 'BASIC',
    level: 'free',
    watermark_free: false,
    ultra_hd: false,
    frame_interpolation: false,
    faster_generations: false,
    videos_at_once: 1,
    unlimited_effects: false,
    monthly_credits: 0,
    feature_codes: [],
  },
  {
    tier: 'STANDARD',
    level: 'standard',
    watermark_free: true,
    ultra_hd: true,
    frame_interpolation: true,
    faster_generations: false,
    videos_at_once: 3,
    unlimited_effects: true,
    monthly_credits: STANDARD_MONTHLY_CREDITS,
    feature_codes: ['watermark_free', 'ultra_hd', 'frame_interpolation', 'videos_at_once_3', 'unlimited_effects'],
  },
  {
    tier: 'PREMIUM',
    level: 'premium',
    watermark_free: true,
    ultra_hd: true,
    frame_interpolation: true,
    faster_generations: true,
    videos_at_once: 5,
    unlimited_effects: true,
    monthly_credits: PREMIUM_MONTHLY_CREDITS,
    feature_codes: [
      'watermark_free',
      'ultra_hd',
      'frame_interpolation',
      'faster_generations',
      'videos_at_once_5',
      'unlimited_effects',
    ],
  },
];

/** A sku as the catalogue seeds it; the sku-info query reads it back joined with its plan features. */
export interface SkuRow {
  sku_id: number;
  kind: 'membership' | 'credits' | 'credits10';
  tier: PlanTier;
  sub_tpl_id: number;
  sub_tpl_name: string;
  plan: string;
  period_unit: PeriodUnit;
  period_val: number;
  is_subscription: boolean;
  credits: number;
  price: number;
  original_price: number;
  recommend_price: number;
  show_rec_price: boolean;
  zero_buy: boolean;
  sort: number;
}

const PERIOD_NAME: Record<PeriodUnit, string> = { week: 'Weekly', month: 'Monthly', year: 'Yearly' };

/** A weekly membership grants a quarter of the monthly credits each week. */
export const WEEKLY_CREDITS = { STANDARD: STANDARD_MONTHLY_CREDITS / 4, PREMIUM: PREMIUM_MONTHLY_CREDITS / 4 } as const;

/** The credits a membership sku carries over its whole period (its MI-Credits-2024 value). */
function membershipCredits(tier: 'STANDARD' | 'PREMIUM', unit: PeriodUnit): number {
  const monthly = tier === 'STANDARD' ? STANDARD_MONTHLY_CREDITS : PREMIUM_MONTHLY_CREDITS;
  return unit === 'week' ? WEEKLY_CREDITS[tier] : unit === 'month' ? monthly : monthly * 12;
}

const membership = (
  sku_id: number,
  tier: 'STANDARD' | 'PREMIUM',
  period_unit: PeriodUnit,
  price: number,
  original_price: number,
  sort: number,
  zero_buy = false,
): SkuRow => {
  const name = tier === 'STANDARD' ? 'Standard' : 'Premium';
  return {
    sku_id,
    kind: 'membership',
    tier,
    sub_tpl_id: tier === 'STANDARD' ? 1 : 2,
    sub_tpl_name: `${name} ${PERIOD_NAME[period_unit]}`,
    plan: name,
    period_unit,
    period_val: 1,
    is_subscription: true,
    credits: membershipCredits(tier, period_unit),
    price,
    original_price,
    recommend_price: price,
    show_rec_price: false,
    zero_buy,
    sort,
  };
};

/** Credit prices by amount and period; yearly packs are one-off purchases, weekly and monthly renew. */
const CREDIT_PRICES: Record<PeriodUnit, Record<number, [number, number]>> = {
  week: { 25: [2.99, 2.99], 50: [4.99, 5.98] },
  month: {
    10: [1.99, 1.99],
    25: [3.99, 4.98],
    50: [5.99, 9.95],
    100: [9.99, 19.9],
    200: [18.99, 39.8],
    300: [26.99, 59.7],
    500: [39.99, 99.5],
  },
  year: {
    10: [2.49, 2.49],
    50: [9.99, 12.45],
    100: [14.99, 24.9],
    200: [27.99, 49.8],
    500: [59.99, 124.5],
    1000: [99.99, 249],
    2000: [179.99, 498],
  },
};

function creditSkus(kind: 'credits' | 'credits10', base: number, lists: Record<PeriodUnit, number[]>): SkuRow[] {
  const rows: SkuRow[] = [];
  let n = 0;
  for (const unit of ['week', 'month', 'year'] as PeriodUnit[]) {
    for (const credits of lists[unit]) {
      const [price, original] = CREDIT_PRICES[unit][credits];
      n += 1;
      rows.push({
        sku_id: base + n,
        kind,
        tier: 'BASIC',
        sub_tpl_id: unit === 'year' ? 5 : unit === 'month' ? 4 : 3,
        sub_tpl_name: `${credits} Credits${unit === 'year' ? '' : unit === 'month' ? ' Monthly' : ' Weekly'}`,
        plan: 'Credits',
        period_unit: unit,
        period_val: 1,
        is_subscription: unit !== 'year',
        credits,
        price,
        original_price: original,
        recommend_price: price,
        show_rec_price: false,
        zero_buy: false,
        sort: n,
      });
    }
  }
  return rows;
}

/**
 * Memberships: Standard and Premium, weekly, monthly and yearly. Spec section 9: monthly subscription credits 100, 200, 300, 500 (10, 25, 50, 100, 200, 300, 500 for
 * credits-10 users, the union of the desktop and phone lists); weekly 25 and 50 (phone); yearly one-off
 * packs 100, 200, 500, 1000, 2000 (10, 50, 100, 200, 500 plus 1000 and 2000 for credits-10 users).
 */
export const SKUS: SkuRow[] = [
  membership(24109011, 'STANDARD', 'week', 4.99, 5.99, 5),
  // the 3-day free trial (zero_buy) renews into Standard Monthly unless cancelled
  membership(24109013, 'STANDARD', 'month', 14.99, 19.99, 1, true),
  membership(24109014, 'STANDARD', 'year', 119.88, 179.88, 2),
  membership(24109012, 'PREMIUM', 'week', 11.99, 14.99, 6),
  membership(24109015, 'PREMIUM', 'month', 39.99, 49.99, 3),
  membership(HIGHEST_DISCOUNT_SKU.default, 'PREMIUM', 'year', 299.88, 599.88, 4),
  // shown instead of 24109016 to visitors from India (spec section 9)
  { ...membership(HIGHEST_DISCOUNT_SKU.india, 'PREMIUM', 'year', 149.88, 599.88, 4), sub_tpl_name: 'Premium Yearly (India)' },
  ...creditSkus('credits', 24110000, { week: [25, 50], month: [100, 200, 300, 500], year: [100, 200, 500, 1000, 2000] }),
  ...creditSkus('credits10', 24111000, {
    week: [25, 50],
    month: [10, 25, 50, 100, 200, 300, 500],
    year: [10, 50, 100, 200, 500, 1000, 2000],
  }),
];

