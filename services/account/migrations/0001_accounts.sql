-- The central account service's tables. Prefixed account_ because the product API may share the database.
CREATE TABLE IF NOT EXISTS account_users (
  id uuid PRIMARY KEY,
  email text NOT NULL,
  email_lower text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  nickname text NOT NULL DEFAULT '',
  firstname text NOT NULL DEFAULT '',
  lastname text NOT NULL DEFAULT '',
  avatar text NOT NULL DEFAULT '',
  country text NOT NULL DEFAULT '',
  lang text NOT NULL DEFAULT 'en',
  signup_source text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

-- Registered OAuth clients. The secret is stored as a SHA-256 hash; redirect URIs are allowed when their
-- origin is in allowed_origins or when they appear exactly in redirect_uris.
CREATE TABLE IF NOT EXISTS account_clients (
  client_id text PRIMARY KEY,
  name text NOT NULL,
  secret_hash text NOT NULL,
  allowed_origins text[] NOT NULL DEFAULT '{}',
  redirect_uris text[] NOT NULL DEFAULT '{}',
  updated_at timestamptz NOT NULL
);

-- Account sessions on the account origin; the cookie holds the token, the table its SHA-256.
CREATE TABLE IF NOT EXISTS account_sessions (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES account_users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  ip text NOT NULL DEFAULT '',
  user_agent text NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS account_sessions_user ON account_sessions (user_id);

-- Authorization codes: single use, short lived, bound to the client, the redirect URI and the PKCE challenge.
-- token_jti names the access token issued from the code, so a replayed code revokes it.
CREATE TABLE IF NOT EXISTS account_auth_codes (
  code_hash text PRIMARY KEY,
  client_id text NOT NULL REFERENCES account_clients (client_id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES account_users (id) ON DELETE CASCADE,
  redirect_uri text NOT NULL,
  code_challenge text NOT NULL,
  scope text NOT NULL DEFAULT '',
  is_new boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  token_jti text,
  revoked boolean NOT NULL DEFAULT false
);
CREATE INDEX IF NOT EXISTS account_auth_codes_jti ON account_auth_codes (token_jti);

-- Fixed-window counters for the login and sign-up rate limits (per IP, per e-mail).
CREATE TABLE IF NOT EXISTS account_rate_limits (
  key text PRIMARY KEY,
  window_start bigint NOT NULL,
  count integer NOT NULL
);

-- Uploaded avatars, served at /account/avatar/{id}.
CREATE TABLE IF NOT EXISTS account_avatars (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES account_users (id) ON DELETE CASCADE,
  mime text NOT NULL,
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS account_avatars_user ON account_avatars (user_id);
