/**
 * The product API and the real account service on one origin and one database, as the embedded default
 * runs them: a demo account logs in through the account service's page, the code it gets is exchanged by
 * /v1/oauth/token over the HTTP account client, and the product token works.
 */
import { createHash, randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { accountPlugin, seedDemoAccounts } from '@studio/account';
import { FRAME_MESSAGES, type User } from 'shared-contracts';
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
});
