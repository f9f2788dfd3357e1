-- A/B assignments (ab-test.ts): the first plan a subject (user id, else client id) got in a test is kept,
-- so the answer stays the same after a weight or country change; the row's creation is the exposure.
CREATE TABLE ab_assignments (
  test_code text NOT NULL,
  subject_id text NOT NULL,
  plan smallint NOT NULL CHECK (plan IN (0, 1, 2)),
  country text NOT NULL DEFAULT '',
  assigned_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (test_code, subject_id)
);
