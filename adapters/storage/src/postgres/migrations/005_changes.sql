-- 005: the change signal (core's DataChanges, docs/decisions/read-model.md). Every row a
-- write touches sends a notification on its session's own channel (the setting
-- pokeca.changes_channel, which the program's connections set and LISTEN on; other
-- sessions have none and send nothing): a store row sends its id, any other row ''.
-- PostgreSQL delivers them only at commit and folds equal ones, so after a COMMIT the
-- writing connection holds exactly the store ids its transaction changed, and a rolled
-- back write sends nothing. Every table added later gets pokeca_row_changed too.
CREATE FUNCTION pokeca_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  channel text := current_setting('pokeca.changes_channel', true);
BEGIN
  IF channel IS NOT NULL AND channel <> '' THEN
    PERFORM pg_notify(channel, '');
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION pokeca_store_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  channel text := current_setting('pokeca.changes_channel', true);
BEGIN
  IF channel IS NOT NULL AND channel <> '' THEN
    IF TG_OP = 'DELETE' THEN
      PERFORM pg_notify(channel, OLD.id::text);
    ELSE
      PERFORM pg_notify(channel, NEW.id::text);
      IF TG_OP = 'UPDATE' AND NEW.id <> OLD.id THEN
        PERFORM pg_notify(channel, OLD.id::text);
      END IF;
    END IF;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER stores_changed AFTER INSERT OR UPDATE OR DELETE ON stores
  FOR EACH ROW EXECUTE FUNCTION pokeca_store_changed();

CREATE TRIGGER meta_changed AFTER INSERT OR UPDATE OR DELETE ON meta
  FOR EACH ROW EXECUTE FUNCTION pokeca_row_changed();
CREATE TRIGGER admin_audit_changed AFTER INSERT ON admin_audit
  FOR EACH ROW EXECUTE FUNCTION pokeca_row_changed();
CREATE TRIGGER products_changed AFTER INSERT OR UPDATE OR DELETE ON products
  FOR EACH ROW EXECUTE FUNCTION pokeca_row_changed();
CREATE TRIGGER users_changed AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION pokeca_row_changed();
CREATE TRIGGER refresh_sessions_changed AFTER INSERT OR UPDATE OR DELETE ON refresh_sessions
  FOR EACH ROW EXECUTE FUNCTION pokeca_row_changed();
CREATE TRIGGER action_tokens_changed AFTER INSERT OR UPDATE OR DELETE ON action_tokens
  FOR EACH ROW EXECUTE FUNCTION pokeca_row_changed();
CREATE TRIGGER withdrawals_changed AFTER INSERT OR UPDATE OR DELETE ON withdrawals
  FOR EACH ROW EXECUTE FUNCTION pokeca_row_changed();
CREATE TRIGGER purchase_reports_changed AFTER INSERT OR UPDATE OR DELETE ON purchase_reports
  FOR EACH ROW EXECUTE FUNCTION pokeca_row_changed();
