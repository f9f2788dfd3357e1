/**
 * Runs the account service alone: `npx tsx services/account/src/main.ts`.
 * DATABASE_URL (PostgreSQL) or a PGlite folder of its own (ACCOUNT_PGLITE_DATA_DIR, default .data/pglite-account:
 * PGlite is one process, so it must not share the gateway's folder). ACCOUNT_PORT (8130), ACCOUNT_HOST
 * (127.0.0.1), TRUST_PROXY (proxies believed about the client address: a hop count or their addresses), and the ACCOUNT_* settings of config.ts. Demo accounts are seeded unless
 * NODE_ENV=production, on PGlite, or on PostgreSQL with ACCOUNT_SEED_DEMO=1.
 */
import path from 'node:path';
import { openDatabase, parseTrustProxy, timeoutsFromEnv } from '@studio/db';
import { buildAccountApp } from './app.js';
import { loadAccountConfig } from './config.js';
import { seedDemoAccounts } from './seed.js';

async function main() {
  const env = process.env;
  const db = await openDatabase({
    url: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.ACCOUNT_PGLITE_DATA_DIR ?? '.data/pglite-account'),
    // DB_*_TIMEOUT_MS, as the API reads them (@studio/db timeouts.ts)
    timeouts: timeoutsFromEnv(env),
  });
  const config = loadAccountConfig(env);
  const app = await buildAccountApp({ db, config, logger: true, trustProxy: parseTrustProxy(env.TRUST_PROXY) });
  if (env.NODE_ENV !== 'production' && (!env.DATABASE_URL || env.ACCOUNT_SEED_DEMO === '1')) {
    const created = await seedDemoAccounts(db);
    if (created) app.log.info(`seeded ${created} demo accounts (password demo-password)`);
  }
  const port = Number(env.ACCOUNT_PORT ?? 8130);
  const host = env.ACCOUNT_HOST ?? '127.0.0.1';
  await app.listen({ port, host });
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
