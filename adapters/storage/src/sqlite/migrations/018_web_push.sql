-- Web Push (docs/decisions/web-push.md): one row per device that agreed to receive
-- notifications. The endpoint is the push service's URL for that browser; it is unique
-- (a browser that subscribes again under another account moves to that account).
CREATE TABLE push_subscriptions (
  id           INTEGER PRIMARY KEY,
  user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  endpoint     TEXT    NOT NULL UNIQUE,
  p256dh       TEXT    NOT NULL,
  auth         TEXT    NOT NULL,
  label        TEXT    NOT NULL,
  created_at   INTEGER NOT NULL,
  last_used_at INTEGER
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id, created_at);

-- The durable push queue, one row per (notice, device); the mail queue's sibling. The
-- notice text is kept until the row is finished and purged; keys stay in the
-- subscription row only.
CREATE TABLE push_queue (
  id              INTEGER PRIMARY KEY,
  idempotency_key TEXT    NOT NULL,
  subscription_id INTEGER NOT NULL REFERENCES push_subscriptions (id) ON DELETE CASCADE,
  user_id         INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind            TEXT    NOT NULL,
  title           TEXT    NOT NULL,
  body            TEXT    NOT NULL,
  url             TEXT    NOT NULL,
  status          TEXT    NOT NULL DEFAULT 'pending'
                          CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
  attempts        INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  claimed_until   INTEGER,
  last_error      TEXT    NOT NULL DEFAULT '',
  created_at      INTEGER NOT NULL,
  finished_at     INTEGER,
  UNIQUE (idempotency_key, subscription_id)
);
CREATE INDEX push_queue_due ON push_queue (status, next_attempt_at) WHERE status IN ('pending', 'sending');
CREATE INDEX push_queue_user_kind ON push_queue (user_id, kind, created_at);

-- The user's alert channels; no row = both on.
CREATE TABLE alert_channels (
  user_id INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  push    INTEGER NOT NULL DEFAULT 1 CHECK (push IN (0, 1)),
  mail    INTEGER NOT NULL DEFAULT 1 CHECK (mail IN (0, 1))
);

-- Withdrawal keeps the anonymised users row, so ON DELETE cannot act: the account's
-- devices, every push queued for it and its channel settings go with it.
CREATE TRIGGER users_withdrawn_push AFTER UPDATE OF withdrawn_at ON users
WHEN new.withdrawn_at IS NOT NULL AND old.withdrawn_at IS NULL BEGIN
  DELETE FROM push_queue WHERE user_id = new.id;
  DELETE FROM push_subscriptions WHERE user_id = new.id;
  DELETE FROM alert_channels WHERE user_id = new.id;
END;
