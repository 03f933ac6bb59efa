-- 008: clusters filtered by "reported within N hours" without reading stores.
-- Active stores that have a last report, counted per clustering cell (levels
-- 0..kMaxCellLevel, as store_cells) and per hour of their last report
-- (last_report_at / 3600). A "reported since T" view sums the hours after T's hour and
-- reads only the stores of T's own, partial hour from stores_by_last_report.
-- Each store is in one hour per level, so the table is bounded by the reported stores,
-- not by time; hours older than any query can ask for are simply never read.
-- The cell math is core's cell_of, called through the SQL functions pokeca_cell_x /
-- pokeca_cell_y that every Connection registers; triggers keep the table in step with
-- any writer of stores (reports, report deletions, admin edits, imports).
-- Only all types and any product are kept: with a type or product filter too, the
-- repository aggregates stores as before.

-- The stored levels, 0..kMaxCellLevel (a test checks they match).
CREATE TABLE cell_levels (level INTEGER PRIMARY KEY);
INSERT INTO cell_levels (level) VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9), (10), (11), (12);

CREATE TABLE store_recent_cells (
  level   INTEGER NOT NULL,
  hour    INTEGER NOT NULL,  -- last_report_at / 3600
  cx      INTEGER NOT NULL,
  cy      INTEGER NOT NULL,
  count   INTEGER NOT NULL,
  sum_lat REAL    NOT NULL,
  sum_lng REAL    NOT NULL,
  PRIMARY KEY (level, hour, cx, cy)
) WITHOUT ROWID;

INSERT INTO store_recent_cells (level, hour, cx, cy, count, sum_lat, sum_lng)
  SELECT l.level, s.last_report_at / 3600, pokeca_cell_x(s.lat, s.lng, l.level),
         pokeca_cell_y(s.lat, s.lng, l.level), count(*), sum(s.lat), sum(s.lng)
    FROM stores AS s INDEXED BY stores_by_last_report CROSS JOIN cell_levels AS l
   WHERE s.last_report_at IS NOT NULL AND s.status = 'active'
   GROUP BY 1, 2, 3, 4;

CREATE TRIGGER store_recent_cells_insert AFTER INSERT ON stores
  WHEN NEW.status = 'active' AND NEW.last_report_at IS NOT NULL BEGIN
  INSERT INTO store_recent_cells (level, hour, cx, cy, count, sum_lat, sum_lng)
    SELECT level, NEW.last_report_at / 3600, pokeca_cell_x(NEW.lat, NEW.lng, level),
           pokeca_cell_y(NEW.lat, NEW.lng, level), 1, NEW.lat, NEW.lng FROM cell_levels WHERE true
    ON CONFLICT DO UPDATE SET count = count + 1, sum_lat = sum_lat + excluded.sum_lat,
                              sum_lng = sum_lng + excluded.sum_lng;
END;

-- Takes the old contribution out and puts the new one in; a cell hour left empty goes.
CREATE TRIGGER store_recent_cells_update AFTER UPDATE OF status, last_report_at, lat, lng ON stores
  WHEN ((OLD.status = 'active' AND OLD.last_report_at IS NOT NULL)
        OR (NEW.status = 'active' AND NEW.last_report_at IS NOT NULL))
   AND (OLD.status IS NOT NEW.status OR OLD.last_report_at IS NOT NEW.last_report_at
        OR OLD.lat IS NOT NEW.lat OR OLD.lng IS NOT NEW.lng) BEGIN
  UPDATE store_recent_cells SET count = count - 1, sum_lat = sum_lat - OLD.lat, sum_lng = sum_lng - OLD.lng
   WHERE OLD.status = 'active' AND OLD.last_report_at IS NOT NULL
     AND (level, hour, cx, cy) IN (SELECT level, OLD.last_report_at / 3600, pokeca_cell_x(OLD.lat, OLD.lng, level),
                                          pokeca_cell_y(OLD.lat, OLD.lng, level) FROM cell_levels);
  DELETE FROM store_recent_cells
   WHERE count <= 0 AND OLD.status = 'active' AND OLD.last_report_at IS NOT NULL
     AND (level, hour, cx, cy) IN (SELECT level, OLD.last_report_at / 3600, pokeca_cell_x(OLD.lat, OLD.lng, level),
                                          pokeca_cell_y(OLD.lat, OLD.lng, level) FROM cell_levels);
  INSERT INTO store_recent_cells (level, hour, cx, cy, count, sum_lat, sum_lng)
    SELECT level, NEW.last_report_at / 3600, pokeca_cell_x(NEW.lat, NEW.lng, level),
           pokeca_cell_y(NEW.lat, NEW.lng, level), 1, NEW.lat, NEW.lng FROM cell_levels
     WHERE NEW.status = 'active' AND NEW.last_report_at IS NOT NULL
    ON CONFLICT DO UPDATE SET count = count + 1, sum_lat = sum_lat + excluded.sum_lat,
                              sum_lng = sum_lng + excluded.sum_lng;
END;

CREATE TRIGGER store_recent_cells_delete AFTER DELETE ON stores
  WHEN OLD.status = 'active' AND OLD.last_report_at IS NOT NULL BEGIN
  UPDATE store_recent_cells SET count = count - 1, sum_lat = sum_lat - OLD.lat, sum_lng = sum_lng - OLD.lng
   WHERE (level, hour, cx, cy) IN (SELECT level, OLD.last_report_at / 3600, pokeca_cell_x(OLD.lat, OLD.lng, level),
                                          pokeca_cell_y(OLD.lat, OLD.lng, level) FROM cell_levels);
  DELETE FROM store_recent_cells
   WHERE count <= 0
     AND (level, hour, cx, cy) IN (SELECT level, OLD.last_report_at / 3600, pokeca_cell_x(OLD.lat, OLD.lng, level),
                                          pokeca_cell_y(OLD.lat, OLD.lng, level) FROM cell_levels);
END;
