-- Daily check-in (spec sections 3, 4 and 9). One row per user per activity per cycle: the unique
-- constraint is what makes a second claim in a cycle impossible, even when claims race.
CREATE TABLE checkins (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  activity_code text NOT NULL,
  -- days since 1970-01-01 of the shifted-clock date the cycle started on (checkInCycleOf in shared-contracts)
  cycle_key integer NOT NULL,
  cycle_label date NOT NULL,
  credits integer NOT NULL CHECK (credits > 0),
  level text NOT NULL,
  country text NOT NULL,
  -- the ledger grant (idempotency key checkin:<user>:<cycle>)
  block_id bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT checkins_one_per_cycle UNIQUE (user_id, activity_code, cycle_key)
);
CREATE INDEX checkins_cycle_idx ON checkins (activity_code, cycle_key);

-- How many check-ins of a cycle got credits: only the first 500 do. The row is the lock that keeps the
-- count exact under concurrent claims.
CREATE TABLE checkin_cycles (
  activity_code text NOT NULL,
  cycle_key integer NOT NULL,
  winners integer NOT NULL CHECK (winners >= 0),
  PRIMARY KEY (activity_code, cycle_key)
);
