/**
 * The product API's modules. Adding one is one line here: its plugin (routes with full /v1 paths) and,
 * when it has tables, its migrations folder. Check-in and feedback (issue 4) and tasks and media (issue 5)
 * plug in here.
 */
import type { ApiModuleDefinition } from './types.js';
import { billingModule } from './billing/index.js';
import { checkinModule } from './checkin/index.js';
import { contentModule } from './content/index.js';
import { creditsModule } from './credits/index.js';
import { discoveryModule } from './discovery/index.js';
import { feedbackModule } from './feedback/index.js';
import { healthModule } from './health/index.js';
import { identityModule } from './identity/index.js';
import { storageModule } from './storage/index.js';
import { tasksModule } from './tasks/index.js';
import { toolPreviewsModule } from './tool-previews/index.js';
import { trackingModule } from './tracking/index.js';
import { metricsModule } from './metrics/index.js';
import { accountsModule } from './accounts/index.js';
import { developerModule } from './developer/index.js';

/** Modules every API has, before the others, whatever a test's `modules` option says (sign-in, the user, content). */
export const coreModules: ApiModuleDefinition[] = [identityModule(), contentModule()];

/** The other modules; a test may register its own list instead. */
export const apiModules: ApiModuleDefinition[] = [
  creditsModule(),
  checkinModule(),
  feedbackModule(),
  storageModule(),
  tasksModule(),
  toolPreviewsModule(),
  discoveryModule(),
  trackingModule(),
  metricsModule(),
  healthModule(),
  billingModule(),
  accountsModule(),
  developerModule(),
];
