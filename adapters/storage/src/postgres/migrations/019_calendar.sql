-- 019: the lottery calendar feed (SQLite's 020, docs/decisions/lottery-calendar.md). A
-- user's feed token is kept only as its SHA-256 (hex); the token itself is shown once when
-- it is issued. The prefectures a user chose for the calendar, besides the favourite stores.
-- Withdrawal keeps the anonymised users row, so ON DELETE cannot act: a trigger removes
-- both, whichever code path withdraws the account.

CREATE TABLE calendar_feeds (
  user_id    bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  token_hash text   NOT NULL UNIQUE,
  created_at bigint NOT NULL
);
CREATE TABLE calendar_prefectures (
  user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  prefecture text   NOT NULL,
  PRIMARY KEY (user_id, prefecture)
);

CREATE FUNCTION calendar_goes_with_withdrawal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM calendar_feeds WHERE user_id = NEW.id;
  DELETE FROM calendar_prefectures WHERE user_id = NEW.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER calendar_goes_with_withdrawal AFTER UPDATE OF withdrawn_at ON users
  FOR EACH ROW WHEN (NEW.withdrawn_at IS NOT NULL AND OLD.withdrawn_at IS NULL)
  EXECUTE FUNCTION calendar_goes_with_withdrawal();

CREATE TRIGGER calendar_feeds_changed AFTER INSERT OR UPDATE OR DELETE ON calendar_feeds
  FOR EACH ROW EXECUTE FUNCTION pokeca_row_changed();
CREATE TRIGGER calendar_prefectures_changed AFTER INSERT OR UPDATE OR DELETE ON calendar_prefectures
  FOR EACH ROW EXECUTE FUNCTION pokeca_row_changed();
