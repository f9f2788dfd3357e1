-- Plan changes (issue 22): an upgrade replaces the running lower plans at once, their unused part credited
-- against the new price; a downgrade waits for the period's end; one trial per person.

-- replaced: ended early by an upgrade (its unused part was credited against the upgrade's price)
ALTER TABLE subscriptions DROP CONSTRAINT subscriptions_status_check;
ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_status_check
  CHECK (status IN ('trialing', 'active', 'expired', 'refunded', 'converted', 'replaced'));

-- the current paid period: when it began and what was paid for it (the base of an upgrade's credit); a
-- membership granted outside the shop (the demo seed, an operator) has none: its period is its start
ALTER TABLE subscriptions ADD COLUMN period_start timestamptz;
ALTER TABLE subscriptions ADD COLUMN period_amount numeric(10, 2) NOT NULL DEFAULT 0;
-- (what was paid: the order's amount for its first period, the renewal's price after; nothing for a trial or
-- a membership granted outside the shop)
UPDATE subscriptions s SET
  period_start = GREATEST(s.started_at, s.expires_at - CASE k.period_unit WHEN 'week' THEN interval '7 days' WHEN 'year' THEN interval '1 year' ELSE interval '1 month' END),
  period_amount = CASE WHEN s.is_trial OR s.order_id IS NULL THEN 0 WHEN s.periods_paid > 1 OR s.source = 'renewal' THEN k.price
                       ELSE COALESCE((SELECT o.amount FROM billing_orders o WHERE o.id = s.order_id), 0) END
FROM skus k WHERE k.sku_id = s.sku_id;

-- an order's quote: the sku's price, the credit of an upgrade, the plans it replaces, when it was quoted
ALTER TABLE billing_orders ADD COLUMN list_price numeric(10, 2);
ALTER TABLE billing_orders ADD COLUMN credit numeric(10, 2) NOT NULL DEFAULT 0 CHECK (credit >= 0);
ALTER TABLE billing_orders ADD COLUMN change text NOT NULL DEFAULT 'new' CHECK (change IN ('new', 'upgrade', 'queued', 'trial'));
ALTER TABLE billing_orders ADD COLUMN replaces bigint[] NOT NULL DEFAULT '{}';
ALTER TABLE billing_orders ADD COLUMN quoted_at timestamptz;
UPDATE billing_orders o SET list_price = k.price, quoted_at = o.created_at FROM skus k WHERE k.sku_id = o.sku_id;
CREATE INDEX billing_orders_user_sku_pending_idx ON billing_orders (user_id, sku_id, created_at) WHERE status = 'pending';

-- refunds are payments too (the history lists them)
CREATE INDEX billing_payments_subscription_idx ON billing_payments (subscription_id);

-- The free trial once per person: the person is the account's e-mail without its +tag (and, at Gmail,
-- its dots), so a second account of the same mailbox is refused. No foreign keys: the claim outlives a
-- deleted account, or deleting one would buy a second trial.
CREATE TABLE billing_trials (
  person_key text PRIMARY KEY,
  user_id uuid NOT NULL,
  order_id uuid NOT NULL UNIQUE,
  started_at timestamptz NOT NULL
);
