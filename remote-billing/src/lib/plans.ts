import {
  CREDIT_VALID_YEARS,
  EFFECT_SECONDS_PER_CREDIT,
  MONEY_BACK_DAYS,
  PREMIUM_MONTHLY_CREDITS,
  SIGNUP_CREDITS,
  STANDARD_MONTHLY_CREDITS,
  TRIAL_CREDITS,
  TRIAL_DAYS,
  VIDEO_CREDITS_PER_SECOND,
  type PlanTier,
} from 'shared-contracts';


export const TIERS: readonly { tier: PlanTier; name: string; summary: string }[] = [
  { tier: 'BASIC', name: 'Basic', summary: 'Try the product with sign-up credits.' },
  { tier: 'STANDARD', name: 'Standard', summary: 'For regular creators.' },
  { tier: 'PREMIUM', name: 'Premium', summary: 'For heavy use, faster.' },
];

/** a cell: true (included), false (not included) or a text */
export type Cell = boolean | string;

export interface FeatureRow {
  feature: string;
  values: Record<PlanTier, Cell>;
}

/** The plan tiers of spec sections 3 and 6, row by row. */
export const FEATURE_ROWS: readonly FeatureRow[] = [
  {
    feature: 'Credits',
    values: { BASIC: `${SIGNUP_CREDITS} sign-up credits`, STANDARD: `${STANDARD_MONTHLY_CREDITS} a month`, PREMIUM: `${PREMIUM_MONTHLY_CREDITS} a month` },
  },
  { feature: 'AI videos a month', values: { BASIC: false, STANDARD: 'Up to 10', PREMIUM: 'Up to 50' } },
  { feature: 'Images a month', values: { BASIC: false, STANDARD: '100', PREMIUM: 'Unlimited' } },
  { feature: 'Text to music tracks a month', values: { BASIC: false, STANDARD: '100', PREMIUM: 'Unlimited' } },
  { feature: 'Watermark-free downloads', values: { BASIC: false, STANDARD: true, PREMIUM: true } },
  { feature: 'Ultra HD video and images', values: { BASIC: false, STANDARD: true, PREMIUM: true } },
  { feature: 'Frame interpolation', values: { BASIC: false, STANDARD: true, PREMIUM: true } },
  { feature: 'Videos generated at once', values: { BASIC: false, STANDARD: '3', PREMIUM: '5' } },
  { feature: 'Unlimited effects', values: { BASIC: false, STANDARD: true, PREMIUM: true } },
  { feature: 'Faster generations', values: { BASIC: false, STANDARD: false, PREMIUM: true } },
];

export const STANDARD_EXTRAS = 'Standard also includes 15 minutes of video translation, 10 minutes of noise reduction and 10 minutes of vocal removal a month.';

export const CREDIT_FACTS: readonly string[] = [
  `${VIDEO_CREDITS_PER_SECOND} credits make about 1 second of AI video; 1 credit covers ${EFFECT_SECONDS_PER_CREDIT} seconds of effects.`,
  `Credits are valid for ${CREDIT_VALID_YEARS} years. Credits expiring first are used first; used credits are non-refundable.`,
  `A ${TRIAL_DAYS}-day free trial with ${TRIAL_CREDITS} credits renews automatically until canceled.`,
  `${MONEY_BACK_DAYS}-day money-back guarantee.`,
];

/** What a tier gives, line by line, from the rows above (the purchase dialog's benefits aside). */
export function benefitsOf(tier: PlanTier): string[] {
  return FEATURE_ROWS.flatMap((row) => {
    const value = row.values[tier];
    if (value === false) return [];
    return [value === true ? row.feature : `${row.feature}: ${value}`];
  });
}
