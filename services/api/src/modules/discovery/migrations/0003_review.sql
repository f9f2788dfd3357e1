-- Who reviewed a reported explore item, and when (the operator's verdict is the `review` column).
ALTER TABLE explore_items ADD COLUMN reviewed_by uuid REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE explore_items ADD COLUMN reviewed_at timestamptz;
