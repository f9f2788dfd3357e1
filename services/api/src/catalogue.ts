/** The catalogue lives in the billing module (modules/billing/catalogue/); this keeps the old import path. */
export { applyCatalogue, CATALOGUE_VERSION } from './modules/billing/catalogue/apply.js';
export { PLAN_TIERS, SKUS, type SkuRow } from './modules/billing/catalogue/plans.js';
export { ADS, AB_TESTS, MARKETING, SYSTEM_CONFIG } from './modules/billing/catalogue/promotions.js';
export { CMS_PAGES, PROMPT_SAMPLES } from './modules/billing/catalogue/cms-pages.js';
