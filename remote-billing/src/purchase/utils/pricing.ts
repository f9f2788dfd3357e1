/**
 * The pricing rules of spec sections 4, 5 and 9 as pure functions: discount percent, the yearly price per
 * month, when the trial checkbox shows, which skus each platform and user type sees, the default sku, and
 * the shop URL a buy click opens.
 */
import { CHECKOUT_SOURCE_DIALOG, CREDIT_FEATURE_CODE, HIGHEST_DISCOUNT_SKU, type SkuItem } from 'shared-contracts';

/** (reference - price) / reference, rounded; reference is original_price, or recommend_price when original equals price. */
export function discountPercent(sku: Pick<SkuItem, 'price' | 'original_price' | 'recommend_price'>): number | null {
  if (!(sku.price > 0)) return null;
  const reference = sku.original_price === sku.price ? sku.recommend_price : sku.original_price;
  if (!(reference > sku.price)) return null;
  return Math.round(((reference - sku.price) / reference) * 100);
}

/** A yearly plan is shown per month: price / 12 with two decimals. */
export function displayPrice(sku: Pick<SkuItem, 'price' | 'period_unit' | 'currency_symbol'>): { amount: string; per: string } {
  if (sku.period_unit === 'year') return { amount: `${sku.currency_symbol}${(sku.price / 12).toFixed(2)}`, per: '/mo' };
  return { amount: `${sku.currency_symbol}${sku.price.toFixed(2)}`, per: sku.period_unit === 'week' ? '/wk' : '/mo' };
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
  if (who.isPhone) {
    return [
      { title: 'Weekly', skus: pick(skus, 'week', PHONE_CREDITS.week, kinds) },
      { title: 'Monthly', skus: pick(skus, 'month', who.credits10 ? PHONE_CREDITS.month.credits10 : PHONE_CREDITS.month.normal, kinds) },
      { title: 'Yearly', skus: pick(skus, 'year', PHONE_CREDITS.year, kinds) },
    ].filter((list) => list.skus.length > 0);
  }
  const yearly = who.credits10
    ? [...DESKTOP_CREDITS.year.credits10, ...(who.campaign ? DESKTOP_CREDITS.year.campaignExtra : [])]
    : DESKTOP_CREDITS.year.normal;
  return [
    { title: 'Monthly subscription', skus: pick(skus, 'month', who.credits10 ? DESKTOP_CREDITS.month.credits10 : DESKTOP_CREDITS.month.normal, kinds) },
    { title: 'Pay as you go', skus: pick(skus, 'year', yearly, kinds) },
  ].filter((list) => list.skus.length > 0);
}

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
