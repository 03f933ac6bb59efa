-- 004: personal features: favourite stores, the favourite-store alert
-- setting, and the durable outgoing mail queue (shared by every mail the server sends
-- in the background). Times are Unix seconds (UTC).

-- Alerts for favourite stores: off by default (PRODUCT.md: opt-in).
ALTER TABLE users ADD COLUMN favorite_alerts INTEGER NOT NULL DEFAULT 0 CHECK (favorite_alerts IN (0, 1));

-- Store search limited to a municipality ("豊島 ポケモン") reads only its stores.
CREATE INDEX stores_by_city ON stores (prefecture, city, status);

-- A user's own purchase reports (my stats).
CREATE INDEX purchase_reports_by_user ON purchase_reports (user_id, created_at) WHERE user_id IS NOT NULL;

-- A user's favourite stores. A store that an admin hides or closes keeps its rows (the
-- list shows it as 閉店・非表示); only a deleted store takes them along.
CREATE TABLE favorites (
  user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  store_id   INTEGER NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, store_id)
) WITHOUT ROWID;
-- The list, newest first.
CREATE INDEX favorites_by_user_time ON favorites (user_id, created_at DESC, store_id DESC);
-- Who to alert when a store gets a report.
CREATE INDEX favorites_by_store ON favorites (store_id, user_id);

-- Outgoing mail, written in the request's thread and sent by the server's mail thread.
-- idempotency_key: the same logical mail (e.g. one alert for one report and one user)
-- is queued at most once. status: pending → sending (claimed until claimed_until) →
-- sent, or back to pending with a later next_attempt_at, or failed after the last try.
CREATE TABLE mail_queue (
  id               INTEGER PRIMARY KEY,
  idempotency_key  TEXT    NOT NULL UNIQUE,
  kind             TEXT    NOT NULL,
  user_id          INTEGER REFERENCES users (id) ON DELETE CASCADE,  -- NULL: not tied to an account
  recipient        TEXT    NOT NULL,
  subject          TEXT    NOT NULL,
  body             TEXT    NOT NULL,
  list_unsubscribe TEXT    NOT NULL DEFAULT '',
  status           TEXT    NOT NULL DEFAULT 'pending'
                           CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
  attempts         INTEGER NOT NULL DEFAULT 0,
  next_attempt_at  INTEGER NOT NULL,
  claimed_until    INTEGER,
  last_error       TEXT    NOT NULL DEFAULT '',
  created_at       INTEGER NOT NULL,
  sent_at          INTEGER
);
-- The sender's next row: unsent mail by due time.
CREATE INDEX mail_queue_due ON mail_queue (status, next_attempt_at) WHERE status IN ('pending', 'sending');

-- The favourite-store alerts queued per user and store: the 12-hour and daily limits
-- count these rows.
CREATE TABLE favorite_alert_log (
  id        INTEGER PRIMARY KEY,
  user_id   INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  store_id  INTEGER NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
  report_id INTEGER NOT NULL,
  queued_at INTEGER NOT NULL
);
CREATE INDEX favorite_alert_log_by_user ON favorite_alert_log (user_id, queued_at);

-- Withdrawal keeps the anonymised users row, so ON DELETE cannot act: this trigger
-- removes the favourites, the alert setting and history, and every queued mail of the
-- account (sent or not: the rows hold the address), whichever code path withdraws it.
CREATE TRIGGER users_withdrawn_personal AFTER UPDATE OF withdrawn_at ON users
WHEN new.withdrawn_at IS NOT NULL AND old.withdrawn_at IS NULL BEGIN
  DELETE FROM favorites WHERE user_id = new.id;
  DELETE FROM favorite_alert_log WHERE user_id = new.id;
  DELETE FROM mail_queue WHERE user_id = new.id;
  UPDATE users SET favorite_alerts = 0 WHERE id = new.id;
END;
