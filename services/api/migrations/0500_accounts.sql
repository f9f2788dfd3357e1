-- Issue 23: the sign-up grant waits for a confirmed address; a deleted account leaves an anonymised row
-- (the credit ledger keeps its sums and the orders their records). Users from before count as confirmed.
ALTER TABLE users ADD COLUMN IF NOT EXISTS email_verified boolean NOT NULL DEFAULT true;
ALTER TABLE users ADD COLUMN IF NOT EXISTS deleted_at timestamptz;
