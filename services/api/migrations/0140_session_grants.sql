-- The account service's grant (its access token's jti) a product session was made from: a password change
-- or a replayed authorization code revokes the grant, and the session ends when the API next asks.
ALTER TABLE sessions ADD COLUMN account_grant text;
ALTER TABLE sessions ADD COLUMN grant_checked_at timestamptz;
