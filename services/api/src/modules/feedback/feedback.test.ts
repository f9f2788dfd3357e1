import type { FastifyInstance } from 'fastify';
import { API_CODES } from 'shared-contracts';
import { createHttpAccountClient } from '../../account-client';
import { testApiConfig } from '../../config';
import { buildApiApp } from '../../plugin';
import { StubAccountService, bearer, envelopeOf, makeProfile, openTestDb, type TestDb } from '../../../test/helpers';
import { FEEDBACK_RATE, cleanSource, feedbackModule } from './index';

jest.setTimeout(120000);

describe('feedback API', () => {
  let testDb: TestDb;
  let app: FastifyInstance;
  let account: StubAccountService;
  const clock = { now: new Date('2025-05-01T10:00:00Z') };

  beforeAll(async () => {
    testDb = await openTestDb();
    account = new StubAccountService();
    const config = testApiConfig({ accountInternalUrl: 'http://account.test/account' });
    app = await buildApiApp({
      db: testDb.db,
      config,
      accountClient: createHttpAccountClient({
        baseUrl: config.accountInternalUrl,
        clientId: account.clientId,
        clientSecret: config.accountClientSecret,
        fetchImpl: account.fetch,
      }),
      logger: false,
      holdSweepMs: 0,
      modules: [feedbackModule({ now: () => clock.now })],
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await account.app.close();
    await testDb.close();
  });

  async function signIn() {
    const profile = makeProfile();
    const response = await app.inject({ method: 'POST', url: '/v1/oauth/token', payload: account.issue(profile) });
    return { jwt: envelopeOf<{ jwt: string }>(response).data.jwt, uid: profile.id };
  }

  const source = { fid: 'studio-feedback', lang: 'en', embed: 1, theme: 'dark', sid: 'sess-1', token: 'secret-jwt', uid: 'u', ut: 'free', pid: 'studio', did: 'dev-1', pv: '1.0.0', page: '/home', extra: 'dropped' };

  it('stores a signed-in user’s feedback without the token', async () => {
    const { jwt, uid } = await signIn();
    const response = await app.inject({
      method: 'POST',
      url: '/v1/feedback',
      headers: bearer(jwt),
      payload: { content: '  The export button is hard to find.  ', contact: 'me@example.org', source },
    });
    const body = envelopeOf<{ id: string }>(response);
    expect(body.code).toBe(0);
    const rows = await testDb.db.query<{ user_id: string; content: string; contact: string; form_id: string; session_id: string; source: Record<string, unknown> }>(
      'SELECT user_id, content, contact, form_id, session_id, source FROM feedback WHERE id = $1',
      [body.data.id],
    );
    const row = rows.rows[0];
    expect(row).toMatchObject({ user_id: uid, content: 'The export button is hard to find.', contact: 'me@example.org', form_id: 'studio-feedback', session_id: 'sess-1' });
    const stored = typeof row.source === 'string' ? JSON.parse(row.source) : row.source;
    expect(stored).not.toHaveProperty('token');
    expect(stored).not.toHaveProperty('extra');
    expect(stored).toMatchObject({ fid: 'studio-feedback', embed: 1, did: 'dev-1', pv: '1.0.0' });
  });

  it('accepts a visitor, refuses short content and a bad address with clear messages', async () => {
    const visitor = await app.inject({ method: 'POST', url: '/v1/feedback', payload: { content: 'Love the music tool', source: {} } });
    expect(envelopeOf(visitor).code).toBe(0);
    const short = await app.inject({ method: 'POST', url: '/v1/feedback', payload: { content: '  hi ', source: {} } });
    expect(short.statusCode).toBe(400);
    expect(envelopeOf(short).msg).toBe('Please write at least 5 characters.');
    const badMail = await app.inject({ method: 'POST', url: '/v1/feedback', payload: { content: 'Some feedback', contact: 'nope', source: {} } });
    expect(envelopeOf(badMail).msg).toBe('Please enter a valid e-mail address, or leave it empty.');
    const missing = await app.inject({ method: 'POST', url: '/v1/feedback', payload: { source: {} } });
    expect(envelopeOf(missing).code).toBe(API_CODES.BAD_REQUEST);
  });

  it('limits a sender to 10 in 10 minutes', async () => {
    const { jwt } = await signIn();
    clock.now = new Date('2025-05-02T10:00:00Z');
    const send = () => app.inject({ method: 'POST', url: '/v1/feedback', headers: bearer(jwt), payload: { content: 'Feedback again', source: {} } });
    for (let i = 0; i < FEEDBACK_RATE.max; i += 1) expect(envelopeOf(await send()).code).toBe(0);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(envelopeOf(limited).code).toBe(API_CODES.TOO_MANY_REQUESTS);
    clock.now = new Date('2025-05-02T10:11:00Z');
    expect(envelopeOf(await send()).code).toBe(0);
  });

  it('cleans the source', () => {
    expect(cleanSource({ token: 't', fid: 'f', embed: 1, nested: { a: 1 } })).toEqual({ fid: 'f', embed: 1 });
  });
});
