/**
 * Runs the account service alone: `npx tsx services/account/src/main.ts`.
 * DATABASE_URL (PostgreSQL) or a PGlite folder of its own (ACCOUNT_PGLITE_DATA_DIR, default .data/pglite-account:
 * PGlite is one process, so it must not share the gateway's folder). ACCOUNT_PORT (8130), ACCOUNT_HOST
 * (127.0.0.1), TRUST_PROXY (proxies believed about the client address: a hop count or their addresses), and the ACCOUNT_* settings of config.ts. Demo accounts are seeded unless
 * NODE_ENV=production, on PGlite, or on PostgreSQL with ACCOUNT_SEED_DEMO=1.
 */
import { openDatabase } from '@studio/db';
import { buildAccountApp } from './app.js';
import { loadAccountConfig, loadAccountServerSettings } from './config.js';
import { seedDemoAccounts } from './seed.js';

async function main() {
  // read once, checked: a bad setting stops here with its name
  const settings = loadAccountServerSettings(process.env);
  const config = loadAccountConfig(process.env);
  const db = await openDatabase(settings.database);
  const app = await buildAccountApp({ db, config, logger: true, trustProxy: settings.trustProxy });
  if (settings.seedDemo) {
    const created = await seedDemoAccounts(db);
    if (created) app.log.info(`seeded ${created} demo accounts (password demo-password)`);
  }
  await app.listen({ port: settings.port, host: settings.host });
  const close = async () => {
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
