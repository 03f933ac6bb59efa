-- 002: accounts: users, refresh sessions, mail-link tokens, withdrawals.
-- Tokens are stored only as SHA-256 hashes. Times are Unix seconds (UTC).

CREATE TABLE users (
  id                INTEGER PRIMARY KEY,
  email             TEXT    NOT NULL UNIQUE CHECK (email = lower(email) AND length(email) <= 254),
  password_hash     TEXT    NOT NULL,                 -- '' once withdrawn
  nickname          TEXT    NOT NULL,
  prefecture        TEXT    NOT NULL DEFAULT '',      -- Japanese name; '' = not set
  admin             INTEGER NOT NULL DEFAULT 0 CHECK (admin IN (0, 1)),
  blocked           INTEGER NOT NULL DEFAULT 0 CHECK (blocked IN (0, 1)),
  email_verified_at INTEGER,
  session_epoch     INTEGER NOT NULL DEFAULT 0,       -- bumped to end every access token
  created_at        INTEGER NOT NULL,
  updated_at        INTEGER NOT NULL,
  withdrawn_at      INTEGER
);

-- One row per refresh token; a login's tokens share a family.
CREATE TABLE refresh_sessions (
  id         INTEGER PRIMARY KEY,
  user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  family     TEXT    NOT NULL,
  token_hash TEXT    NOT NULL UNIQUE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  rotated_at INTEGER,
  revoked_at INTEGER
);
CREATE INDEX refresh_sessions_by_family ON refresh_sessions (family);
CREATE INDEX refresh_sessions_by_user ON refresh_sessions (user_id);
CREATE INDEX refresh_sessions_by_expiry ON refresh_sessions (expires_at);

-- Mail-link tokens: single use (used_at), expiring.
CREATE TABLE action_tokens (
  token_hash TEXT    PRIMARY KEY,
  user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose    TEXT    NOT NULL CHECK (purpose IN ('verify_email', 'reset_password')),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at    INTEGER
) WITHOUT ROWID;
CREATE INDEX action_tokens_by_user ON action_tokens (user_id, purpose);

-- Why people left. Only the reason and the (anonymised) account id are kept.
CREATE TABLE withdrawals (
  id           INTEGER PRIMARY KEY,
  user_id      INTEGER NOT NULL REFERENCES users (id),
  reason       TEXT    NOT NULL,
  withdrawn_at INTEGER NOT NULL
);
