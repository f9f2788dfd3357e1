-- Fixed-window counters for the API's own limits (task creation per user and per address): one row per
-- key, counted in one atomic statement so concurrent requests cannot all read "under the limit".
CREATE TABLE api_rate_limits (
  key text PRIMARY KEY,
  window_start bigint NOT NULL,
  count integer NOT NULL
);
