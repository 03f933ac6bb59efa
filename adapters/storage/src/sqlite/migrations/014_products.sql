-- 014: the product catalogue (docs/decisions/product-catalogue.md), and 'product' and
-- 'lottery' (migration 015) as targets of the admin audit log.

-- Card products a report or a lottery entry can name, kept by admins. release_date is a
-- day of Japan's calendar (YYYY-MM-DD); listed = 0 keeps a product for what already names
-- it while no longer offering it; demo = 1 marks the demo catalogue.
CREATE TABLE products (
  id           INTEGER PRIMARY KEY,
  name         TEXT    NOT NULL UNIQUE,
  kind         TEXT    NOT NULL CHECK (kind IN ('pack', 'box', 'other')),
  release_date TEXT    NOT NULL CHECK (release_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  official_url TEXT    NOT NULL DEFAULT '',
  listed       INTEGER NOT NULL DEFAULT 1 CHECK (listed IN (0, 1)),
  demo         INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1)),
  created_at   INTEGER NOT NULL,
  updated_at   INTEGER NOT NULL
);
-- The public list: newest release first.
CREATE INDEX products_by_release ON products (release_date DESC, id DESC);

-- A CHECK cannot be altered in SQLite: the audit log is rebuilt with the new target type,
-- every row copied as it is. Dropping the table drops its append-only triggers first (so
-- the drop deletes nothing through them); they are made again on the new table.
CREATE TABLE admin_audit_new (
  id          INTEGER PRIMARY KEY,
  at          INTEGER NOT NULL,
  actor_id    INTEGER NOT NULL,
  action      TEXT    NOT NULL,
  target_type TEXT    NOT NULL
              CHECK (target_type IN ('store', 'user', 'submission', 'purchase', 'photo', 'product', 'lottery')),
  target_id   TEXT    NOT NULL,
  changes     TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(changes)),
  note        TEXT    NOT NULL DEFAULT ''
);
INSERT INTO admin_audit_new (id, at, actor_id, action, target_type, target_id, changes, note)
  SELECT id, at, actor_id, action, target_type, target_id, changes, note FROM admin_audit;
DROP TABLE admin_audit;
ALTER TABLE admin_audit_new RENAME TO admin_audit;
CREATE INDEX admin_audit_by_target ON admin_audit (target_type, target_id, id);
CREATE INDEX admin_audit_by_actor ON admin_audit (actor_id, id);
CREATE TRIGGER admin_audit_no_update BEFORE UPDATE ON admin_audit BEGIN
  SELECT RAISE(ABORT, 'admin_audit is append-only');
END;
CREATE TRIGGER admin_audit_no_delete BEFORE DELETE ON admin_audit BEGIN
  SELECT RAISE(ABORT, 'admin_audit is append-only');
END;
