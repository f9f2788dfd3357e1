
jest.setTimeout(30_000);
import type { Database } from '@studio/db';
import { FRAME_MESSAGES, type AccountProfile, type AccountTokenResponse } from 'shared-contracts';
import { buildAccountApp } from './app.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoAccounts } from './seed.js';
import {
  APP_ORIGIN,
  REDIRECT_URI,
  asCookie,
  authorizeParams,
  cookieHeader,
  exchange,
  form,
  freshIp,
  hiddenFields,
  openTestDatabase,
  pageData,
  pkcePair,
  query,
  testConfig,
  ENGINES,
  TestServer,
} from './test-helpers.js';

describe.each(ENGINES)('account service OAuth on %s', (_engine, url) => {
  const clock = { now: Date.parse('2026-03-01T12:00:00Z') };
  let db: Database;
  let drop: () => Promise<void>;
  let app: TestServer;

  beforeAll(async () => {
    ({ db, drop } = await openTestDatabase(url));
    app = await new TestServer(await buildAccountApp({ db, config: testConfig(clock), trustProxy: true })).start();
    await seedDemoAccounts(db, { scrypt: { N: 1024, r: 8, p: 1 } });
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await drop();
  }, 60_000);

  /** Opens the authorize page, then posts its login form as the page would. */
  async function loginThroughPage(
    email: string,
    password: string,
    options: { ip?: string; params?: Record<string, string>; verifier?: string } = {},
  ) {
    const pair = pkcePair();
    const params = options.params ?? authorizeParams(pair.challenge);
    const page = await app.inject({ method: 'GET', url: `/account/oauth/authorize?${query(params)}` });
    expect(page.statusCode).toBe(200);
    const hidden = hiddenFields(page.body, '/login');
    const response = await app.inject({
      method: 'POST',
      url: '/account/login',
      remoteAddress: options.ip ?? freshIp(),
      ...form({ ...hidden, email, password }),
    });
    return { response, params, verifier: options.verifier ?? pair.verifier };
  }

  function authCodeOf(html: string): { code: string; state: string } {
    const message = pageData(html).messages.find((m) => m.type === FRAME_MESSAGES.AUTH_CODE);
    if (!message?.code) throw new Error('no auth code message');
    return { code: message.code, state: message.state ?? '' };
  }

  test('demo accounts are seeded once, with their fixed ids', async () => {
    expect(await seedDemoAccounts(db, { scrypt: { N: 1024, r: 8, p: 1 } })).toBe(0);
    const rows = await db.query<{ id: string; email: string }>('SELECT id, email FROM account_users WHERE email LIKE $1 ORDER BY id', ['%@demo.local']);
    expect(rows.rows).toEqual(DEMO_ACCOUNTS.map(({ id, email }) => ({ id, email })));
  });

  test('the login page is framed only by allowed origins and talks only to the redirect origin', async () => {
    const { challenge } = pkcePair();
    const response = await app.inject({ method: 'GET', url: `/account/oauth/authorize?${query(authorizeParams(challenge))}` });
    expect(response.statusCode).toBe(200);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain(`frame-ancestors 'self' ${APP_ORIGIN} http://localhost:8080`);
    expect(csp).not.toContain('*');
    const data = pageData(response.body);
    expect(data.mode).toBe('iframe');
    expect(data.targetOrigin).toBe(APP_ORIGIN);
    expect(data.allowedOrigins).toEqual(expect.arrayContaining([APP_ORIGIN]));
    expect(response.body).not.toMatch(/postMessage\([^)]*['"]\*['"]/);
    // accessible form: labelled fields and an alert region
    expect(response.body).toContain('<label for="login-email">E-mail</label>');
    expect(response.body).toContain('<label for="login-password">Password</label>');
    expect(response.body).toMatch(/role="alert" id="login-alert"/);
    // login view shown, sign-up view hidden
    expect(response.body).toMatch(/id="view-login" aria-labelledby="login-title">/);
    expect(response.body).toMatch(/id="view-register" aria-labelledby="register-title" hidden>/);
  });

  test('register_mode opens the sign-up view; theme and lang are honoured (other languages fall back to en)', async () => {
    const { challenge } = pkcePair();
    const response = await app.inject({
      method: 'GET',
      url: `/account/oauth/authorize?${query(authorizeParams(challenge, { register_mode: '1', theme: 'dark', lang: 'de' }))}`,
    });
    expect(response.body).toMatch(/id="view-register" aria-labelledby="register-title">/);
    expect(response.body).toMatch(/id="view-login" aria-labelledby="login-title" hidden>/);
    expect(response.body).toContain('<html lang="en" data-theme="dark">');
  });

  test('register, then the frame posts register success, the code with the state, and login success; the code buys a token', async () => {
    const pair = pkcePair();
    const params = authorizeParams(pair.challenge, { register_mode: '1' });
    const page = await app.inject({ method: 'GET', url: `/account/oauth/authorize?${query(params)}` });
    const hidden = hiddenFields(page.body, '/register');
    const response = await app.inject({
      method: 'POST',
      url: '/account/register',
      remoteAddress: freshIp(),
      ...form({ ...hidden, email: 'New.User@Example.com', password: 'long-enough-pw', nickname: 'Newbie', country: 'fr', terms: '1' }),
    });
    expect(response.statusCode).toBe(200);
    const data = pageData(response.body);
    expect(data.targetOrigin).toBe(APP_ORIGIN);
    expect(data.messages.map((m) => m.type)).toEqual([FRAME_MESSAGES.REGISTER_SUCCESS, FRAME_MESSAGES.AUTH_CODE, FRAME_MESSAGES.LOGIN_SUCCESS]);
    const { code, state } = authCodeOf(response.body);
    expect(state).toBe(params.state);
    // the account session cookie: httpOnly, scoped to /account, Lax over plain http
    const session = String(response.headers['set-cookie']);
    expect(session).toMatch(/studio_account_session=[^;]+; Path=\/account; Max-Age=\d+; HttpOnly; SameSite=Lax/);

    const token = await exchange(app, { code, verifier: pair.verifier });
    expect(token.statusCode).toBe(200);
    const body = token.json<AccountTokenResponse>();
    expect(body.token_type).toBe('Bearer');
    expect(body.expires_in).toBe(3600);
    expect(body.account).toMatchObject({ email: 'New.User@Example.com', nickname: 'Newbie', country: 'FR', is_new: true });
    expect(body.account.created_at).toBe(Math.floor(clock.now / 1000));

    const info = await app.inject({ method: 'GET', url: '/account/oauth/userinfo', headers: { authorization: `Bearer ${body.access_token}` } });
    expect(info.statusCode).toBe(200);
    expect(info.json<AccountProfile>()).toMatchObject({ id: body.account.id, email: 'New.User@Example.com', is_new: false });
  });

  test('sign-up errors: short password, taken e-mail (case-insensitive), bad country', async () => {
    const { challenge } = pkcePair();
    const page = await app.inject({ method: 'GET', url: `/account/oauth/authorize?${query(authorizeParams(challenge, { register_mode: '1' }))}` });
    const hidden = hiddenFields(page.body, '/register');
    const short = await app.inject({ method: 'POST', url: '/account/register', remoteAddress: freshIp(), ...form({ ...hidden, email: 'x@example.com', password: 'short' }) });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('The password must be at least 8 characters.');
    expect(short.body).toMatch(/id="register-password"[^>]*aria-invalid="true"/);
    const taken = await app.inject({
      method: 'POST',
      url: '/account/register',
      remoteAddress: freshIp(),
      ...form({ ...hidden, email: 'FREE@demo.local', password: 'long-enough-pw', terms: '1' }),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.body).toContain('An account with this e-mail already exists.');
    const country = await app.inject({
      method: 'POST',
      url: '/account/register',
      remoteAddress: freshIp(),
      ...form({ ...hidden, email: 'c@example.com', password: 'long-enough-pw', country: 'ZZ', terms: '1' }),
    });
    expect(country.statusCode).toBe(400);
    expect(country.body).toContain('Choose a country from the list.');
  });

  test('log in as a demo account in redirect mode: 302 to redirect_uri with code and state; JSON or form token call', async () => {
    const pair = pkcePair();
    const params = authorizeParams(pair.challenge, { mode: 'redirect', goto: '/pricing' });
    const { response } = await loginThroughPage(DEMO_ACCOUNTS[2].email, DEMO_PASSWORD, { params, verifier: pair.verifier });
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    expect(location.searchParams.get('state')).toBe(params.state);
    expect(location.searchParams.get('goto')).toBe('/pricing');
    const code = location.searchParams.get('code') ?? '';
    const token = await app.inject({
      method: 'POST',
      url: '/account/oauth/token',
      ...form({ grant_type: 'authorization_code', code, code_verifier: pair.verifier, redirect_uri: REDIRECT_URI }),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from('studio-web:test-client-secret').toString('base64')}`,
      },
    });
    expect(token.statusCode).toBe(200);
    expect(token.headers['cache-control']).toBe('no-store');
    expect(token.json<AccountTokenResponse>().account).toMatchObject({ id: DEMO_ACCOUNTS[2].id, email: 'premium@demo.local', is_new: false });
  });

  test('with an account session, authorize answers a code at once (no login form)', async () => {
    const first = await loginThroughPage(DEMO_ACCOUNTS[0].email, DEMO_PASSWORD);
    const jar = cookieHeader(first.response);
    const pair = pkcePair();
    const params = authorizeParams(pair.challenge, { mode: 'popup' });
    const again = await app.inject({ method: 'GET', url: `/account/oauth/authorize?${query(params)}`, headers: { cookie: asCookie(jar) } });
    expect(again.statusCode).toBe(200);
    expect(again.body).not.toContain('id="login-email"');
    const data = pageData(again.body);
    expect(data.mode).toBe('popup');
    expect(data.messages.map((m) => m.type)).toEqual([FRAME_MESSAGES.AUTH_CODE, FRAME_MESSAGES.LOGIN_SUCCESS]);
    const { code, state } = authCodeOf(again.body);
    expect(state).toBe(params.state);
    const token = await exchange(app, { code, verifier: pair.verifier });
    expect(token.json<AccountTokenResponse>().account.id).toBe(DEMO_ACCOUNTS[0].id);
  });

  test('prompt=none without a session posts clear user info (frame) or answers login_required (redirect)', async () => {
    const { challenge } = pkcePair();
    const frame = await app.inject({ method: 'GET', url: `/account/oauth/authorize?${query(authorizeParams(challenge, { prompt: 'none' }))}` });
    expect(pageData(frame.body).messages).toEqual([{ type: FRAME_MESSAGES.CLEAR_USER_INFO, reason: 'login_required' }]);
    const redirect = await app.inject({
      method: 'GET',
      url: `/account/oauth/authorize?${query(authorizeParams(challenge, { prompt: 'none', mode: 'redirect', state: 's1' }))}`,
    });
    expect(redirect.statusCode).toBe(302);
    expect(String(redirect.headers.location)).toBe(`${REDIRECT_URI}?error=login_required&error_description=no+account+session&state=s1`);
  });

  test('PKCE mismatch is invalid_grant, and the code is spent', async () => {
    const { response } = await loginThroughPage(DEMO_ACCOUNTS[0].email, DEMO_PASSWORD);
    const { code } = authCodeOf(response.body);
    const wrong = await exchange(app, { code, verifier: pkcePair().verifier });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'invalid_grant', error_description: 'PKCE verification failed' });
  });

  test('a reused code is invalid_grant and revokes the token issued from it', async () => {
    const { response, verifier } = await loginThroughPage(DEMO_ACCOUNTS[1].email, DEMO_PASSWORD);
    const { code } = authCodeOf(response.body);
    const firstExchange = await exchange(app, { code, verifier });
    expect(firstExchange.statusCode).toBe(200);
    const accessToken = firstExchange.json<AccountTokenResponse>().access_token;
    const second = await exchange(app, { code, verifier });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({ error: 'invalid_grant', error_description: 'the authorization code was already used' });
    const info = await app.inject({ method: 'GET', url: '/account/oauth/userinfo', headers: { authorization: `Bearer ${accessToken}` } });
    expect(info.statusCode).toBe(401);
    expect(info.json().error).toBe('invalid_token');
  });

  test('a code older than 60 s is invalid_grant (fake clock)', async () => {
    const { response, verifier } = await loginThroughPage(DEMO_ACCOUNTS[0].email, DEMO_PASSWORD);
    const { code } = authCodeOf(response.body);
    clock.now += 60_001;
    try {
      const late = await exchange(app, { code, verifier });
      expect(late.statusCode).toBe(400);
      expect(late.json()).toEqual({ error: 'invalid_grant', error_description: 'the authorization code has expired' });
    } finally {
      clock.now -= 60_001;
    }
  });

  test('a code redeemed just inside 60 s still works', async () => {
    const { response, verifier } = await loginThroughPage(DEMO_ACCOUNTS[0].email, DEMO_PASSWORD);
    const { code } = authCodeOf(response.body);
    clock.now += 59_000;
    try {
      expect((await exchange(app, { code, verifier })).statusCode).toBe(200);
    } finally {
      clock.now -= 59_000;
    }
  });

  test('the token call checks redirect_uri, the client and its secret', async () => {
    const a = await loginThroughPage(DEMO_ACCOUNTS[0].email, DEMO_PASSWORD);
    const wrongRedirect = await exchange(app, { code: authCodeOf(a.response.body).code, verifier: a.verifier, redirectUri: `${APP_ORIGIN}/other` });
    expect(wrongRedirect.statusCode).toBe(400);
    expect(wrongRedirect.json()).toEqual({ error: 'invalid_grant', error_description: 'redirect_uri does not match the authorization request' });

    const b = await loginThroughPage(DEMO_ACCOUNTS[0].email, DEMO_PASSWORD);
    const badSecret = await exchange(app, { code: authCodeOf(b.response.body).code, verifier: b.verifier, clientSecret: 'nope' });
    expect(badSecret.statusCode).toBe(401);
    expect(badSecret.json().error).toBe('invalid_client');
    const unknownClient = await exchange(app, { code: authCodeOf(b.response.body).code, verifier: b.verifier, clientId: 'other-app' });
    expect(unknownClient.statusCode).toBe(401);
    expect(unknownClient.json().error).toBe('invalid_client');
    // the code survived the refused client calls and still works for the real client
    expect((await exchange(app, { code: authCodeOf(b.response.body).code, verifier: b.verifier })).statusCode).toBe(200);

    const grant = await app.inject({ method: 'POST', url: '/account/oauth/token', payload: { grant_type: 'password', client_id: 'studio-web', client_secret: 'test-client-secret' } });
    expect(grant.statusCode).toBe(400);
    expect(grant.json().error).toBe('unsupported_grant_type');
  });

  test('unknown client or a redirect_uri not allowed: an error page, never a redirect', async () => {
    const { challenge } = pkcePair();
    const cases: Array<Record<string, string>> = [
      { app_key: 'evil-app' },
      { redirect_uri: 'https://evil.test/cb' },
      { redirect_uri: 'javascript:alert(1)' },
      { redirect_uri: `${APP_ORIGIN}.evil.test/cb` },
      { mode: 'redirect', redirect_uri: 'https://evil.test/cb' },
    ];
    for (const overrides of cases) {
      const response = await app.inject({ method: 'GET', url: `/account/oauth/authorize?${query(authorizeParams(challenge, overrides))}` });
      expect(response.statusCode).toBe(400);
      expect(response.headers.location).toBeUndefined();
      expect(response.body).toContain("This sign-in link can&#39;t be used");
      expect(pageData(response.body).targetOrigin).toBeNull();
    }
  });

  test('PKCE is required and only S256 is accepted', async () => {
    const { challenge } = pkcePair();
    const plain = await app.inject({
      method: 'GET',
      url: `/account/oauth/authorize?${query(authorizeParams(challenge, { code_challenge_method: 'plain', mode: 'redirect', state: 'st' }))}`,
    });
    expect(plain.statusCode).toBe(302);
    const location = new URL(String(plain.headers.location));
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('state')).toBe('st');
    const missing = await app.inject({ method: 'GET', url: `/account/oauth/authorize?${query(authorizeParams('', { mode: 'iframe' }))}` });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('code_challenge is required (PKCE)');
  });

  test('a wrong password or an unknown e-mail gives the same clear, announced message', async () => {
    const wrong = await loginThroughPage(DEMO_ACCOUNTS[0].email, 'not-the-password');
    expect(wrong.response.statusCode).toBe(401);
    expect(wrong.response.body).toMatch(/role="alert" id="login-alert" data-initial>The e-mail or password is incorrect.<\/div>/);
    expect(pageData(wrong.response.body).messages).toEqual([]);
    const unknown = await loginThroughPage('nobody@example.com', 'whatever-pass');
    expect(unknown.response.statusCode).toBe(401);
    expect(unknown.response.body).toContain('The e-mail or password is incorrect.');
  });

  test('rate limit per e-mail: after 3 failures even the right password waits, until the window passes', async () => {
    const pair = pkcePair();
    await app.inject({
      method: 'POST',
      url: '/account/register',
      remoteAddress: freshIp(),
      ...form({ ...hiddenFields((await app.inject({ method: 'GET', url: `/account/oauth/authorize?${query(authorizeParams(pair.challenge))}` })).body, '/register'), email: 'limited@example.com', password: 'right-password', terms: '1' }),
    });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await loginThroughPage('limited@example.com', `wrong-${i}`)).response.statusCode);
    expect(statuses).toEqual([401, 401, 429]);
    const blocked = await loginThroughPage('limited@example.com', 'right-password');
    expect(blocked.response.statusCode).toBe(429);
    expect(blocked.response.body).toContain('Too many attempts. For your security, please wait 1 minute and try again.');
    expect(blocked.response.headers['retry-after']).toBeDefined();
    clock.now += 61_000;
    const later = await loginThroughPage('limited@example.com', 'right-password');
    expect(later.response.statusCode).toBe(200);
    expect(pageData(later.response.body).messages.map((m) => m.type)).toContain(FRAME_MESSAGES.AUTH_CODE);
  });

  test('rate limit per IP: after 8 failed logins from one address the next attempt is refused', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push((await loginThroughPage(`someone-${i}@example.com`, 'whatever-pass', { ip })).response.statusCode);
    expect(statuses.slice(0, 8).every((status) => status === 401)).toBe(true);
    expect(statuses[8]).toBe(429);
    // another address is not affected
    expect((await loginThroughPage(DEMO_ACCOUNTS[0].email, DEMO_PASSWORD)).response.statusCode).toBe(200);
  });

  test('a login form posted from another origin is refused (login CSRF)', async () => {
    const { challenge } = pkcePair();
    const page = await app.inject({ method: 'GET', url: `/account/oauth/authorize?${query(authorizeParams(challenge))}` });
    const response = await app.inject({
      method: 'POST',
      url: '/account/login',
      remoteAddress: freshIp(),
      payload: new URLSearchParams({ ...hiddenFields(page.body, '/login'), email: DEMO_ACCOUNTS[0].email, password: DEMO_PASSWORD }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.test' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  test('a login form posted from a client origin is accepted (the pages served through the product origin by a proxy)', async () => {
    const { challenge } = pkcePair();
    const page = await app.inject({ method: 'GET', url: `/account/oauth/authorize?${query(authorizeParams(challenge))}` });
    const response = await app.inject({
      method: 'POST',
      url: '/account/login',
      remoteAddress: freshIp(),
      payload: new URLSearchParams({ ...hiddenFields(page.body, '/login'), email: DEMO_ACCOUNTS[0].email, password: DEMO_PASSWORD }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: APP_ORIGIN },
    });
    expect(response.statusCode).toBe(200);
    expect(pageData(response.body).messages.map((m) => m.type)).toContain(FRAME_MESSAGES.AUTH_CODE);
  });

  test('a form whose hidden fields were changed to another redirect_uri is refused', async () => {
    const { challenge } = pkcePair();
    const page = await app.inject({ method: 'GET', url: `/account/oauth/authorize?${query(authorizeParams(challenge))}` });
    const hidden = { ...hiddenFields(page.body, '/login'), redirect_uri: 'https://evil.test/cb' };
    const response = await app.inject({ method: 'POST', url: '/account/login', remoteAddress: freshIp(), ...form({ ...hidden, email: DEMO_ACCOUNTS[0].email, password: DEMO_PASSWORD }) });
    expect(response.statusCode).toBe(400);
    expect(response.headers.location).toBeUndefined();
    expect(response.body).not.toContain('evil.test');
  });

  test('userinfo refuses a missing, tampered or expired token', async () => {
    const { response, verifier } = await loginThroughPage(DEMO_ACCOUNTS[0].email, DEMO_PASSWORD);
    const token = (await exchange(app, { code: authCodeOf(response.body).code, verifier })).json<AccountTokenResponse>().access_token;
    expect((await app.inject({ method: 'GET', url: '/account/oauth/userinfo' })).statusCode).toBe(401);
    const tampered = `${token.slice(0, -3)}${token.slice(-3) === 'AAA' ? 'BBB' : 'AAA'}`;
    expect((await app.inject({ method: 'GET', url: '/account/oauth/userinfo', headers: { authorization: `Bearer ${tampered}` } })).statusCode).toBe(401);
    clock.now += 3601_000;
    try {
      const expired = await app.inject({ method: 'GET', url: '/account/oauth/userinfo', headers: { authorization: `Bearer ${token}` } });
      expect(expired.statusCode).toBe(401);
      expect(expired.headers['www-authenticate']).toContain('invalid_token');
    } finally {
      clock.now -= 3601_000;
    }
  });

  test('logout clears the session and redirects only to allowed URIs', async () => {
    const { response } = await loginThroughPage(DEMO_ACCOUNTS[0].email, DEMO_PASSWORD);
    const jar = cookieHeader(response);
    const out = await app.inject({ method: 'GET', url: `/account/logout?redirect_uri=${encodeURIComponent(`${APP_ORIGIN}/home`)}`, headers: { cookie: asCookie(jar) } });
    expect(out.statusCode).toBe(302);
    expect(out.headers.location).toBe(`${APP_ORIGIN}/home`);
    expect(String(out.headers['set-cookie'])).toMatch(/studio_account_session=; Path=\/account; Max-Age=0/);
    // the old session no longer issues codes
    const { challenge } = pkcePair();
    const again = await app.inject({ method: 'GET', url: `/account/oauth/authorize?${query(authorizeParams(challenge))}`, headers: { cookie: asCookie(jar) } });
    expect(again.body).toContain('id="login-email"');

    for (const target of ['https://evil.test/', '//evil.test/x', 'javascript:alert(1)', `${APP_ORIGIN}.evil.test/`]) {
      const refused = await app.inject({ method: 'GET', url: `/account/logout?redirect_uri=${encodeURIComponent(target)}` });
      expect(refused.statusCode).toBe(302);
      expect(refused.headers.location).toBe('/account/center');
    }
  });

  test('logout in a frame posts the logout request to the redirect origin', async () => {
    const response = await app.inject({ method: 'GET', url: `/account/logout?mode=iframe&redirect_uri=${encodeURIComponent(`${APP_ORIGIN}/`)}` });
    expect(response.statusCode).toBe(200);
    const data = pageData(response.body);
    expect(data.targetOrigin).toBe(APP_ORIGIN);
    expect(data.messages).toEqual([{ type: FRAME_MESSAGES.LOGOUT_REQUEST }]);
  });

  test('POST /logout answers allowed origins with CORS and refuses others', async () => {
    const { response } = await loginThroughPage(DEMO_ACCOUNTS[0].email, DEMO_PASSWORD);
    const jar = cookieHeader(response);
    const evil = await app.inject({ method: 'POST', url: '/account/logout', headers: { origin: 'https://evil.test', cookie: asCookie(jar) } });
    expect(evil.statusCode).toBe(403);
    const ok = await app.inject({ method: 'POST', url: '/account/logout', headers: { origin: APP_ORIGIN, cookie: asCookie(jar) } });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
    expect(ok.headers['access-control-allow-credentials']).toBe('true');
    expect(ok.json()).toMatchObject({ code: 0, data: null });
  });

  test('over https (behind a trusted proxy) the session cookie is SameSite=None; Secure', async () => {
    const pair = pkcePair();
    const page = await app.inject({ method: 'GET', url: `/account/oauth/authorize?${query(authorizeParams(pair.challenge))}`, headers: { 'x-forwarded-proto': 'https' } });
    const response = await app.inject({
      method: 'POST',
      url: '/account/login',
      remoteAddress: freshIp(),
      payload: new URLSearchParams({ ...hiddenFields(page.body, '/login'), email: DEMO_ACCOUNTS[0].email, password: DEMO_PASSWORD }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-proto': 'https' },
    });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).toMatch(/studio_account_session=[^;]+; Path=\/account; Max-Age=\d+; HttpOnly; Secure; SameSite=None/);
  });

  test('the sign-up country defaults to the trusted proxy header when one is configured', async () => {
    const other = await new TestServer(
      await buildAccountApp({ db, config: testConfig(clock, { countryHeader: 'cf-ipcountry' }), trustProxy: true }),
    ).start();
    try {
      const pair = pkcePair();
      const page = await other.inject({
        method: 'GET',
        url: `/account/oauth/authorize?${query(authorizeParams(pair.challenge, { register_mode: '1' }))}`,
        headers: { 'cf-ipcountry': 'de' },
      });
      expect(page.body).toContain('<option value="DE" selected>Germany</option>');
      const created = await other.inject({
        method: 'POST',
        url: '/account/register',
        remoteAddress: freshIp(),
        payload: new URLSearchParams({ ...hiddenFields(page.body, '/register'), email: 'berlin@example.com', password: 'long-enough-pw', terms: '1' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'cf-ipcountry': 'DE' },
      });
      const code = pageData(created.body).messages.find((m) => m.code)?.code ?? '';
      expect((await exchange(other, { code, verifier: pair.verifier })).json<AccountTokenResponse>().account.country).toBe('DE');
    } finally {
      await other.close();
    }
  });

  test('third-party cookie check: a cookie round trip, answered only to an allowed origin', async () => {
    const first = await app.inject({ method: 'GET', url: `/account/cookie-check?origin=${encodeURIComponent(APP_ORIGIN)}` });
    expect(first.statusCode).toBe(302);
    const jar = cookieHeader(first);
    expect(jar.studio_account_cookie_check).toBe('1');
    const second = await app.inject({ method: 'GET', url: String(first.headers.location), headers: { cookie: asCookie(jar) } });
    const data = pageData(second.body);
    expect(data.targetOrigin).toBe(APP_ORIGIN);
    expect(data.messages).toEqual([{ type: 'account:cookie-check', supported: true }]);
    expect(String(second.headers['content-security-policy'])).toContain(`frame-ancestors 'self' ${APP_ORIGIN}`);
    const blocked = await app.inject({ method: 'GET', url: String(first.headers.location) });
    expect(pageData(blocked.body).messages).toEqual([{ type: 'account:cookie-check', supported: false }]);
    const evil = await app.inject({ method: 'GET', url: '/account/cookie-check?origin=https%3A%2F%2Fevil.test&step=read' });
    expect(evil.statusCode).toBe(400);
    expect(pageData(evil.body).messages).toEqual([]);
  });
});
