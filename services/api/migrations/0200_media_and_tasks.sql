-- Media storage and generation tasks (issue 5): stored files, tasks, and the usage counters behind the
-- daily cap, Premium's fair use and the monthly included minutes.

-- Every stored file: uploads, task results, and the unwatermarked originals of free-plan results (never
-- signed for their owner; watermark_download hands them to a paid plan).
CREATE TABLE media_objects (
  path text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('upload', 'result', 'original')),
  media text NOT NULL CHECK (media IN ('image', 'video', 'audio')),
  format text NOT NULL,
  mime text NOT NULL,
  size bigint NOT NULL CHECK (size >= 0),
  width integer NOT NULL DEFAULT 0,
  height integer NOT NULL DEFAULT 0,
  duration double precision NOT NULL DEFAULT 0,
  algorithm text NOT NULL DEFAULT '',
  task_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  deleted_at timestamptz
);
CREATE INDEX media_objects_user_idx ON media_objects (user_id) WHERE deleted_at IS NULL;
CREATE INDEX media_objects_expiry_idx ON media_objects (expires_at) WHERE deleted_at IS NULL;
CREATE INDEX media_objects_task_idx ON media_objects (task_id);

CREATE TABLE tasks (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- as the client named it (aliases such as mai_fs stay as sent)
  algorithm text NOT NULL,
  -- the engines' algorithm id
  engine_algorithm text NOT NULL,
  lane text NOT NULL CHECK (lane IN ('video', 'image', 'audio', 'check', 'inline')),
  status text NOT NULL CHECK (status IN ('queued', 'generating', 'success', 'failure', 'cancelled', 'expired')),
  progress integer CHECK (progress BETWEEN 0 AND 100),
  reason text,
  params jsonb NOT NULL DEFAULT '{}',
  inputs text[] NOT NULL DEFAULT '{}',
  file_path text,
  user_data jsonb NOT NULL DEFAULT '{}',
  prev_task uuid,
  module text NOT NULL DEFAULT '',
  is_workflow boolean NOT NULL DEFAULT false,
  outputs jsonb NOT NULL DEFAULT '[]',
  result_data jsonb,
  engine jsonb,
  cost integer NOT NULL DEFAULT 0 CHECK (cost >= 0),
  cost_basis text NOT NULL DEFAULT '',
  hold_id uuid,
  -- usage counters this run took (given back on failure and cancel)
  usage jsonb NOT NULL DEFAULT '[]',
  plan text NOT NULL,
  priority integer NOT NULL DEFAULT 0,
  watermark boolean NOT NULL DEFAULT false,
  -- one id per run (create, retry, requeue after a dead worker); a worker acts only on its run
  run_id uuid NOT NULL,
  job_id uuid,
  -- when the run was handed to the job queue; NULL while it waits for one of the user's video slots
  dispatched_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  runs integer NOT NULL DEFAULT 1,
  queued_at timestamptz NOT NULL,
  started_at timestamptz,
  heartbeat_at timestamptz,
  finished_at timestamptz,
  expire_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX tasks_user_list_idx ON tasks (user_id, created_at DESC) WHERE deleted_at IS NULL;
CREATE INDEX tasks_queued_idx ON tasks (lane, priority DESC, dispatched_at) WHERE status = 'queued';
CREATE INDEX tasks_waiting_idx ON tasks (user_id, lane, queued_at) WHERE status = 'queued' AND dispatched_at IS NULL;
CREATE INDEX tasks_generating_idx ON tasks (heartbeat_at) WHERE status = 'generating';
CREATE INDEX tasks_expiry_idx ON tasks (expire_at) WHERE status = 'success';

-- Counters per user and period: period 'day:2026-11-22' or 'month:2026-11'; counter 'tasks' (free daily
-- cap), 'free_media' (Premium fair use), 'seconds:<algorithm>' (included minutes).
CREATE TABLE task_usage (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  period text NOT NULL,
  counter text NOT NULL,
  amount double precision NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, period, counter)
);
