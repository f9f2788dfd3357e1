-- Issue 20: every queued task runs. When the run's current job was sent (create, requeue, or the
-- sweeper's re-send of a stalled one): the stall check's clock. dispatched_at stays the run's place in
-- its lane (a re-send keeps it).
ALTER TABLE tasks ADD COLUMN sent_at timestamptz;
UPDATE tasks SET sent_at = dispatched_at WHERE status = 'queued' AND dispatched_at IS NOT NULL;

-- Each worker's lanes as it last reported them (every few seconds), in the database's time: the
-- sweeper's proof that a live lane found nothing to take while a job was waiting (the job is stalled),
-- and the fleet's figures for /metrics and the health answer.
CREATE TABLE task_worker_lanes (
  worker_id text NOT NULL,
  lane text NOT NULL,
  slots integer NOT NULL,
  fetches bigint NOT NULL,
  empty_fetches bigint NOT NULL,
  restarts integer NOT NULL,
  last_fetch_at timestamptz,
  last_empty_at timestamptz,
  started_at timestamptz NOT NULL,
  seen_at timestamptz NOT NULL,
  PRIMARY KEY (worker_id, lane)
);
CREATE INDEX task_worker_lanes_seen_idx ON task_worker_lanes (lane, seen_at);
