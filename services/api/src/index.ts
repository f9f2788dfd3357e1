/** @studio/api: the product API as a library (apiPlugin, buildApiApp), its ledger, and the demo seed. */
export { apiPlugin, buildApiApp, migrateApi, API_MIGRATIONS_DIR, type ApiPluginOptions, type BuildApiAppOptions } from './plugin.js';
export {
  loadConfig,
  loadWorkerConfig,
  loadApiConfig,
  loadModuleSections,
  testApiConfig,
  type ApiConfig,
  type ApiCoreConfig,
  type ModuleSections,
  type RuntimeConfig,
  type StudioConfig,
  type TasksConfig,
} from './config.js';
export { bootstrap, runsWorker, startWorker, switchOffAbTests, type ApiServices as BootstrappedApi, type CoreServices, type BootstrapOptions, type RunningWorker } from './bootstrap.js';
export { defineCall, serverPathOf, type Same, type CallSchema, type CallRequest } from './define-call.js';
export {
  createHttpAccountClient,
  parseAccountProfile,
  AccountClientError,
  type AccountClient,
  type AccountProfile,
  type ExchangeCodeInput,
  type OAuthErrorCode,
  type HttpAccountClientOptions,
} from './account-client.js';
export {
  createLedger,
  InsufficientCreditsError,
  HoldStateError,
  addYears,
  type Ledger,
  type LedgerOptions,
  type GrantInput,
  type GrantResult,
  type HoldInput,
  type CreditHold,
  type HoldStatus,
  type BalanceSummary,
  type TransactionsQuery,
} from './modules/credits/ledger.js';
export { createAuth, bearerOf, type AuthService, type AuthUser, type MemberLevel } from './auth.js';
export { ApiFailure, fail, ok, envelope, responses, ErrorEnvelope, type TypeBoxProvider } from './http.js';
export { abBucket, abPlan, type AbPlan } from './ab-test.js';
export {
  applySignupGrant,
  createSubscription,
  isEuropean,
  FREE_TRIAL_FEATURE,
  type SubscriptionInput,
} from './modules/users/users.js';
export { grantDueMembershipCredits } from './modules/billing/grants.js';
export { seedDemoData, DEMO_USERS, DEMO_PASSWORD, type SeedOptions, type SeedResult } from './seed.js';
export type { ApiModuleDefinition, ApiModulePlugin, ModuleContext } from './modules/types.js';
export { apiModules } from './modules/registry.js';
export { startTaskWorker, workerConfigFromEnv, type TaskEngines, type TaskWorkerConfig, type TaskWorkerHandle } from './modules/tasks/worker.js';
export { createTaskEngines, engineConfigFromEnv } from './modules/tasks/engines.js';
export { createStorage, createStorageFromEnv, storageConfigFromEnv, type StorageConfig } from './modules/storage/config.js';
export type { StorageAdapter } from './modules/storage/adapter.js';
