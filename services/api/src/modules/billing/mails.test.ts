/**
 * The shop's mails, read from a real local SMTP server (the mail package's dev server) that the API's queue
 * sends to through nodemailer: a receipt for a purchase (order, item, amount, date, last four digits), the
 * reminder 24 hours before a trial converts (on a moved clock), the cancel notice, the renewal notice, each once.
 */
import type { MembershipItem } from 'shared-contracts';
import { loadMailConfig, Mailer } from '@studio/mail';
import { startDevMailServer, type DevMailServer } from '@studio/mail/dev-server';
import { envelopeOf, openTestDb, type TestDb } from '../../../test/helpers';
import { runBillingLifecycle } from './memberships';
import { createSandboxProvider } from './provider';
import { sendBillingMails } from './mails';
import { startBillingHarness, type BillingHarness } from './testing';

jest.setTimeout(120000);

const DAY = 24 * 3600 * 1000;
const PACK_100 = 24110007;
const STANDARD_MONTHLY = 24109013;

let testDb: TestDb;
let smtp: DevMailServer;
let mailer: Mailer;
let h: BillingHarness;

beforeAll(async () => {
  testDb = await openTestDb(10);
  smtp = await startDevMailServer({ smtpPort: 0, inboxPort: 0 });
  mailer = new Mailer({ db: testDb.db, config: loadMailConfig({ MAIL_DEV_SMTP_PORT: String(smtp.smtpPort) }), pollingIntervalSeconds: 1 });
  h = await startBillingHarness(testDb, { mailer });
});
afterAll(async () => {
  await h.close();
  await mailer.stop();
  await smtp.close();
  await testDb.close();
});

const deps = () => ({ db: testDb.db, mailer, publicUrl: 'http://app.studio.test:8080', studioUrl: '/home' });

test('a purchase sends a receipt with the order, the item, the amount, the date and the last four digits, once', async () => {
  const email = `buyer-${Date.now()}@example.test`;
  const buyer = await h.signIn({ email });
  expect((await buyer.buy(PACK_100)).body).toContain('Successful purchase');
  const mail = await smtp.waitFor((m) => m.to.includes(email), 20000);
  expect(mail.subject).toMatch(/receipt/i);
  const orderId = (await testDb.db.query<{ id: string }>('SELECT id FROM billing_orders WHERE user_id = $1', [buyer.uid])).rows[0].id;
  expect(mail.text).toContain(orderId);
  expect(mail.text).toMatch(/100 credits|Credits/i);
  expect(mail.text).toMatch(/\$\d+\.\d\d/);
  expect(mail.text).toMatch(/ending in 4242/);
  expect(mail.links).toContainEqual(expect.stringMatching(/\/v1\/buy\/receipt\//));
  // the lifecycle job finds nothing more to send for it
  expect(await sendBillingMails(deps(), new Date(), buyer.uid)).toBe(0);
});

test('a trial: the reminder 24 hours before it converts (moved clock), then the renewal notice; a cancel sends its notice', async () => {
  const email = `trial-${Date.now()}@example.test`;
  const buyer = await h.signIn({ email });
  expect((await buyer.buy(STANDARD_MONTHLY, undefined, { zeroBuy: true })).body).toContain('Successful purchase');
  const [trial] = envelopeOf<MembershipItem[]>(await h.app.inject({ method: 'GET', url: '/v1/buy/subscriptions', headers: buyer.headers })).data;
  // a day and a half before the end: nothing yet; twelve hours before: the reminder, once
  expect(await sendBillingMails(deps(), new Date(trial.expires_at * 1000 - 1.5 * DAY), buyer.uid)).toBe(0);
  const reminderAt = new Date(trial.expires_at * 1000 - DAY / 2);
  expect(await sendBillingMails(deps(), reminderAt, buyer.uid)).toBe(1);
  expect(await sendBillingMails(deps(), reminderAt, buyer.uid)).toBe(0);
  const reminder = await smtp.waitFor((m) => m.to.includes(email) && /free trial/i.test(m.subject), 20000);
  expect(reminder.text).toMatch(/charged \$\d+\.\d\d/);

  // the trial converts on the moved clock: the paid period's charge is a renewal, with its notice
  h.clock.now = new Date(trial.expires_at * 1000 + 60_000);
  await runBillingLifecycle(testDb.db, h.ctx.ledger, createSandboxProvider(), h.clock.now);
  expect(await sendBillingMails(deps(), h.clock.now, buyer.uid)).toBe(1);
  const renewed = await smtp.waitFor((m) => m.to.includes(email) && /renewed/i.test(m.subject), 20000);
  expect(renewed.text).toMatch(/ending in 4242/);

  const paid = envelopeOf<MembershipItem[]>(await h.app.inject({ method: 'GET', url: '/v1/buy/subscriptions', headers: buyer.headers })).data.find((m) => m.status === 'active')!;
  const cancel = await h.app.inject({ method: 'POST', url: '/v1/buy/subscription/cancel', headers: buyer.headers, payload: { id: paid.id } });
  expect(cancel.statusCode).toBe(200);
  const notice = await smtp.waitFor((m) => m.to.includes(email) && /will not renew/.test(m.subject), 20000);
  expect(notice.text).toMatch(/not charged again/);
  h.clock.now = new Date();
});
