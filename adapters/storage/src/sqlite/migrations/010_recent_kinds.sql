-- 010: cheaper report writes for the clusters "reported within N hours" with a type or
-- product filter. 009 kept one row per (level, type, product, hour,
-- cell): a report moved its store in up to 7 × 13 rows of a table of millions, about
-- 2 ms of CPU per store update at 1,000,000 stores. Here one row per (level, hour, cell)
-- holds every kind at once: a BLOB with, per store type present, the count and
-- coordinate sums of its stores (any product) and of those selling packs, boxes and
-- singles (see adapters/storage/src/recent_kinds.hpp). A report now rewrites 13 rows
-- (one per level), as 008's store_recent_cells does; ('*', product) is the sum over the
-- types, (type, '*') a type's first slot. The keys are exactly store_recent_cells' keys.
-- pokeca_recent_kind(type, packs, boxes, singles, lat, lng, sign) is one store's blob,
-- pokeca_recent_kinds_add(a, b) their sum (types left empty dropped; x'' when nothing is).

DROP TRIGGER store_recent_kind_cells_insert;
DROP TRIGGER store_recent_kind_cells_update;
DROP TRIGGER store_recent_kind_cells_delete;
DROP TABLE store_recent_kind_cells;
DROP TABLE recent_kinds;

CREATE TABLE store_recent_kinds (
  level INTEGER NOT NULL,
  hour  INTEGER NOT NULL,  -- last_report_at / 3600
  cx    INTEGER NOT NULL,
  cy    INTEGER NOT NULL,
  kinds BLOB    NOT NULL,
  PRIMARY KEY (level, hour, cx, cy)
) WITHOUT ROWID;

-- Store by store, in key order of the upserts' hour (the index's order), so the
-- table is written mostly at its end.
INSERT INTO store_recent_kinds (level, hour, cx, cy, kinds)
  SELECT l.level, s.last_report_at / 3600, pokeca_cell_x(s.lat, s.lng, l.level), pokeca_cell_y(s.lat, s.lng, l.level),
         pokeca_recent_kind(s.store_type, s.sells_packs, s.sells_boxes, s.sells_singles, s.lat, s.lng, 1)
    FROM stores AS s INDEXED BY stores_by_last_report CROSS JOIN cell_levels AS l
   WHERE s.last_report_at IS NOT NULL AND s.status = 'active'
  ON CONFLICT DO UPDATE SET kinds = pokeca_recent_kinds_add(kinds, excluded.kinds);

CREATE TRIGGER store_recent_kinds_insert AFTER INSERT ON stores
  WHEN NEW.status = 'active' AND NEW.last_report_at IS NOT NULL BEGIN
  INSERT INTO store_recent_kinds (level, hour, cx, cy, kinds)
    SELECT level, NEW.last_report_at / 3600, pokeca_cell_x(NEW.lat, NEW.lng, level), pokeca_cell_y(NEW.lat, NEW.lng, level),
           pokeca_recent_kind(NEW.store_type, NEW.sells_packs, NEW.sells_boxes, NEW.sells_singles, NEW.lat, NEW.lng, 1)
      FROM cell_levels WHERE true
    ON CONFLICT DO UPDATE SET kinds = pokeca_recent_kinds_add(kinds, excluded.kinds);
END;

-- Takes the old store out and puts the new one in; a cell hour left with no store goes.
CREATE TRIGGER store_recent_kinds_update
  AFTER UPDATE OF status, last_report_at, lat, lng, store_type, sells_packs, sells_boxes, sells_singles ON stores
  WHEN ((OLD.status = 'active' AND OLD.last_report_at IS NOT NULL)
        OR (NEW.status = 'active' AND NEW.last_report_at IS NOT NULL))
   AND (OLD.status IS NOT NEW.status OR OLD.last_report_at IS NOT NEW.last_report_at
        OR OLD.lat IS NOT NEW.lat OR OLD.lng IS NOT NEW.lng OR OLD.store_type IS NOT NEW.store_type
        OR OLD.sells_packs IS NOT NEW.sells_packs OR OLD.sells_boxes IS NOT NEW.sells_boxes
        OR OLD.sells_singles IS NOT NEW.sells_singles) BEGIN
  UPDATE store_recent_kinds
     SET kinds = pokeca_recent_kinds_add(kinds, pokeca_recent_kind(OLD.store_type, OLD.sells_packs, OLD.sells_boxes,
                                                                    OLD.sells_singles, OLD.lat, OLD.lng, -1))
   WHERE OLD.status = 'active' AND OLD.last_report_at IS NOT NULL
     AND (level, hour, cx, cy) IN (SELECT level, OLD.last_report_at / 3600, pokeca_cell_x(OLD.lat, OLD.lng, level),
                                          pokeca_cell_y(OLD.lat, OLD.lng, level) FROM cell_levels);
  DELETE FROM store_recent_kinds
   WHERE kinds = x'' AND OLD.status = 'active' AND OLD.last_report_at IS NOT NULL
     AND (level, hour, cx, cy) IN (SELECT level, OLD.last_report_at / 3600, pokeca_cell_x(OLD.lat, OLD.lng, level),
                                          pokeca_cell_y(OLD.lat, OLD.lng, level) FROM cell_levels);
  INSERT INTO store_recent_kinds (level, hour, cx, cy, kinds)
    SELECT level, NEW.last_report_at / 3600, pokeca_cell_x(NEW.lat, NEW.lng, level), pokeca_cell_y(NEW.lat, NEW.lng, level),
           pokeca_recent_kind(NEW.store_type, NEW.sells_packs, NEW.sells_boxes, NEW.sells_singles, NEW.lat, NEW.lng, 1)
      FROM cell_levels
     WHERE NEW.status = 'active' AND NEW.last_report_at IS NOT NULL
    ON CONFLICT DO UPDATE SET kinds = pokeca_recent_kinds_add(kinds, excluded.kinds);
END;

CREATE TRIGGER store_recent_kinds_delete AFTER DELETE ON stores
  WHEN OLD.status = 'active' AND OLD.last_report_at IS NOT NULL BEGIN
  UPDATE store_recent_kinds
     SET kinds = pokeca_recent_kinds_add(kinds, pokeca_recent_kind(OLD.store_type, OLD.sells_packs, OLD.sells_boxes,
                                                                    OLD.sells_singles, OLD.lat, OLD.lng, -1))
   WHERE (level, hour, cx, cy) IN (SELECT level, OLD.last_report_at / 3600, pokeca_cell_x(OLD.lat, OLD.lng, level),
                                          pokeca_cell_y(OLD.lat, OLD.lng, level) FROM cell_levels);
  DELETE FROM store_recent_kinds
   WHERE kinds = x''
     AND (level, hour, cx, cy) IN (SELECT level, OLD.last_report_at / 3600, pokeca_cell_x(OLD.lat, OLD.lng, level),
                                          pokeca_cell_y(OLD.lat, OLD.lng, level) FROM cell_levels);
END;
