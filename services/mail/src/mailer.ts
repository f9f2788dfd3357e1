/**
 * Sending mail: a mail is rendered by the caller, recorded in `mail_outbox` and delivered by a job on the
 * pg-boss queue `mail-send` (the product's queue, on PGlite or PostgreSQL), through nodemailer over SMTP.
 * A failed attempt is retried with backoff; after the last one the row is `failed`, with its error, and the
 * failure is logged at error level, so an operator sees every mail that did not go (GET /v1/ops/mail on the
 * API, the `studio_mail{status="failed"}` metric, the log). Enqueueing inside the caller's transaction (a receipt with
 * its payment) means a mail is never recorded for work that was rolled back.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import nodemailer from 'nodemailer';
import PgBoss from 'pg-boss';
import { migrate, type Database, type Queryable } from '@studio/db';
import type { MailConfig } from './config.js';

export const MAIL_QUEUE = 'mail-send';
const MAIL_MIGRATIONS_DIR = path.resolve(__dirname, '..', 'migrations');

export function migrateMail(db: Database): Promise<string[]> {
  return migrate(db, 'mail', MAIL_MIGRATIONS_DIR);
}

/** A rendered mail (see templates/). */
export interface OutgoingMail {
  /** what it is, for the record and the operator: 'password-reset', 'receipt', ... */
  kind: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** a mail that must go once: a second enqueue with the same key is ignored */
  dedupeKey?: string;
}

export interface MailLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface MailRecord {
  id: string;
  kind: string;
  to_address: string;
  subject: string;
  status: 'queued' | 'sent' | 'failed';
  attempts: number;
  last_error: string;
  created_at: Date;
  sent_at: Date | null;
  failed_at: Date | null;
}

const silent: MailLog = { info() {}, warn() {}, error() {} };

function adapter(q: Queryable): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[]) {
      const result = await q.query(text, values);
      return { rows: result.rows ?? [] };
    },
  };
}

export interface MailerOptions {
  db: Database;
  config: MailConfig;
  log?: MailLog;
  /** deliver in this process (the embedded default, the account service, the worker); false: only enqueue */
  work?: boolean;
  /** seconds between retries, doubled each time by pg-boss (default 10); tests shorten it */
  retryDelaySeconds?: number;
  /** how often the worker looks for mail when nobody woke it (default 2 s) */
  pollingIntervalSeconds?: number;
  now?: () => Date;
}

export class Mailer {
  private readonly boss: PgBoss;
  private readonly transport: nodemailer.Transporter;
  private log: MailLog;
  private readonly now: () => Date;
  private started: Promise<void> | null = null;
  private workerId: string | null = null;
  private closed = false;

  constructor(private readonly options: MailerOptions) {
    const { db, config } = options;
    this.log = options.log ?? silent;
    this.now = options.now ?? (() => new Date());
    this.transport = nodemailer.createTransport(config.smtpUrl, { from: config.from });
    this.boss = new PgBoss({
      db: {
        executeSql: async (text: string, values: unknown[]) => {
          // pg-boss completes and fails jobs without awaiting them and reads rows[0].count of those commands: a
          // stopped mailer (the database may be closing) answers an empty count instead of failing the process
          const jobCommand = /count\(\*\)\s+from\s+results\s*$/i.test(text);
          const nothing = () => ({ rows: jobCommand ? [{ count: 0 }] : [] });
          if (this.closed) return nothing();
          try {
            const result = await db.query(text, values);
            return { rows: result.rows ?? [] };
          } catch (error) {
            if (this.closed || jobCommand) return nothing();
            throw error;
          }
        },
      },
      schema: config.queueSchema,
      supervise: options.work !== false,
      schedule: false,
      migrate: true,
    });
    this.boss.on('error', (error: Error) => this.log.warn({ err: error }, 'mail queue error'));
  }

  get config(): MailConfig {
    return this.options.config;
  }

  /** logs to this logger from now on (the app's, made after the mailer) */
  useLog(log: MailLog): void {
    this.log = log;
  }

  /** Applies the outbox migration and starts the queue (and its worker); safe to call more than once. */
  start(): Promise<void> {
    this.started ??= (async () => {
      await migrateMail(this.options.db);
      await this.boss.start();
      if (!(await this.boss.getQueue(MAIL_QUEUE))) {
        await this.boss
          .createQueue(MAIL_QUEUE, {
            name: MAIL_QUEUE,
            retryLimit: this.options.config.maxAttempts,
            retryDelay: this.options.retryDelaySeconds ?? 10,
            retryBackoff: true,
          })
          .catch(async (error: unknown) => {
            if (!(await this.boss.getQueue(MAIL_QUEUE))) throw error;
          });
      }
      if (this.options.work !== false) {
        this.workerId = await this.boss.work<{ id: string }>(
          MAIL_QUEUE,
          { pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2, batchSize: 1 },
          async ([job]) => {
            if (job) await this.deliver(job.data.id);
          },
        );
      }
    })();
    return this.started;
  }

  /**
   * Records the mail and queues its delivery, in the caller's transaction when one is given. Answers the
   * mail's id, or null when a mail with the same dedupe key was queued before.
   */
  async enqueue(mail: OutgoingMail, tx?: Queryable): Promise<string | null> {
    await this.start();
    const q = tx ?? this.options.db;
    const id = randomUUID();
    const inserted = await q.query(
      `INSERT INTO mail_outbox (id, kind, to_address, subject, html, text_body, dedupe_key, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (dedupe_key) DO NOTHING`,
      [id, mail.kind, mail.to, mail.subject, mail.html, mail.text, mail.dedupeKey ?? null, this.now()],
    );
    if (inserted.rowCount === 0) return null;
    await this.boss.send(MAIL_QUEUE, { id }, { db: adapter(q) });
    // deliver now rather than at the next poll (after the caller's transaction commits)
    if (this.workerId) {
      const workerId = this.workerId;
      setTimeout(() => {
        if (!this.closed) this.boss.notifyWorker(workerId);
      }, tx ? 50 : 0);
    }
    return id;
  }

  /**
   * One delivery attempt. A failure is thrown back to pg-boss, which retries with backoff, until the last
   * attempt: then the mail is marked failed and logged for an operator, and the job ends.
   */
  async deliver(id: string): Promise<'sent' | 'failed' | 'skipped'> {
    const { db, config } = this.options;
    const claimed = await db.query<{ to_address: string; subject: string; html: string; text_body: string; attempts: number; kind: string }>(
      `UPDATE mail_outbox SET attempts = attempts + 1 WHERE id = $1 AND status = 'queued'
       RETURNING to_address, subject, html, text_body, attempts, kind`,
      [id],
    );
    const mail = claimed.rows[0];
    if (!mail) return 'skipped';
    try {
      await this.transport.sendMail({ from: config.from, to: mail.to_address, subject: mail.subject, html: mail.html, text: mail.text_body });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (mail.attempts >= config.maxAttempts) {
        await db.query(`UPDATE mail_outbox SET status = 'failed', last_error = $2, failed_at = $3 WHERE id = $1`, [id, message.slice(0, 2000), this.now()]);
        this.log.error({ mail_id: id, kind: mail.kind, attempts: mail.attempts, error: message }, 'mail could not be sent: given up');
        return 'failed';
      }
      await db.query('UPDATE mail_outbox SET last_error = $2 WHERE id = $1', [id, message.slice(0, 2000)]);
      this.log.warn({ mail_id: id, kind: mail.kind, attempts: mail.attempts, error: message }, 'mail not sent yet: will retry');
      throw error;
    }
    await db.query(`UPDATE mail_outbox SET status = 'sent', sent_at = $2, last_error = '' WHERE id = $1`, [id, this.now()]);
    this.log.info({ mail_id: id, kind: mail.kind }, 'mail sent');
    return 'sent';
  }

  async stop(): Promise<void> {
    if (!this.started || this.closed) return;
    await this.started.catch(() => undefined);
    await this.boss.stop({ graceful: false, close: false, wait: true });
    this.closed = true;
    this.transport.close();
  }
}

/** Mails for an operator: the failed ones first (kind, address, attempts, error), newest first. */
export async function listMail(db: Queryable, filter: { status?: MailRecord['status']; limit?: number } = {}): Promise<MailRecord[]> {
  const result = await db.query<MailRecord>(
    `SELECT id, kind, to_address, subject, status, attempts, last_error, created_at, sent_at, failed_at FROM mail_outbox
     WHERE ($1::text IS NULL OR status = $1) ORDER BY created_at DESC LIMIT $2`,
    [filter.status ?? null, Math.min(Math.max(filter.limit ?? 50, 1), 500)],
  );
  return result.rows;
}

export async function countFailedMail(db: Queryable): Promise<number> {
  const result = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM mail_outbox WHERE status = 'failed'`);
  return Number(result.rows[0]?.n ?? 0);
}
