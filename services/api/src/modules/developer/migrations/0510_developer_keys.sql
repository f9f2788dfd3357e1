-- Personal API keys (issue 28). The key itself is never stored: key_hash is the SHA-256 of the whole key,
-- which carries 256 random bits, so a slow password hash would add nothing (no dictionary to guess from)
-- and a lookup by hash stays one index probe per request.
CREATE TABLE api_keys (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  prefix text NOT NULL,
  key_hash text NOT NULL UNIQUE,
  daily_cap integer CHECK (daily_cap IS NULL OR daily_cap >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX api_keys_user_idx ON api_keys (user_id, created_at DESC);

-- Every hold taken through a key (its credits count against the key's daily cap while held or committed).
CREATE TABLE api_key_spends (
  hold_id uuid PRIMARY KEY,
  key_id uuid NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  task_id uuid,
  amount integer NOT NULL CHECK (amount > 0),
  created_at timestamptz NOT NULL
);
CREATE INDEX api_key_spends_key_idx ON api_key_spends (key_id, created_at);
