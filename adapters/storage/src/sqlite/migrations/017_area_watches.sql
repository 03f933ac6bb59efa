-- 017: area watches and their alerts (docs/decisions/area-watches.md).
-- A watch is a prefecture (prefecture <> '', no point) or a point with a whole radius in km
-- (lat_e6/lng_e6: micro-degrees; cell: core's watch_cell of the point, the grid that finds
-- the watches around a store without a scan). product_kinds and events are bit sets (core's
-- product_bit and WatchEvent); catalog_product_id narrows lottery entries to one product.
CREATE TABLE watches (
  id                 INTEGER PRIMARY KEY,
  user_id            INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  prefecture         TEXT    NOT NULL DEFAULT '',
  lat_e6             INTEGER,
  lng_e6             INTEGER,
  radius_km          INTEGER NOT NULL DEFAULT 0,
  cell               INTEGER,
  product_kinds      INTEGER NOT NULL DEFAULT 0,
  catalog_product_id INTEGER,
  events             INTEGER NOT NULL CHECK (events BETWEEN 1 AND 3),
  active             INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  created_at         INTEGER NOT NULL,
  updated_at         INTEGER NOT NULL,
  CHECK ((prefecture <> '' AND cell IS NULL) OR (prefecture = '' AND cell IS NOT NULL AND radius_km BETWEEN 1 AND 20))
);
CREATE INDEX watches_by_user ON watches (user_id, created_at);
-- The two reads of a report's fan-out: the prefecture's watches, the nine cells' watches.
CREATE INDEX watches_by_prefecture ON watches (prefecture) WHERE active = 1 AND prefecture <> '';
CREATE INDEX watches_by_cell ON watches (cell) WHERE active = 1 AND cell IS NOT NULL;

-- A user's quiet hours in Japan time; no row: the defaults (23:00–7:00).
CREATE TABLE watch_quiet_hours (
  user_id    INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  start_hour INTEGER NOT NULL CHECK (start_hour BETWEEN 0 AND 23),
  end_hour   INTEGER NOT NULL CHECK (end_hour BETWEEN 0 AND 23)
);

-- The watch alerts queued: the per-store-per-watch and daily limits count these rows.
CREATE TABLE watch_alert_log (
  id        INTEGER PRIMARY KEY,
  user_id   INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  watch_id  INTEGER NOT NULL REFERENCES watches (id) ON DELETE CASCADE,
  store_id  INTEGER NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
  queued_at INTEGER NOT NULL
);
CREATE INDEX watch_alert_log_by_user ON watch_alert_log (user_id, queued_at);
CREATE INDEX watch_alert_log_by_watch ON watch_alert_log (watch_id, store_id, queued_at);

-- Withdrawal keeps the anonymised users row, so ON DELETE cannot act: the watches, the
-- quiet hours and the alert history go with it, whichever code path withdraws.
CREATE TRIGGER users_withdrawn_watches AFTER UPDATE OF withdrawn_at ON users
WHEN new.withdrawn_at IS NOT NULL AND old.withdrawn_at IS NULL BEGIN
  DELETE FROM watch_alert_log WHERE user_id = new.id;
  DELETE FROM watches WHERE user_id = new.id;
  DELETE FROM watch_quiet_hours WHERE user_id = new.id;
END;
