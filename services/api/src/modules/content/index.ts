/**
 * Configuration and content (spec section 7): system config, marketing placements, ads, A/B test plans
 * and the CMS's SEO content. Always part of the API (registry.ts coreModules).
 */
import type { ApiModuleDefinition, ApiModulePlugin } from '../types.js';
import { abTestRoutes, cmsRoutes, placementRoutes } from './routes.js';

;

const contentPlugin: ApiModulePlugin = async (app, ctx) => {
  placementRoutes(app, ctx);
  abTestRoutes(app, ctx);
  cmsRoutes(app, ctx);
};

export function contentModule(): ApiModuleDefinition {
  return { name: 'content', plugin: contentPlugin };
}
