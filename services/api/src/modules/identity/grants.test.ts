/**
 * Credit grants are explicit steps, never a side effect of authentication: the sign-up grant is the
 * sign-in's own step (once per user), membership credits come from the billing grant step.
 */
import { bearer, envelopeOf, makeProfile, startTestApi, type TestApi } from '../../../test/helpers';
import { createSubscription } from '../users/users';

// PGlite's start (WebAssembly) takes seconds on a busy 2-core machine
jest.setTimeout(120000);

describe('credit grants around authentication', () => {
  let api: TestApi;
  beforeAll(async () => {
    // only the core modules (identity, content): nothing else could grant
    api = await startTestApi({ modules: [] });
  });
  afterAll(async () => api.close());

  it('authenticated calls grant nothing, even with membership credits due; the billing grant step does', async () => {
    const { jwt, uid } = await api.signIn(makeProfile());
    const afterSignUp = await api.ctx.ledger.balance(uid);
    await createSubscription(api.db, {
      userId: uid,
      skuId: 24109016,
      level: 'premium',
      name: 'Premium Yearly',
      startedAt: new Date(Date.now() - 60_000),
      expiresAt: new Date(Date.now() + 365 * 24 * 3600 * 1000),
      creditsPerPeriod: 500,
      source: 'test',
      externalRef: `grants-test:${uid}`,
    });
    for (const request of [
      { method: 'POST' as const, url: '/v1/user' },
      { method: 'GET' as const, url: '/v1/user' },
      { method: 'GET' as const, url: '/v1/token/renew' },
      { method: 'POST' as const, url: '/v1/feature-code/auth', payload: { pids: [] } },
    ]) {
      expect((await api.app.inject({ ...request, headers: bearer(jwt) })).statusCode).toBe(200);
    }
    expect(await api.ctx.ledger.balance(uid)).toBe(afterSignUp);
    expect(await api.ctx.ensureMembershipGrants(uid)).toBeGreaterThan(0);
    expect(await api.ctx.ledger.balance(uid)).toBe(afterSignUp + 500);
    const user = envelopeOf<{ integral: { integral: number } }>(await api.app.inject({ method: 'POST', url: '/v1/user', headers: bearer(jwt) })).data;
    expect(user.integral.integral).toBe(afterSignUp + 500);
  });

  it('signing in again applies no second sign-up grant', async () => {
    const profile = makeProfile();
    const first = await api.signIn(profile);
    const balance = await api.ctx.ledger.balance(first.uid);
    await api.signIn({ ...profile, is_new: false });
    expect(await api.ctx.ledger.balance(first.uid)).toBe(balance);
  });
});
