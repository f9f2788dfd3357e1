-- Content the product serves: sku catalogue, plan tiers, configuration, marketing, ads, A/B tests, CMS pages,
-- prompt samples, demos. Rows are inserted by the catalogue step (src/catalogue.ts) and then owned by
-- whoever edits the database.

CREATE TABLE plan_tiers (
  tier text PRIMARY KEY CHECK (tier IN ('BASIC', 'STANDARD', 'PREMIUM')),
  level text NOT NULL,
  watermark_free boolean NOT NULL,
  ultra_hd boolean NOT NULL,
  frame_interpolation boolean NOT NULL,
  faster_generations boolean NOT NULL,
  videos_at_once integer NOT NULL,
  unlimited_effects boolean NOT NULL,
  monthly_credits integer NOT NULL,
  feature_codes text[] NOT NULL DEFAULT '{}'
);

CREATE TABLE skus (
  sku_id integer PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('membership', 'credits', 'credits10')),
  tier text NOT NULL REFERENCES plan_tiers (tier),
  sub_tpl_id integer NOT NULL,
  sub_tpl_name text NOT NULL,
  plan text NOT NULL,
  period_unit text NOT NULL CHECK (period_unit IN ('week', 'month', 'year')),
  period_val integer NOT NULL,
  is_subscription boolean NOT NULL,
  credits integer NOT NULL,
  price numeric(10, 2) NOT NULL,
  original_price numeric(10, 2) NOT NULL,
  recommend_price numeric(10, 2) NOT NULL,
  show_rec_price boolean NOT NULL DEFAULT false,
  currency text NOT NULL DEFAULT 'USD',
  currency_symbol text NOT NULL DEFAULT '$',
  buy_url text NOT NULL DEFAULT '',
  zero_buy boolean NOT NULL DEFAULT false,
  zero_buy_url text NOT NULL DEFAULT '',
  retention_promotion boolean NOT NULL DEFAULT false,
  retention_promotion_buy_url text NOT NULL DEFAULT '',
  sort integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true
);

CREATE TABLE app_settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL
);

CREATE TABLE system_config (
  code text PRIMARY KEY,
  value text NOT NULL,
  sort integer NOT NULL DEFAULT 0
);

-- client: '' desktop, 'wap' phone
CREATE TABLE marketing_items (
  id serial PRIMARY KEY,
  client text NOT NULL CHECK (client IN ('', 'wap')),
  title text NOT NULL,
  is_banner boolean NOT NULL DEFAULT false,
  is_pop boolean NOT NULL DEFAULT false,
  turn_url text NOT NULL DEFAULT '',
  image text NOT NULL DEFAULT '',
  discount text NOT NULL DEFAULT '',
  sort integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true
);

CREATE TABLE ad_items (
  id serial PRIMARY KEY,
  client text NOT NULL CHECK (client IN ('', 'wap')),
  module text NOT NULL CHECK (module IN ('main_header', 'studio_footer', 'hooks_banner_mobile')),
  activity text NOT NULL,
  turn_url text NOT NULL DEFAULT '',
  white_thumbnail text NOT NULL DEFAULT '',
  sort integer NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true
);

-- countries NULL: the test runs everywhere
CREATE TABLE ab_tests (
  code text PRIMARY KEY,
  active boolean NOT NULL DEFAULT true,
  countries text[]
);

CREATE TABLE cms_pages (
  path text PRIMARY KEY,
  title text NOT NULL,
  description text NOT NULL,
  keywords text NOT NULL,
  head text NOT NULL DEFAULT '',
  content text NOT NULL DEFAULT '',
  bottom text NOT NULL DEFAULT '',
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE prompt_samples (
  id serial PRIMARY KEY,
  key text NOT NULL,
  prompt text NOT NULL,
  thumbnail text NOT NULL DEFAULT '',
  sort integer NOT NULL DEFAULT 0
);
CREATE INDEX prompt_samples_key_idx ON prompt_samples (key, sort);

CREATE TABLE demo_items (
  id serial PRIMARY KEY,
  key text NOT NULL,
  title text NOT NULL,
  media text NOT NULL CHECK (media IN ('video', 'image', 'audio')),
  url text NOT NULL,
  thumbnail text NOT NULL DEFAULT '',
  sort integer NOT NULL DEFAULT 0
);
CREATE INDEX demo_items_key_idx ON demo_items (key, sort);
