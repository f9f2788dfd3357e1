/**
 * The credits module: the ledger (ledger.ts; every part of the API gets it as `ctx.ledger`) and the
 * caller's transaction list (`GET /v1/credits/transactions`).
 */
import type { ApiModuleDefinition } from '../types.js';
import { creditRoutes } from './routes.js';

export function creditsModule(): ApiModuleDefinition {
  return { name: 'credits', plugin: creditRoutes };
}
