/** GET /v1/buy/sku-info: the catalogue with real buy URLs (the checkout of this API). */
import { CREDIT_FEATURE_CODE, type SkuItem } from 'shared-contracts';
import type { Queryable } from '@studio/db';
import type { SkuRow as CatalogueSkuRow } from '../catalogue/plans.js';

/** A sku row of the sku-info query: the seeded row with its plan features; numerics may come back as text. */
type SkuQueryRow = Omit<CatalogueSkuRow, 'price' | 'original_price' | 'recommend_price' | 'sort'> & {
  price: number | string;
  original_price: number | string;
  recommend_price: number | string;
  currency: string;
  currency_symbol: string;
  buy_url: string;
  zero_buy_url: string;
  retention_promotion: boolean;
  retention_promotion_buy_url: string;
  watermark_free: boolean;
  ultra_hd: boolean;
  frame_interpolation: boolean;
  faster_generations: boolean;
  videos_at_once: number;
  unlimited_effects: boolean;
  monthly_credits: number;
};

const CHECKOUT_PATH = '/v1/buy/checkout';

/**
 * The shop URL of a sku: a buy_url set in the database wins (an external shop); otherwise our own
 * checkout. The dialog adds cartItem, source and sid to it.
 */
function shopUrls(base: string, row: { buy_url: string; zero_buy_url: string; zero_buy: boolean }): { buy: string; zero: string } {
  const checkout = `${base.replace(/\/+$/, '')}${CHECKOUT_PATH}`;
  return {
    buy: row.buy_url || checkout,
    zero: row.zero_buy ? row.zero_buy_url || `${checkout}?zero_buy=1` : '',
  };
}

export async function skuInfo(db: Queryable, publicBase: string, freeDailyTasks: number): Promise<{ sku_buy_list: SkuItem[]; zero_buy_checked: boolean; free_daily_tasks: number }> {
  const [skus, setting] = await Promise.all([
    db.query<SkuQueryRow>(
      `SELECT s.*, t.watermark_free, t.ultra_hd, t.frame_interpolation, t.faster_generations, t.videos_at_once,
         t.unlimited_effects, t.monthly_credits
       FROM skus s JOIN plan_tiers t ON t.tier = s.tier WHERE s.active ORDER BY s.kind, s.sort, s.sku_id`,
    ),
    db.query<{ value: unknown }>(`SELECT value FROM app_settings WHERE key = 'zero_buy_checked'`),
  ]);
  const zeroBuyChecked = setting.rows[0]?.value === true;
  const list: SkuItem[] = skus.rows.map((row) => {
    const urls = shopUrls(publicBase, row);
    return {
      sku_id: row.sku_id,
      sub_tpl_id: row.sub_tpl_id,
      sub_tpl_name: row.sub_tpl_name,
      plan: row.plan,
      period_unit: row.period_unit,
      period_val: row.period_val,
      price: Number(row.price),
      original_price: Number(row.original_price),
      recommend_price: Number(row.recommend_price),
      show_rec_price: row.show_rec_price,
      currency: row.currency,
      currency_symbol: row.currency_symbol,
      buy_url: urls.buy,
      zero_buy: row.zero_buy,
      zero_buy_url: urls.zero,
      retention_promotion: row.retention_promotion,
      retention_promotion_buy_url: row.retention_promotion_buy_url,
      feature_code_list: [{ feature_code: CREDIT_FEATURE_CODE, sale_unit_value: row.credits }],
      isSubscription: row.is_subscription,
      buyZeroChecked: zeroBuyChecked && row.zero_buy && urls.zero !== '',
      extInfo: {
        tier: row.tier,
        watermark_free: row.watermark_free,
        ultra_hd: row.ultra_hd,
        frame_interpolation: row.frame_interpolation,
        faster_generations: row.faster_generations,
        videos_at_once: row.videos_at_once,
        unlimited_effects: row.unlimited_effects,
        monthly_credits: row.monthly_credits,
      },
      kind: row.kind,
    };
  });
  return { sku_buy_list: list, zero_buy_checked: zeroBuyChecked, free_daily_tasks: freeDailyTasks };
}
