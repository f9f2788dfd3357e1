import type { SkuItem } from 'shared-contracts';
import { campaignPack, creditLists, defaultSku, discountPercent, membershipList, priceText, renews, shopUrl, showTrialCheckbox } from './pricing';

const sku = (over: Partial<SkuItem>): SkuItem => ({
  sku_id: 1, sub_tpl_id: 1, sub_tpl_name: 'x', plan: 'x', period_unit: 'month', period_val: 1, price: 10, original_price: 20, recommend_price: 10,
  show_rec_price: false, currency: 'USD', currency_symbol: '$', buy_url: '/v1/buy/checkout', zero_buy: false, zero_buy_url: '',
  retention_promotion: false, retention_promotion_buy_url: '', feature_code_list: [{ feature_code: 'MI-Credits-2024', sale_unit_value: 100 }],
  isSubscription: false, buyZeroChecked: false, kind: 'credits',
  extInfo: { tier: 'BASIC', watermark_free: false, ultra_hd: false, frame_interpolation: false, faster_generations: false, videos_at_once: 1, unlimited_effects: false, monthly_credits: 0 },
  ...over,
});

describe('pricing rules', () => {
  it('discount: against original_price, or recommend_price when original equals price; none without a price', () => {
    expect(discountPercent({ price: 14.99, original_price: 19.99, recommend_price: 14.99 })).toBe(25);
    expect(discountPercent({ price: 10, original_price: 10, recommend_price: 15 })).toBe(33);
    expect(discountPercent({ price: 0, original_price: 10, recommend_price: 10 })).toBeNull();
    expect(discountPercent({ price: 10, original_price: 10, recommend_price: 10 })).toBeNull();
  });

  it('a yearly membership is shown per month with what is billed yearly; a pack once; a plan per period, renewing', () => {
    expect(priceText(sku({ price: 299.88, period_unit: 'year', kind: 'membership' }))).toEqual({
      amount: '$24.99',
      per: '/mo',
      billing: '$299.88 billed yearly, renews until cancelled',
      spoken: '$24.99 per month, $299.88 billed yearly, renews every year until cancelled',
    });
    // a one-off pack (a yearly credit sku) is one payment: no per-month figure
    expect(priceText(sku({ price: 14.99, period_unit: 'year', kind: 'credits' }))).toEqual({ amount: '$14.99', per: '', billing: 'One-time payment', spoken: '$14.99, one-time payment' });
    expect(priceText(sku({ price: 9.99, period_unit: 'month', kind: 'credits' }))).toMatchObject({ amount: '$9.99', per: '/mo', spoken: '$9.99 per month, renews every month until cancelled' });
    expect(priceText(sku({ price: 2.99, period_unit: 'week', kind: 'credits10' }))).toMatchObject({ per: '/wk', billing: 'Billed weekly, renews until cancelled' });
    expect([renews(sku({ period_unit: 'year' })), renews(sku({ period_unit: 'month' })), renews(sku({ period_unit: 'year', kind: 'membership' }))]).toEqual([false, true, true]);
  });

  it("the campaign's packs are the one-time 1000 and 2000 credit packs", () => {
    const pack = (n: number, period_unit: SkuItem['period_unit'] = 'year') => sku({ period_unit, feature_code_list: [{ feature_code: 'MI-Credits-2024', sale_unit_value: n }] });
    expect([campaignPack(pack(1000)), campaignPack(pack(2000)), campaignPack(pack(500)), campaignPack(pack(1000, 'month'))]).toEqual([true, true, false, false]);
  });

  it('the trial checkbox needs zero_buy and a zero_buy_url, and for memberships a user who is not subscribed', () => {
    expect(showTrialCheckbox(sku({ zero_buy: true, zero_buy_url: '/z', kind: 'membership' }), false)).toBe(true);
    expect(showTrialCheckbox(sku({ zero_buy: true, zero_buy_url: '/z', kind: 'membership' }), true)).toBe(false);
    expect(showTrialCheckbox(sku({ zero_buy: true, zero_buy_url: '', kind: 'membership' }), false)).toBe(false);
  });

  it('credit lists per platform and user type', () => {
    const all = [10, 25, 50, 100, 200, 300, 500, 1000, 2000].flatMap((n, i) =>
      (['week', 'month', 'year'] as const).flatMap((unit, j) => [
        sku({ sku_id: 1000 + i * 10 + j, period_unit: unit, kind: 'credits', feature_code_list: [{ feature_code: 'MI-Credits-2024', sale_unit_value: n }] }),
        sku({ sku_id: 2000 + i * 10 + j, period_unit: unit, kind: 'credits10', feature_code_list: [{ feature_code: 'MI-Credits-2024', sale_unit_value: n }] }),
      ]),
    );
    const amounts = (lists: { skus: SkuItem[] }[]) => lists.map((l) => l.skus.map((s) => s.feature_code_list[0].sale_unit_value));
    const base = { isPhone: false, credits10: false, campaign: false, upgrade: false, country: 'US' };
    // one-time packs first (paid once: the default choice), then what renews, titled so
    expect(creditLists(all, base).map((list) => list.title)).toEqual(['One-time credit packs', 'Monthly credit plans']);
    expect(amounts(creditLists(all, base))).toEqual([[100, 200, 500, 1000, 2000], [100, 200, 300, 500]]);
    expect(amounts(creditLists(all, { ...base, credits10: true }))).toEqual([[10, 50, 100, 200, 500], [10, 50, 100, 200, 300, 500]]);
    expect(amounts(creditLists(all, { ...base, credits10: true, campaign: true }))[0]).toEqual([10, 50, 100, 200, 500, 1000, 2000]);
    // phones: the yearly 1000 and 2000 are one-time packs, not "Yearly"
    expect(creditLists(all, { ...base, isPhone: true }).map((list) => list.title)).toEqual(['One-time credit packs', 'Weekly credit plans', 'Monthly credit plans']);
    expect(amounts(creditLists(all, { ...base, isPhone: true }))).toEqual([[1000, 2000], [25, 50], [100, 200, 300, 500]]);
    expect(amounts(creditLists(all, { ...base, isPhone: true, credits10: true }))[2]).toEqual([10, 25, 50, 100, 200, 500]);
  });

  it('memberships: premium by price descending, standard in upgrade mode, India its own highest-discount sku', () => {
    const ext = (tier: 'STANDARD' | 'PREMIUM') => ({ ...sku({}).extInfo, tier });
    const list = [
      sku({ sku_id: 24109015, kind: 'membership', price: 39.99, extInfo: ext('PREMIUM') }),
      sku({ sku_id: 24109016, kind: 'membership', price: 299.88, period_unit: 'year', extInfo: ext('PREMIUM') }),
      sku({ sku_id: 24149003, kind: 'membership', price: 149.88, period_unit: 'year', extInfo: ext('PREMIUM') }),
      sku({ sku_id: 24109013, kind: 'membership', price: 14.99, extInfo: ext('STANDARD') }),
    ];
    expect(membershipList(list, { upgrade: false, country: 'US' }).map((s) => s.sku_id)).toEqual([24109016, 24109015]);
    expect(membershipList(list, { upgrade: false, country: 'IN' }).map((s) => s.sku_id)).toEqual([24149003, 24109015]);
    expect(membershipList(list, { upgrade: true, country: 'US' }).map((s) => s.sku_id)).toEqual([24109013]);
    expect(defaultSku(membershipList(list, { upgrade: false, country: 'US' }))?.sku_id).toBe(24109016);
  });

  it('the shop URL carries cartItem, source and sid, and the zero-buy URL when the trial is checked', () => {
    const trial = sku({ sku_id: 24109013, zero_buy: true, zero_buy_url: '/v1/buy/checkout?zero_buy=1' });
    const url = new URL(shopUrl(trial, true, 'abc123', 'http://app.test'));
    expect(url.pathname).toBe('/v1/buy/checkout');
    expect(Object.fromEntries(url.searchParams)).toEqual({ zero_buy: '1', cartItem: '24109013', source: 'dialog', sid: 'abc123' });
    expect(new URL(shopUrl(trial, false, 's', 'http://app.test')).searchParams.get('zero_buy')).toBeNull();
    expect(shopUrl(sku({ buy_url: '' }), false, 's', 'http://app.test')).toBe('');
  });
});
