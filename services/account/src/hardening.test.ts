/**
 * Limits that hold under attack: concurrent password guesses are counted before they are checked, and the
 * client address behind one trusted proxy is the one that proxy saw, not one the client wrote.
 */
import { parseTrustProxy, type Database } from '@studio/db';
import { buildAccountApp } from './app.js';
import { verifyPassword } from './crypto.js';
import { safeGoto } from './oauth.js';

// every password check is counted (the real check still runs)
jest.mock('./crypto.js', () => {
  const actual = jest.requireActual<typeof import('./crypto.js')>('./crypto.js');
  return { ...actual, verifyPassword: jest.fn(actual.verifyPassword) };
});
const checks = verifyPassword as jest.MockedFunction<typeof verifyPassword>;
import { seedDemoAccounts } from './seed.js';
import { authorizeParams, ENGINES, form, freshIp, hiddenFields, openTestDatabase, pkcePair, query, testConfig, TestServer } from './test-helpers.js';

describe.each(ENGINES)('account limits on %s', (_engine, url) => {
  const clock = { now: Date.parse('2026-03-01T12:00:00Z') };
  let db: Database;
  let drop: () => Promise<void>;
  let app: TestServer;

  beforeAll(async () => {
    ({ db, drop } = await openTestDatabase(url));
    // one proxy in front (the gateway), as TRUST_PROXY=1 says in production
    const config = testConfig(clock, { rateLimit: { loginPerIp: 100, failuresPerEmail: 5, registerPerIp: 4, windowMs: 60_000 } });
    app = await new TestServer(await buildAccountApp({ db, config, trustProxy: parseTrustProxy('1') })).start();
    // the production cost of a password check: the window a racing guess could slip through is that long
    await seedDemoAccounts(db, { scrypt: { N: 16384, r: 8, p: 1 } });
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await drop();
  }, 60_000);

  async function loginForm(): Promise<Record<string, string>> {
    const page = await app.inject({ method: 'GET', url: `/account/oauth/authorize?${query(authorizeParams(pkcePair().challenge))}` });
    return hiddenFields(page.body, '/login');
  }

  test('40 concurrent guesses at one e-mail: no more passwords are checked than the limit', async () => {
    const hidden = await loginForm();
    checks.mockClear();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        app.inject({ method: 'POST', url: '/account/login', remoteAddress: freshIp(), ...form({ ...hidden, email: 'free@demo.local', password: `guess-${i}` }) }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    const checked = checks.mock.calls.length;
    console.log(`login race: ${checked} of 40 guesses had their password checked (limit 5)`);
    expect(checked).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(35);
  });

  test('sign-ups are limited per address the trusted proxy saw, whatever X-Forwarded-For the client wrote', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const page = await app.inject({ method: 'GET', url: `/account/oauth/authorize?${query(authorizeParams(pkcePair().challenge, { register_mode: '1' }))}` });
      const answer = await app.inject({
        method: 'POST',
        url: '/account/register',
        // the client wrote a fresh address each time; the proxy appended the one it saw
        remoteAddress: `${freshIp()}, 198.51.100.23`,
        ...form({ ...hiddenFields(page.body, '/register'), email: `burst-${i}@example.com`, password: 'a-good-password', terms: '1' }),
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses.slice(0, 4).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(4)).toEqual([429, 429]);
  });

  test('GET /logout from a foreign site leaves the session alone; from our own site it signs out', async () => {
    const hidden = await loginForm();
    const login = await app.inject({ method: 'POST', url: '/account/login', remoteAddress: freshIp(), ...form({ ...hidden, email: 'standard@demo.local', password: 'demo-password' }) });
    const session = /studio_account_session=([^;]+)/.exec(String(login.headers['set-cookie']))?.[1] ?? '';
    expect(session).not.toBe('');
    const cookie = `studio_account_session=${session}`;
    const foreign = await app.inject({ method: 'GET', url: '/account/logout', headers: { cookie, 'sec-fetch-site': 'cross-site', referer: 'https://evil.example/page' } });
    expect(foreign.statusCode).toBe(403);
    expect(String(foreign.headers['set-cookie'] ?? '')).not.toContain('studio_account_session=;');
    const center = await app.inject({ method: 'GET', url: '/account/center', headers: { cookie } });
    expect(center.body).toContain('standard@demo.local');
    const own = await app.inject({ method: 'GET', url: '/account/logout', headers: { cookie, 'sec-fetch-site': 'same-site' } });
    expect(own.statusCode).toBe(302);
    const after = await app.inject({ method: 'GET', url: '/account/center', headers: { cookie } });
    expect(after.body).not.toContain('standard@demo.local');
  });
});

test('safeGoto keeps paths on this site only', () => {
  expect(safeGoto('/ai/text-to-video?x=1')).toBe('/ai/text-to-video?x=1');
  expect(safeGoto('/search?q=a%20b')).toBe('/search?q=a%20b');
  for (const escape of ['//evil.example', '/\\evil.example', '/\t/evil.example', '/\n/evil.example', '/%5C/evil.example', '/%5c%5cevil.example', '/%2F/evil.example', '/%09/evil.example', 'https://evil.example', '/%E0%A4%A']) {
    expect(safeGoto(escape)).toBeUndefined();
  }
});
