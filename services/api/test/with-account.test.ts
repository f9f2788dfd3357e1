/**
 * The product API and the real account service on one origin and one database, as the embedded default
 * runs them: a demo account logs in through the account service's page, the code it gets is exchanged by
 * /v1/oauth/token over the HTTP account client, and the product token works.
 */
import { createHash, randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { accountPlugin, seedDemoAccounts } from '@studio/account';
import { API_CODES, FRAME_MESSAGES, type User } from 'shared-contracts';
import { createHttpAccountClient } from '../src/account-client';
import { testApiConfig } from '../src/config';
import { apiPlugin } from '../src/plugin';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoData } from '../src/seed';
import { bearer, envelopeOf, openTestDb, type TestDb } from './helpers';

jest.setTimeout(120000);

const ORIGIN = 'http://localhost:8080';
const REDIRECT_URI = `${ORIGIN}/auth/callback`;
const CLIENT = { id: 'studio-web', secret: 'integration-secret' };

describe('the API with the real account service', () => {
  let testDb: TestDb;
  let app: FastifyInstance;

  beforeAll(async () => {
    testDb = await openTestDb();
    app = Fastify({ logger: false });
    const accountClient = createHttpAccountClient({
      baseUrl: `${ORIGIN}/account`,
      clientId: CLIENT.id,
      clientSecret: CLIENT.secret,
      // loopback through the same app, as ACCOUNT_INTERNAL_URL would reach it
      fetchImpl: async (input, init) => {
        const url = new URL(String(input));
        const response = await app.inject({
          method: (init?.method ?? 'GET') as InjectOptions['method'],
          url: url.pathname,
          headers: init?.headers as Record<string, string>,
          payload: init?.body as string,
        });
        return new Response(response.body, { status: response.statusCode, headers: { 'content-type': String(response.headers['content-type'] ?? '') } });
      },
    });
    await app.register(accountPlugin, {
      prefix: '/account',
      db: testDb.db,
      config: {
        clients: [{ id: CLIENT.id, name: 'Studio', secret: CLIENT.secret, allowedOrigins: [ORIGIN] }],
        tokenSecret: 'integration-token-secret-long-enough-0000',
        scrypt: { N: 1024, r: 8, p: 1 },
      },
    });
    await app.register(apiPlugin, { db: testDb.db, config: testApiConfig({ accountClientId: CLIENT.id, accountClientSecret: CLIENT.secret }), accountClient, holdSweepMs: 0 });
    await app.ready();
    await seedDemoAccounts(testDb.db, { scrypt: { N: 1024, r: 8, p: 1 } });
    await seedDemoData(testDb.db, { allowServer: true });
  });
  afterAll(async () => {
    await app.close();
    await testDb.close();
  });

  function hidden(html: string): Record<string, string> {
    const formHtml = /<form method="post" action="[^"]*\/login"[\s\S]*?<\/form>/.exec(html)?.[0] ?? '';
    const fields: Record<string, string> = {};
    for (const input of formHtml.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
      fields[input[1]] = input[2].replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
    }
    return fields;
  }

  it('standard@demo.local logs in through the frame page; the auth code buys a product token', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const state = randomBytes(6).toString('hex');
    const params = new URLSearchParams({
      app_key: CLIENT.id,
      product_id: 'studio',
      source: 'web',
      scope: 'profile email',
      lang: 'en',
      response_type: 'code',
      mode: 'iframe',
      redirect_uri: REDIRECT_URI,
      state,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const page = await app.inject({ method: 'GET', url: `/account/oauth/authorize?${params}` });
    expect(page.statusCode).toBe(200);
    const login = await app.inject({
      method: 'POST',
      url: '/account/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...hidden(page.body), email: DEMO_USERS.standard.email, password: DEMO_PASSWORD }).toString(),
    });
    expect(login.statusCode).toBe(200);
    // the page posts the auth code message to the product frame; read it from the page's data
    const code = new RegExp(`"type":"${FRAME_MESSAGES.AUTH_CODE}","code":"([^"]+)"`).exec(login.body)?.[1]
      ?? /"code":"([A-Za-z0-9_-]{16,})"/.exec(login.body)?.[1];
    expect(code).toBeTruthy();

    const token = await app.inject({
      method: 'POST',
      url: '/v1/oauth/token',
      payload: { code, code_verifier: verifier, redirect_uri: REDIRECT_URI, timezone: 'UTC', landing_page: '/home' },
    });
    const body = envelopeOf<{ jwt: string; user: User }>(token);
    expect(body.code).toBe(0);
    expect(body.data.user).toMatchObject({ uid: DEMO_USERS.standard.id, email: 'standard@demo.local', verify: { level: 'standard' } });
    const me = await app.inject({ method: 'POST', url: '/v1/user', headers: bearer(body.data.jwt) });
    expect(envelopeOf<User>(me).data.uid).toBe(DEMO_USERS.standard.id);

    // the code is single-use: a second exchange is refused with a clear message
    const replay = await app.inject({ method: 'POST', url: '/v1/oauth/token', payload: { code, code_verifier: verifier, redirect_uri: REDIRECT_URI } });
    expect(replay.statusCode).toBe(400);
    expect(envelopeOf(replay).msg).toBe('Sign-in failed: The authorization code was already used. Please log in again.');
  });

  /** Signs in through the frame page and exchanges the code: the product token and what led to it. */
  async function signIn(email: string, password: string) {
    const verifier = randomBytes(32).toString('base64url');
    const params = new URLSearchParams({
      app_key: CLIENT.id,
      response_type: 'code',
      mode: 'iframe',
      redirect_uri: REDIRECT_URI,
      state: 'revocation',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    });
    const page = await app.inject({ method: 'GET', url: `/account/oauth/authorize?${params}` });
    const login = await app.inject({
      method: 'POST',
      url: '/account/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...hidden(page.body), email, password }).toString(),
    });
    const code = /"code":"([A-Za-z0-9_-]{16,})"/.exec(login.body)?.[1] ?? '';
    const session = /studio_account_session=([^;]+)/.exec(String(login.headers['set-cookie']))?.[1] ?? '';
    const exchange = { code, code_verifier: verifier, redirect_uri: REDIRECT_URI };
    const token = await app.inject({ method: 'POST', url: '/v1/oauth/token', payload: exchange });
    return { jwt: envelopeOf<{ jwt: string }>(token).data.jwt, exchange, session };
  }

  it('a password change ends product sessions made before it, renewal included', async () => {
    const before = await signIn(DEMO_USERS.premium.email, DEMO_PASSWORD);
    expect(envelopeOf(await app.inject({ method: 'POST', url: '/v1/user', headers: bearer(before.jwt) })).code).toBe(0);
    const center = await app.inject({ method: 'GET', url: '/account/center', headers: { cookie: `studio_account_session=${before.session}` } });
    const csrf = /studio_account_csrf=([^;]+)/.exec(String(center.headers['set-cookie']))?.[1] ?? '';
    const changed = await app.inject({
      method: 'POST',
      url: '/account/center/password',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `studio_account_session=${before.session}; studio_account_csrf=${csrf}` },
      payload: new URLSearchParams({ _csrf: csrf, current_password: DEMO_PASSWORD, new_password: 'a-new-password-1', repeat_password: 'a-new-password-1' }).toString(),
    });
    expect(changed.headers.location).toContain('status=password-saved');
    const me = await app.inject({ method: 'POST', url: '/v1/user', headers: bearer(before.jwt) });
    expect(me.statusCode).toBe(401);
    expect(envelopeOf(me).code).toBe(API_CODES.SESSION_INVALID);
    const renew = await app.inject({ method: 'GET', url: '/v1/token/renew', headers: bearer(before.jwt) });
    expect(renew.statusCode).toBe(401);
    // a sign-in with the new password works
    const after = await signIn(DEMO_USERS.premium.email, 'a-new-password-1');
    expect(envelopeOf(await app.inject({ method: 'POST', url: '/v1/user', headers: bearer(after.jwt) })).code).toBe(0);
  });

  it('a replayed authorization code ends the product session made from it', async () => {
    const first = await signIn(DEMO_USERS.free.email, DEMO_PASSWORD);
    expect(envelopeOf(await app.inject({ method: 'POST', url: '/v1/user', headers: bearer(first.jwt) })).code).toBe(0);
    const replay = await app.inject({ method: 'POST', url: '/v1/oauth/token', payload: first.exchange });
    expect(replay.statusCode).toBe(400);
    const me = await app.inject({ method: 'POST', url: '/v1/user', headers: bearer(first.jwt) });
    expect(me.statusCode).toBe(401);
    expect(envelopeOf(me).code).toBe(API_CODES.SESSION_INVALID);
  });
});
