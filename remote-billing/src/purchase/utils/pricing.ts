/**
 * The pricing rules of spec sections 4, 5 and 9 as pure functions: discount percent, the price as it is
 * charged (a yearly membership per month, a pack once, a plan per period), when the trial checkbox shows,
 * which skus each platform and user type sees, the default sku, and the shop URL a buy click opens.
 */
import { CHECKOUT_SOURCE_DIALOG, CREDIT_FEATURE_CODE, HIGHEST_DISCOUNT_SKU, type SkuItem } from 'shared-contracts';

/** (reference - price) / reference, rounded; reference is original_price, or recommend_price when original equals price. */
export function discountPercent(sku: Pick<SkuItem, 'price' | 'original_price' | 'recommend_price'>): number | null {
  if (!(sku.price > 0)) return null;
  const reference = sku.original_price === sku.price ? sku.recommend_price : sku.original_price;
  if (!(reference > sku.price)) return null;
  return Math.round(((reference - sku.price) / reference) * 100);
}

/**
 * What a sku is to its buyer: a one-time credit pack (the yearly credit skus: paid once, never renewed), a
 * credit plan (weekly or monthly credits that renew), or a membership (renews).
 */
export type SkuSort = 'pack' | 'credit-plan' | 'membership';
export function sortOf(sku: Pick<SkuItem, 'kind' | 'period_unit'>): SkuSort {
  if (sku.kind === 'membership') return 'membership';
  return sku.period_unit === 'year' ? 'pack' : 'credit-plan';
}

/** A sku that renews until cancelled: its button reads Subscribe. */
export const renews = (sku: Pick<SkuItem, 'kind' | 'period_unit'>) => sortOf(sku) !== 'pack';

export interface PriceText {
  /** the big figure: "$14.99", or per month for a yearly membership ("$9.99") */
  amount: string;
  /** after the figure: "/mo", "/wk", or '' for a one-time pack */
  per: string;
  /** the line under it: when and how it is charged */
  billing: string;
  /** what a screen reader hears for the price: figure, period and renewal in words */
  spoken: string;
}

const money = (symbol: string, amount: number) => `${symbol}${amount.toFixed(2)}`;
const UNIT = { week: { per: '/wk', word: 'week', ly: 'weekly' }, month: { per: '/mo', word: 'month', ly: 'monthly' }, year: { per: '/yr', word: 'year', ly: 'yearly' } } as const;

/**
 * The price as it is charged (spec section 5's per-month rule is for yearly memberships): a pack is one
 * payment; a credit plan or a membership says its period and that it renews, in text and in words.
 */
export function priceText(sku: Pick<SkuItem, 'price' | 'period_unit' | 'currency_symbol' | 'kind'>): PriceText {
  const full = money(sku.currency_symbol, sku.price);
  if (sortOf(sku) === 'pack') return { amount: full, per: '', billing: 'One-time payment', spoken: `${full}, one-time payment` };
  const unit = UNIT[sku.period_unit];
  if (sku.kind === 'membership' && sku.period_unit === 'year') {
    const monthly = money(sku.currency_symbol, sku.price / 12);
    return {
      amount: monthly,
      per: '/mo',
      billing: `${full} billed yearly, renews until cancelled`,
      spoken: `${monthly} per month, ${full} billed yearly, renews every year until cancelled`,
    };
  }
  return { amount: full, per: unit.per, billing: `Billed ${unit.ly}, renews until cancelled`, spoken: `${full} per ${unit.word}, renews every ${unit.word} until cancelled` };
}

/** The campaign's 1000 and 2000 credit packs (section 9): their percent-off badge shows in the campaign only. */
export function campaignPack(sku: Pick<SkuItem, 'kind' | 'period_unit' | 'feature_code_list'>): boolean {
  return sortOf(sku) === 'pack' && [1000, 2000].includes(creditsOf(sku));
}

export function creditsOf(sku: Pick<SkuItem, 'feature_code_list'>): number {
  return sku.feature_code_list.find((code) => code.feature_code === CREDIT_FEATURE_CODE)?.sale_unit_value ?? 0;
}

/** The trial checkbox and its tooltip: the sku has zero_buy and a zero_buy_url (memberships: only when not subscribed). */
export function showTrialCheckbox(sku: Pick<SkuItem, 'zero_buy' | 'zero_buy_url' | 'kind'>, isSubscribed: boolean): boolean {
  if (!sku.zero_buy || !sku.zero_buy_url) return false;
  return sku.kind !== 'membership' || !isSubscribed;
}

export interface Audience {
  isPhone: boolean;
  credits10: boolean;
  /** the campaign audience (section 6) */
  campaign: boolean;
  /** the membership-upgrade flag: membership shows standard instead of premium plans */
  upgrade: boolean;
  country: string;
}

const DESKTOP_CREDITS = {
  month: { normal: [100, 200, 300, 500], credits10: [10, 50, 100, 200, 300, 500] },
  year: { normal: [100, 200, 500, 1000, 2000], credits10: [10, 50, 100, 200, 500], campaignExtra: [1000, 2000] },
} as const;
const PHONE_CREDITS = {
  week: [25, 50],
  month: { normal: [100, 200, 300, 500], credits10: [10, 25, 50, 100, 200, 500] },
  year: [1000, 2000],
} as const;

function pick(skus: SkuItem[], unit: SkuItem['period_unit'], amounts: readonly number[], kinds: SkuItem['kind'][]): SkuItem[] {
  const out: SkuItem[] = [];
  for (const amount of amounts) {
    const found = kinds
      .map((kind) => skus.find((sku) => sku.kind === kind && sku.period_unit === unit && creditsOf(sku) === amount))
      .find(Boolean);
    if (found) out.push(found);
  }
  return out;
}

/** The credit lists of section 9 for this platform and user type. */
export function creditLists(skus: SkuItem[], who: Audience): { title: string; skus: SkuItem[] }[] {
  const kinds: SkuItem['kind'][] = who.credits10 ? ['credits10', 'credits'] : ['credits', 'credits10'];
  // one-time packs come first (the default choice is something paid once); what renews says so in its title
  if (who.isPhone) {
    return [
      { title: PACKS_TITLE, skus: pick(skus, 'year', PHONE_CREDITS.year, kinds) },
      { title: 'Weekly credit plans', skus: pick(skus, 'week', PHONE_CREDITS.week, kinds) },
      { title: 'Monthly credit plans', skus: pick(skus, 'month', who.credits10 ? PHONE_CREDITS.month.credits10 : PHONE_CREDITS.month.normal, kinds) },
    ].filter((list) => list.skus.length > 0);
  }
  const yearly = who.credits10
    ? [...DESKTOP_CREDITS.year.credits10, ...(who.campaign ? DESKTOP_CREDITS.year.campaignExtra : [])]
    : DESKTOP_CREDITS.year.normal;
  return [
    { title: PACKS_TITLE, skus: pick(skus, 'year', yearly, kinds) },
    { title: 'Monthly credit plans', skus: pick(skus, 'month', who.credits10 ? DESKTOP_CREDITS.month.credits10 : DESKTOP_CREDITS.month.normal, kinds) },
  ].filter((list) => list.skus.length > 0);
}

const PACKS_TITLE = 'One-time credit packs';

/**
 * Membership plans: premium (or standard in upgrade mode), sorted by price descending; India sees its
 * own highest-discount sku 24149003 instead of 24109016, everyone else the other way round.
 */
export function membershipList(skus: SkuItem[], who: Pick<Audience, 'upgrade' | 'country'>): SkuItem[] {
  const tier = who.upgrade ? 'STANDARD' : 'PREMIUM';
  const hidden = who.country.toUpperCase() === 'IN' ? HIGHEST_DISCOUNT_SKU.default : HIGHEST_DISCOUNT_SKU.india;
  return skus
    .filter((sku) => sku.kind === 'membership' && sku.extInfo.tier === tier && sku.sku_id !== hidden)
    .sort((a, b) => b.price - a.price);
}

/** Both tiers for the Pricing page and the phone table: premium first, each by price descending. */
export function allMemberships(skus: SkuItem[], country: string): SkuItem[] {
  return [...membershipList(skus, { upgrade: false, country }), ...membershipList(skus, { upgrade: true, country })];
}

/** The default selection: the highest-discount sku when listed, else the first. */
export function defaultSku(list: SkuItem[]): SkuItem | null {
  if (list.length === 0) return null;
  return list.find((sku) => sku.sku_id === HIGHEST_DISCOUNT_SKU.default || sku.sku_id === HIGHEST_DISCOUNT_SKU.india) ?? list[0];
}

export function newSessionId(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The shop URL of a buy click: the zero-buy URL when the trial is checked and present, else buy_url, with
 * cartItem, the source dialog and the session id. '' when the sku has no shop URL (nothing to open).
 */
export function shopUrl(sku: SkuItem, zeroChecked: boolean, sid: string, base: string, source: string = CHECKOUT_SOURCE_DIALOG): string {
  const raw = zeroChecked && sku.zero_buy_url ? sku.zero_buy_url : sku.buy_url;
  if (!raw) return '';
  const url = new URL(raw, base);
  url.searchParams.set('cartItem', String(sku.sku_id));
  url.searchParams.set('source', source);
  url.searchParams.set('sid', sid);
  return url.toString();
}
