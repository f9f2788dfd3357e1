/**
 * The product API with the real account service (one process, one database, real HTTP between them as in
 * the embedded default) and a real local SMTP server: the sign-up credits wait for the confirmed address and
 * come once; a password reset ends the product session (140013); a deletion in the account center reaches
 * the product first (plans end, the profile is blanked, the ledger keeps its sums) and the account cannot
 * sign in again.
 */
import { createServer } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { accountPlugin, pkceChallenge, seedDemoAccounts } from '@studio/account';
import { loadMailConfig, Mailer } from '@studio/mail';
import { startDevMailServer, type DevMailServer, type ReceivedMail } from '@studio/mail/dev-server';
import { API_CODES, FRAME_MESSAGES, SIGNUP_CREDITS, type User } from 'shared-contracts';
import { randomBytes } from 'node:crypto';
import { createHttpAccountClient } from '../src/account-client';
import { testApiConfig } from '../src/config';
import { apiPlugin } from '../src/plugin';
import { openTestDb, type TestDb } from './helpers';

jest.setTimeout(120000);

const CLIENT = { id: 'studio-web', secret: 'accounts-test-secret' };

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('accounts across the account service and the product', () => {
  let testDb: TestDb;
  let app: FastifyInstance;
  let smtp: DevMailServer;
  let mailer: Mailer;
  let base = '';

  beforeAll(async () => {
    testDb = await openTestDb();
    smtp = await startDevMailServer({ smtpPort: 0, inboxPort: 0 });
    mailer = new Mailer({ db: testDb.db, config: loadMailConfig({ MAIL_DEV_SMTP_PORT: String(smtp.smtpPort) }), pollingIntervalSeconds: 1 });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    app = Fastify({ logger: false });
    const accountClient = createHttpAccountClient({ baseUrl: `${base}/account`, clientId: CLIENT.id, clientSecret: CLIENT.secret });
    await app.register(accountPlugin, {
      prefix: '/account',
      db: testDb.db,
      mailer,
      config: {
        clients: [{ id: CLIENT.id, name: 'Studio', secret: CLIENT.secret, allowedOrigins: [base], eventsUrl: `${base}/v1/account/events` }],
        tokenSecret: 'accounts-token-secret-long-enough-000000',
        scrypt: { N: 1024, r: 8, p: 1 },
        mail: mailer.config,
      },
    });
    await app.register(apiPlugin, { db: testDb.db, config: testApiConfig({ accountClientId: CLIENT.id, accountClientSecret: CLIENT.secret }), accountClient, mailer, holdSweepMs: 0 });
    await app.listen({ port, host: '127.0.0.1' });
    await seedDemoAccounts(testDb.db, { scrypt: { N: 1024, r: 8, p: 1 } });
  });
  afterAll(async () => {
    await app.close();
    await mailer.stop();
    await smtp.close();
    await testDb.close();
  });

  const hiddenOf = (html: string, action: string) => {
    const form = new RegExp(`<form method="post" action="[^"]*${action}"[\\s\\S]*?</form>`).exec(html)?.[0] ?? '';
    return Object.fromEntries([...form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2].replace(/&amp;/g, '&')]));
  };
  const post = (path: string, fields: Record<string, string>, cookie = '') =>
    fetch(`${base}${path}`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie }, body: new URLSearchParams(fields).toString() });
  const api = async <T,>(path: string, jwt: string, method = 'POST') => {
    const response = await fetch(`${base}${path}`, { method, headers: { authorization: `Bearer ${jwt}` } });
    return { status: response.status, body: (await response.json()) as { code: number; data: T } };
  };
  const linkOf = (mail: ReceivedMail, path: string) => new URL(mail.links.find((link) => link.includes(path)) ?? '').searchParams.get('token') ?? '';

  /** signs up (or in) through the account page in iframe mode and exchanges the code at the product API */
  async function viaProduct(view: 'register' | 'login', email: string, password: string): Promise<{ jwt: string; user: User; cookie: string }> {
    const verifier = randomBytes(32).toString('base64url');
    const params = new URLSearchParams({
      app_key: CLIENT.id, response_type: 'code', mode: 'iframe', redirect_uri: `${base}/auth/callback`, state: 's1',
      code_challenge: pkceChallenge(verifier), code_challenge_method: 'S256', ...(view === 'register' ? { register_mode: '1' } : {}),
    });
    const page = await (await fetch(`${base}/account/oauth/authorize?${params}`)).text();
    const answer = await post(`/account/${view}`, { ...hiddenOf(page, `/${view}`), email, password, terms: '1' });
    const html = await answer.text();
    const data = JSON.parse(/<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html)![1]) as { messages: { type: string; code?: string }[] };
    const code = data.messages.find((m) => m.type === FRAME_MESSAGES.AUTH_CODE)?.code ?? '';
    const token = await fetch(`${base}/v1/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code, code_verifier: verifier, redirect_uri: `${base}/auth/callback` }) });
    const body = (await token.json()) as { data: { jwt: string; user: User } };
    return { ...body.data, cookie: (answer.headers.getSetCookie()[0] ?? '').split(';')[0] };
  }

  test('sign-up credits: none before the address is confirmed, granted once after', async () => {
    const email = `new-${Date.now()}@example.test`;
    const { jwt, user } = await viaProduct('register', email, 'a-long-password-1');
    expect(user.email_verified).toBe(false);
    expect(user.integral.integral).toBe(0);
    expect((await api<User>('/v1/user', jwt)).body.data.integral.integral).toBe(0);
    const mail = await smtp.waitFor((m) => m.to.includes(email) && /Confirm/.test(m.subject), 20000);
    const confirmed = await post('/account/verify', { token: linkOf(mail, '/account/verify') });
    expect(confirmed.status).toBe(200);
    const after = (await api<User>('/v1/user', jwt)).body.data;
    expect(after).toMatchObject({ email_verified: true, integral: { integral: SIGNUP_CREDITS } });
    expect((await api<User>('/v1/user', jwt)).body.data.integral.integral).toBe(SIGNUP_CREDITS);
    // signing in again grants nothing more
    const again = await viaProduct('login', email, 'a-long-password-1');
    expect(again.user.integral.integral).toBe(SIGNUP_CREDITS);
  });

  test('send again: the product asks the account service, which mails a fresh link', async () => {
    const email = `again-${Date.now()}@example.test`;
    const { jwt } = await viaProduct('register', email, 'a-long-password-1');
    await smtp.waitFor((m) => m.to.includes(email), 20000);
    const answer = await api<{ sent: boolean; email_verified: boolean }>('/v1/user/verify-email', jwt);
    expect(answer.body.data).toEqual({ sent: true, email_verified: false });
    for (let waited = 0; smtp.messages().filter((m) => m.to.includes(email)).length < 2 && waited < 20000; waited += 250) await new Promise((r) => setTimeout(r, 250));
    expect(smtp.messages().filter((m) => m.to.includes(email) && /Confirm/.test(m.subject))).toHaveLength(2);
  });

  test('a password reset ends the product session (140013)', async () => {
    const email = `reset-${Date.now()}@example.test`;
    const { jwt } = await viaProduct('register', email, 'a-long-password-1');
    expect((await api('/v1/user', jwt)).status).toBe(200);
    const page = await (await fetch(`${base}/account/center?view=forgot`)).text();
    expect((await post('/account/password/forgot', { ...hiddenOf(page, '/password/forgot'), email })).status).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes(email) && /Reset/.test(m.subject), 20000);
    expect((await post('/account/password/reset', { token: linkOf(mail, '/account/password/reset'), new_password: 'a-new-password-2', repeat_password: 'a-new-password-2' })).status).toBe(200);
    const ended = await api('/v1/user', jwt);
    expect(ended.status).toBe(401);
    expect(ended.body.code).toBe(API_CODES.SESSION_INVALID);
  });

  test('deleting the account in the center: the product ends its plans and blanks the profile first, the mail confirms, sign-in fails', async () => {
    const email = `leaving-${Date.now()}@example.test`;
    const { jwt, user, cookie } = await viaProduct('register', email, 'a-long-password-1');
    await testDb.db.query(
      `INSERT INTO subscriptions (user_id, sku_id, level, name, credits_per_period, started_at, expires_at, next_grant_at, source, status, auto_renew)
       VALUES ($1, 24109013, 'standard', 'Standard Monthly', 100, now(), now() + interval '20 days', now(), 'order', 'active', true)`,
      [user.uid],
    );
    const center = await fetch(`${base}/account/center`, { headers: { cookie } });
    const csrfCookie = (center.headers.getSetCookie().find((c) => c.startsWith('studio_account_csrf=')) ?? '').split(';')[0];
    const csrf = /name="_csrf" value="([^"]+)"/.exec(await center.text())?.[1] ?? '';
    const refused = await post('/account/center/delete', { _csrf: csrf, current_password: 'a-long-password-1' }, `${cookie}; ${csrfCookie}`);
    expect(refused.status).toBe(400);
    const deleted = await post('/account/center/delete', { _csrf: csrf, current_password: 'a-long-password-1', confirm: '1' }, `${cookie}; ${csrfCookie}`);
    expect(deleted.status).toBe(200);
    expect(await deleted.text()).toContain('Your account was deleted');

    const row = (await testDb.db.query<{ email: string; deleted_at: Date | null }>('SELECT email, deleted_at FROM users WHERE id = $1', [user.uid])).rows[0];
    expect(row.email).toBe('');
    expect(row.deleted_at).not.toBeNull();
    const subs = await testDb.db.query<{ status: string; auto_renew: boolean }>('SELECT status, auto_renew FROM subscriptions WHERE user_id = $1', [user.uid]);
    expect(subs.rows).toEqual([{ status: 'expired', auto_renew: false }]);
    const session = await api('/v1/user', jwt);
    expect(session.body.code).toBe(API_CODES.SESSION_INVALID);
    await smtp.waitFor((m) => m.to.includes(email) && /deleted/.test(m.subject), 20000);
    const page = await (await fetch(`${base}/account/center`)).text();
    expect((await post('/account/login', { ...hiddenOf(page, '/login'), email, password: 'a-long-password-1' })).status).toBe(401);
    // an event without the account service's signature changes nothing
    const forged = await fetch(`${base}/v1/account/events`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-account-signature': 't=1,v1=00' }, body: JSON.stringify({ type: 'account.deleted', account_id: '00000000-0000-4000-8000-000000000001' }) });
    expect(forged.status).toBe(401);
  });
});
