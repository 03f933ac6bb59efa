-- 004: saved routes: a named, ordered list of stores per account, with an
-- optional start point and an optional public share id. Times are Unix seconds (UTC).
--
-- Deleting rules:
--  * an account's routes go with the account: withdrawal anonymises the users row
--    (it is not deleted), so a trigger deletes the routes when withdrawn_at is set;
--    a hard delete of a users row cascades as well;
--  * a store is never deleted out from under a route: stops keep their store_id
--    (RESTRICT), and a hidden or closed store is shown as such.

CREATE TABLE saved_routes (
  id              INTEGER PRIMARY KEY,
  user_id         INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name            TEXT    NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  start_lat       REAL    CHECK (start_lat BETWEEN -90 AND 90),
  start_lng       REAL    CHECK (start_lng BETWEEN -180 AND 180),
  return_to_start INTEGER NOT NULL DEFAULT 0 CHECK (return_to_start IN (0, 1)),
  total_m         REAL    NOT NULL DEFAULT 0 CHECK (total_m >= 0),
  share_id        TEXT    UNIQUE,             -- NULL: not shared
  created_at      INTEGER NOT NULL,
  updated_at      INTEGER NOT NULL,
  CHECK ((start_lat IS NULL) = (start_lng IS NULL))
);

-- An account's list, most recently updated first.
CREATE INDEX saved_routes_by_user ON saved_routes (user_id, updated_at DESC, id DESC);

CREATE TABLE saved_route_stops (
  route_id INTEGER NOT NULL REFERENCES saved_routes (id) ON DELETE CASCADE,
  position INTEGER NOT NULL CHECK (position >= 0),
  store_id INTEGER NOT NULL REFERENCES stores (id) ON DELETE RESTRICT,
  PRIMARY KEY (route_id, position),
  UNIQUE (route_id, store_id)
) WITHOUT ROWID;

-- Which routes pass a store (a store's hard delete checks it).
CREATE INDEX saved_route_stops_by_store ON saved_route_stops (store_id);

CREATE TRIGGER saved_routes_go_with_withdrawal
AFTER UPDATE OF withdrawn_at ON users
WHEN NEW.withdrawn_at IS NOT NULL
BEGIN
  DELETE FROM saved_routes WHERE user_id = NEW.id;
END;
