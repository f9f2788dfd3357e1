/**
 * Check-in API on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set (where concurrent claims
 * really race).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { API_CODES, CHECKIN_ACTIVITY_CODE, type CheckInResult, type CheckInStatusResponse } from 'shared-contracts';
import { createHttpAccountClient, type AccountProfile } from '../../account-client';
import { testApiConfig, type ApiConfig } from '../../config';
import { buildApiApp } from '../../plugin';
import { createSubscription } from '../users/users';
import { StubAccountService, bearer, envelopeOf, makeProfile, onPostgres, openTestDb, type TestDb } from '../../../test/helpers';
import { alreadyMessage, createCheckinService, nextRoundIn, soldOutMessage, unavailableMessage, type CheckinOptions } from './checkin-service';
import { parseCountries } from './countries';
import { checkinModule } from './index';

const BODY = { activity_code: CHECKIN_ACTIVITY_CODE };
const STATUS_URL = `/v1/activity/checkin/status?activity_code=${CHECKIN_ACTIVITY_CODE}`;

interface Harness {
  app: FastifyInstance;
  testDb: TestDb;
  account: StubAccountService;
  clock: { now: Date };
  options: CheckinOptions;
  signIn(profile?: Partial<AccountProfile>): Promise<{ jwt: string; uid: string }>;
  claim(jwt: string, headers?: Record<string, string>): Promise<{ status: number; body: { code: number; msg: string; data: CheckInResult } }>;
  checkinGrants(uid: string): Promise<number>;
  close(): Promise<void>;
}

jest.setTimeout(120000);

let shared: TestDb | null = null;
async function sharedDb(): Promise<TestDb> {
  if (!shared) shared = await openTestDb(60);
  return shared;
}
afterAll(async () => {
  await shared?.close();
});

async function harness(config: Partial<ApiConfig> = {}, skipMigrations = false): Promise<Harness> {
  const testDb = await sharedDb();
  const account = new StubAccountService();
  const apiConfig = testApiConfig({ accountInternalUrl: 'http://account.test/account', ...config });
  const clock = { now: new Date('2025-03-10T12:00:00Z') };
  const options: CheckinOptions = { countries: ['CL', 'TH'], dailyWinners: 500, now: () => clock.now };
  const app = await buildApiApp({
    db: testDb.db,
    config: apiConfig,
    accountClient: createHttpAccountClient({
      baseUrl: apiConfig.accountInternalUrl,
      clientId: account.clientId,
      clientSecret: apiConfig.accountClientSecret,
      fetchImpl: account.fetch,
    }),
    logger: false,
    holdSweepMs: 0,
    skipMigrations,
    modules: [checkinModule(options)],
  });
  await app.ready();
  return {
    app,
    testDb,
    account,
    clock,
    options,
    async signIn(overrides = {}) {
      const profile = makeProfile({ country: 'CL', ...overrides });
      const grant = account.issue(profile);
      const response = await app.inject({ method: 'POST', url: '/v1/oauth/token', payload: grant });
      const body = envelopeOf<{ jwt: string }>(response);
      if (body.code !== 0) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
      // the API records the network's country at sign-in (never the profile's); tests sign in from 127.0.0.1,
      // which has none, so the profile's country stands in for where the network placed the person
      await testDb.db.query('UPDATE users SET country = $2 WHERE id = $1', [profile.id, profile.country]);
      return { jwt: body.data.jwt, uid: profile.id };
    },
    async claim(jwt, headers = {}) {
      const response = await app.inject({ method: 'POST', url: '/v1/activity/checkin', headers: { ...bearer(jwt), ...headers }, payload: BODY });
      return { status: response.statusCode, body: envelopeOf<CheckInResult>(response) };
    },
    async checkinGrants(uid) {
      const result = await testDb.db.query<{ n: number }>(
        `SELECT COUNT(*)::int AS n FROM credit_blocks WHERE user_id = $1 AND source = 'checkin'`,
        [uid],
      );
      return Number(result.rows[0].n);
    },
    async close() {
      await app.close();
      await account.app.close();
    },
  };
}

describe(`check-in API (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness();
  });
  afterAll(async () => h.close());
  beforeEach(() => {
    h.clock.now = new Date('2025-03-10T12:00:00Z');
  });

  it('claim twice in one cycle -> one grant of 3 credits', async () => {
    const { jwt, uid } = await h.signIn();
    const first = await h.claim(jwt);
    expect(first.status).toBe(200);
    expect(first.body.code).toBe(0);
    expect(first.body.data).toEqual({ success: true, is_checked_in: true, message: expect.stringContaining('3 free credits') });
    const second = await h.claim(jwt);
    // the next round in the member's own clock (02:00 UTC is 11:00 PM in Santiago in March), not 7:00 PM PT
    expect(second.body.data).toEqual({ success: false, is_checked_in: true, message: 'You have already checked in today. Come back after 11:00 PM Chile time.' });
    expect(second.body.data.message).toBe(alreadyMessage('CL', h.clock.now));
    expect(await h.checkinGrants(uid)).toBe(1);
    const blocks = await h.testDb.db.query<{ amount: number; idempotency_key: string }>(
      `SELECT amount, idempotency_key FROM credit_blocks WHERE user_id = $1 AND source = 'checkin'`,
      [uid],
    );
    expect(blocks.rows[0]).toEqual({ amount: 3, idempotency_key: `checkin:${uid}:2025-03-09` });
    const status = envelopeOf<CheckInStatusResponse>(await h.app.inject({ method: 'GET', url: STATUS_URL, headers: bearer(jwt) }));
    expect(status.data).toEqual({ is_checked_in: true, today_available: true, today_checkin_credits: 3, activity_active: true });
  });

  it('the next cycle starts at 19:00 on the shifted clock (02:00 UTC)', async () => {
    const { jwt, uid } = await h.signIn();
    h.clock.now = new Date('2025-03-11T01:59:59Z');
    expect((await h.claim(jwt)).body.data.success).toBe(true);
    h.clock.now = new Date('2025-03-11T01:59:59.999Z');
    expect((await h.claim(jwt)).body.data.success).toBe(false);
    h.clock.now = new Date('2025-03-11T02:00:00Z');
    const status = envelopeOf<CheckInStatusResponse>(await h.app.inject({ method: 'GET', url: STATUS_URL, headers: bearer(jwt) }));
    expect(status.data.is_checked_in).toBe(false);
    expect((await h.claim(jwt)).body.data.success).toBe(true);
    h.clock.now = new Date('2025-03-12T01:00:00Z');
    expect((await h.claim(jwt)).body.data.success).toBe(false);
    expect(await h.checkinGrants(uid)).toBe(2);
  });

  it('50 concurrent claims by one user -> one grant', async () => {
    const { jwt, uid } = await h.signIn();
    const answers = await Promise.all(Array.from({ length: 50 }, () => h.claim(jwt)));
    expect(answers.every((a) => a.status === 200 && a.body.code === 0)).toBe(true);
    expect(answers.filter((a) => a.body.data.success)).toHaveLength(1);
    expect(answers.filter((a) => !a.body.data.success && a.body.data.is_checked_in)).toHaveLength(49);
    expect(await h.checkinGrants(uid)).toBe(1);
    const rows = await h.testDb.db.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM checkins WHERE user_id = $1', [uid]);
    expect(rows.rows[0].n).toBe(1);
  });

  it('premium members get 6 credits', async () => {
    const { jwt, uid } = await h.signIn();
    await createSubscription(h.testDb.db, {
      userId: uid,
      skuId: 24109016,
      level: 'premium',
      name: 'Premium Monthly',
      // the session's level is read on the real clock
      startedAt: new Date(Date.now() - 86_400_000),
      expiresAt: new Date(Date.now() + 30 * 86_400_000),
      creditsPerPeriod: 500,
      source: 'test',
    });
    const status = envelopeOf<CheckInStatusResponse>(await h.app.inject({ method: 'GET', url: STATUS_URL, headers: bearer(jwt) }));
    expect(status.data.today_checkin_credits).toBe(6);
    expect((await h.claim(jwt)).body.data.message).toContain('6 free credits');
  });

  it('refuses a country outside the list with a clear message', async () => {
    const { jwt, uid } = await h.signIn({ country: 'US' });
    const answer = await h.claim(jwt);
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe(API_CODES.CHECKIN_UNAVAILABLE);
    expect(answer.body.msg).toBe('Daily check-in is only available in Chile and Thailand.');
    expect(await h.checkinGrants(uid)).toBe(0);
    const status = envelopeOf<CheckInStatusResponse>(await h.app.inject({ method: 'GET', url: STATUS_URL, headers: bearer(jwt) }));
    expect(status.data.activity_active).toBe(false);
  });

  it('ignores the country header unless the proxy is trusted', async () => {
    const { jwt } = await h.signIn({ country: '' });
    const answer = await h.claim(jwt, { 'cf-ipcountry': 'TH' });
    expect(answer.body.code).toBe(API_CODES.CHECKIN_UNAVAILABLE);
  });

  it('tells a visitor what the activity offers, and asks them to sign in to claim', async () => {
    const status = envelopeOf<CheckInStatusResponse>(await h.app.inject({ method: 'GET', url: STATUS_URL }));
    expect(status.code).toBe(0);
    expect(status.data).toEqual({ is_checked_in: false, today_available: true, today_checkin_credits: 3, activity_active: false });
    const claim = await h.app.inject({ method: 'POST', url: '/v1/activity/checkin', payload: BODY });
    expect(claim.statusCode).toBe(401);
    expect(envelopeOf(claim).code).toBe(API_CODES.UNAUTHORIZED);
  });

  it('rejects an unknown activity code and a missing one', async () => {
    const { jwt } = await h.signIn();
    const wrong = await h.app.inject({ method: 'POST', url: '/v1/activity/checkin', headers: bearer(jwt), payload: { activity_code: 'other' } });
    expect(wrong.statusCode).toBe(400);
    expect(envelopeOf(wrong).msg).toBe('Unknown activity: other');
    const missing = await h.app.inject({ method: 'GET', url: '/v1/activity/checkin/status' });
    expect(missing.statusCode).toBe(400);
    expect(envelopeOf(missing).code).toBe(API_CODES.BAD_REQUEST);
  });
});

describe('trusted proxy country', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness({ trustProxy: true, countryHeader: 'cf-ipcountry' }, true);
  });
  afterAll(async () => h.close());

  it('uses the header when the user record has no country', async () => {
    const { jwt, uid } = await h.signIn({ country: '' });
    // the API records the header country on the user at the first /v1/user; here the claim reads it directly
    const answer = await h.claim(jwt, { 'cf-ipcountry': 'TH' });
    expect(answer.body.data.success).toBe(true);
    expect(await h.checkinGrants(uid)).toBe(1);
    const visitor = envelopeOf<CheckInStatusResponse>(await h.app.inject({ method: 'GET', url: STATUS_URL, headers: { 'cf-ipcountry': 'CL' } }));
    expect(visitor.data.activity_active).toBe(true);
  });
});

describe('the first 500 check-ins of a cycle', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness({}, true);
    // a cycle no other test of this file uses
    h.clock.now = new Date('2025-06-20T12:00:00Z');
  });
  afterAll(async () => h.close());

  it('the 501st claimant of a cycle gets none', async () => {
    const { db } = h.testDb;
    const ids = Array.from({ length: 520 }, () => randomUUID());
    await db.query(`INSERT INTO users (id, ws_id, country) SELECT u, u, 'CL' FROM unnest($1::uuid[]) AS u`, [ids]);
    const service = createCheckinService(db, h.options);
    // on PostgreSQL these race for real; PGlite runs them one after another
    const outcomes = await Promise.all(ids.map((uid) => service.claim({ uid, level: 'free' }, 'CL')));
    expect(outcomes.filter((o) => o.kind === 'granted')).toHaveLength(500);
    expect(outcomes.filter((o) => o.kind === 'sold-out')).toHaveLength(20);
    const counts = await db.query<{ blocks: number; checkins: number; winners: number }>(
      `SELECT (SELECT COUNT(*)::int FROM credit_blocks WHERE source = 'checkin' AND user_id = ANY($1::uuid[])) AS blocks,
              (SELECT COUNT(*)::int FROM checkins WHERE cycle_label = '2025-06-19') AS checkins,
              (SELECT winners FROM checkin_cycles c JOIN checkins k ON k.cycle_key = c.cycle_key WHERE k.cycle_label = '2025-06-19' LIMIT 1) AS winners`,
      [ids],
    );
    expect(counts.rows[0]).toEqual({ blocks: 500, checkins: 500, winners: 500 });

    // one more through the API: refused with the message, no credits, and the status says none are left
    const { jwt, uid } = await h.signIn();
    const answer = await h.claim(jwt);
    expect(answer.body.data).toEqual({ success: false, is_checked_in: false, message: soldOutMessage('CL', h.clock.now) });
    expect(await h.checkinGrants(uid)).toBe(0);
    const status = envelopeOf<CheckInStatusResponse>(await h.app.inject({ method: 'GET', url: STATUS_URL, headers: bearer(jwt) }));
    expect(status.data).toMatchObject({ is_checked_in: false, today_available: false });

    // the next cycle has its own 500
    h.clock.now = new Date('2025-06-21T02:00:00Z');
    expect((await h.claim(jwt)).body.data.success).toBe(true);
  });
});

describe('check-in configuration', () => {
  it('reads CHECKIN_COUNTRIES, CL and TH by default', () => {
    expect(parseCountries(undefined)).toEqual(['CL', 'TH']);
    expect(parseCountries('')).toEqual(['CL', 'TH']);
    expect(parseCountries(' pe, cl ,x1')).toEqual(['PE', 'CL']);
    expect(unavailableMessage(['PE', 'CL', 'TH'])).toBe('Daily check-in is only available in Peru, Chile and Thailand.');
  });
});

describe("the next round, said in the member's clock", () => {
  it('Bangkok and Santiago by their own time, with the season (no 7:00 PM PT)', () => {
    expect(nextRoundIn('TH', new Date('2025-03-10T12:00:00Z'))).toBe('9:00 AM Thailand time');
    expect(nextRoundIn('CL', new Date('2025-03-10T12:00:00Z'))).toBe('11:00 PM Chile time');
    expect(nextRoundIn('CL', new Date('2025-06-19T12:00:00Z'))).toBe('10:00 PM Chile time');
  });
});
