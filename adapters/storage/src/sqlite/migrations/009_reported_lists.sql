-- 009: the store lists and the type or product clusters filtered by "reported within N hours"
-- without reading every store of the area; all hold only reported stores.

-- The prefecture list with the filter: in id order (the list's order) and covering every
-- column the filters test, so the first `limit` matches are found in the index and only
-- they are read from the table. Reported stores only: a fraction of the prefecture.
CREATE INDEX stores_by_prefecture_reported
  ON stores (prefecture, id, last_report_at, status, store_type, sells_packs, sells_boxes, sells_singles)
  WHERE last_report_at IS NOT NULL;

-- Nearest with the filter: the reported stores by place and time, so a ring search
-- meets only stores reported since the cut-off (or not long before it). Time is in
-- years (last_report_at / 31557600, also in the repository's statement): with seconds
-- the time axis dwarfs the degrees and the R*Tree splits its nodes by time only, each
-- covering all of Japan (a 2 km ring then cost 2.2 ms instead of 0.3 ms at 1M). R*Tree
-- coordinates are float32 rounded outwards (here about 2 minutes), so
-- `max_t >= since / 31557600` finds a superset; the exact test on stores follows (as
-- for stores_rtree). Every status (checked on the join), like stores_rtree; triggers
-- keep it in step with any writer.
CREATE VIRTUAL TABLE stores_reported_rtree USING rtree (id, min_lng, max_lng, min_lat, max_lat, min_t, max_t);

INSERT INTO stores_reported_rtree (id, min_lng, max_lng, min_lat, max_lat, min_t, max_t)
  SELECT id, lng, lng, lat, lat, last_report_at / 31557600.0, last_report_at / 31557600.0
    FROM stores WHERE last_report_at IS NOT NULL;

CREATE TRIGGER stores_reported_rtree_insert AFTER INSERT ON stores
  WHEN NEW.last_report_at IS NOT NULL BEGIN
  INSERT INTO stores_reported_rtree (id, min_lng, max_lng, min_lat, max_lat, min_t, max_t)
    VALUES (NEW.id, NEW.lng, NEW.lng, NEW.lat, NEW.lat, NEW.last_report_at / 31557600.0, NEW.last_report_at / 31557600.0);
END;

CREATE TRIGGER stores_reported_rtree_update AFTER UPDATE OF lat, lng, last_report_at ON stores
  WHEN OLD.last_report_at IS NOT NEW.last_report_at OR OLD.lat IS NOT NEW.lat OR OLD.lng IS NOT NEW.lng BEGIN
  DELETE FROM stores_reported_rtree WHERE id = OLD.id;
  INSERT INTO stores_reported_rtree (id, min_lng, max_lng, min_lat, max_lat, min_t, max_t)
    SELECT NEW.id, NEW.lng, NEW.lng, NEW.lat, NEW.lat, NEW.last_report_at / 31557600.0, NEW.last_report_at / 31557600.0
     WHERE NEW.last_report_at IS NOT NULL;
END;

CREATE TRIGGER stores_reported_rtree_delete AFTER DELETE ON stores
  WHEN OLD.last_report_at IS NOT NULL BEGIN
  DELETE FROM stores_reported_rtree WHERE id = OLD.id;
END;

-- Clusters with "reported within" and a type or product filter (008 keeps only all types,
-- any product): the same hour buckets per store type and product, as store_cells keeps
-- them. Each active reported store counts, per level, in (its type, '*'), and for each
-- product it is known to sell in (its type, product) and ('*', product); the ('*', '*')
-- rows are 008's store_recent_cells. A filter of several types sums the types' rows.
-- recent_kinds lists the kinds a store can count in: any_type 1 means '*'. Taking a store
-- out names each kind in its own statement: a row-value IN over (level, store_type,
-- product, hour, cx, cy) uses only `level` of the key (text columns in a vector IN), which
-- made a report write take 3 s at 1M; with store_type and product as plain equalities the
-- whole key is used.
CREATE TABLE recent_kinds (any_type INTEGER NOT NULL, product TEXT NOT NULL, PRIMARY KEY (any_type, product));
INSERT INTO recent_kinds (any_type, product)
  VALUES (0, '*'), (0, 'pack'), (1, 'pack'), (0, 'box'), (1, 'box'), (0, 'single'), (1, 'single');

CREATE TABLE store_recent_kind_cells (
  level      INTEGER NOT NULL,
  store_type TEXT    NOT NULL,  -- a type, or '*'
  product    TEXT    NOT NULL,  -- 'pack' | 'box' | 'single', or '*'
  hour       INTEGER NOT NULL,  -- last_report_at / 3600
  cx         INTEGER NOT NULL,
  cy         INTEGER NOT NULL,
  count      INTEGER NOT NULL,
  sum_lat    REAL    NOT NULL,
  sum_lng    REAL    NOT NULL,
  PRIMARY KEY (level, store_type, product, hour, cx, cy)
) WITHOUT ROWID;

INSERT INTO store_recent_kind_cells (level, store_type, product, hour, cx, cy, count, sum_lat, sum_lng)
  SELECT l.level, CASE k.any_type WHEN 1 THEN '*' ELSE s.store_type END, k.product, s.last_report_at / 3600,
         pokeca_cell_x(s.lat, s.lng, l.level), pokeca_cell_y(s.lat, s.lng, l.level), count(*), sum(s.lat), sum(s.lng)
    FROM stores AS s INDEXED BY stores_by_last_report CROSS JOIN recent_kinds AS k CROSS JOIN cell_levels AS l
   WHERE s.last_report_at IS NOT NULL AND s.status = 'active'
     AND (k.product = '*' OR (k.product = 'pack' AND s.sells_packs = 1) OR (k.product = 'box' AND s.sells_boxes = 1)
          OR (k.product = 'single' AND s.sells_singles = 1))
   GROUP BY 1, 2, 3, 4, 5, 6;

CREATE TRIGGER store_recent_kind_cells_insert AFTER INSERT ON stores
  WHEN NEW.status = 'active' AND NEW.last_report_at IS NOT NULL BEGIN
  INSERT INTO store_recent_kind_cells (level, store_type, product, hour, cx, cy, count, sum_lat, sum_lng)
    SELECT l.level, CASE k.any_type WHEN 1 THEN '*' ELSE NEW.store_type END, k.product, NEW.last_report_at / 3600,
           pokeca_cell_x(NEW.lat, NEW.lng, l.level), pokeca_cell_y(NEW.lat, NEW.lng, l.level), 1, NEW.lat, NEW.lng
      FROM recent_kinds AS k CROSS JOIN cell_levels AS l
     WHERE k.product = '*' OR (k.product = 'pack' AND NEW.sells_packs = 1) OR (k.product = 'box' AND NEW.sells_boxes = 1)
        OR (k.product = 'single' AND NEW.sells_singles = 1)
    ON CONFLICT DO UPDATE SET count = count + 1, sum_lat = sum_lat + excluded.sum_lat,
                              sum_lng = sum_lng + excluded.sum_lng;
END;

CREATE TRIGGER store_recent_kind_cells_update
  AFTER UPDATE OF status, last_report_at, lat, lng, store_type, sells_packs, sells_boxes, sells_singles ON stores
  WHEN ((OLD.status = 'active' AND OLD.last_report_at IS NOT NULL)
        OR (NEW.status = 'active' AND NEW.last_report_at IS NOT NULL))
   AND (OLD.status IS NOT NEW.status OR OLD.last_report_at IS NOT NEW.last_report_at
        OR OLD.lat IS NOT NEW.lat OR OLD.lng IS NOT NEW.lng OR OLD.store_type IS NOT NEW.store_type
        OR OLD.sells_packs IS NOT NEW.sells_packs OR OLD.sells_boxes IS NOT NEW.sells_boxes
        OR OLD.sells_singles IS NOT NEW.sells_singles) BEGIN
  UPDATE store_recent_kind_cells SET count = count - 1, sum_lat = sum_lat - OLD.lat, sum_lng = sum_lng - OLD.lng
   WHERE store_type = OLD.store_type AND product = '*' AND OLD.status = 'active' AND OLD.last_report_at IS NOT NULL
     AND (level, hour, cx, cy) IN (SELECT level, OLD.last_report_at / 3600, pokeca_cell_x(OLD.lat, OLD.lng, level),
                                          pokeca_cell_y(OLD.lat, OLD.lng, level) FROM cell_levels);
  DELETE FROM store_recent_kind_cells
   WHERE count <= 0 AND store_type = OLD.store_type AND product = '*' AND OLD.status = 'active' AND OLD.last_report_at IS NOT NULL
     AND (level, hour, cx, cy) IN (SELECT level, OLD.last_report_at / 3600, pokeca_cell_x(OLD.lat, OLD.lng, level),
                                          pokeca_cell_y(OLD.lat, OLD.lng, level) FROM cell_levels);
  UPDATE store_recent_kind_cells SET count = count - 1, sum_lat = sum_lat - OLD.lat, sum_lng = sum_lng - OLD.lng
   WHERE store_type = OLD.store_type AND product = 'pack' AND OLD.status = 'active' AND OLD.last_report_at IS NOT NULL AND OLD.sells_packs = 1
     AND (level, hour, cx, cy) IN (SELECT level, OLD.last_report_at / 3600, pokeca_cell_x(OLD.lat, OLD.lng, level),
                                          pokeca_cell_y(OLD.lat, OLD.lng, level) FROM cell_levels);
  DELETE FROM store_recent_kind_cells
   WHERE count <= 0 AND store_type = OLD.store_type AND product = 'pack' AND OLD.status = 'active' AND OLD.last_report_at IS NOT NULL AND OLD.sells_packs = 1
     AND (level, hour, cx, cy) IN (SELECT level, OLD.last_report_at / 3600, pokeca_cell_x(OLD.lat, OLD.lng, level),
                                          pokeca_cell_y(OLD.lat, OLD.lng, level) FROM cell_levels);
  UPDATE store_recent_kind_cells SET count = count - 1, sum_lat = sum_lat - OLD.lat, sum_lng = sum_lng - OLD.lng
   WHERE store_type = '*' AND product = 'pack' AND OLD.status = 'active' AND OLD.last_report_at IS NOT NULL AND OLD.sells_packs = 1
     AND (level, hour, cx, cy) IN (SELECT level, OLD.last_report_at / 3600, pokeca_cell_x(OLD.lat, OLD.lng, level),
                                          pokeca_cell_y(OLD.lat, OLD.lng, level) FROM cell_levels);
  DELETE FROM store_recent_kind_cells
   WHERE count <= 0 AND store_type = '*' AND product = 'pack' AND OLD.status = 'active' AND OLD.last_report_at IS NOT NULL AND OLD.sells_packs = 1
     AND (level, hour, cx, cy) IN (SELECT level, OLD.last_report_at / 3600, pokeca_cell_x(OLD.lat, OLD.lng, level),
                                          pokeca_cell_y(OLD.lat, OLD.lng, level) FROM cell_levels);
  UPDATE store_recent_kind_cells SET count = count - 1, sum_lat = sum_lat - OLD.lat, sum_lng = sum_lng - OLD.lng
   WHERE store_type = OLD.store_type AND product = 'box' AND OLD.status = 'active' AND OLD.last_report_at IS NOT NULL AND OLD.sells_boxes = 1
     AND (level, hour, cx, cy) IN (SELECT level, OLD.last_report_at / 3600, pokeca_cell_x(OLD.lat, OLD.lng, level),
                                          pokeca_cell_y(OLD.lat, OLD.lng, level) FROM cell_levels);
  DELETE FROM store_recent_kind_cells
   WHERE count <= 0 AND store_type = OLD.store_type AND product = 'box' AND OLD.status = 'active' AND OLD.last_report_at IS NOT NULL AND OLD.sells_boxes = 1
     AND (level, hour, cx, cy) IN (SELECT level, OLD.last_report_at / 3600, pokeca_cell_x(OLD.lat, OLD.lng, level),
                                          pokeca_cell_y(OLD.lat, OLD.lng, level) FROM cell_levels);
  UPDATE store_recent_kind_cells SET count = count - 1, sum_lat = sum_lat - OLD.lat, sum_lng = sum_lng - OLD.lng
   WHERE store_type = '*' AND product = 'box' AND OLD.status = 'active' AND OLD.last_report_at IS NOT NULL AND OLD.sells_boxes = 1
     AND (level, hour, cx, cy) IN (SELECT level, OLD.last_report_at / 3600, pokeca_cell_x(OLD.lat, OLD.lng, level),
                                          pokeca_cell_y(OLD.lat, OLD.lng, level) FROM cell_levels);
  DELETE FROM store_recent_kind_cells
   WHERE count <= 0 AND store_type = '*' AND product = 'box' AND OLD.status = 'active' AND OLD.last_report_at IS NOT NULL AND OLD.sells_boxes = 1
     AND (level, hour, cx, cy) IN (SELECT level, OLD.last_report_at / 3600, pokeca_cell_x(OLD.lat, OLD.lng, level),
                                          pokeca_cell_y(OLD.lat, OLD.lng, level) FROM cell_levels);
  UPDATE store_recent_kind_cells SET count = count - 1, sum_lat = sum_lat - OLD.lat, sum_lng = sum_lng - OLD.lng
   WHERE store_type = OLD.store_type AND product = 'single' AND OLD.status = 'active' AND OLD.last_report_at IS NOT NULL AND OLD.sells_singles = 1
     AND (level, hour, cx, cy) IN (SELECT level, OLD.last_report_at / 3600, pokeca_cell_x(OLD.lat, OLD.lng, level),
                                          pokeca_cell_y(OLD.lat, OLD.lng, level) FROM cell_levels);
  DELETE FROM store_recent_kind_cells
   WHERE count <= 0 AND store_type = OLD.store_type AND product = 'single' AND OLD.status = 'active' AND OLD.last_report_at IS NOT NULL AND OLD.sells_singles = 1
     AND (level, hour, cx, cy) IN (SELECT level, OLD.last_report_at / 3600, pokeca_cell_x(OLD.lat, OLD.lng, level),
                                          pokeca_cell_y(OLD.lat, OLD.lng, level) FROM cell_levels);
  UPDATE store_recent_kind_cells SET count = count - 1, sum_lat = sum_lat - OLD.lat, sum_lng = sum_lng - OLD.lng
   WHERE store_type = '*' AND product = 'single' AND OLD.status = 'active' AND OLD.last_report_at IS NOT NULL AND OLD.sells_singles = 1
     AND (level, hour, cx, cy) IN (SELECT level, OLD.last_report_at / 3600, pokeca_cell_x(OLD.lat, OLD.lng, level),
                                          pokeca_cell_y(OLD.lat, OLD.lng, level) FROM cell_levels);
  DELETE FROM store_recent_kind_cells
   WHERE count <= 0 AND store_type = '*' AND product = 'single' AND OLD.status = 'active' AND OLD.last_report_at IS NOT NULL AND OLD.sells_singles = 1
     AND (level, hour, cx, cy) IN (SELECT level, OLD.last_report_at / 3600, pokeca_cell_x(OLD.lat, OLD.lng, level),
                                          pokeca_cell_y(OLD.lat, OLD.lng, level) FROM cell_levels);
  INSERT INTO store_recent_kind_cells (level, store_type, product, hour, cx, cy, count, sum_lat, sum_lng)
    SELECT l.level, CASE k.any_type WHEN 1 THEN '*' ELSE NEW.store_type END, k.product, NEW.last_report_at / 3600,
           pokeca_cell_x(NEW.lat, NEW.lng, l.level), pokeca_cell_y(NEW.lat, NEW.lng, l.level), 1, NEW.lat, NEW.lng
      FROM recent_kinds AS k CROSS JOIN cell_levels AS l
     WHERE NEW.status = 'active' AND NEW.last_report_at IS NOT NULL
       AND (k.product = '*' OR (k.product = 'pack' AND NEW.sells_packs = 1) OR (k.product = 'box' AND NEW.sells_boxes = 1)
            OR (k.product = 'single' AND NEW.sells_singles = 1))
    ON CONFLICT DO UPDATE SET count = count + 1, sum_lat = sum_lat + excluded.sum_lat,
                              sum_lng = sum_lng + excluded.sum_lng;
END;

CREATE TRIGGER store_recent_kind_cells_delete AFTER DELETE ON stores
  WHEN OLD.status = 'active' AND OLD.last_report_at IS NOT NULL BEGIN
  UPDATE store_recent_kind_cells SET count = count - 1, sum_lat = sum_lat - OLD.lat, sum_lng = sum_lng - OLD.lng
   WHERE store_type = OLD.store_type AND product = '*'
     AND (level, hour, cx, cy) IN (SELECT level, OLD.last_report_at / 3600, pokeca_cell_x(OLD.lat, OLD.lng, level),
                                          pokeca_cell_y(OLD.lat, OLD.lng, level) FROM cell_levels);
  DELETE FROM store_recent_kind_cells
   WHERE count <= 0 AND store_type = OLD.store_type AND product = '*'
     AND (level, hour, cx, cy) IN (SELECT level, OLD.last_report_at / 3600, pokeca_cell_x(OLD.lat, OLD.lng, level),
                                          pokeca_cell_y(OLD.lat, OLD.lng, level) FROM cell_levels);
  UPDATE store_recent_kind_cells SET count = count - 1, sum_lat = sum_lat - OLD.lat, sum_lng = sum_lng - OLD.lng
   WHERE store_type = OLD.store_type AND product = 'pack' AND OLD.sells_packs = 1
     AND (level, hour, cx, cy) IN (SELECT level, OLD.last_report_at / 3600, pokeca_cell_x(OLD.lat, OLD.lng, level),
                                          pokeca_cell_y(OLD.lat, OLD.lng, level) FROM cell_levels);
  DELETE FROM store_recent_kind_cells
   WHERE count <= 0 AND store_type = OLD.store_type AND product = 'pack' AND OLD.sells_packs = 1
     AND (level, hour, cx, cy) IN (SELECT level, OLD.last_report_at / 3600, pokeca_cell_x(OLD.lat, OLD.lng, level),
                                          pokeca_cell_y(OLD.lat, OLD.lng, level) FROM cell_levels);
  UPDATE store_recent_kind_cells SET count = count - 1, sum_lat = sum_lat - OLD.lat, sum_lng = sum_lng - OLD.lng
   WHERE store_type = '*' AND product = 'pack' AND OLD.sells_packs = 1
     AND (level, hour, cx, cy) IN (SELECT level, OLD.last_report_at / 3600, pokeca_cell_x(OLD.lat, OLD.lng, level),
                                          pokeca_cell_y(OLD.lat, OLD.lng, level) FROM cell_levels);
  DELETE FROM store_recent_kind_cells
   WHERE count <= 0 AND store_type = '*' AND product = 'pack' AND OLD.sells_packs = 1
     AND (level, hour, cx, cy) IN (SELECT level, OLD.last_report_at / 3600, pokeca_cell_x(OLD.lat, OLD.lng, level),
                                          pokeca_cell_y(OLD.lat, OLD.lng, level) FROM cell_levels);
  UPDATE store_recent_kind_cells SET count = count - 1, sum_lat = sum_lat - OLD.lat, sum_lng = sum_lng - OLD.lng
   WHERE store_type = OLD.store_type AND product = 'box' AND OLD.sells_boxes = 1
     AND (level, hour, cx, cy) IN (SELECT level, OLD.last_report_at / 3600, pokeca_cell_x(OLD.lat, OLD.lng, level),
                                          pokeca_cell_y(OLD.lat, OLD.lng, level) FROM cell_levels);
  DELETE FROM store_recent_kind_cells
   WHERE count <= 0 AND store_type = OLD.store_type AND product = 'box' AND OLD.sells_boxes = 1
     AND (level, hour, cx, cy) IN (SELECT level, OLD.last_report_at / 3600, pokeca_cell_x(OLD.lat, OLD.lng, level),
                                          pokeca_cell_y(OLD.lat, OLD.lng, level) FROM cell_levels);
  UPDATE store_recent_kind_cells SET count = count - 1, sum_lat = sum_lat - OLD.lat, sum_lng = sum_lng - OLD.lng
   WHERE store_type = '*' AND product = 'box' AND OLD.sells_boxes = 1
     AND (level, hour, cx, cy) IN (SELECT level, OLD.last_report_at / 3600, pokeca_cell_x(OLD.lat, OLD.lng, level),
                                          pokeca_cell_y(OLD.lat, OLD.lng, level) FROM cell_levels);
  DELETE FROM store_recent_kind_cells
   WHERE count <= 0 AND store_type = '*' AND product = 'box' AND OLD.sells_boxes = 1
     AND (level, hour, cx, cy) IN (SELECT level, OLD.last_report_at / 3600, pokeca_cell_x(OLD.lat, OLD.lng, level),
                                          pokeca_cell_y(OLD.lat, OLD.lng, level) FROM cell_levels);
  UPDATE store_recent_kind_cells SET count = count - 1, sum_lat = sum_lat - OLD.lat, sum_lng = sum_lng - OLD.lng
   WHERE store_type = OLD.store_type AND product = 'single' AND OLD.sells_singles = 1
     AND (level, hour, cx, cy) IN (SELECT level, OLD.last_report_at / 3600, pokeca_cell_x(OLD.lat, OLD.lng, level),
                                          pokeca_cell_y(OLD.lat, OLD.lng, level) FROM cell_levels);
  DELETE FROM store_recent_kind_cells
   WHERE count <= 0 AND store_type = OLD.store_type AND product = 'single' AND OLD.sells_singles = 1
     AND (level, hour, cx, cy) IN (SELECT level, OLD.last_report_at / 3600, pokeca_cell_x(OLD.lat, OLD.lng, level),
                                          pokeca_cell_y(OLD.lat, OLD.lng, level) FROM cell_levels);
  UPDATE store_recent_kind_cells SET count = count - 1, sum_lat = sum_lat - OLD.lat, sum_lng = sum_lng - OLD.lng
   WHERE store_type = '*' AND product = 'single' AND OLD.sells_singles = 1
     AND (level, hour, cx, cy) IN (SELECT level, OLD.last_report_at / 3600, pokeca_cell_x(OLD.lat, OLD.lng, level),
                                          pokeca_cell_y(OLD.lat, OLD.lng, level) FROM cell_levels);
  DELETE FROM store_recent_kind_cells
   WHERE count <= 0 AND store_type = '*' AND product = 'single' AND OLD.sells_singles = 1
     AND (level, hour, cx, cy) IN (SELECT level, OLD.last_report_at / 3600, pokeca_cell_x(OLD.lat, OLD.lng, level),
                                          pokeca_cell_y(OLD.lat, OLD.lng, level) FROM cell_levels);
END;
