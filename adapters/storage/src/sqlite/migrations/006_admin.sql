-- 006: the admin console: the append-only audit log, admin edits of
-- stores that a re-import leaves alone, a store's status note, an account's last login
-- and block reason. Times are Unix seconds (UTC).

-- Every admin action: who, when, what, and the before/after of the fields it changed
-- (changes: a JSON object {"field": {"before": …, "after": …}}). Rows are written only
-- by the service doing the change, in the same transaction; nothing updates or deletes
-- them (the triggers below refuse it, whoever tries).
CREATE TABLE admin_audit (
  id          INTEGER PRIMARY KEY,
  at          INTEGER NOT NULL,
  actor_id    INTEGER NOT NULL,                          -- users.id (no FK: the log outlives any row)
  action      TEXT    NOT NULL,
  target_type TEXT    NOT NULL CHECK (target_type IN ('store', 'user', 'submission', 'purchase', 'photo')),
  target_id   TEXT    NOT NULL,
  changes     TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(changes)),
  note        TEXT    NOT NULL DEFAULT ''
);
-- A store's or a user's history (newest first), and one admin's actions.
CREATE INDEX admin_audit_by_target ON admin_audit (target_type, target_id, id);
CREATE INDEX admin_audit_by_actor ON admin_audit (actor_id, id);

CREATE TRIGGER admin_audit_no_update BEFORE UPDATE ON admin_audit BEGIN
  SELECT RAISE(ABORT, 'admin_audit is append-only');
END;
CREATE TRIGGER admin_audit_no_delete BEFORE DELETE ON admin_audit BEGIN
  SELECT RAISE(ABORT, 'admin_audit is append-only');
END;

-- Why a store is hidden or closed (shown to admins), and which fields an admin changed
-- (a JSON array of names: "name", "store_type", "address", "lat", "lng", "sells",
-- "status"): a re-import keeps the store's values for those.
ALTER TABLE stores ADD COLUMN status_note TEXT NOT NULL DEFAULT '';
ALTER TABLE stores ADD COLUMN admin_edited TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(admin_edited));

-- The admin store list filters by status, source or type, newest id first (the rowid is each
-- index's last column, so ORDER BY id DESC reads the index backwards).
CREATE INDEX stores_by_status ON stores (status);
CREATE INDEX stores_by_source ON stores (source);
CREATE INDEX stores_by_type ON stores (store_type);

ALTER TABLE users ADD COLUMN last_login_at INTEGER;
ALTER TABLE users ADD COLUMN blocked_reason TEXT NOT NULL DEFAULT '';

-- A login starts a new refresh-session family; a refresh adds a row to an existing
-- one. The first row of a family is therefore a login, whichever code path wrote it.
CREATE TRIGGER users_last_login AFTER INSERT ON refresh_sessions
WHEN NOT EXISTS (SELECT 1 FROM refresh_sessions WHERE family = new.family AND id <> new.id) BEGIN
  UPDATE users SET last_login_at = new.created_at WHERE id = new.user_id;
END;

-- The admin report list: one user's reports by time (bulk delete, filters).
CREATE INDEX purchase_reports_by_user_time ON purchase_reports (user_id, purchased_at) WHERE user_id IS NOT NULL;
