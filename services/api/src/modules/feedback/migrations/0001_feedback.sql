-- Feedback sent from the product's feedback modal.
CREATE TABLE feedback (
  id uuid PRIMARY KEY,
  -- the signed-in sender, or null for a visitor
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  content text NOT NULL CHECK (char_length(content) BETWEEN 1 AND 2000),
  contact text NOT NULL DEFAULT '',
  -- the form link's parameters (fid, lang, embed, theme, sid) and source (uid, ut, pid, did, pv, page);
  -- the token is never stored
  form_id text NOT NULL DEFAULT '',
  session_id text NOT NULL DEFAULT '',
  source jsonb NOT NULL DEFAULT '{}'::jsonb,
  ip text NOT NULL DEFAULT '',
  user_agent text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX feedback_created_idx ON feedback (created_at);
CREATE INDEX feedback_sender_idx ON feedback (ip, created_at);
