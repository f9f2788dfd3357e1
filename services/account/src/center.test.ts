import type { Database } from '@studio/db';
import type { AccountTokenResponse } from 'shared-contracts';
import Fastify from 'fastify';
import { buildAccountApp } from './app.js';
import { accountPlugin } from './plugin.js';
import { DEMO_PASSWORD } from './seed.js';
import {
  asCookie,
  authorizeParams,
  cookieHeader,
  ENGINES,
  exchange,
  form,
  freshIp,
  hiddenFields,
  multipart,
  openTestDatabase,
  pageData,
  pkcePair,
  PNG_1X1,
  query,
  testConfig,
  TestServer,
} from './test-helpers.js';

jest.setTimeout(30_000);

describe.each(ENGINES)('account center on %s', (_engine, url) => {
  const clock = { now: Date.parse('2026-03-01T12:00:00Z') };
  let db: Database;
  let drop: () => Promise<void>;
  let app: TestServer;

  beforeAll(async () => {
    ({ db, drop } = await openTestDatabase(url));
    app = await new TestServer(await buildAccountApp({ db, config: testConfig(clock, { publicOrigin: 'http://account.studio.test:8130' }), trustProxy: true })).start();
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await drop();
  }, 60_000);

  let userCounter = 0;
  /** Signs up through the center's own form; answers the cookie jar with session and CSRF cookies and the token. */
  async function signedIn(): Promise<{ jar: Record<string, string>; csrf: string; email: string; password: string }> {
    userCounter += 1;
    const email = `center-${userCounter}@example.com`;
    const password = 'first-password';
    const page = await app.inject({ method: 'GET', url: '/account/center?view=register' });
    expect(page.body).toMatch(/id="view-register" aria-labelledby="register-title">/);
    const created = await app.inject({
      method: 'POST',
      url: '/account/register',
      remoteAddress: freshIp(),
      ...form({ ...hiddenFields(page.body, '/register'), email, password, nickname: 'Center', terms: '1' }),
    });
    expect(created.statusCode).toBe(303);
    expect(created.headers.location).toBe('/account/center');
    const jar = cookieHeader(created);
    const center = await app.inject({ method: 'GET', url: '/account/center', headers: { cookie: asCookie(jar) } });
    expect(center.statusCode).toBe(200);
    cookieHeader(center, jar);
    const csrf = /name="_csrf" value="([^"]+)"/.exec(center.body)?.[1] ?? '';
    expect(csrf).toBe(jar.studio_account_csrf);
    return { jar, csrf, email, password };
  }

  async function profileOf(jar: Record<string, string>) {
    // a fresh code through the session, exchanged as the product would
    const pair = pkcePair();
    const page = await app.inject({ method: 'GET', url: `/account/oauth/authorize?${query(authorizeParams(pair.challenge))}`, headers: { cookie: asCookie(jar) } });
    const code = pageData(page.body).messages.find((m) => m.code)?.code ?? '';
    return (await exchange(app, { code, verifier: pair.verifier })).json<AccountTokenResponse>().account;
  }

  test('without an account session the center shows its own login form (no frame messages)', async () => {
    const page = await app.inject({ method: 'GET', url: '/account/center' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('id="login-email"');
    expect(pageData(page.body).targetOrigin).toBeNull();
    const hidden = hiddenFields(page.body, '/login');
    expect(hidden).toEqual({ flow: 'center' });
    const login = await app.inject({ method: 'POST', url: '/account/login', remoteAddress: freshIp(), ...form({ ...hidden, email: 'premium@demo.local', password: DEMO_PASSWORD }) });
    // demo accounts are not seeded in this suite: a clear refusal
    expect(login.statusCode).toBe(401);
  });

  test('display name: saved with the CSRF token, refused without it or with a wrong one', async () => {
    const { jar, csrf } = await signedIn();
    const names = { nickname: 'Nova', firstname: 'Ada', lastname: 'Lovelace' };
    const missing = await app.inject({ method: 'POST', url: '/account/center/profile', headers: { cookie: asCookie(jar), 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(names).toString() });
    expect(missing.statusCode).toBe(403);
    expect(missing.body).toContain('This form could not be verified.');
    const wrong = await app.inject({
      method: 'POST',
      url: '/account/center/profile',
      headers: { cookie: asCookie(jar), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...names, _csrf: `${csrf.slice(0, -1)}x` }).toString(),
    });
    expect(wrong.statusCode).toBe(403);
    expect((await profileOf(jar)).nickname).toBe('Center');

    const saved = await app.inject({
      method: 'POST',
      url: '/account/center/profile',
      headers: { cookie: asCookie(jar), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...names, _csrf: csrf }).toString(),
    });
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe('/account/center?status=profile-saved');
    const after = await app.inject({ method: 'GET', url: '/account/center?status=profile-saved', headers: { cookie: asCookie(jar) } });
    expect(after.body).toMatch(/role="status" data-initial>Your display name was saved.<\/div>/);
    expect(await profileOf(jar)).toMatchObject(names);

    const tooLong = await app.inject({
      method: 'POST',
      url: '/account/center/profile',
      headers: { cookie: asCookie(jar), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ nickname: 'x'.repeat(51), _csrf: csrf }).toString(),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain('Names can be at most 50 characters.');
  });

  test('a form posted from another origin is refused even with the token', async () => {
    const { jar, csrf } = await signedIn();
    const response = await app.inject({
      method: 'POST',
      url: '/account/center/profile',
      headers: { cookie: asCookie(jar), origin: 'https://evil.test', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ nickname: 'Pwned', _csrf: csrf }).toString(),
    });
    expect(response.statusCode).toBe(403);
  });

  test('avatar upload: a real image is stored and served; a non-image, a fake extension or a large file is refused', async () => {
    const { jar, csrf } = await signedIn();
    const upload = (file: { filename: string; type: string; data: Buffer }, token = csrf) => {
      const body = multipart({ _csrf: token }, { field: 'avatar', ...file });
      return app.inject({ method: 'POST', url: '/account/center/avatar', headers: { ...body.headers, cookie: asCookie(jar) }, payload: body.payload });
    };
    expect((await upload({ filename: 'a.png', type: 'image/png', data: PNG_1X1 }, 'wrong-token')).statusCode).toBe(403);

    const ok = await upload({ filename: 'a.png', type: 'image/png', data: PNG_1X1 });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe('/account/center?status=avatar-saved');
    const profile = await profileOf(jar);
    expect(profile.avatar).toMatch(/^http:\/\/account\.studio\.test:8130\/account\/avatar\/[0-9a-f-]{36}$/);
    const served = await app.inject({ method: 'GET', url: new URL(profile.avatar).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.raw.equals(PNG_1X1)).toBe(true);

    const script = await upload({ filename: 'evil.png', type: 'image/png', data: Buffer.from('<svg onload=alert(1)></svg>') });
    expect(script.statusCode).toBe(400);
    expect(script.body).toContain('That file is not a PNG, JPEG, GIF or WebP image.');

    // just over 2 MB: read and refused by the handler
    const large = await upload({ filename: 'big.png', type: 'image/png', data: Buffer.concat([PNG_1X1, Buffer.alloc(2 * 1024 * 1024)]) });
    expect(large.statusCode).toBe(400);
    expect(large.body).toContain('The image is larger than 2 MB.');
    // far over: cut off while reading the body, answered with the same message
    const huge = await upload({ filename: 'huge.png', type: 'image/png', data: Buffer.concat([PNG_1X1, Buffer.alloc(3 * 1024 * 1024)]) });
    expect(huge.statusCode).toBe(303);
    expect(huge.headers.location).toBe('/account/center?status=avatar-too-large');
    const hugePage = await app.inject({ method: 'GET', url: String(huge.headers.location), headers: { cookie: asCookie(jar) } });
    expect(hugePage.body).toContain('The image is larger than 2 MB.');
    // the earlier avatar is still the one in use
    expect((await profileOf(jar)).avatar).toBe(profile.avatar);
  });

  test('avatar by URL: http(s) only; an empty address removes the avatar', async () => {
    const { jar, csrf } = await signedIn();
    const post = (value: string) =>
      app.inject({
        method: 'POST',
        url: '/account/center/avatar-url',
        headers: { cookie: asCookie(jar), 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ avatar_url: value, _csrf: csrf }).toString(),
      });
    expect((await post('javascript:alert(1)')).statusCode).toBe(400);
    expect((await post('https://images.example.com/me.png')).statusCode).toBe(303);
    expect((await profileOf(jar)).avatar).toBe('https://images.example.com/me.png');
    expect((await post('')).headers.location).toBe('/account/center?status=avatar-removed');
    expect((await profileOf(jar)).avatar).toBe('');
  });

  test('password change needs the current password; afterwards only the new one logs in, other sessions end', async () => {
    const { jar, csrf, email, password } = await signedIn();
    // a second session of the same account (another browser)
    const otherPage = await app.inject({ method: 'GET', url: '/account/center' });
    const other = await app.inject({ method: 'POST', url: '/account/login', remoteAddress: freshIp(), ...form({ ...hiddenFields(otherPage.body, '/login'), email, password }) });
    expect(other.statusCode).toBe(303);
    const otherJar = cookieHeader(other);

    const change = (fields: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/account/center/password',
        headers: { cookie: asCookie(jar), 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ _csrf: csrf, ...fields }).toString(),
      });
    const wrongCurrent = await change({ current_password: 'not-it', new_password: 'second-password', repeat_password: 'second-password' });
    expect(wrongCurrent.statusCode).toBe(400);
    expect(wrongCurrent.body).toContain('The current password is incorrect.');
    const mismatch = await change({ current_password: password, new_password: 'second-password', repeat_password: 'second-passw0rd' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.body).toContain('The two new passwords do not match.');
    const short = await change({ current_password: password, new_password: 'short', repeat_password: 'short' });
    expect(short.statusCode).toBe(400);

    const ok = await change({ current_password: password, new_password: 'second-password', repeat_password: 'second-password' });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe('/account/center?status=password-saved');

    // this session goes on; the other one ended
    expect((await app.inject({ method: 'GET', url: '/account/center', headers: { cookie: asCookie(jar) } })).body).toContain('Your account');
    expect((await app.inject({ method: 'GET', url: '/account/center', headers: { cookie: asCookie(otherJar) } })).body).toContain('id="login-email"');

    const page = await app.inject({ method: 'GET', url: '/account/center' });
    const hidden = hiddenFields(page.body, '/login');
    const oldPassword = await app.inject({ method: 'POST', url: '/account/login', remoteAddress: freshIp(), ...form({ ...hidden, email, password }) });
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await app.inject({ method: 'POST', url: '/account/login', remoteAddress: freshIp(), ...form({ ...hidden, email, password: 'second-password' }) });
    expect(newPassword.statusCode).toBe(303);
  });

  test('mounted by a host app that has its own body parsers, both keep working', async () => {
    const root = Fastify({ trustProxy: true });
    root.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, { hostParser: String(body) }));
    root.post('/v1/echo', async (request) => request.body);
    await root.register(accountPlugin, { prefix: '/account', db, config: testConfig(clock) });
    const host = await new TestServer(root).start();
    try {
      const echo = await host.inject({ method: 'POST', url: '/v1/echo', ...form({ a: '1' }) });
      expect(echo.json()).toEqual({ hostParser: 'a=1' });
      const page = await host.inject({ method: 'GET', url: '/account/center?view=register' });
      const created = await host.inject({
        method: 'POST',
        url: '/account/register',
        remoteAddress: freshIp(),
        ...form({ ...hiddenFields(page.body, '/register'), email: 'mounted@example.com', password: 'long-enough-pw', terms: '1' }),
      });
      expect(created.statusCode).toBe(303);
      expect(created.headers.location).toBe('/account/center');
    } finally {
      await host.close();
    }
  });

  test('sign out from the center needs the CSRF token and ends the session', async () => {
    const { jar, csrf } = await signedIn();
    const refused = await app.inject({
      method: 'POST',
      url: '/account/logout',
      headers: { cookie: asCookie(jar), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ _csrf: 'nope' }).toString(),
    });
    expect(refused.statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/account/center', headers: { cookie: asCookie(jar) } })).body).toContain('Your account');
    const out = await app.inject({
      method: 'POST',
      url: '/account/logout',
      headers: { cookie: asCookie(jar), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ _csrf: csrf }).toString(),
    });
    expect(out.statusCode).toBe(303);
    expect((await app.inject({ method: 'GET', url: '/account/center', headers: { cookie: asCookie(jar) } })).body).toContain('id="login-email"');
  });
});
