import { AccountClientError, createHttpAccountClient, parseAccountProfile } from '../src/account-client';

function clientAnswering(status: number, body: unknown, seen: { url?: string; body?: Record<string, unknown> } = {}) {
  return createHttpAccountClient({
    baseUrl: 'http://account.test/account/',
    clientId: 'studio-web',
    clientSecret: 's3cret',
    fetchImpl: async (input, init) => {
      seen.url = String(input);
      seen.body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    },
  });
}

const profile = {
  id: '00000000-0000-4000-8000-000000000002',
  email: 'standard@demo.local',
  nickname: 'Standard Demo',
  firstname: 'Standard',
  lastname: 'Demo',
  avatar: '',
  country: 'us',
  created_at: 1704067200,
  is_new: false,
};

describe('HTTP account client', () => {
  it('posts the code, verifier, redirect_uri and client credentials, and reads the enveloped profile', async () => {
    const seen: { url?: string; body?: Record<string, unknown> } = {};
    const client = clientAnswering(200, { code: 0, msg: 'ok', data: profile, trace_id: 't' }, seen);
    const answer = await client.exchangeCode({ code: 'c1', codeVerifier: 'v'.repeat(43), redirectUri: 'http://localhost:8080/cb' });
    expect(seen.url).toBe('http://account.test/account/oauth/token');
    expect(seen.body).toEqual({
      grant_type: 'authorization_code',
      code: 'c1',
      code_verifier: 'v'.repeat(43),
      redirect_uri: 'http://localhost:8080/cb',
      client_id: 'studio-web',
      client_secret: 's3cret',
    });
    // a profile without email_verified comes from a service older than address confirmation: confirmed
    expect(answer).toEqual({ ...profile, country: 'US', email_verified: true });
  });

  it('reads the token response of the account service, a bare profile, and an RFC 6749 error', async () => {
    const token = { access_token: 'at', token_type: 'Bearer', expires_in: 3600, scope: 'profile', account: profile };
    expect(await clientAnswering(200, token).exchangeCode({ code: 'c', codeVerifier: 'v', redirectUri: 'r' })).toEqual({ ...profile, country: 'US', email_verified: true });
    const unconfirmed = { ...token, account: { ...profile, email_verified: false } };
    expect((await clientAnswering(200, unconfirmed).exchangeCode({ code: 'c', codeVerifier: 'v', redirectUri: 'r' })).email_verified).toBe(false);
    expect((await clientAnswering(200, profile).exchangeCode({ code: 'c', codeVerifier: 'v', redirectUri: 'r' })).id).toBe(profile.id);
    const error = await clientAnswering(400, { error: 'invalid_grant', error_description: 'Code expired' })
      .exchangeCode({ code: 'c', codeVerifier: 'v', redirectUri: 'r' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AccountClientError);
    expect(error).toMatchObject({ error: 'invalid_grant', description: 'Code expired', status: 400 });
  });

  it('maps an enveloped failure, a 5xx and garbage', async () => {
    const enveloped = await clientAnswering(400, { code: 400, msg: 'PKCE verification failed', data: { error: 'invalid_grant' }, trace_id: 't' })
      .exchangeCode({ code: 'c', codeVerifier: 'v', redirectUri: 'r' })
      .catch((e: unknown) => e);
    expect(enveloped).toMatchObject({ error: 'invalid_grant', description: 'PKCE verification failed' });
    const down = await clientAnswering(503, 'Service Unavailable').exchangeCode({ code: 'c', codeVerifier: 'v', redirectUri: 'r' }).catch((e: unknown) => e);
    expect(down).toMatchObject({ error: 'unavailable', status: 503 });
    const noProfile = await clientAnswering(200, { code: 0, msg: 'ok', data: { id: 'not-a-uuid' }, trace_id: 't' })
      .exchangeCode({ code: 'c', codeVerifier: 'v', redirectUri: 'r' })
      .catch((e: unknown) => e);
    expect(noProfile).toMatchObject({ error: 'unavailable', description: 'the account service answered without an account profile' });
  });

  it('reads created_at as epoch seconds, whether sent as seconds, milliseconds or ISO text', () => {
    expect(parseAccountProfile({ ...profile, created_at: 1700000000 })?.created_at).toBe(1700000000);
    expect(parseAccountProfile({ ...profile, created_at: 1700000000123 })?.created_at).toBe(1700000000);
    expect(parseAccountProfile({ ...profile, created_at: '2023-11-14T22:13:20.000Z' })?.created_at).toBe(1700000000);
  });
});
