/**
 * The mail path against the real thing: nodemailer over SMTP to the local smtp-server of dev-server.ts,
 * through the pg-boss queue on PGlite (and PostgreSQL with TEST_DATABASE_URL). A refused delivery is retried
 * and, after its last attempt, recorded as failed for an operator.
 */
import { openDatabase, type Database } from '@studio/db';
import { startDevMailServer, type DevMailServer } from './dev-server';
import { loadMailConfig } from './config';
import { countFailedMail, listMail, Mailer } from './mailer';
import { passwordResetMail, receiptMail } from './templates/index';

describe('mail', () => {
  let db: Database;
  let server: DevMailServer;

  beforeAll(async () => {
    db = await openDatabase({ dataDir: 'memory://' });
    server = await startDevMailServer({ smtpPort: 0, inboxPort: 0 });
  });
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  test('production refuses to start without SMTP_URL and a from-address', () => {
    expect(() => loadMailConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_URL and MAIL_FROM/);
    expect(() => loadMailConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587' })).toThrow(/MAIL_FROM/);
    expect(loadMailConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587', MAIL_FROM: 'a@b.example' }).devServer).toBeNull();
    expect(loadMailConfig({ MAIL_DEV_SMTP_PORT: '9425', MAIL_DEV_INBOX_PORT: '9426' }).devServer).toMatchObject({ smtpPort: 9425, inboxPort: 9426 });
  });

  test('a queued mail arrives in the local inbox, with its HTML and plain-text parts, once per dedupe key', async () => {
    const mailer = new Mailer({ db, config: { ...loadMailConfig({ MAIL_DEV_SMTP_PORT: String(server.smtpPort) }), from: 'Studio <no-reply@studio.test>' }, pollingIntervalSeconds: 1 });
    await mailer.start();
    const reset = await passwordResetMail({ url: 'http://account.studio.test/account/password/reset?token=abc', minutes: 30 });
    await mailer.enqueue({ kind: 'password-reset', to: 'reader@example.test', ...reset });
    const mail = await server.waitFor((m) => m.to.includes('reader@example.test'));
    expect(mail.subject).toBe('Reset your AI Video Generator password');
    expect(mail.html).toContain('Choose a new password');
    expect(mail.text).toContain('30 minutes');
    expect(mail.links).toContain('http://account.studio.test/account/password/reset?token=abc');

    const receipt = await receiptMail({ orderId: 'ord-1', item: 'Standard Monthly', amount: '$9.99', date: '1 May 2026', last4: '4242', receiptUrl: 'http://x.test/r', kind: 'purchase' });
    expect(await mailer.enqueue({ kind: 'receipt', to: 'buyer@example.test', dedupeKey: 'receipt:ord-1', ...receipt })).not.toBeNull();
    expect(await mailer.enqueue({ kind: 'receipt', to: 'buyer@example.test', dedupeKey: 'receipt:ord-1', ...receipt })).toBeNull();
    const got = await server.waitFor((m) => m.to.includes('buyer@example.test'));
    expect(got.text).toMatch(/ending in 4242/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.messages().filter((m) => m.to.includes('buyer@example.test'))).toHaveLength(1);
    expect((await listMail(db, { status: 'sent' })).map((m) => m.kind).sort()).toEqual(['password-reset', 'receipt']);
    await mailer.stop();
  });

  test('a mail the SMTP server never takes is retried, then marked failed and logged for an operator', async () => {
    const errors: string[] = [];
    const log = { info() {}, warn() {}, error: (_obj: object, msg: string) => errors.push(msg) };
    // nothing listens on port 1 of loopback: every attempt is refused
    const config = { ...loadMailConfig({ SMTP_URL: 'smtp://127.0.0.1:1', MAIL_MAX_ATTEMPTS: '2' }) };
    // a database of its own: the queue's retry delay is set when the queue is created
    const own = await openDatabase({ dataDir: 'memory://' });
    const mailer = new Mailer({ db: own, config, log, retryDelaySeconds: 1, pollingIntervalSeconds: 1 });
    await mailer.start();
    const reset = await passwordResetMail({ url: 'http://x.test/r', minutes: 30 });
    const id = await mailer.enqueue({ kind: 'password-reset', to: 'lost@example.test', ...reset });
    const deadline = Date.now() + 30000;
    let failed = 0;
    while (Date.now() < deadline && failed === 0) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      failed = await countFailedMail(own);
    }
    const [record] = await listMail(own, { status: 'failed' });
    expect(record).toMatchObject({ id, kind: 'password-reset', to_address: 'lost@example.test', attempts: 2 });
    expect(record.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(errors).toContain('mail could not be sent: given up');
    await mailer.stop();
    await own.close();
  });
});
