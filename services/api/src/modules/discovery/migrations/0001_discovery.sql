-- Explore, templates and effects (issue 12). Templates, categories and tags are data; the showcase job
-- fills in their media. Explore items are published results (a copy of the file that outlives the task's
-- 7 days) or the studio's showcase.

-- the studio's showcase is made by this account (it never signs in)
INSERT INTO users (id, ws_id, nickname, email)
VALUES ('00000000-0000-4000-8000-000000005757', '00000000-0000-4000-8000-000000005757', 'Studio Showcase', '')
ON CONFLICT (id) DO NOTHING;

CREATE TABLE tpl_categories (
  id integer PRIMARY KEY,
  fun_module text NOT NULL CHECK (fun_module IN ('template', 'effect')),
  -- the tag: video or image
  media text NOT NULL CHECK (media IN ('video', 'image')),
  title text NOT NULL,
  sort integer NOT NULL DEFAULT 0
);

CREATE TABLE templates (
  id integer PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  category_id integer NOT NULL REFERENCES tpl_categories (id),
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  tip text NOT NULL DEFAULT '',
  algorithm text NOT NULL,
  module text NOT NULL,
  -- the request fields [{field, val}] the template fixes
  fields jsonb NOT NULL DEFAULT '[]',
  -- what the user gives [{field, kind, label, required}]
  inputs jsonb NOT NULL DEFAULT '[]',
  hot boolean NOT NULL DEFAULT false,
  rule_show text NOT NULL DEFAULT '',
  sort integer NOT NULL DEFAULT 0,
  thumbnail_path text,
  preview_path text,
  audio_path text,
  width integer NOT NULL DEFAULT 0,
  height integer NOT NULL DEFAULT 0,
  uses integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX templates_category_idx ON templates (category_id, sort, id) WHERE active;

-- user-published ids start far above the showcase's fixed ids (1400 is check-in's go-create example)
CREATE SEQUENCE explore_items_id_seq START 100000;
CREATE TABLE explore_items (
  id integer PRIMARY KEY DEFAULT nextval('explore_items_id_seq'),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  task_id uuid UNIQUE,
  seed_key text UNIQUE,
  title text NOT NULL DEFAULT '',
  media text NOT NULL CHECK (media IN ('video', 'image', 'audio')),
  algorithm text NOT NULL,
  module text NOT NULL DEFAULT '',
  prompt text NOT NULL DEFAULT '',
  settings jsonb NOT NULL DEFAULT '[]',
  file_path text NOT NULL,
  thumbnail_path text,
  width integer NOT NULL DEFAULT 0,
  height integer NOT NULL DEFAULT 0,
  duration double precision NOT NULL DEFAULT 0,
  recommend boolean NOT NULL DEFAULT false,
  published boolean NOT NULL DEFAULT true,
  -- 'none', 'pending' (hidden past the report threshold), 'cleared' (reviewed, shown), 'removed'
  review text NOT NULL DEFAULT 'none' CHECK (review IN ('none', 'pending', 'cleared', 'removed')),
  reports integer NOT NULL DEFAULT 0,
  likes integer NOT NULL DEFAULT 0,
  views integer NOT NULL DEFAULT 0,
  sort integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX explore_items_gallery_idx ON explore_items (sort DESC, id DESC) WHERE published AND review IN ('none', 'cleared');
ALTER SEQUENCE explore_items_id_seq OWNED BY explore_items.id;

CREATE TABLE explore_reports (
  explore_id integer NOT NULL REFERENCES explore_items (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reason text NOT NULL,
  other text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (explore_id, user_id)
);
CREATE INDEX explore_reports_user_idx ON explore_reports (user_id);

CREATE TABLE explore_likes (
  explore_id integer NOT NULL REFERENCES explore_items (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (explore_id, user_id)
);

-- the examples and prompt samples tables come from the catalogue migration (0002); the showcase's own rows
-- point at stored files (signed per request) instead of fixed URLs
ALTER TABLE demo_items ADD COLUMN seed_key text UNIQUE;
ALTER TABLE demo_items ADD COLUMN file_path text;
ALTER TABLE demo_items ADD COLUMN thumbnail_path text;
ALTER TABLE demo_items ALTER COLUMN url SET DEFAULT '';
ALTER TABLE prompt_samples ADD COLUMN seed_key text UNIQUE;
ALTER TABLE prompt_samples ADD COLUMN thumbnail_path text;

-- one row per showcase version: the job is sent once and records what it made
CREATE TABLE showcase_runs (
  version text PRIMARY KEY,
  size text NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  items integer NOT NULL DEFAULT 0,
  bytes bigint NOT NULL DEFAULT 0,
  error text
);
