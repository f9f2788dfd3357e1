-- The sign-in, sign-up, reset and confirmation counts move to the one rate counter of every service
-- (rate_counters, made by @studio/db's migrateRateCounter, which migrateAccount applies first); running
-- windows keep their counts.
INSERT INTO rate_counters (key, window_start, count)
  SELECT key, window_start, count FROM account_rate_limits
  ON CONFLICT (key) DO NOTHING;
DROP TABLE IF EXISTS account_rate_limits;
