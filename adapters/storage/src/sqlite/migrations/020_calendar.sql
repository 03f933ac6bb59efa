-- 020: the lottery calendar feed (docs/decisions/lottery-calendar.md). A user's feed token
-- is kept only as its SHA-256 (hex); the token itself is shown once when it is issued.
-- The prefectures a user chose for the calendar, besides the favourite stores.
CREATE TABLE calendar_feeds (
  user_id    INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  token_hash TEXT    NOT NULL UNIQUE,
  created_at INTEGER NOT NULL
);
CREATE TABLE calendar_prefectures (
  user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  prefecture TEXT    NOT NULL,
  PRIMARY KEY (user_id, prefecture)
) WITHOUT ROWID;

-- Withdrawal keeps the anonymised users row, so ON DELETE cannot act: this trigger removes
-- the feed token and the chosen prefectures, whichever code path withdraws the account.
CREATE TRIGGER users_withdrawn_calendar AFTER UPDATE OF withdrawn_at ON users
WHEN new.withdrawn_at IS NOT NULL AND old.withdrawn_at IS NULL BEGIN
  DELETE FROM calendar_feeds WHERE user_id = new.id;
  DELETE FROM calendar_prefectures WHERE user_id = new.id;
END;
