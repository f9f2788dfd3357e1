/**
 * The account service as an OpenID Provider, proven with the unmodified openid-client (the certified relying
 * party library): discovery, the authorization code flow with PKCE, state and nonce, the ID token (checked
 * again here against the published JWKS) and the userinfo endpoint. Plain http is allowed with the library's
 * own allowInsecureRequests option (the test server has no certificate).
 */
import type { Database } from '@studio/db';
import * as client from 'openid-client';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { buildAccountApp } from './app.js';
import { DEMO_PASSWORD, seedDemoAccounts } from './seed.js';
import { CLIENT_ID, CLIENT_SECRET, ENGINES, form, freshIp, hiddenFields, openTestDatabase, REDIRECT_URI, testConfig, TestServer } from './test-helpers.js';

jest.setTimeout(60_000);

describe.each(ENGINES.slice(0, 1))('OpenID Provider on %s', (_engine, url) => {
  // ID tokens are checked against the real time by the client
  const clock = { now: Date.now() };
  let db: Database;
  let drop: () => Promise<void>;
  let app: TestServer;

  beforeAll(async () => {
    ({ db, drop } = await openTestDatabase(url));
    await seedDemoAccounts(db, { scrypt: { N: 1024, r: 8, p: 1 } });
    app = await new TestServer(await buildAccountApp({ db, config: testConfig(clock), trustProxy: true })).start();
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await drop();
  });

  test('openid-client discovers the provider and signs in with the authorization code + PKCE', async () => {
    const issuer = new URL(`${app.url}/account`);
    const config = await client.discovery(issuer, CLIENT_ID, CLIENT_SECRET, undefined, { execute: [client.allowInsecureRequests] });
    expect(config.serverMetadata()).toMatchObject({ issuer: issuer.href, code_challenge_methods_supported: ['S256'] });

    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const authorize = client.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT_URI,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });

    // the person: the login page the authorization URL shows, then its form
    const page = await app.inject({ method: 'GET', url: `${authorize.pathname}${authorize.search}` });
    expect(page.statusCode).toBe(200);
    const login = await app.inject({
      method: 'POST',
      url: '/account/login',
      remoteAddress: freshIp(),
      ...form({ ...hiddenFields(page.body, '/login'), email: 'premium@demo.local', password: DEMO_PASSWORD }),
    });
    expect(login.statusCode).toBe(302);
    const callback = new URL(String(login.headers.location));
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);

    const tokens = await client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce, idTokenExpected: true });
    const claims = tokens.claims();
    expect(claims).toMatchObject({ iss: issuer.href, aud: CLIENT_ID, sub: '00000000-0000-4000-8000-000000000003', nonce, email: 'premium@demo.local', email_verified: true });

    // the ID token's signature, against the JWKS the discovery document names
    const jwks = createRemoteJWKSet(new URL(config.serverMetadata().jwks_uri!));
    const verified = await jwtVerify(tokens.id_token!, jwks, { issuer: issuer.href, audience: CLIENT_ID });
    expect(verified.protectedHeader.alg).toBe('RS256');

    const info = await client.fetchUserInfo(config, tokens.access_token, claims!.sub);
    expect(info).toMatchObject({ sub: claims!.sub, email: 'premium@demo.local', email_verified: true, name: 'Premium Demo' });

    // the code was spent: the library's second exchange is refused by the provider
    await expect(client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce })).rejects.toHaveProperty('error', 'invalid_grant');
  });
});
