-- 009: the store lists filtered by "reported within N hours" without reading every
-- store of the area (issue 13 goal 4). Both hold only stores that have a last report.

-- The prefecture list with the filter: in id order (the list's order) and covering every
-- column the filters test, so the first `limit` matches are found in the index and only
-- they are read from the table. Reported stores only: a fraction of the prefecture.
CREATE INDEX stores_by_prefecture_reported
  ON stores (prefecture, id, last_report_at, status, store_type, sells_packs, sells_boxes, sells_singles)
  WHERE last_report_at IS NOT NULL;

-- Nearest (and the box) with the filter: the reported stores by place and time, so a
-- ring search meets only stores reported since the cut-off. R*Tree coordinates are
-- float32 rounded outwards, so `max_t >= since` finds a superset; the exact test on
-- stores follows (as for stores_rtree). Every status (checked on the join), like
-- stores_rtree; triggers keep it in step with any writer.
CREATE VIRTUAL TABLE stores_reported_rtree USING rtree (id, min_lng, max_lng, min_lat, max_lat, min_t, max_t);

INSERT INTO stores_reported_rtree (id, min_lng, max_lng, min_lat, max_lat, min_t, max_t)
  SELECT id, lng, lng, lat, lat, last_report_at, last_report_at FROM stores WHERE last_report_at IS NOT NULL;

CREATE TRIGGER stores_reported_rtree_insert AFTER INSERT ON stores
  WHEN NEW.last_report_at IS NOT NULL BEGIN
  INSERT INTO stores_reported_rtree (id, min_lng, max_lng, min_lat, max_lat, min_t, max_t)
    VALUES (NEW.id, NEW.lng, NEW.lng, NEW.lat, NEW.lat, NEW.last_report_at, NEW.last_report_at);
END;

CREATE TRIGGER stores_reported_rtree_update AFTER UPDATE OF lat, lng, last_report_at ON stores
  WHEN OLD.last_report_at IS NOT NEW.last_report_at OR OLD.lat IS NOT NEW.lat OR OLD.lng IS NOT NEW.lng BEGIN
  DELETE FROM stores_reported_rtree WHERE id = OLD.id;
  INSERT INTO stores_reported_rtree (id, min_lng, max_lng, min_lat, max_lat, min_t, max_t)
    SELECT NEW.id, NEW.lng, NEW.lng, NEW.lat, NEW.lat, NEW.last_report_at, NEW.last_report_at
     WHERE NEW.last_report_at IS NOT NULL;
END;

CREATE TRIGGER stores_reported_rtree_delete AFTER DELETE ON stores
  WHEN OLD.last_report_at IS NOT NULL BEGIN
  DELETE FROM stores_reported_rtree WHERE id = OLD.id;
END;
