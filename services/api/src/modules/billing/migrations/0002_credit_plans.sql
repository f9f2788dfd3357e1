-- Credit plans: the weekly and monthly credit skus renew (section 9, "monthly subscription credits"). Kept
-- apart from memberships: a credit plan gives credits each period and no membership level.
CREATE TABLE billing_credit_plans (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  sku_id integer NOT NULL REFERENCES skus (sku_id),
  order_id uuid NOT NULL UNIQUE REFERENCES billing_orders (id) ON DELETE CASCADE,
  name text NOT NULL,
  credits integer NOT NULL CHECK (credits > 0),
  period_unit text NOT NULL CHECK (period_unit IN ('week', 'month')),
  started_at timestamptz NOT NULL,
  -- the end of the paid period
  expires_at timestamptz NOT NULL,
  periods_paid integer NOT NULL DEFAULT 1,
  status text NOT NULL CHECK (status IN ('active', 'expired', 'refunded')),
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  provider text NOT NULL,
  provider_sub_id text UNIQUE,
  ended_at timestamptz
);
CREATE INDEX billing_credit_plans_due_idx ON billing_credit_plans (expires_at) WHERE status = 'active';
CREATE INDEX billing_credit_plans_user_idx ON billing_credit_plans (user_id);
