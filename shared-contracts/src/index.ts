export * from './envelope.js';
export * from './entities.js';
export * from './calls.js';
export * from './events.js';
export * from './constants.js';
export * from './api-client.js';
export * from './shell-api.js';
export * from './remote-modules.js';
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

/** The contract's version; the shell refuses a remote built against another major (federation/contract-guard.ts). */
export const CONTRACT_VERSION = '2.11.0';
