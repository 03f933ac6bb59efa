-- 010: a user's favourite stores (SQLite's 004). A store that an admin hides or closes
-- keeps its rows (the list shows it as 閉店・非表示); only a deleted store takes them along.
-- Withdrawal keeps the anonymised users row, so ON DELETE cannot act: triggers remove the
-- favourites and turn the alert setting off, whichever code path withdraws the account.

CREATE TABLE favorites (
  user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  store_id   bigint NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
  created_at bigint NOT NULL,
  PRIMARY KEY (user_id, store_id)
);
-- The list, newest first.
CREATE INDEX favorites_by_user_time ON favorites (user_id, created_at DESC, store_id DESC);
-- Who to alert when a store gets a report.
CREATE INDEX favorites_by_store ON favorites (store_id, user_id);

CREATE FUNCTION users_withdrawn_alerts_off() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.favorite_alerts := false;
  RETURN NEW;
END
$$;
CREATE TRIGGER users_withdrawn_alerts_off BEFORE UPDATE OF withdrawn_at ON users
  FOR EACH ROW WHEN (NEW.withdrawn_at IS NOT NULL AND OLD.withdrawn_at IS NULL)
  EXECUTE FUNCTION users_withdrawn_alerts_off();

CREATE FUNCTION favorites_go_with_withdrawal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM favorites WHERE user_id = NEW.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER favorites_go_with_withdrawal AFTER UPDATE OF withdrawn_at ON users
  FOR EACH ROW WHEN (NEW.withdrawn_at IS NOT NULL AND OLD.withdrawn_at IS NULL)
  EXECUTE FUNCTION favorites_go_with_withdrawal();

CREATE TRIGGER favorites_changed AFTER INSERT OR UPDATE OR DELETE ON favorites
  FOR EACH ROW EXECUTE FUNCTION pokeca_row_changed();
