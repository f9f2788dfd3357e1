-- The one rate counter of every service (src/rate-counter.ts): a fixed window per key, counted in one atomic
-- statement so concurrent requests cannot all read "under the limit". Keys lead with what they count
-- ('login:email:...', 'tasks:user:...', 'rl:POST /v1/track:...'), so the API and the account service can
-- share one database. window_start is epoch milliseconds (the services' clock, never SQL now()).
CREATE TABLE IF NOT EXISTS rate_counters (
  key text PRIMARY KEY,
  window_start bigint NOT NULL,
  count integer NOT NULL
);
