/** How much of the showcase a server writes: read by the API's config. */
import type { ApiEnv } from '../../env.js';

export type ShowcaseSize = 'off' | 'small' | 'full';

/** SHOWCASE=off|small|full; default off under jest (NODE_ENV=test), small for APP_ENV=test (e2e), else full. */
export function showcaseSizeFromEnv(env: ApiEnv): ShowcaseSize {
  if (env.SHOWCASE) return env.SHOWCASE;
  if (env.NODE_ENV === 'test') return 'off';
  return env.APP_ENV === 'test' ? 'small' : 'full';
}
