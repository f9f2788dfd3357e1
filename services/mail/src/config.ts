/** The mail settings, read once from the environment by each service's config (never by this package's modules). */

export interface DevMailServerConfig {
  host: string;
  /** the local SMTP server's port (MAIL_DEV_SMTP_PORT, default 1025) */
  smtpPort: number;
  /** the web inbox's port (MAIL_DEV_INBOX_PORT, default 1080) */
  inboxPort: number;
}

export interface MailConfig {
  /** smtp://user:pass@host:port or smtps://...; in development the local server's address */
  smtpUrl: string;
  /** the From of every mail, e.g. "AI Video Generator <no-reply@example.com>" */
  from: string;
  /** attempts before a mail is given up and marked failed (MAIL_MAX_ATTEMPTS, default 5) */
  maxAttempts: number;
  /** set when no SMTP_URL is configured outside production: `npm start` runs a local SMTP server and web inbox */
  devServer: DevMailServerConfig | null;
  /** the pg-boss schema of the queue (shared with the task queue; PGBOSS_SCHEMA) */
  queueSchema: string;
}

export const DEFAULT_FROM = 'AI Video Generator <no-reply@studio.local>';

function port(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`${name} must be a port number, got ${value}`);
  return n;
}

/**
 * SMTP_URL and MAIL_FROM; production refuses to start without both (a product that cannot send a password
 * reset must not pretend it can). Elsewhere an unset SMTP_URL means the local development server.
 */
export function loadMailConfig(env: NodeJS.ProcessEnv): MailConfig {
  const production = env.NODE_ENV === 'production';
  const smtpUrl = (env.SMTP_URL ?? '').trim();
  const from = (env.MAIL_FROM ?? '').trim();
  if (production && (!smtpUrl || !from)) {
    throw new Error('SMTP_URL and MAIL_FROM are required when NODE_ENV=production (password resets and receipts are sent by e-mail)');
  }
  if (smtpUrl && !/^smtps?:\/\//i.test(smtpUrl)) throw new Error('SMTP_URL must start with smtp:// or smtps://');
  const attempts = Number(env.MAIL_MAX_ATTEMPTS ?? 5);
  const devServer: DevMailServerConfig | null = smtpUrl
    ? null
    : {
        host: env.MAIL_DEV_HOST || '127.0.0.1',
        smtpPort: port(env.MAIL_DEV_SMTP_PORT, 1025, 'MAIL_DEV_SMTP_PORT'),
        inboxPort: port(env.MAIL_DEV_INBOX_PORT, 1080, 'MAIL_DEV_INBOX_PORT'),
      };
  return {
    smtpUrl: smtpUrl || `smtp://${devServer!.host}:${devServer!.smtpPort}`,
    from: from || DEFAULT_FROM,
    maxAttempts: Number.isInteger(attempts) && attempts > 0 ? attempts : 5,
    devServer,
    queueSchema: env.PGBOSS_SCHEMA || 'pgboss',
  };
}
