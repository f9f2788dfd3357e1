-- Webhook endpoints and their deliveries (issue 28). A trigger on tasks writes one pending delivery per
-- endpoint of the task's owner when a run ends (success, failure, cancelled), in the transaction that ends
-- it; the API's pump sends each to the job queue, whose worker delivers it with backoff retries.
CREATE TABLE webhook_endpoints (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  url text NOT NULL,
  secret text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX webhook_endpoints_user_idx ON webhook_endpoints (user_id) WHERE deleted_at IS NULL;

CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY,
  endpoint_id uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  event text NOT NULL,
  task_id uuid NOT NULL,
  payload jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'queued', 'delivered', 'failed')),
  attempts jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz
);
CREATE INDEX webhook_deliveries_pending_idx ON webhook_deliveries (created_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, created_at DESC);

CREATE FUNCTION developer_task_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IN ('success', 'failure', 'cancelled') AND NEW.status IS DISTINCT FROM OLD.status THEN
    INSERT INTO webhook_deliveries (id, endpoint_id, user_id, event, task_id, payload)
    SELECT gen_random_uuid(), e.id, e.user_id,
      CASE NEW.status WHEN 'success' THEN 'task.succeeded' WHEN 'failure' THEN 'task.failed' ELSE 'task.cancelled' END,
      NEW.id,
      jsonb_build_object(
        'task_id', NEW.id, 'algorithm', NEW.algorithm, 'status', NEW.status, 'reason', NEW.reason, 'cost', NEW.cost,
        'module', NEW.module, 'outputs', COALESCE(jsonb_path_query_array(NEW.outputs::jsonb, '$[*].file_path'), '[]'::jsonb),
        'created_at', floor(extract(epoch FROM NEW.created_at))::bigint,
        'finished_at', floor(extract(epoch FROM COALESCE(NEW.finished_at, now())))::bigint)
    FROM webhook_endpoints e WHERE e.user_id = NEW.user_id AND e.deleted_at IS NULL;
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER tasks_developer_webhooks AFTER UPDATE OF status ON tasks FOR EACH ROW EXECUTE FUNCTION developer_task_ended();
