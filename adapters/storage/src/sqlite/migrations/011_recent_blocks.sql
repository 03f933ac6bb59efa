-- 011: clusters "reported within 24 h" at zoom 9-12 under 1 ms at 1,000,000 stores.
-- The 24 h window read ~180 cells × 24 hour rows; here 8-hour blocks sit beside the
-- hours, so a window is ≤ 4 hour rows plus ~3-4 block rows per cell (an hour row may be
-- taken away from a block instead of added) plus ≤ half an hour of stores.
-- store_recent_blocks has 010's blobs (recent_kinds.hpp) keyed by last_report_at / 28800;
-- the repository's kRecentBlockHours must say the same 8.
-- To keep a report's write cost where it was, 008's store_recent_cells table and its
-- triggers go: "all types, any product" is the sum of every type in 010's blob, and a
-- view of the same name and columns stays for anyone reading it (the tests do).

DROP TRIGGER store_recent_cells_insert;
DROP TRIGGER store_recent_cells_update;
DROP TRIGGER store_recent_cells_delete;
DROP TABLE store_recent_cells;

CREATE VIEW store_recent_cells (level, hour, cx, cy, count, sum_lat, sum_lng) AS
  SELECT level, hour, cx, cy, pokeca_recent_kinds_total(kinds, 0), pokeca_recent_kinds_total(kinds, 1),
         pokeca_recent_kinds_total(kinds, 2)
    FROM store_recent_kinds;

CREATE TABLE store_recent_blocks (
  level INTEGER NOT NULL,
  block INTEGER NOT NULL,  -- last_report_at / 28800 (8 hours)
  cx    INTEGER NOT NULL,
  cy    INTEGER NOT NULL,
  kinds BLOB    NOT NULL,
  PRIMARY KEY (level, block, cx, cy)
) WITHOUT ROWID;

INSERT INTO store_recent_blocks (level, block, cx, cy, kinds)
  SELECT l.level, s.last_report_at / 28800, pokeca_cell_x(s.lat, s.lng, l.level), pokeca_cell_y(s.lat, s.lng, l.level),
         pokeca_recent_kind(s.store_type, s.sells_packs, s.sells_boxes, s.sells_singles, s.lat, s.lng, 1)
    FROM stores AS s INDEXED BY stores_by_last_report CROSS JOIN cell_levels AS l
   WHERE s.last_report_at IS NOT NULL AND s.status = 'active'
  ON CONFLICT DO UPDATE SET kinds = pokeca_recent_kinds_add(kinds, excluded.kinds);

CREATE TRIGGER store_recent_blocks_insert AFTER INSERT ON stores
  WHEN NEW.status = 'active' AND NEW.last_report_at IS NOT NULL BEGIN
  INSERT INTO store_recent_blocks (level, block, cx, cy, kinds)
    SELECT level, NEW.last_report_at / 28800, pokeca_cell_x(NEW.lat, NEW.lng, level), pokeca_cell_y(NEW.lat, NEW.lng, level),
           pokeca_recent_kind(NEW.store_type, NEW.sells_packs, NEW.sells_boxes, NEW.sells_singles, NEW.lat, NEW.lng, 1)
      FROM cell_levels WHERE true
    ON CONFLICT DO UPDATE SET kinds = pokeca_recent_kinds_add(kinds, excluded.kinds);
END;

-- As 010's store_recent_kinds_update: the old store out, the new one in, an empty block gone.
CREATE TRIGGER store_recent_blocks_update
  AFTER UPDATE OF status, last_report_at, lat, lng, store_type, sells_packs, sells_boxes, sells_singles ON stores
  WHEN ((OLD.status = 'active' AND OLD.last_report_at IS NOT NULL)
        OR (NEW.status = 'active' AND NEW.last_report_at IS NOT NULL))
   AND (OLD.status IS NOT NEW.status OR OLD.last_report_at IS NOT NEW.last_report_at
        OR OLD.lat IS NOT NEW.lat OR OLD.lng IS NOT NEW.lng OR OLD.store_type IS NOT NEW.store_type
        OR OLD.sells_packs IS NOT NEW.sells_packs OR OLD.sells_boxes IS NOT NEW.sells_boxes
        OR OLD.sells_singles IS NOT NEW.sells_singles) BEGIN
  UPDATE store_recent_blocks
     SET kinds = pokeca_recent_kinds_add(kinds, pokeca_recent_kind(OLD.store_type, OLD.sells_packs, OLD.sells_boxes,
                                                                    OLD.sells_singles, OLD.lat, OLD.lng, -1))
   WHERE OLD.status = 'active' AND OLD.last_report_at IS NOT NULL
     AND (level, block, cx, cy) IN (SELECT level, OLD.last_report_at / 28800, pokeca_cell_x(OLD.lat, OLD.lng, level),
                                           pokeca_cell_y(OLD.lat, OLD.lng, level) FROM cell_levels);
  DELETE FROM store_recent_blocks
   WHERE kinds = x'' AND OLD.status = 'active' AND OLD.last_report_at IS NOT NULL
     AND (level, block, cx, cy) IN (SELECT level, OLD.last_report_at / 28800, pokeca_cell_x(OLD.lat, OLD.lng, level),
                                           pokeca_cell_y(OLD.lat, OLD.lng, level) FROM cell_levels);
  INSERT INTO store_recent_blocks (level, block, cx, cy, kinds)
    SELECT level, NEW.last_report_at / 28800, pokeca_cell_x(NEW.lat, NEW.lng, level), pokeca_cell_y(NEW.lat, NEW.lng, level),
           pokeca_recent_kind(NEW.store_type, NEW.sells_packs, NEW.sells_boxes, NEW.sells_singles, NEW.lat, NEW.lng, 1)
      FROM cell_levels
     WHERE NEW.status = 'active' AND NEW.last_report_at IS NOT NULL
    ON CONFLICT DO UPDATE SET kinds = pokeca_recent_kinds_add(kinds, excluded.kinds);
END;

CREATE TRIGGER store_recent_blocks_delete AFTER DELETE ON stores
  WHEN OLD.status = 'active' AND OLD.last_report_at IS NOT NULL BEGIN
  UPDATE store_recent_blocks
     SET kinds = pokeca_recent_kinds_add(kinds, pokeca_recent_kind(OLD.store_type, OLD.sells_packs, OLD.sells_boxes,
                                                                    OLD.sells_singles, OLD.lat, OLD.lng, -1))
   WHERE (level, block, cx, cy) IN (SELECT level, OLD.last_report_at / 28800, pokeca_cell_x(OLD.lat, OLD.lng, level),
                                           pokeca_cell_y(OLD.lat, OLD.lng, level) FROM cell_levels);
  DELETE FROM store_recent_blocks
   WHERE kinds = x''
     AND (level, block, cx, cy) IN (SELECT level, OLD.last_report_at / 28800, pokeca_cell_x(OLD.lat, OLD.lng, level),
                                           pokeca_cell_y(OLD.lat, OLD.lng, level) FROM cell_levels);
END;
