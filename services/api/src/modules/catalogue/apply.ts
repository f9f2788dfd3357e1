/**
 * The product's catalogue, inserted once (a versioned step recorded in schema_migrations beside the SQL
 * migrations); after that the rows belong to whoever edits the database. Typed against the contract.
 */
import type { Database, Queryable } from '@studio/db';
import { BOTTOM, CMS_PAGES, PROMPT_SAMPLES } from './cms-pages.js';
import { PLAN_TIERS, SKUS, type SkuRow } from './plans.js';
import { AB_TESTS, ADS, MARKETING, SYSTEM_CONFIG } from './promotions.js';

const CATALOGUE_VERSION = '0100_catalogue_v1';

async function insertSku(tx: Queryable, sku: SkuRow): Promise<void> {
  await tx.query(
    `INSERT INTO skus (sku_id, kind, tier, sub_tpl_id, sub_tpl_name, plan, period_unit, period_val, is_subscription,
       credits, price, original_price, recommend_price, show_rec_price, zero_buy, sort)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) ON CONFLICT (sku_id) DO NOTHING`,
    [
      sku.sku_id,
      sku.kind,
      sku.tier,
      sku.sub_tpl_id,
      sku.sub_tpl_name,
      sku.plan,
      sku.period_unit,
      sku.period_val,
      sku.is_subscription,
      sku.credits,
      sku.price,
      sku.original_price,
      sku.recommend_price,
      sku.show_rec_price,
      sku.zero_buy,
      sku.sort,
    ],
  );
}

async function insertAll(tx: Queryable): Promise<void> {
  for (const tier of PLAN_TIERS) {
    await tx.query(
      `INSERT INTO plan_tiers (tier, level, watermark_free, ultra_hd, frame_interpolation, faster_generations,
         videos_at_once, unlimited_effects, monthly_credits, feature_codes)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (tier) DO NOTHING`,
      [
        tier.tier,
        tier.level,
        tier.watermark_free,
        tier.ultra_hd,
        tier.frame_interpolation,
        tier.faster_generations,
        tier.videos_at_once,
        tier.unlimited_effects,
        tier.monthly_credits,
        tier.feature_codes,
      ],
    );
  }
  for (const sku of SKUS) await insertSku(tx, sku);
  await tx.query(
    `INSERT INTO app_settings (key, value) VALUES ('zero_buy_checked', 'false'::jsonb) ON CONFLICT (key) DO NOTHING`,
  );
  for (const [i, entry] of SYSTEM_CONFIG.entries()) {
    await tx.query('INSERT INTO system_config (code, value, sort) VALUES ($1, $2, $3) ON CONFLICT (code) DO NOTHING', [
      entry.code,
      entry.value,
      i,
    ]);
  }
  for (const [i, item] of MARKETING.entries()) {
    await tx.query(
      `INSERT INTO marketing_items (client, title, is_banner, is_pop, turn_url, image, discount, sort)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [item.client, item.title, item.is_banner, item.is_pop, item.turn_url, item.image, item.discount, i],
    );
  }
  for (const [i, ad] of ADS.entries()) {
    await tx.query('INSERT INTO ad_items (client, module, activity, turn_url, white_thumbnail, sort) VALUES ($1, $2, $3, $4, $5, $6)', [
      ad.client,
      ad.module,
      ad.activity,
      ad.turn_url,
      ad.white_thumbnail,
      i,
    ]);
  }
  for (const test of AB_TESTS) {
    await tx.query('INSERT INTO ab_tests (code, countries) VALUES ($1, $2) ON CONFLICT (code) DO NOTHING', [
      test.code,
      test.countries,
    ]);
  }
  for (const page of CMS_PAGES) {
    await tx.query(
      `INSERT INTO cms_pages (path, title, description, keywords, head, content, bottom)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (path) DO NOTHING`,
      [
        page.path,
        page.title,
        page.description,
        page.keywords,
        `<meta name="robots" content="index,follow">`,
        `<!-- cms:start -->${page.content}<!-- cms:end -->`,
        `<!-- cms:start -->${BOTTOM}<!-- cms:end -->`,
      ],
    );
  }
  for (const [i, sample] of PROMPT_SAMPLES.entries()) {
    await tx.query('INSERT INTO prompt_samples (key, prompt, sort) VALUES ($1, $2, $3)', [sample.key, sample.prompt, i]);
  }
}

/** Inserts the catalogue once per database (recorded as a migration step of the `api` service). */
export async function applyCatalogue(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['catalogue:api']);
    const done = await tx.query('SELECT 1 FROM schema_migrations WHERE service = $1 AND version = $2', ['api', CATALOGUE_VERSION]);
    if (done.rowCount > 0) return false;
    await insertAll(tx);
    await tx.query('INSERT INTO schema_migrations (service, version) VALUES ($1, $2)', ['api', CATALOGUE_VERSION]);
    return true;
  });
}

const BILLING_CATALOGUE_VERSION = '0101_billing_catalogue';

/**
 * The billing step for databases seeded before the shop existed: the new skus (weekly memberships, the
 * India sku), the trial on Standard Monthly, and the art of every promotion placement that has none.
 * Rows someone has edited since (a non-empty image) are left alone. Recorded once, like the catalogue.
 */
export async function applyBillingCatalogue(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['catalogue:api-billing']);
    const done = await tx.query('SELECT 1 FROM schema_migrations WHERE service = $1 AND version = $2', ['api-billing', BILLING_CATALOGUE_VERSION]);
    if (done.rowCount > 0) return false;
    for (const sku of SKUS) await insertSku(tx, sku);
    for (const sku of SKUS.filter((row) => row.kind === 'membership')) {
      await tx.query('UPDATE skus SET zero_buy = $2 WHERE sku_id = $1', [sku.sku_id, sku.zero_buy]);
    }
    for (const item of MARKETING) {
      await tx.query(
        `UPDATE marketing_items SET image = $4 WHERE client = $1 AND is_banner = $2 AND is_pop = $3 AND image = ''`,
        [item.client, item.is_banner, item.is_pop, item.image],
      );
    }
    await tx.query(`UPDATE marketing_items SET title = '1M AI creations' WHERE is_banner AND title = '1M AI creations - 20% OFF'`);
    for (const ad of ADS) {
      await tx.query(`UPDATE ad_items SET white_thumbnail = $3 WHERE client = $1 AND module = $2 AND white_thumbnail = ''`, [
        ad.client,
        ad.module,
        ad.white_thumbnail,
      ]);
    }
    await tx.query('INSERT INTO schema_migrations (service, version) VALUES ($1, $2)', ['api-billing', BILLING_CATALOGUE_VERSION]);
    return true;
  });
}
