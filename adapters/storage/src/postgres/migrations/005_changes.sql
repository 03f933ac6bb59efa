-- 005: the change signal (core's DataChanges, docs/decisions/read-model.md). Every row a
-- write touches sends a notification twice, with the same payload (a store row its id,
-- any other row ''):
--  * on its session's own channel (the setting pokeca.changes_channel, which the program's
--    connections set and LISTEN on; other sessions have none): PostgreSQL delivers them
--    only at commit and folds equal ones, so after a COMMIT the writing connection holds
--    exactly the store ids its transaction changed, and a rolled back write sends nothing;
--  * on the schema's shared channel (pokeca_shared_channel), which one connection of every
--    server LISTENs on: how a server hears the writes of the others, and of any other
--    session (psql, migrate-data). Every table added later gets pokeca_row_changed too.
CREATE FUNCTION pokeca_shared_channel(schema_name text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT 'pokeca_changes_' || md5(schema_name)  -- a schema's name may be longer than a channel's
$$;

CREATE FUNCTION pokeca_notify_change(schema_name text, payload text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  channel text := current_setting('pokeca.changes_channel', true);
BEGIN
  IF channel IS NOT NULL AND channel <> '' THEN
    PERFORM pg_notify(channel, payload);
  END IF;
  PERFORM pg_notify(pokeca_shared_channel(schema_name), payload);
END
$$;

CREATE FUNCTION pokeca_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pokeca_notify_change(TG_TABLE_SCHEMA, '');
  RETURN NULL;
END
$$;

CREATE FUNCTION pokeca_store_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pokeca_notify_change(TG_TABLE_SCHEMA, OLD.id::text);
  ELSE
    PERFORM pokeca_notify_change(TG_TABLE_SCHEMA, NEW.id::text);
    IF TG_OP = 'UPDATE' AND NEW.id <> OLD.id THEN
      PERFORM pokeca_notify_change(TG_TABLE_SCHEMA, OLD.id::text);
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
