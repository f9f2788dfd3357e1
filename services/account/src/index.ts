export { accountPlugin, SESSION_COOKIE, CSRF_COOKIE, type AccountPluginOptions } from './plugin.js';
export { buildAccountApp, type AccountAppOptions } from './app.js';
export { loadAccountConfig, DEFAULT_CLIENT_ID, DEV_CLIENT_SECRET, type AccountConfig, type AccountClientConfig } from './config.js';
export { seedDemoAccounts, DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed.js';
export { migrateAccount, MIGRATIONS_DIR } from './store.js';
export { pkceChallenge } from './crypto.js';
export type { AccountProfile, AccountTokenResponse, AccountOAuthError } from 'shared-contracts';
