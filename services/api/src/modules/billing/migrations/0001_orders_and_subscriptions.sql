-- The shop: orders, payments, provider webhook events, and the lifecycle columns of memberships.

-- An order: one sku bought once. pending -> paid (fulfilled: credits or membership granted) -> refunded;
-- pending -> canceled (never paid). One order per (user, checkout session id), so reloading the checkout
-- page or opening it twice never makes a second order.
CREATE TABLE billing_orders (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  sku_id integer NOT NULL REFERENCES skus (sku_id),
  kind text NOT NULL CHECK (kind IN ('credits', 'membership')),
  zero_buy boolean NOT NULL DEFAULT false,
  source text NOT NULL DEFAULT '',
  session_id text NOT NULL,
  provider text NOT NULL CHECK (provider IN ('sandbox', 'stripe')),
  -- the provider's checkout session (Stripe) or null
  provider_ref text UNIQUE,
  amount numeric(10, 2) NOT NULL CHECK (amount >= 0),
  currency text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'paid', 'refunded', 'canceled')),
  created_at timestamptz NOT NULL,
  paid_at timestamptz,
  refunded_at timestamptz,
  UNIQUE (user_id, session_id)
);
CREATE INDEX billing_orders_user_paid_idx ON billing_orders (user_id, paid_at DESC);

-- Every attempt to take or give back money: a checkout charge, a renewal, a refund; declined ones too.
CREATE TABLE billing_payments (
  id uuid PRIMARY KEY,
  order_id uuid REFERENCES billing_orders (id) ON DELETE CASCADE,
  subscription_id bigint REFERENCES subscriptions (id) ON DELETE CASCADE,
  provider text NOT NULL,
  -- the provider's id (payment intent, invoice, refund); unique so a retried webhook records it once
  provider_ref text UNIQUE,
  kind text NOT NULL CHECK (kind IN ('charge', 'renewal', 'refund')),
  status text NOT NULL CHECK (status IN ('succeeded', 'declined', 'insufficient_funds')),
  amount numeric(10, 2) NOT NULL,
  currency text NOT NULL,
  card_last4 text NOT NULL DEFAULT '',
  message text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL
);
CREATE INDEX billing_payments_order_idx ON billing_payments (order_id);

-- Provider webhook events applied (Stripe event ids): each is applied once.
CREATE TABLE billing_webhook_events (
  id text PRIMARY KEY,
  provider text NOT NULL,
  type text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);

-- status: trialing | active (paid period running or queued to start) | expired | refunded | converted (a
-- trial that became the paid plan, which lives on in its own row). cancel_at_period_end: cancelled by
-- the user, runs to expires_at and is not renewed.
ALTER TABLE subscriptions ADD COLUMN status text NOT NULL DEFAULT 'active'
  CHECK (status IN ('trialing', 'active', 'expired', 'refunded', 'converted'));
ALTER TABLE subscriptions ADD COLUMN auto_renew boolean NOT NULL DEFAULT false;
ALTER TABLE subscriptions ADD COLUMN cancel_at_period_end boolean NOT NULL DEFAULT false;
ALTER TABLE subscriptions ADD COLUMN order_id uuid REFERENCES billing_orders (id) ON DELETE SET NULL;
ALTER TABLE subscriptions ADD COLUMN provider text NOT NULL DEFAULT 'sandbox';
ALTER TABLE subscriptions ADD COLUMN provider_sub_id text UNIQUE;
-- the sku each renewal charges (a trial renews into its paid sku)
ALTER TABLE subscriptions ADD COLUMN renew_sku_id integer;
ALTER TABLE subscriptions ADD COLUMN periods_paid integer NOT NULL DEFAULT 1;
ALTER TABLE subscriptions ADD COLUMN ended_at timestamptz;
CREATE INDEX subscriptions_due_idx ON subscriptions (expires_at) WHERE status IN ('trialing', 'active');
