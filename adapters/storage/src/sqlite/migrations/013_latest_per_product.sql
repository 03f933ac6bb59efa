-- 013: each store's latest report per product, and "reported within N hours" as "bought
-- recently" (docs/decisions/latest-result-per-product.md).
-- Beside the latest report of any product (last_report_at/kind), a store keeps the latest
-- of packs, boxes and singles, in the same order (purchased_at, then the later report), so
-- the latest of all is one of them. The filter keeps a store whose latest report of the
-- filter's product (of any product without one) says 'bought' and is that recent. A
-- product's latest is never later than the latest of all, so every index keyed by
-- last_report_at still holds each match (a superset; the exact test is on stores).

ALTER TABLE stores ADD COLUMN last_pack_at INTEGER;
ALTER TABLE stores ADD COLUMN last_pack_kind TEXT CHECK (last_pack_kind IN ('bought', 'sold_out'));
ALTER TABLE stores ADD COLUMN last_box_at INTEGER;
ALTER TABLE stores ADD COLUMN last_box_kind TEXT CHECK (last_box_kind IN ('bought', 'sold_out'));
ALTER TABLE stores ADD COLUMN last_single_at INTEGER;
ALTER TABLE stores ADD COLUMN last_single_kind TEXT CHECK (last_single_kind IN ('bought', 'sold_out'));

-- The triggers below change what they count; they go before the backfill and come back
-- after it, with their tables rebuilt.
DROP TRIGGER stores_reported_rtree_insert;
DROP TRIGGER stores_reported_rtree_update;
DROP TRIGGER stores_reported_rtree_delete;
DROP TRIGGER store_recent_kinds_insert;
DROP TRIGGER store_recent_kinds_update;
DROP TRIGGER store_recent_kinds_delete;
DROP TRIGGER store_recent_blocks_insert;
DROP TRIGGER store_recent_blocks_update;
DROP TRIGGER store_recent_blocks_delete;

-- The newest report of each product, in the timeline's order, as kRecomputeLastReportSql.
UPDATE stores
   SET (last_pack_at, last_pack_kind) =
         (SELECT purchased_at, kind FROM purchase_reports
           WHERE store_id = stores.id AND product = 'pack' ORDER BY purchased_at DESC, id DESC LIMIT 1),
       (last_box_at, last_box_kind) =
         (SELECT purchased_at, kind FROM purchase_reports
           WHERE store_id = stores.id AND product = 'box' ORDER BY purchased_at DESC, id DESC LIMIT 1),
       (last_single_at, last_single_kind) =
         (SELECT purchased_at, kind FROM purchase_reports
           WHERE store_id = stores.id AND product = 'single' ORDER BY purchased_at DESC, id DESC LIMIT 1)
 WHERE id IN (SELECT store_id FROM purchase_reports);

-- Nearest with the filter (009's R*Tree): only stores that some filter can keep, i.e. whose
-- latest report of any product or of one product says 'bought'. Time stays last_report_at
-- (a superset for a product's filter, as above).
DELETE FROM stores_reported_rtree;
INSERT INTO stores_reported_rtree (id, min_lng, max_lng, min_lat, max_lat, min_t, max_t)
  SELECT id, lng, lng, lat, lat, last_report_at / 31557600.0, last_report_at / 31557600.0
    FROM stores
   WHERE last_report_at IS NOT NULL
     AND (last_report_kind = 'bought' OR last_pack_kind = 'bought' OR last_box_kind = 'bought'
          OR last_single_kind = 'bought');

CREATE TRIGGER stores_reported_rtree_insert AFTER INSERT ON stores
  WHEN NEW.last_report_at IS NOT NULL
   AND (NEW.last_report_kind = 'bought' OR NEW.last_pack_kind = 'bought' OR NEW.last_box_kind = 'bought'
        OR NEW.last_single_kind = 'bought') BEGIN
  INSERT INTO stores_reported_rtree (id, min_lng, max_lng, min_lat, max_lat, min_t, max_t)
    VALUES (NEW.id, NEW.lng, NEW.lng, NEW.lat, NEW.lat, NEW.last_report_at / 31557600.0, NEW.last_report_at / 31557600.0);
END;

CREATE TRIGGER stores_reported_rtree_update
  AFTER UPDATE OF lat, lng, last_report_at, last_report_kind, last_pack_kind, last_box_kind, last_single_kind ON stores
  WHEN OLD.last_report_at IS NOT NEW.last_report_at OR OLD.lat IS NOT NEW.lat OR OLD.lng IS NOT NEW.lng
    OR OLD.last_report_kind IS NOT NEW.last_report_kind OR OLD.last_pack_kind IS NOT NEW.last_pack_kind
    OR OLD.last_box_kind IS NOT NEW.last_box_kind OR OLD.last_single_kind IS NOT NEW.last_single_kind BEGIN
  DELETE FROM stores_reported_rtree WHERE id = OLD.id;
  INSERT INTO stores_reported_rtree (id, min_lng, max_lng, min_lat, max_lat, min_t, max_t)
    SELECT NEW.id, NEW.lng, NEW.lng, NEW.lat, NEW.lat, NEW.last_report_at / 31557600.0, NEW.last_report_at / 31557600.0
     WHERE NEW.last_report_at IS NOT NULL
       AND (NEW.last_report_kind = 'bought' OR NEW.last_pack_kind = 'bought' OR NEW.last_box_kind = 'bought'
            OR NEW.last_single_kind = 'bought');
END;

CREATE TRIGGER stores_reported_rtree_delete AFTER DELETE ON stores
  WHEN OLD.last_report_at IS NOT NULL BEGIN
  DELETE FROM stores_reported_rtree WHERE id = OLD.id;
END;

-- Clusters with the filter (010's hours, 011's blocks): a store is filed, as before, under
-- its last_report_at's hour and block, and only when one of its blob's slots counts it. In
-- its blob the any-product slot counts it when its latest report of all says
-- 'bought', and a product's slot when it is known to sell the product and its latest report
-- of the product says 'bought' (pokeca_recent_kind's 8-argument form). The product slots
-- stay keyed by the latest report of all: keying them by each product's own time would file
-- a store in up to four hours per level, four times a report's writes. So a product's
-- clusters count a store whose latest report of the product is a bought, when any report of
-- it is recent (the decision record says so); the lists test each product's own time.
-- A report still rewrites 13 rows per table.
DELETE FROM store_recent_kinds;
DELETE FROM store_recent_blocks;

INSERT INTO store_recent_kinds (level, hour, cx, cy, kinds)
  SELECT l.level, s.last_report_at / 3600, pokeca_cell_x(s.lat, s.lng, l.level), pokeca_cell_y(s.lat, s.lng, l.level),
         pokeca_recent_kind(s.store_type, s.last_report_kind = 'bought', s.sells_packs = 1 AND s.last_pack_kind = 'bought',
                            s.sells_boxes = 1 AND s.last_box_kind = 'bought',
                            s.sells_singles = 1 AND s.last_single_kind = 'bought', s.lat, s.lng, 1)
    FROM stores AS s INDEXED BY stores_by_last_report CROSS JOIN cell_levels AS l
   WHERE s.last_report_at IS NOT NULL AND s.status = 'active'
     AND (s.last_report_kind = 'bought' OR (s.sells_packs = 1 AND s.last_pack_kind = 'bought')
          OR (s.sells_boxes = 1 AND s.last_box_kind = 'bought') OR (s.sells_singles = 1 AND s.last_single_kind = 'bought'))
  ON CONFLICT DO UPDATE SET kinds = pokeca_recent_kinds_add(kinds, excluded.kinds);

INSERT INTO store_recent_blocks (level, block, cx, cy, kinds)
  SELECT l.level, s.last_report_at / 28800, pokeca_cell_x(s.lat, s.lng, l.level), pokeca_cell_y(s.lat, s.lng, l.level),
         pokeca_recent_kind(s.store_type, s.last_report_kind = 'bought', s.sells_packs = 1 AND s.last_pack_kind = 'bought',
                            s.sells_boxes = 1 AND s.last_box_kind = 'bought',
                            s.sells_singles = 1 AND s.last_single_kind = 'bought', s.lat, s.lng, 1)
    FROM stores AS s INDEXED BY stores_by_last_report CROSS JOIN cell_levels AS l
   WHERE s.last_report_at IS NOT NULL AND s.status = 'active'
     AND (s.last_report_kind = 'bought' OR (s.sells_packs = 1 AND s.last_pack_kind = 'bought')
          OR (s.sells_boxes = 1 AND s.last_box_kind = 'bought') OR (s.sells_singles = 1 AND s.last_single_kind = 'bought'))
  ON CONFLICT DO UPDATE SET kinds = pokeca_recent_kinds_add(kinds, excluded.kinds);

CREATE TRIGGER store_recent_kinds_insert AFTER INSERT ON stores
  WHEN NEW.status = 'active' AND NEW.last_report_at IS NOT NULL
   AND (NEW.last_report_kind = 'bought' OR (NEW.sells_packs = 1 AND NEW.last_pack_kind = 'bought')
        OR (NEW.sells_boxes = 1 AND NEW.last_box_kind = 'bought') OR (NEW.sells_singles = 1 AND NEW.last_single_kind = 'bought')) BEGIN
  INSERT INTO store_recent_kinds (level, hour, cx, cy, kinds)
    SELECT level, NEW.last_report_at / 3600, pokeca_cell_x(NEW.lat, NEW.lng, level), pokeca_cell_y(NEW.lat, NEW.lng, level),
           pokeca_recent_kind(NEW.store_type, NEW.last_report_kind = 'bought',
                              NEW.sells_packs = 1 AND NEW.last_pack_kind = 'bought',
                              NEW.sells_boxes = 1 AND NEW.last_box_kind = 'bought',
                              NEW.sells_singles = 1 AND NEW.last_single_kind = 'bought', NEW.lat, NEW.lng, 1)
      FROM cell_levels WHERE true
    ON CONFLICT DO UPDATE SET kinds = pokeca_recent_kinds_add(kinds, excluded.kinds);
END;

-- Takes the old store out and puts the new one in; a cell hour left with no store goes.
CREATE TRIGGER store_recent_kinds_update
  AFTER UPDATE OF status, last_report_at, last_report_kind, last_pack_kind, last_box_kind, last_single_kind, lat, lng,
                  store_type, sells_packs, sells_boxes, sells_singles ON stores
  WHEN ((OLD.status = 'active' AND OLD.last_report_at IS NOT NULL
         AND (OLD.last_report_kind = 'bought' OR (OLD.sells_packs = 1 AND OLD.last_pack_kind = 'bought')
              OR (OLD.sells_boxes = 1 AND OLD.last_box_kind = 'bought') OR (OLD.sells_singles = 1 AND OLD.last_single_kind = 'bought')))
        OR (NEW.status = 'active' AND NEW.last_report_at IS NOT NULL
            AND (NEW.last_report_kind = 'bought' OR (NEW.sells_packs = 1 AND NEW.last_pack_kind = 'bought')
                 OR (NEW.sells_boxes = 1 AND NEW.last_box_kind = 'bought') OR (NEW.sells_singles = 1 AND NEW.last_single_kind = 'bought'))))
   AND (OLD.status IS NOT NEW.status OR OLD.last_report_at IS NOT NEW.last_report_at
        OR OLD.last_report_kind IS NOT NEW.last_report_kind OR OLD.last_pack_kind IS NOT NEW.last_pack_kind
        OR OLD.last_box_kind IS NOT NEW.last_box_kind OR OLD.last_single_kind IS NOT NEW.last_single_kind
        OR OLD.lat IS NOT NEW.lat OR OLD.lng IS NOT NEW.lng OR OLD.store_type IS NOT NEW.store_type
        OR OLD.sells_packs IS NOT NEW.sells_packs OR OLD.sells_boxes IS NOT NEW.sells_boxes
        OR OLD.sells_singles IS NOT NEW.sells_singles) BEGIN
  UPDATE store_recent_kinds
     SET kinds = pokeca_recent_kinds_add(kinds, pokeca_recent_kind(OLD.store_type, OLD.last_report_kind = 'bought',
                                                                    OLD.sells_packs = 1 AND OLD.last_pack_kind = 'bought',
                                                                    OLD.sells_boxes = 1 AND OLD.last_box_kind = 'bought',
                                                                    OLD.sells_singles = 1 AND OLD.last_single_kind = 'bought',
                                                                    OLD.lat, OLD.lng, -1))
   WHERE OLD.status = 'active' AND OLD.last_report_at IS NOT NULL
     AND (OLD.last_report_kind = 'bought' OR (OLD.sells_packs = 1 AND OLD.last_pack_kind = 'bought')
          OR (OLD.sells_boxes = 1 AND OLD.last_box_kind = 'bought') OR (OLD.sells_singles = 1 AND OLD.last_single_kind = 'bought'))
     AND (level, hour, cx, cy) IN (SELECT level, OLD.last_report_at / 3600, pokeca_cell_x(OLD.lat, OLD.lng, level),
                                          pokeca_cell_y(OLD.lat, OLD.lng, level) FROM cell_levels);
  DELETE FROM store_recent_kinds
   WHERE kinds = x'' AND OLD.status = 'active' AND OLD.last_report_at IS NOT NULL
     AND (level, hour, cx, cy) IN (SELECT level, OLD.last_report_at / 3600, pokeca_cell_x(OLD.lat, OLD.lng, level),
                                          pokeca_cell_y(OLD.lat, OLD.lng, level) FROM cell_levels);
  INSERT INTO store_recent_kinds (level, hour, cx, cy, kinds)
    SELECT level, NEW.last_report_at / 3600, pokeca_cell_x(NEW.lat, NEW.lng, level), pokeca_cell_y(NEW.lat, NEW.lng, level),
           pokeca_recent_kind(NEW.store_type, NEW.last_report_kind = 'bought',
                              NEW.sells_packs = 1 AND NEW.last_pack_kind = 'bought',
                              NEW.sells_boxes = 1 AND NEW.last_box_kind = 'bought',
                              NEW.sells_singles = 1 AND NEW.last_single_kind = 'bought', NEW.lat, NEW.lng, 1)
      FROM cell_levels
     WHERE NEW.status = 'active' AND NEW.last_report_at IS NOT NULL
       AND (NEW.last_report_kind = 'bought' OR (NEW.sells_packs = 1 AND NEW.last_pack_kind = 'bought')
            OR (NEW.sells_boxes = 1 AND NEW.last_box_kind = 'bought') OR (NEW.sells_singles = 1 AND NEW.last_single_kind = 'bought'))
    ON CONFLICT DO UPDATE SET kinds = pokeca_recent_kinds_add(kinds, excluded.kinds);
END;

CREATE TRIGGER store_recent_kinds_delete AFTER DELETE ON stores
  WHEN OLD.status = 'active' AND OLD.last_report_at IS NOT NULL
   AND (OLD.last_report_kind = 'bought' OR (OLD.sells_packs = 1 AND OLD.last_pack_kind = 'bought')
        OR (OLD.sells_boxes = 1 AND OLD.last_box_kind = 'bought') OR (OLD.sells_singles = 1 AND OLD.last_single_kind = 'bought')) BEGIN
  UPDATE store_recent_kinds
     SET kinds = pokeca_recent_kinds_add(kinds, pokeca_recent_kind(OLD.store_type, OLD.last_report_kind = 'bought',
                                                                    OLD.sells_packs = 1 AND OLD.last_pack_kind = 'bought',
                                                                    OLD.sells_boxes = 1 AND OLD.last_box_kind = 'bought',
                                                                    OLD.sells_singles = 1 AND OLD.last_single_kind = 'bought',
                                                                    OLD.lat, OLD.lng, -1))
   WHERE (level, hour, cx, cy) IN (SELECT level, OLD.last_report_at / 3600, pokeca_cell_x(OLD.lat, OLD.lng, level),
                                          pokeca_cell_y(OLD.lat, OLD.lng, level) FROM cell_levels);
  DELETE FROM store_recent_kinds
   WHERE kinds = x''
     AND (level, hour, cx, cy) IN (SELECT level, OLD.last_report_at / 3600, pokeca_cell_x(OLD.lat, OLD.lng, level),
                                          pokeca_cell_y(OLD.lat, OLD.lng, level) FROM cell_levels);
END;

CREATE TRIGGER store_recent_blocks_insert AFTER INSERT ON stores
  WHEN NEW.status = 'active' AND NEW.last_report_at IS NOT NULL
   AND (NEW.last_report_kind = 'bought' OR (NEW.sells_packs = 1 AND NEW.last_pack_kind = 'bought')
        OR (NEW.sells_boxes = 1 AND NEW.last_box_kind = 'bought') OR (NEW.sells_singles = 1 AND NEW.last_single_kind = 'bought')) BEGIN
  INSERT INTO store_recent_blocks (level, block, cx, cy, kinds)
    SELECT level, NEW.last_report_at / 28800, pokeca_cell_x(NEW.lat, NEW.lng, level), pokeca_cell_y(NEW.lat, NEW.lng, level),
           pokeca_recent_kind(NEW.store_type, NEW.last_report_kind = 'bought',
                              NEW.sells_packs = 1 AND NEW.last_pack_kind = 'bought',
                              NEW.sells_boxes = 1 AND NEW.last_box_kind = 'bought',
                              NEW.sells_singles = 1 AND NEW.last_single_kind = 'bought', NEW.lat, NEW.lng, 1)
      FROM cell_levels WHERE true
    ON CONFLICT DO UPDATE SET kinds = pokeca_recent_kinds_add(kinds, excluded.kinds);
END;

-- As store_recent_kinds_update: the old store out, the new one in, an empty block gone.
CREATE TRIGGER store_recent_blocks_update
  AFTER UPDATE OF status, last_report_at, last_report_kind, last_pack_kind, last_box_kind, last_single_kind, lat, lng,
                  store_type, sells_packs, sells_boxes, sells_singles ON stores
  WHEN ((OLD.status = 'active' AND OLD.last_report_at IS NOT NULL
         AND (OLD.last_report_kind = 'bought' OR (OLD.sells_packs = 1 AND OLD.last_pack_kind = 'bought')
              OR (OLD.sells_boxes = 1 AND OLD.last_box_kind = 'bought') OR (OLD.sells_singles = 1 AND OLD.last_single_kind = 'bought')))
        OR (NEW.status = 'active' AND NEW.last_report_at IS NOT NULL
            AND (NEW.last_report_kind = 'bought' OR (NEW.sells_packs = 1 AND NEW.last_pack_kind = 'bought')
                 OR (NEW.sells_boxes = 1 AND NEW.last_box_kind = 'bought') OR (NEW.sells_singles = 1 AND NEW.last_single_kind = 'bought'))))
   AND (OLD.status IS NOT NEW.status OR OLD.last_report_at IS NOT NEW.last_report_at
        OR OLD.last_report_kind IS NOT NEW.last_report_kind OR OLD.last_pack_kind IS NOT NEW.last_pack_kind
        OR OLD.last_box_kind IS NOT NEW.last_box_kind OR OLD.last_single_kind IS NOT NEW.last_single_kind
        OR OLD.lat IS NOT NEW.lat OR OLD.lng IS NOT NEW.lng OR OLD.store_type IS NOT NEW.store_type
        OR OLD.sells_packs IS NOT NEW.sells_packs OR OLD.sells_boxes IS NOT NEW.sells_boxes
        OR OLD.sells_singles IS NOT NEW.sells_singles) BEGIN
  UPDATE store_recent_blocks
     SET kinds = pokeca_recent_kinds_add(kinds, pokeca_recent_kind(OLD.store_type, OLD.last_report_kind = 'bought',
                                                                    OLD.sells_packs = 1 AND OLD.last_pack_kind = 'bought',
                                                                    OLD.sells_boxes = 1 AND OLD.last_box_kind = 'bought',
                                                                    OLD.sells_singles = 1 AND OLD.last_single_kind = 'bought',
                                                                    OLD.lat, OLD.lng, -1))
   WHERE OLD.status = 'active' AND OLD.last_report_at IS NOT NULL
     AND (OLD.last_report_kind = 'bought' OR (OLD.sells_packs = 1 AND OLD.last_pack_kind = 'bought')
          OR (OLD.sells_boxes = 1 AND OLD.last_box_kind = 'bought') OR (OLD.sells_singles = 1 AND OLD.last_single_kind = 'bought'))
     AND (level, block, cx, cy) IN (SELECT level, OLD.last_report_at / 28800, pokeca_cell_x(OLD.lat, OLD.lng, level),
                                           pokeca_cell_y(OLD.lat, OLD.lng, level) FROM cell_levels);
  DELETE FROM store_recent_blocks
   WHERE kinds = x'' AND OLD.status = 'active' AND OLD.last_report_at IS NOT NULL
     AND (level, block, cx, cy) IN (SELECT level, OLD.last_report_at / 28800, pokeca_cell_x(OLD.lat, OLD.lng, level),
                                           pokeca_cell_y(OLD.lat, OLD.lng, level) FROM cell_levels);
  INSERT INTO store_recent_blocks (level, block, cx, cy, kinds)
    SELECT level, NEW.last_report_at / 28800, pokeca_cell_x(NEW.lat, NEW.lng, level), pokeca_cell_y(NEW.lat, NEW.lng, level),
           pokeca_recent_kind(NEW.store_type, NEW.last_report_kind = 'bought',
                              NEW.sells_packs = 1 AND NEW.last_pack_kind = 'bought',
                              NEW.sells_boxes = 1 AND NEW.last_box_kind = 'bought',
                              NEW.sells_singles = 1 AND NEW.last_single_kind = 'bought', NEW.lat, NEW.lng, 1)
      FROM cell_levels
     WHERE NEW.status = 'active' AND NEW.last_report_at IS NOT NULL
       AND (NEW.last_report_kind = 'bought' OR (NEW.sells_packs = 1 AND NEW.last_pack_kind = 'bought')
            OR (NEW.sells_boxes = 1 AND NEW.last_box_kind = 'bought') OR (NEW.sells_singles = 1 AND NEW.last_single_kind = 'bought'))
    ON CONFLICT DO UPDATE SET kinds = pokeca_recent_kinds_add(kinds, excluded.kinds);
END;

CREATE TRIGGER store_recent_blocks_delete AFTER DELETE ON stores
  WHEN OLD.status = 'active' AND OLD.last_report_at IS NOT NULL
   AND (OLD.last_report_kind = 'bought' OR (OLD.sells_packs = 1 AND OLD.last_pack_kind = 'bought')
        OR (OLD.sells_boxes = 1 AND OLD.last_box_kind = 'bought') OR (OLD.sells_singles = 1 AND OLD.last_single_kind = 'bought')) BEGIN
  UPDATE store_recent_blocks
     SET kinds = pokeca_recent_kinds_add(kinds, pokeca_recent_kind(OLD.store_type, OLD.last_report_kind = 'bought',
                                                                    OLD.sells_packs = 1 AND OLD.last_pack_kind = 'bought',
                                                                    OLD.sells_boxes = 1 AND OLD.last_box_kind = 'bought',
                                                                    OLD.sells_singles = 1 AND OLD.last_single_kind = 'bought',
                                                                    OLD.lat, OLD.lng, -1))
   WHERE (level, block, cx, cy) IN (SELECT level, OLD.last_report_at / 28800, pokeca_cell_x(OLD.lat, OLD.lng, level),
                                           pokeca_cell_y(OLD.lat, OLD.lng, level) FROM cell_levels);
  DELETE FROM store_recent_blocks
   WHERE kinds = x''
     AND (level, block, cx, cy) IN (SELECT level, OLD.last_report_at / 28800, pokeca_cell_x(OLD.lat, OLD.lng, level),
                                           pokeca_cell_y(OLD.lat, OLD.lng, level) FROM cell_levels);
END;
