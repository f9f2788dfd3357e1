/**
 * Sign-in attempts on the one rate counter (@studio/db/rate-counter), with the service's default limits
 * (README: 20 failed logins per address, 5 per e-mail, per 15 minutes): the lockout, its text, and a good
 * password taking its attempts back. Also: the counts kept by an older database move to the one counter.
 */
jest.setTimeout(30_000);
import { copyFileSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate, type Database } from '@studio/db';
import { buildAccountApp } from './app.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoAccounts } from './seed.js';
import { MIGRATIONS_DIR, migrateAccount } from './store.js';
import { authorizeParams, ENGINES, form, freshIp, hiddenFields, openTestDatabase, pkcePair, query, testConfig, TestServer } from './test-helpers.js';

const MINUTE = 60_000;

describe.each(ENGINES)('sign-in attempts on %s', (_engine, url) => {
  // ten minutes into a quarter hour: a window aligned to the clock would end in five
  const clock = { now: Date.parse('2026-03-01T12:10:00Z') };
  let db: Database;
  let drop: () => Promise<void>;
  let app: TestServer;

  beforeAll(async () => {
    ({ db, drop } = await openTestDatabase(url));
    // rateLimit {}: the defaults
    app = await new TestServer(await buildAccountApp({ db, config: testConfig(clock, { rateLimit: {} }), trustProxy: true })).start();
    await seedDemoAccounts(db, { scrypt: { N: 1024, r: 8, p: 1 } });
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await drop();
  }, 60_000);

  async function login(email: string, password: string, ip = freshIp()) {
    const page = await app.inject({ method: 'GET', url: `/account/oauth/authorize?${query(authorizeParams(pkcePair().challenge))}` });
    return app.inject({ method: 'POST', url: '/account/login', remoteAddress: ip, ...form({ ...hiddenFields(page.body, '/login'), email, password }) });
  }

  test('the fifth failure for one e-mail locks it for the whole window, counted from the first failure', async () => {
    const email = DEMO_ACCOUNTS[0].email;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await login(email, `wrong-${i}`)).statusCode);
      clock.now += 10_000;
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    // the window began at the first failure, 50 s ago: 14 minutes 10 s are left
    const blocked = await login(email, DEMO_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.body).toContain('Too many attempts. For your security, please wait 15 minutes and try again.');
    expect(blocked.headers['retry-after']).toBe(String(15 * 60 - 50));
    clock.now += 14 * MINUTE + 9_000;
    expect((await login(email, DEMO_PASSWORD)).body).toContain('please wait 1 minute and try again.');
    clock.now += 1_000;
    expect((await login(email, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  test("a good password clears its e-mail's failures and takes its attempt back from the address", async () => {
    const email = DEMO_ACCOUNTS[1].email;
    for (let i = 0; i < 4; i++) expect((await login(email, `wrong-${i}`)).statusCode).toBe(401);
    expect((await login(email, DEMO_PASSWORD)).statusCode).toBe(200);
    // the e-mail's count starts again: four more failures are told the password is wrong
    for (let i = 0; i < 4; i++) expect((await login(email, `again-${i}`)).statusCode).toBe(401);

    const ip = freshIp();
    for (let i = 0; i < 19; i++) expect((await login(`nobody-${i}@example.com`, 'whatever-pass', ip)).statusCode).toBe(401);
    for (let i = 0; i < 3; i++) expect((await login(DEMO_ACCOUNTS[2].email, DEMO_PASSWORD, ip)).statusCode).toBe(200);
    // the three good sign-ins were taken back: the 20th failure is still allowed, the 21st attempt is not
    expect((await login('nobody-19@example.com', 'whatever-pass', ip)).statusCode).toBe(401);
    expect((await login(DEMO_ACCOUNTS[2].email, DEMO_PASSWORD, ip)).statusCode).toBe(429);
  });
});

describe.each(ENGINES)('an older account database on %s', (_engine, url) => {
  test("keeps its running counts: account_rate_limits moves to the one counter's table", async () => {
    const { db, drop } = await openTestDatabase(url);
    try {
      // the service's migrations as they were before 0003
      const before = mkdtempSync(path.join(os.tmpdir(), 'account-migrations-'));
      for (const file of ['0001_accounts.sql', '0002_recovery_and_passkeys.sql']) copyFileSync(path.join(MIGRATIONS_DIR, file), path.join(before, file));
      await migrate(db, 'account', before);
      await db.query('INSERT INTO account_rate_limits (key, window_start, count) VALUES ($1, $2, $3)', ['login:email:old@example.com', 1000, 4]);
      expect(await migrateAccount(db)).toEqual(['0001_rate_counters.sql', '0003_one_rate_counter.sql']);
      expect((await db.query('SELECT key, window_start, count FROM rate_counters')).rows).toEqual([{ key: 'login:email:old@example.com', window_start: 1000, count: 4 }]);
      expect((await db.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'account_rate_limits' AND table_schema = current_schema()")).rowCount).toBe(0);
    } finally {
      await drop();
    }
  });
});
