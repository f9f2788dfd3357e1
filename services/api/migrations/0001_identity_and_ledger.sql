-- Product users, sessions, memberships and the credit ledger.

CREATE TABLE users (
  id uuid PRIMARY KEY,
  ws_id uuid NOT NULL,
  email text NOT NULL DEFAULT '',
  nickname text NOT NULL DEFAULT '',
  firstname text NOT NULL DEFAULT '',
  lastname text NOT NULL DEFAULT '',
  avatar text NOT NULL DEFAULT '',
  country text NOT NULL DEFAULT '',
  lang text NOT NULL DEFAULT 'en',
  timezone text NOT NULL DEFAULT '',
  landing_page text NOT NULL DEFAULT '',
  signup_plan integer NOT NULL DEFAULT 0,
  free_trial_variant integer NOT NULL DEFAULT 0,
  -- set once the sign-up grant (5 credits or the variant-A free trial) has been applied
  signup_granted_at timestamptz,
  account_created_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sessions (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  is_new boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

-- A membership (or the 3-day trial). Credits are granted per period from started_at, once each
-- (idempotency key membership:<user>:<subscription>:<period>).
CREATE TABLE subscriptions (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  sku_id integer NOT NULL,
  level text NOT NULL CHECK (level IN ('standard', 'premium')),
  name text NOT NULL,
  is_trial boolean NOT NULL DEFAULT false,
  credits_per_period integer NOT NULL CHECK (credits_per_period >= 0),
  period_months integer NOT NULL DEFAULT 1 CHECK (period_months > 0),
  started_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  periods_granted integer NOT NULL DEFAULT 0,
  -- start of the next period whose credits are not granted yet
  next_grant_at timestamptz NOT NULL,
  source text NOT NULL,
  external_ref text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX subscriptions_user_idx ON subscriptions (user_id, expires_at);

-- A feature the user may use once (or n times) for free: the sign-up trial of variant A.
CREATE TABLE free_trials (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  feature text NOT NULL,
  remaining integer NOT NULL CHECK (remaining >= 0),
  granted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, feature)
);

-- The ledger. One row per user to serialise spends (SELECT ... FOR UPDATE).
CREATE TABLE credit_accounts (
  user_id uuid PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A grant: credits from one source, valid until expires_at; `remaining` is what holds have not taken.
CREATE TABLE credit_blocks (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES credit_accounts (user_id),
  source text NOT NULL,
  details text NOT NULL,
  amount integer NOT NULL CHECK (amount > 0),
  remaining integer NOT NULL CHECK (remaining >= 0 AND remaining <= amount),
  expires_at timestamptz NOT NULL,
  idempotency_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX credit_blocks_user_idx ON credit_blocks (user_id, expires_at, id);
CREATE INDEX credit_blocks_history_idx ON credit_blocks (user_id, created_at DESC, id DESC);

-- A reservation: held while a task runs, then committed (spent) or released (given back).
CREATE TABLE credit_holds (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES credit_accounts (user_id),
  amount integer NOT NULL CHECK (amount > 0),
  details text NOT NULL,
  reference text,
  idempotency_key text UNIQUE,
  status text NOT NULL CHECK (status IN ('held', 'committed', 'released')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  settled_at timestamptz
);
CREATE INDEX credit_holds_user_idx ON credit_holds (user_id, status, settled_at DESC);
CREATE INDEX credit_holds_stale_idx ON credit_holds (expires_at) WHERE status = 'held';

CREATE TABLE credit_hold_parts (
  hold_id uuid NOT NULL REFERENCES credit_holds (id),
  block_id bigint NOT NULL REFERENCES credit_blocks (id),
  amount integer NOT NULL CHECK (amount > 0),
  PRIMARY KEY (hold_id, block_id)
);

-- Append-only: every change to a user's available credits, signed (grant +, hold -, release +, commit 0).
CREATE TABLE credit_entries (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES credit_accounts (user_id),
  kind text NOT NULL CHECK (kind IN ('grant', 'hold', 'release', 'commit')),
  delta integer NOT NULL,
  block_id bigint REFERENCES credit_blocks (id),
  hold_id uuid REFERENCES credit_holds (id),
  details text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX credit_entries_user_idx ON credit_entries (user_id, id);

CREATE FUNCTION credit_entries_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'credit_entries is append-only';
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER credit_entries_no_change BEFORE UPDATE OR DELETE ON credit_entries
  FOR EACH ROW EXECUTE FUNCTION credit_entries_append_only();

CREATE TABLE verify_records (
  id bigserial PRIMARY KEY,
  user_id uuid,
  client_sn text NOT NULL DEFAULT '',
  params jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
