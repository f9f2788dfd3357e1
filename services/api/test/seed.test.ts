import type { CreditTransaction, ListResponse, User } from 'shared-contracts';
import { DEMO_USERS, seedDemoData } from '../src/seed';
import { bearer, envelopeOf, makeProfile, startTestApi, type TestApi } from './helpers';

// PGlite's start (WebAssembly) takes seconds on a busy 2-core machine
jest.setTimeout(120000);

describe('demo data and the credit transactions call', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
    const first = await seedDemoData(api.db, { allowServer: true });
    expect(first.seeded).toBe(true);
  });
  afterAll(async () => api.close());

  async function balances() {
    const rows = await api.db.query<{ user_id: string; n: number }>(
      `SELECT user_id, COUNT(*)::int AS n FROM credit_entries GROUP BY user_id ORDER BY user_id`,
    );
    return rows.rows;
  }

  it('is idempotent: seeding again changes nothing', async () => {
    const before = await balances();
    const again = await seedDemoData(api.db, { allowServer: true });
    expect(again).toEqual({ seeded: true, users: [] });
    expect(await balances()).toEqual(before);
  });

  it('refuses to seed in production and, by default, on a real server', async () => {
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      expect(await seedDemoData(api.db)).toMatchObject({ seeded: false, reason: 'NODE_ENV=production' });
    } finally {
      process.env.NODE_ENV = previous;
    }
    if (api.db.kind === 'postgres') expect((await seedDemoData(api.db)).seeded).toBe(false);
  });

  it('the demo accounts sign in with their fixed ids and membership levels', async () => {
    const expected = { free: 'free', standard: 'standard', premium: 'premium', checkin: 'free' } as const;
    for (const [key, demo] of Object.entries(DEMO_USERS)) {
      const { body } = await api.signIn(makeProfile({ id: demo.id, email: demo.email, nickname: demo.nickname, country: demo.country, is_new: false }));
      const user = body.data.user as unknown as User;
      expect(user.uid).toBe(demo.id);
      expect(user.verify.level).toBe(expected[key as keyof typeof expected]);
      expect(user.integral.integral).toBeGreaterThan(0);
      expect(user.isNewUser).toBe(false);
      if (key === 'free' || key === 'checkin') expect(user.subscribe).toEqual([]);
      else expect(user.subscribe[0]).toMatchObject({ pid: key === 'standard' ? 24109014 : 24109016, is_expired: false });
      // signing in did not add a sign-up grant or a trial
      expect(user.freeTrails).toEqual([]);
    }
    const premium = await api.ctx.ledger.balance(DEMO_USERS.premium.id);
    expect(premium).toBeGreaterThan(500);
  });

  it('standard pages through at least 40 consumption records, 15 at a time, newest first', async () => {
    const { jwt } = await api.signIn(makeProfile({ id: DEMO_USERS.standard.id, email: DEMO_USERS.standard.email, is_new: false }));
    const seen: CreditTransaction[] = [];
    let total = 0;
    for (let page = 1; page <= 4; page += 1) {
      const response = await api.app.inject({
        method: 'GET',
        url: `/v1/credits/transactions?type=consumption&page=${page}&page_size=15&_t=1`,
        headers: bearer(jwt),
      });
      const body = envelopeOf<ListResponse<CreditTransaction>>(response);
      expect(body.code).toBe(0);
      total = body.data.total;
      seen.push(...body.data.list);
      if (body.data.list.length < 15) break;
    }
    expect(total).toBeGreaterThanOrEqual(40);
    expect(seen).toHaveLength(total);
    expect(seen.every((t) => t.type === 'consumption' && t.credits > 0 && t.expire_time === 0 && t.status === 1)).toBe(true);
    const dates = seen.map((t) => t.date);
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);

    const acquisitions = envelopeOf<ListResponse<CreditTransaction>>(
      await api.app.inject({ method: 'GET', url: '/v1/credits/transactions?type=acquisition&page=1', headers: bearer(jwt) }),
    ).data;
    // sign-up bonus (expired: the account is older than 2 years) and the monthly membership grants
    expect(acquisitions.list.some((t) => t.details === 'Sign-up bonus' && t.is_expired === 1 && t.status === 0)).toBe(true);
    expect(acquisitions.list.filter((t) => t.details === 'Standard membership monthly credits').length).toBeGreaterThanOrEqual(3);
  });

  it('validates the transactions query', async () => {
    const { jwt } = await api.signIn();
    const bad = await api.app.inject({ method: 'GET', url: '/v1/credits/transactions?type=refund&page=1', headers: bearer(jwt) });
    expect(bad.statusCode).toBe(400);
    expect(envelopeOf(bad).msg).toMatch(/^Invalid request: querystring\.type/);
    const zero = await api.app.inject({ method: 'GET', url: '/v1/credits/transactions?type=acquisition&page=0', headers: bearer(jwt) });
    expect(envelopeOf(zero).msg).toBe('Invalid request: querystring.page must be >= 1');
    const unauth = await api.app.inject({ method: 'GET', url: '/v1/credits/transactions?type=acquisition' });
    expect(unauth.statusCode).toBe(401);
  });
});
