-- Issue 23: confirmed addresses, consent, recovery and e-mail tokens, passkeys.
ALTER TABLE account_users ADD COLUMN IF NOT EXISTS email_verified_at timestamptz;
ALTER TABLE account_users ADD COLUMN IF NOT EXISTS terms_accepted_at timestamptz;
-- accounts made before addresses were confirmed signed up under the old rules and already got their credits:
-- they count as confirmed rather than being asked again
UPDATE account_users SET email_verified_at = created_at WHERE email_verified_at IS NULL;

-- Single-use links sent by e-mail (password reset, address confirmation, address change). Only the SHA-256
-- of a token is stored; `email` is the address it was sent to (for a change, the new address).
CREATE TABLE IF NOT EXISTS account_tokens (
  token_hash text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('password-reset', 'verify-email', 'change-email')),
  user_id uuid NOT NULL REFERENCES account_users (id) ON DELETE CASCADE,
  email text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX IF NOT EXISTS account_tokens_user ON account_tokens (user_id, kind);

-- Passkeys (WebAuthn credentials) of an account.
CREATE TABLE IF NOT EXISTS account_passkeys (
  credential_id text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES account_users (id) ON DELETE CASCADE,
  public_key bytea NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports text[] NOT NULL DEFAULT '{}',
  name text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  last_used_at timestamptz
);
CREATE INDEX IF NOT EXISTS account_passkeys_user ON account_passkeys (user_id);

-- WebAuthn challenges: single use, short lived; user_id is set for a registration.
CREATE TABLE IF NOT EXISTS account_webauthn_challenges (
  challenge text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('register', 'login')),
  user_id uuid REFERENCES account_users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);

-- OpenID Connect: the nonce of an authorization request goes into the ID token of its code.
ALTER TABLE account_auth_codes ADD COLUMN IF NOT EXISTS nonce text NOT NULL DEFAULT '';

-- The ID tokens' signing key (ES256) when none is configured (ACCOUNT_OIDC_SIGNING_KEY): made once per database.
CREATE TABLE IF NOT EXISTS account_signing_keys (
  kid text PRIMARY KEY,
  private_jwk text NOT NULL,
  created_at timestamptz NOT NULL
);
