-- Every e-mail the services send, rendered when it is queued. The row is the mail's record: a job on the
-- pg-boss queue `mail-send` delivers it, retrying with backoff; one that could not be sent after its last
-- attempt stays here as `failed` with its error, for an operator (never lost silently). dedupe_key makes a
-- mail that must go once (a receipt per order, a reminder per trial) impossible to queue twice.
CREATE TABLE IF NOT EXISTS mail_outbox (
  id uuid PRIMARY KEY,
  kind text NOT NULL,
  to_address text NOT NULL,
  subject text NOT NULL,
  html text NOT NULL,
  text_body text NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  last_error text NOT NULL DEFAULT '',
  dedupe_key text UNIQUE,
  created_at timestamptz NOT NULL,
  sent_at timestamptz,
  failed_at timestamptz
);
CREATE INDEX IF NOT EXISTS mail_outbox_failed ON mail_outbox (created_at) WHERE status = 'failed';
