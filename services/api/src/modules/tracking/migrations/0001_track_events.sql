-- Browser events of the first-party collector (POST /v1/track), partitioned by the day they arrived so the
-- retention job drops a whole day at once (DROP TABLE of a partition) instead of deleting rows. The
-- partitions are made ahead by the collector's maintenance (collector.ts); the default partition only
-- catches a day the maintenance has not made yet and is trimmed by the same job.
CREATE TABLE track_events (
  received_at timestamptz NOT NULL DEFAULT now(),
  event_at timestamptz NOT NULL,
  event text NOT NULL,
  route text NOT NULL,
  -- from the bearer, never from the client (NULL for visitors)
  uid uuid,
  wsid text NOT NULL DEFAULT '',
  member_level text NOT NULL,
  credits integer NOT NULL DEFAULT 0,
  client_id text NOT NULL,
  country text NOT NULL DEFAULT '',
  trace_id text NOT NULL DEFAULT '',
  props jsonb NOT NULL DEFAULT '{}'::jsonb
) PARTITION BY RANGE (received_at);

CREATE TABLE track_events_default PARTITION OF track_events DEFAULT;
CREATE INDEX track_events_received_idx ON track_events (received_at);
CREATE INDEX track_events_uid_idx ON track_events (uid, received_at);
CREATE INDEX track_events_event_idx ON track_events (event, received_at);
