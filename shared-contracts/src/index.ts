export * from './envelope.js';
export * from './entities.js';
export * from './calls.js';
export * from './events.js';
export * from './constants.js';
export * from './api-client.js';
export * from './shell-api.js';
export type * from './remote-modules.js';
export * from './checkin-cycle.js';
export * from './tracking.js';
export * from './seo.js';
export * from './billing.js';
export * from './explore.js';
export * from './explore-review.js';
export * from './generation.js';
export * from './routes.js';
export * from './tool-pages.js';
export * from './tool-previews.js';
export * from './library.js';
export * from './settings-text.js';
export * from './developer.js';

import pkg from '../package.json';

/**
 * The contract's version, the package's own (one home: a release bumps package.json only); the shell refuses a
 * remote built against another major (federation/contract-guard.ts).
 */
export const CONTRACT_VERSION: string = pkg.version;
