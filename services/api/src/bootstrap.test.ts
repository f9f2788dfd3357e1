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
