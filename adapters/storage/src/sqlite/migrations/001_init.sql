-- 001: stores, their spatial and name indexes, clustering aggregates, purchase reports,
-- meta. Enum texts are the API's (core's to_string). Times are Unix seconds (UTC).

CREATE TABLE stores (
  id                 INTEGER PRIMARY KEY,
  name               TEXT    NOT NULL,
  store_type         TEXT    NOT NULL,
  prefecture         TEXT    NOT NULL,
  city               TEXT    NOT NULL DEFAULT '',
  address            TEXT    NOT NULL DEFAULT '',
  lat                REAL    NOT NULL CHECK (lat BETWEEN -90 AND 90),
  lng                REAL    NOT NULL CHECK (lng BETWEEN -180 AND 180),
  location_precision TEXT    NOT NULL CHECK (location_precision IN ('exact', 'municipality', 'prefecture')),
  sells_packs        INTEGER CHECK (sells_packs IN (0, 1)),    -- NULL: unknown
  sells_boxes        INTEGER CHECK (sells_boxes IN (0, 1)),
  sells_singles      INTEGER CHECK (sells_singles IN (0, 1)),
  status             TEXT    NOT NULL CHECK (status IN ('active', 'hidden', 'closed')),
  source             TEXT    NOT NULL CHECK (source IN ('demo', 'import', 'submission')),
  external_id        TEXT    UNIQUE,                           -- import key; NULL when none
  created_at         INTEGER NOT NULL,
  updated_at         INTEGER NOT NULL,
  last_report_at     INTEGER,
  last_report_kind   TEXT    CHECK (last_report_kind IN ('bought', 'sold_out'))
);

-- The prefecture list; rowid (= id) is the index's last column, so ORDER BY id is free.
CREATE INDEX stores_by_prefecture ON stores (prefecture, status);

-- Clusters filtered by "reported within N hours" read recently reported stores from
-- here, without touching the table (covering: every column the filters need).
CREATE INDEX stores_by_last_report
  ON stores (last_report_at, lat, lng, status, store_type, sells_packs, sells_boxes, sells_singles)
  WHERE last_report_at IS NOT NULL;

-- Bounding-box and nearest queries. Holds every store (status is checked on the join);
-- triggers keep it in step with any writer.
CREATE VIRTUAL TABLE stores_rtree USING rtree (id, min_lng, max_lng, min_lat, max_lat);

CREATE TRIGGER stores_rtree_insert AFTER INSERT ON stores BEGIN
  INSERT INTO stores_rtree VALUES (new.id, new.lng, new.lng, new.lat, new.lat);
END;
CREATE TRIGGER stores_rtree_move AFTER UPDATE OF lat, lng ON stores BEGIN
  UPDATE stores_rtree SET min_lng = new.lng, max_lng = new.lng, min_lat = new.lat, max_lat = new.lat
   WHERE id = new.id;
END;
CREATE TRIGGER stores_rtree_delete AFTER DELETE ON stores BEGIN
  DELETE FROM stores_rtree WHERE id = old.id;
END;

-- Name search: trigram tokens match any 3+ character substring, which suits Japanese
-- (no word boundaries). External content: the text lives only in stores.
CREATE VIRTUAL TABLE stores_fts USING fts5 (name, content = 'stores', content_rowid = 'id',
                                            tokenize = 'trigram');

CREATE TRIGGER stores_fts_insert AFTER INSERT ON stores BEGIN
  INSERT INTO stores_fts (rowid, name) VALUES (new.id, new.name);
END;
CREATE TRIGGER stores_fts_rename AFTER UPDATE OF name ON stores BEGIN
  INSERT INTO stores_fts (stores_fts, rowid, name) VALUES ('delete', old.id, old.name);
  INSERT INTO stores_fts (rowid, name) VALUES (new.id, new.name);
END;
CREATE TRIGGER stores_fts_delete AFTER DELETE ON stores BEGIN
  INSERT INTO stores_fts (stores_fts, rowid, name) VALUES ('delete', old.id, old.name);
END;

-- Active stores per clustering cell (core's cell_of) for levels 0..kMaxCellLevel.
-- Each store counts in the rows for its type and for '*' (all types), and for each
-- product it is known to sell and for '*' (any product), so every mix of a type and a
-- product filter is a sum of stored rows; only reported_since has to look at stores.
-- Maintained by the repository (StoreAggregates), which owns the cell math. Key
-- order lets a read seek (level, type, product, column) and range over cy.
CREATE TABLE store_cells (
  level      INTEGER NOT NULL,
  store_type TEXT    NOT NULL,
  product    TEXT    NOT NULL,
  cx         INTEGER NOT NULL,
  cy         INTEGER NOT NULL,
  count      INTEGER NOT NULL,
  sum_lat    REAL    NOT NULL,
  sum_lng    REAL    NOT NULL,
  PRIMARY KEY (level, store_type, product, cx, cy)
) WITHOUT ROWID;

-- Active stores per prefecture: the home page asks on every visit, and counting a
-- million index entries each time would not be cheap. Maintained with store_cells.
CREATE TABLE prefecture_counts (
  prefecture TEXT    PRIMARY KEY,
  count      INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE purchase_reports (
  id           INTEGER PRIMARY KEY,
  store_id     INTEGER NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
  user_id      INTEGER,                                      -- NULL for demo data
  kind         TEXT    NOT NULL CHECK (kind IN ('bought', 'sold_out')),
  product      TEXT    NOT NULL CHECK (product IN ('pack', 'box', 'single')),
  product_name TEXT    NOT NULL DEFAULT '',
  limit_note   TEXT    NOT NULL DEFAULT '',
  purchased_at INTEGER NOT NULL,
  created_at   INTEGER NOT NULL
);

CREATE INDEX purchase_reports_timeline ON purchase_reports (purchased_at DESC, id DESC);
CREATE INDEX purchase_reports_by_store ON purchase_reports (store_id, purchased_at DESC, id DESC);

CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;
