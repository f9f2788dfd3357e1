/**
 * Password reset and address confirmation, with the mail read from a real local SMTP server (dev-server.ts)
 * that the account service's queue sends to through nodemailer. PGlite, and PostgreSQL with TEST_DATABASE_URL
 * (where the rate limits are hit concurrently for real).
 */
import type { Database } from '@studio/db';
import { loadMailConfig, Mailer } from '@studio/mail';
import { startDevMailServer, type DevMailServer, type ReceivedMail } from '@studio/mail/dev-server';
import { buildAccountApp } from './app.js';
import { DEMO_PASSWORD, seedDemoAccounts } from './seed.js';
import {
  asCookie,
  authorizeParams,
  CLIENT_ID,
  CLIENT_SECRET,
  cookieHeader,
  ENGINES,
  exchange,
  form,
  freshIp,
  hiddenFields,
  openTestDatabase,
  pageData,
  pkcePair,
  query,
  testConfig,
  TestServer,
} from './test-helpers.js';
import type { AccountTokenResponse } from 'shared-contracts';

jest.setTimeout(60_000);

const linkOf = (mail: ReceivedMail, path: string) => {
  const link = mail.links.find((href) => href.includes(path));
  if (!link) throw new Error(`no ${path} link in "${mail.subject}"`);
  const url = new URL(link);
  return { path: `${url.pathname}${url.search}`, token: url.searchParams.get('token') ?? '' };
};

describe.each(ENGINES)('recovery and confirmation on %s', (_engine, url) => {
  const clock = { now: Date.parse('2026-04-01T09:00:00Z') };
  let db: Database;
  let drop: () => Promise<void>;
  let app: TestServer;
  let smtp: DevMailServer;
  let mailer: Mailer;

  beforeAll(async () => {
    ({ db, drop } = await openTestDatabase(url));
    await seedDemoAccounts(db, { scrypt: { N: 1024, r: 8, p: 1 } });
    smtp = await startDevMailServer({ smtpPort: 0, inboxPort: 0 });
    mailer = new Mailer({ db, config: loadMailConfig({ MAIL_DEV_SMTP_PORT: String(smtp.smtpPort) }), pollingIntervalSeconds: 1, now: () => new Date(clock.now) });
    const config = testConfig(clock, { publicOrigin: 'http://account.studio.test:8130' });
    app = await new TestServer(await buildAccountApp({ db, config, mailer, trustProxy: true })).start();
  }, 90_000);
  afterAll(async () => {
    await app.close();
    await mailer.stop();
    await smtp.close();
    await drop();
  }, 60_000);

  let counter = 0;
  /** a new account through the frame's sign-up: its e-mail, the code's token answer and the account session */
  async function signUp(): Promise<{ email: string; jar: Record<string, string>; jti: string; profile: AccountTokenResponse['account'] }> {
    counter += 1;
    const email = `person-${counter}-${Date.now()}@example.test`;
    const pair = pkcePair();
    const page = await app.inject({ method: 'GET', url: `/account/oauth/authorize?${query(authorizeParams(pair.challenge, { register_mode: '1' }))}` });
    const created = await app.inject({
      method: 'POST',
      url: '/account/register',
      remoteAddress: freshIp(),
      ...form({ ...hiddenFields(page.body, '/register'), email, password: 'first-password', terms: '1' }),
    });
    expect(created.statusCode).toBe(200);
    const code = pageData(created.body).messages.find((m) => m.code)?.code ?? '';
    const token = (await exchange(app, { code, verifier: pair.verifier })).json<AccountTokenResponse>();
    const jti = JSON.parse(Buffer.from(token.access_token.split('.')[1], 'base64url').toString()).jti as string;
    return { email, jar: cookieHeader(created), jti, profile: token.account };
  }

  const tokenStatus = async (jti: string) =>
    (await app.inject({ method: 'POST', url: '/account/oauth/token-status', payload: { jti, client_id: CLIENT_ID, client_secret: CLIENT_SECRET } })).json<{ active: boolean; email_verified?: boolean }>();

  async function askReset(email: string, ip = freshIp()) {
    const page = await app.inject({ method: 'GET', url: '/account/center?view=forgot' });
    return app.inject({ method: 'POST', url: '/account/password/forgot', remoteAddress: ip, ...form({ ...hiddenFields(page.body, '/password/forgot'), email }) });
  }

  test('sign-up needs consent to the terms; the address is unconfirmed until the mailed link is used, once', async () => {
    const page = await app.inject({ method: 'GET', url: '/account/center?view=register' });
    expect(page.body).toContain('id="register-terms"');
    const refused = await app.inject({
      method: 'POST',
      url: '/account/register',
      remoteAddress: freshIp(),
      ...form({ ...hiddenFields(page.body, '/register'), email: 'no-consent@example.test', password: 'long-enough-pw' }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('agree to the Terms of Service');

    const person = await signUp();
    expect(person.profile.email_verified).toBe(false);
    expect(await tokenStatus(person.jti)).toEqual({ active: true, email_verified: false });
    const mail = await smtp.waitFor((m) => m.to.includes(person.email) && /Confirm your e-mail/.test(m.subject));
    expect(mail.text).toMatch(/5 free credits/);
    const link = linkOf(mail, '/account/verify');
    // opening the link spends nothing (mail scanners open links); the button does
    const shown = await app.inject({ method: 'GET', url: link.path });
    expect(shown.statusCode).toBe(200);
    expect(await tokenStatus(person.jti)).toMatchObject({ email_verified: false });
    const confirmed = await app.inject({ method: 'POST', url: '/account/verify', ...form({ token: link.token }) });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('Your address is confirmed');
    expect(await tokenStatus(person.jti)).toEqual({ active: true, email_verified: true });
    const again = await app.inject({ method: 'POST', url: '/account/verify', ...form({ token: link.token }) });
    expect(again.statusCode).toBe(410);
  });

  test('a reset link works once: it sets a password under the sign-up rules, ends every session and revokes every grant', async () => {
    const person = await signUp();
    const answer = await askReset(person.email);
    expect(answer.statusCode).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes(person.email) && /Reset your/.test(m.subject));
    expect(mail.text).toMatch(/30 minutes/);
    const link = linkOf(mail, '/account/password/reset');
    expect((await app.inject({ method: 'GET', url: link.path })).statusCode).toBe(200);

    // the sign-up rule, and a wrong form does not spend the link
    const short = await app.inject({ method: 'POST', url: '/account/password/reset', ...form({ token: link.token, new_password: 'short', repeat_password: 'short' }) });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('The password must be at least 8 characters.');
    const done = await app.inject({ method: 'POST', url: '/account/password/reset', ...form({ token: link.token, new_password: 'second-password', repeat_password: 'second-password' }) });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Your password was changed');
    const reused = await app.inject({ method: 'POST', url: '/account/password/reset', ...form({ token: link.token, new_password: 'third-password', repeat_password: 'third-password' }) });
    expect(reused.statusCode).toBe(410);

    // the account session of the sign-up is gone, the product's grant revoked (its session then ends: 140013)
    const center = await app.inject({ method: 'GET', url: '/account/center', headers: { cookie: asCookie(person.jar) } });
    expect(center.body).toContain('id="view-login"');
    expect(await tokenStatus(person.jti)).toEqual({ active: false });
    await smtp.waitFor((m) => m.to.includes(person.email) && /password was changed/.test(m.subject));

    const page = await app.inject({ method: 'GET', url: '/account/center' });
    const login = (password: string) =>
      app.inject({ method: 'POST', url: '/account/login', remoteAddress: freshIp(), ...form({ ...hiddenFields(page.body, '/login'), email: person.email, password }) });
    expect((await login('first-password')).statusCode).toBe(401);
    expect((await login('second-password')).statusCode).toBe(303);
  });

  test('a reset link expires after 30 minutes, and a newer link voids the older one', async () => {
    const person = await signUp();
    await askReset(person.email);
    const first = linkOf(await smtp.waitFor((m) => m.to.includes(person.email) && /Reset your/.test(m.subject)), '/account/password/reset');
    smtp.clear();
    await askReset(person.email);
    const second = linkOf(await smtp.waitFor((m) => m.to.includes(person.email) && /Reset your/.test(m.subject)), '/account/password/reset');
    expect(second.token).not.toBe(first.token);
    expect((await app.inject({ method: 'GET', url: first.path })).statusCode).toBe(410);
    clock.now += 31 * 60 * 1000;
    try {
      expect((await app.inject({ method: 'GET', url: second.path })).statusCode).toBe(410);
      const late = await app.inject({ method: 'POST', url: '/account/password/reset', ...form({ token: second.token, new_password: 'second-password', repeat_password: 'second-password' }) });
      expect(late.statusCode).toBe(410);
    } finally {
      clock.now -= 31 * 60 * 1000;
    }
  });

  test('no user enumeration: the same status, the same page and the same time whether or not the address has an account', async () => {
    const people = [];
    for (let i = 0; i < 6; i++) people.push((await signUp()).email);
    const normalise = (body: string, email: string) => body.replaceAll(email, 'EMAIL').replace(/nonce="[^"]+"/g, '').replace(/'nonce-[^']+'/g, '');
    const times: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
    let bodies: Record<'known' | 'unknown', string> = { known: '', unknown: '' };
    for (let i = 0; i < 6; i++) {
      for (const kind of ['known', 'unknown'] as const) {
        const email = kind === 'known' ? people[i] : `nobody-${i}-${Date.now()}@example.test`;
        const started = performance.now();
        const answer = await askReset(email);
        times[kind].push(performance.now() - started);
        expect(answer.statusCode).toBe(200);
        bodies = { ...bodies, [kind]: normalise(answer.body, email) };
        // let the work after the answer finish before the next request is timed
        await new Promise((resolve) => setTimeout(resolve, 400));
      }
    }
    expect(bodies.known).toBe(bodies.unknown);
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    // the answer is sent before the account is looked up: what differs is the noise of a shared machine
    expect(Math.abs(median(times.known) - median(times.unknown))).toBeLessThan(75);
  });

  test('reset requests are limited per e-mail and per address, also when they arrive at once', async () => {
    const person = await signUp();
    const statuses = await Promise.all(Array.from({ length: 8 }, () => askReset(person.email).then((r) => r.statusCode)));
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    const ip = freshIp();
    const perIp = await Promise.all(Array.from({ length: 14 }, (_, i) => askReset(`flood-${i}@example.test`, ip).then((r) => r.statusCode)));
    expect(perIp.filter((s) => s === 200)).toHaveLength(10);
    expect(perIp.filter((s) => s === 429)).toHaveLength(4);
    const resets = () => smtp.messages().filter((m) => m.to.includes(person.email) && /Reset your/.test(m.subject));
    for (let waited = 0; resets().length < 3 && waited < 20000; waited += 250) await new Promise((resolve) => setTimeout(resolve, 250));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(resets()).toHaveLength(3);
  });

  test('the demo password still logs in (nothing here touched other accounts)', async () => {
    const page = await app.inject({ method: 'GET', url: '/account/center' });
    const login = await app.inject({ method: 'POST', url: '/account/login', remoteAddress: freshIp(), ...form({ ...hiddenFields(page.body, '/login'), email: 'premium@demo.local', password: DEMO_PASSWORD }) });
    expect(login.statusCode).toBe(303);
  });
});
