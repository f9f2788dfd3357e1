import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '@studio/db';
import { bootstrap, runsWorker } from './bootstrap';
import { loadConfig, loadWorkerConfig } from './config';

// PGlite's start (WebAssembly) takes seconds on a busy 2-core machine
jest.setTimeout(120000);

describe('bootstrap', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'api-bootstrap-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // no DATABASE_URL in the config: the embedded database, whatever this process's environment says
  const env = () => ({ NODE_ENV: 'test', PGLITE_DATA_DIR: path.join(dir, 'pglite'), STORAGE_DIR: path.join(dir, 'files'), AB_TESTS_OFF: 'free_trial' });

  it('builds the migrated database, ledger, storage, auth and account client of the API from one config', async () => {
    const config = loadConfig(env());
    const services = await bootstrap(config, { seed: true });
    try {
      expect(services.db.kind).toBe('pglite');
      const tables = await services.db.query<{ n: number }>(`SELECT COUNT(*)::int AS n FROM information_schema.tables WHERE table_name IN ('users', 'sessions', 'credit_blocks')`);
      expect(tables.rows[0].n).toBe(3);
      // the config's AB_TESTS_OFF switched the test off
      const test = await services.db.query<{ active: boolean }>(`SELECT active FROM ab_tests WHERE code = 'free_trial'`);
      expect(test.rows[0].active).toBe(false);
      // the demo data is seeded into the embedded database (SEED_DEMO unset)
      expect((await services.db.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM users')).rows[0].n).toBeGreaterThan(0);
      // the storage is the config's folder
      const file = path.join(dir, 'probe.txt');
      writeFileSync(file, 'hello');
      await services.storage.putFile('probe/one.txt', file, { contentType: 'text/plain' });
      expect(await services.storage.stat('probe/one.txt')).toMatchObject({ size: 5 });
      await expect(services.auth.verify('not-a-jwt')).rejects.toMatchObject({ status: 401 });
      expect(typeof services.accountClient.exchangeCode).toBe('function');
    } finally {
      await services.close();
    }
  });

  it('a worker gets the database, ledger and storage, and no API services', async () => {
    const config = loadWorkerConfig(env());
    const services = await bootstrap(config);
    try {
      expect('auth' in services).toBe(false);
      expect(await services.storage.stat('probe/one.txt')).toMatchObject({ size: 5 });
      const user = (await services.db.query<{ id: string }>('SELECT id FROM users LIMIT 1')).rows[0].id;
      const before = await services.ledger.balance(user);
      await services.ledger.grant({ userId: user, amount: 3, source: 'test', details: 'bootstrap test', idempotencyKey: `bootstrap:${user}` });
      expect(await services.ledger.balance(user)).toBe(before + 3);
    } finally {
      await services.close();
    }
  });

  it('runs the task worker where the config says: WORKER=1 always, 0 never, else on the embedded database', () => {
    const pglite = { kind: 'pglite' } as Database;
    const postgres = { kind: 'postgres' } as Database;
    expect(runsWorker(loadWorkerConfig({}), pglite)).toBe(true);
    expect(runsWorker(loadWorkerConfig({}), postgres)).toBe(false);
    expect(runsWorker(loadWorkerConfig({ WORKER: '1' }), postgres)).toBe(true);
    expect(runsWorker(loadWorkerConfig({ WORKER: '0' }), pglite)).toBe(false);
    // the composed product runs it unless told not to
    expect(runsWorker(loadWorkerConfig({}), postgres, true)).toBe(true);
  });
});

// the parts apart and docker-compose run the API on a PostgreSQL server with SEED_DEMO=1: the demo accounts the
// account service seeds there (ACCOUNT_SEED_DEMO=1) need their product data (plans, credits) there too
const serverUrl = process.env.TEST_DATABASE_URL;
(serverUrl ? describe : describe.skip)('bootstrap on a PostgreSQL server', () => {
  const schemas: string[] = [];
  async function freshSchemaUrl(): Promise<string> {
    const { default: pg } = await import('pg');
    const schema = `seed_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    schemas.push(schema);
    const url = new URL(serverUrl as string);
    url.searchParams.set('options', `-c search_path=${schema}`);
    return url.toString();
  }
  afterAll(async () => {
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    for (const schema of schemas) await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  });

  const demoPlans = async (db: Database) =>
    (await db.query<{ email: string; n: number }>(`SELECT u.email, COUNT(s.*)::int AS n FROM users u LEFT JOIN subscriptions s ON s.user_id = u.id GROUP BY u.email ORDER BY u.email`)).rows;

  it('seeds the demo accounts’ product data only when SEED_DEMO=1 says so', async () => {
    for (const [seed, expected] of [[undefined, 0], ['1', 4]] as const) {
      const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: await freshSchemaUrl(), ...(seed ? { SEED_DEMO: seed } : {}) });
      const services = await bootstrap(config, { seed: true });
      try {
        const rows = await demoPlans(services.db);
        expect(rows).toHaveLength(expected);
        if (expected) expect(rows.find((row) => row.email === 'standard@demo.local')?.n).toBeGreaterThan(0);
      } finally {
        await services.close();
      }
    }
  });
});
