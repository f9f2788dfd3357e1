/**
 * The product's catalogue: membership plans and skus, ads, marketing, A/B tests, system config, CMS pages
 * and prompt samples, written into their tables at start (migrateApi) and by the billing module, each step
 * once per version. The billing, content and discovery modules read these tables.
 */
export { applyBillingCatalogue, applyCatalogue, BILLING_CATALOGUE_VERSION, CATALOGUE_VERSION } from './apply.js';
export { PLAN_TIERS, SKUS, type SkuRow } from './plans.js';
export { ADS, AB_TESTS, MARKETING, SYSTEM_CONFIG } from './promotions.js';
export { CMS_PAGES, PROMPT_SAMPLES } from './cms-pages.js';
