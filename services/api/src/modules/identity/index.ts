/**
 * Identity (spec section 7): sign-in by the account service's code, the session (renew, user, logout),
 * feature codes and the verification record. Always part of the API (registry.ts coreModules).
 */
import type { ApiModuleDefinition, ApiModulePlugin } from '../types.js';
import { recordRoutes, sessionRoutes, signInRoutes } from './routes.js';

;

const identityPlugin: ApiModulePlugin = async (app, ctx) => {
  signInRoutes(app, ctx);
  sessionRoutes(app, ctx);
  recordRoutes(app, ctx);
};

export function identityModule(): ApiModuleDefinition {
  return { name: 'identity', plugin: identityPlugin };
}
