-- The API's counts move to the one rate counter of every service (rate_counters, made by @studio/db's
-- migrateRateCounter, which migrateApi applies first). A running window keeps its count: a window aligned
-- to the clock is also a window that started at its start.
INSERT INTO rate_counters (key, window_start, count)
  SELECT key, window_start, count FROM api_rate_limits
  ON CONFLICT (key) DO NOTHING;
DROP TABLE api_rate_limits;
