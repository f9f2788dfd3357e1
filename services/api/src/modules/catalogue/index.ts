/**
 * The product's catalogue: membership plans and skus, ads, marketing, A/B tests, system config, CMS pages
 * and prompt samples, written into their tables at start (migrateApi) and by the billing module, each step
 * once per version. The billing, content and discovery modules read these tables.
 */
export {  applyCatalogue,   } from './apply.js';
;
;
;
