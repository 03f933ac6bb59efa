-- 013: the admin console (SQLite's 006). Its columns came with their tables: the audit log
-- (001), a store's status_note and admin_edited (003), an account's blocked_reason and
-- last_login_at (002). Here: what keeps last_login_at, and the admin lists' indexes.
-- No table is added, so no change trigger either (migration 005 covers every table
-- written here).

-- A login starts a new refresh-session family; a refresh adds a row to an existing one.
-- The first row of a family is therefore a login, whichever code path wrote it.
CREATE FUNCTION users_last_login() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM refresh_sessions WHERE family = NEW.family AND id <> NEW.id) THEN
    UPDATE users SET last_login_at = NEW.created_at WHERE id = NEW.user_id;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER users_last_login AFTER INSERT ON refresh_sessions
  FOR EACH ROW EXECUTE FUNCTION users_last_login();

-- The admin store list filters by source or type, newest id first (status and prefecture
-- have their indexes from 003).
CREATE INDEX stores_by_source ON stores (source, id);
CREATE INDEX stores_by_type ON stores (store_type, id);
