-- 022: the "reported within" clusters' per-cell sums by hour and by 8-hour block (SQLite's
-- hour and block rows). A 24 h view sums ≤ 7 hour rows and ≤ 3 block rows per cell instead
-- of reading every store of the box.
--
-- An active store whose last report says bought counts in the rows of the hour of its
-- last_report_at (Unix seconds / 3600), for its type and '*', at every level 0..12: under
-- product '*' when its latest report of any product says bought, and under 'pack', 'box'
-- or 'single' when it sells that product and its latest report of it says bought (the
-- clusters' "reported since" rule, counted_in_clusters in store_rows.cpp), once in the row
-- of its hour (hours = 1) and once in the row of its block (hours = 8, hour = the block's
-- first). The reader takes the hours wholly inside the window from here — hour rows up to
-- the first block boundary, block rows after it — and the one hour the window starts in
-- from the stores (stores_by_report_hour).
--
-- Several servers write reports at once, and every report of an hour in Japan lands in
-- the same zoomed-out rows: updated by each writer, those rows made concurrent reports
-- fail serialization and run again (pgbench, 4 writers: 43 % failed, 220 reports/s against
-- 5,100 without the sums). So a writer only appends what a store counted before (sign -1)
-- and counts now (+1) to store_recent_changes, one row each, in its transaction; a folder,
-- one at a time, moves the changes into the sums (every server runs it every few
-- seconds); a reader adds the changes not yet folded to the sums, in one snapshot, so an
-- answer is exact whenever the folder last ran.
CREATE TABLE store_recent_sums (
  level      smallint NOT NULL,
  store_type text     NOT NULL,
  product    text     NOT NULL,
  hours      smallint NOT NULL CHECK (hours IN (1, 8)),  -- the row's span
  hour       bigint   NOT NULL,                          -- its first hour
  cx         bigint   NOT NULL,
  cy         bigint   NOT NULL,
  count      bigint   NOT NULL,
  sum_lat    float8   NOT NULL,
  sum_lng    float8   NOT NULL,
  PRIMARY KEY (level, store_type, product, hours, hour, cx, cy)
) WITH (fillfactor = 70);
-- A view reads one hour's cells of one level together: they are written in key order (the
-- fold sorts what it inserts) and updated in place (room left on each page for the new
-- versions), so they share a few pages — at 1,000,000 stores a 24 h Japan view read 1,100
-- pages and took 2.1 ms with the rows scattered, 127 pages and 1.1 ms clustered.

-- The rows a fold has just emptied, for its own DELETE (normally none).
CREATE INDEX store_recent_sums_emptied ON store_recent_sums (level) WHERE count <= 0;

CREATE TABLE store_recent_changes (
  id         bigint   GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  sign       smallint NOT NULL CHECK (sign IN (-1, 1)),
  hour       bigint   NOT NULL,
  lat        float8   NOT NULL,
  lng        float8   NOT NULL,
  store_type text     NOT NULL,
  products   text[]   NOT NULL  -- '*', 'pack', 'box', 'single': the products it counts under
);

-- The stores reported in a stretch of one hour, for the hour a window starts in (≤ 30 min
-- of reports: 0.4–0.9 ms at 1,000,000 stores). Led by the hour, not by
-- last_report_at itself, and not partial (WHERE last_report_at IS NOT NULL): the planner
-- ANDs any index it can use for the 24 h store lists with their box — the 144,000
-- reported stores of 1,000,000 against a city box of 300 (0.7 → 6.6 ms) — and those lists
-- never name the hour.
CREATE INDEX stores_by_report_hour ON stores ((last_report_at / 3600), last_report_at);

-- The products a store counts under now; NULL when it counts nowhere.
CREATE FUNCTION pokeca_recent_products(s stores) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT nullif(array_remove(ARRAY[CASE WHEN s.last_report_kind = 'bought' THEN '*' END,
                                   CASE WHEN s.sells_packs AND s.last_pack_kind = 'bought' THEN 'pack' END,
                                   CASE WHEN s.sells_boxes AND s.last_box_kind = 'bought' THEN 'box' END,
                                   CASE WHEN s.sells_singles AND s.last_single_kind = 'bought' THEN 'single' END],
                             NULL), '{}')
  WHERE s.status = 'active' AND s.last_report_at IS NOT NULL
$$;

-- The stored keys of one change at one level, and what it adds or takes away. The cell is
-- computed once for all the keys (folding spends most of its time here).
CREATE FUNCTION pokeca_recent_change_keys(p_sign smallint, p_hour bigint, p_lat float8, p_lng float8,
                                          p_type text, p_products text[], p_level integer)
RETURNS TABLE (store_type text, product text, hour bigint, cx bigint, cy bigint, count bigint, sum_lat float8,
               sum_lng float8)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT t.name, p.name, p_hour, cell.x, cell.y, p_sign::bigint, p_sign * p_lat, p_sign * p_lng
  FROM (SELECT pokeca_cell_index(pokeca_mercator_x(p_lng), pokeca_cells_per_axis(p_level)) AS x,
               pokeca_cell_index(pokeca_mercator_y(p_lat), pokeca_cells_per_axis(p_level)) AS y
        OFFSET 0) AS cell
  CROSS JOIN (VALUES ('*'), (p_type)) AS t (name) CROSS JOIN unnest(p_products) AS p (name)
$$;

CREATE FUNCTION pokeca_log_store_recent_changes(added stores[], removed stores[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO store_recent_changes (sign, hour, lat, lng, store_type, products)
  SELECT c.sign, (c.s).last_report_at / 3600, (c.s).lat, (c.s).lng, (c.s).store_type, c.products
  FROM (SELECT -1::smallint AS sign, r AS s, pokeca_recent_products(r) AS products FROM unnest(removed) AS r
        UNION ALL
        SELECT 1::smallint, a, pokeca_recent_products(a) FROM unnest(added) AS a) AS c
  WHERE c.products IS NOT NULL
$$;

-- An update counts only when it moves what a store counts in: most store edits (a name,
-- an address) leave the changes alone.
CREATE FUNCTION pokeca_store_recent_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pokeca_log_store_recent_changes(
    ARRAY(SELECT ROW(n.*)::stores FROM new_rows AS n WHERE n.last_report_at IS NOT NULL), ARRAY[]::stores[]);
  RETURN NULL;
END
$$;

CREATE FUNCTION pokeca_store_recent_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pokeca_log_store_recent_changes(
    ARRAY(SELECT ROW(n.*)::stores FROM new_rows AS n JOIN old_rows AS o USING (id)
          WHERE (n.status, n.lat, n.lng, n.store_type, n.sells_packs, n.sells_boxes, n.sells_singles,
                 n.last_report_at, n.last_report_kind, n.last_pack_kind, n.last_box_kind, n.last_single_kind)
                IS DISTINCT FROM
                (o.status, o.lat, o.lng, o.store_type, o.sells_packs, o.sells_boxes, o.sells_singles,
                 o.last_report_at, o.last_report_kind, o.last_pack_kind, o.last_box_kind, o.last_single_kind)),
    ARRAY(SELECT ROW(o.*)::stores FROM old_rows AS o JOIN new_rows AS n USING (id)
          WHERE (n.status, n.lat, n.lng, n.store_type, n.sells_packs, n.sells_boxes, n.sells_singles,
                 n.last_report_at, n.last_report_kind, n.last_pack_kind, n.last_box_kind, n.last_single_kind)
                IS DISTINCT FROM
                (o.status, o.lat, o.lng, o.store_type, o.sells_packs, o.sells_boxes, o.sells_singles,
                 o.last_report_at, o.last_report_kind, o.last_pack_kind, o.last_box_kind, o.last_single_kind)));
  RETURN NULL;
END
$$;

CREATE FUNCTION pokeca_store_recent_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pokeca_log_store_recent_changes(
    ARRAY[]::stores[], ARRAY(SELECT ROW(o.*)::stores FROM old_rows AS o WHERE o.last_report_at IS NOT NULL));
  RETURN NULL;
END
$$;

CREATE TRIGGER stores_recent_insert AFTER INSERT ON stores REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pokeca_store_recent_after_insert();
CREATE TRIGGER stores_recent_update AFTER UPDATE ON stores REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pokeca_store_recent_after_update();
CREATE TRIGGER stores_recent_delete AFTER DELETE ON stores REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pokeca_store_recent_after_delete();

-- Moves the committed changes into the sums and returns how many it moved. One folder at
-- a time (every server calls it): a call while another folds moves nothing. Called in its
-- own READ COMMITTED transaction, it waits for no writer and no writer waits for it.
CREATE FUNCTION pokeca_fold_store_recent_changes() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  folded bigint;
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('pokeca_fold_store_recent_changes')) THEN
    RETURN 0;
  END IF;
  WITH taken AS (DELETE FROM store_recent_changes RETURNING *),
       summed AS (
         INSERT INTO store_recent_sums AS r (level, store_type, product, hours, hour, cx, cy, count, sum_lat,
                                             sum_lng)
         SELECT l.n, k.store_type, k.product, span.hours, k.hour - k.hour % span.hours, k.cx, k.cy,
                sum(k.count)::bigint, sum(k.sum_lat), sum(k.sum_lng)
         FROM taken AS c CROSS JOIN generate_series(0, 12) AS l (n)
         CROSS JOIN LATERAL pokeca_recent_change_keys(c.sign, c.hour, c.lat, c.lng, c.store_type, c.products, l.n) AS k
         CROSS JOIN (VALUES (1::smallint), (8::smallint)) AS span (hours)
         GROUP BY l.n, k.store_type, k.product, span.hours, k.hour - k.hour % span.hours, k.cx, k.cy
         -- A store that left and came back before the fold changes nothing (a store moved
         -- within a cell still moves its sums).
         HAVING sum(k.count) <> 0 OR sum(k.sum_lat) <> 0 OR sum(k.sum_lng) <> 0
         ORDER BY 1, 2, 3, 4, 5, 6, 7
         ON CONFLICT (level, store_type, product, hours, hour, cx, cy) DO UPDATE
         SET count = r.count + excluded.count, sum_lat = r.sum_lat + excluded.sum_lat,
             sum_lng = r.sum_lng + excluded.sum_lng)
  SELECT count(*) INTO folded FROM taken;
  DELETE FROM store_recent_sums WHERE count <= 0;
  RETURN folded;
END
$$;

-- Rebuilt from the stores: once here, and after migrate-data's copy, which pauses the
-- triggers while the rows arrive.
CREATE FUNCTION pokeca_rebuild_store_recent_sums() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM store_recent_sums;
  DELETE FROM store_recent_changes;
  INSERT INTO store_recent_changes (sign, hour, lat, lng, store_type, products)
  SELECT 1, s.last_report_at / 3600, s.lat, s.lng, s.store_type, pokeca_recent_products(s)
  FROM stores AS s WHERE pokeca_recent_products(s) IS NOT NULL;
  PERFORM pokeca_fold_store_recent_changes();
END
$$;

SELECT pokeca_rebuild_store_recent_sums();

-- What a read takes from the sums for the hours from first_hour on, as lists of rows so
-- that each hour's or block's cells are one index range: the hour rows up to the first
-- block boundary, then the block rows up to the hour after now (no more than the longest
-- window, 720 hours, and a day), then, as one range, the hour rows of every later hour
-- (stamped ahead of this database's clock; normally none).
CREATE FUNCTION pokeca_recent_hours_until(first_hour bigint) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT greatest(first_hour - 1, least(first_hour + 744, floor(extract(epoch FROM now()))::bigint / 3600 + 1))
$$;

CREATE FUNCTION pokeca_recent_block_start(first_hour bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$ SELECT (first_hour + 7) / 8 * 8 $$;

CREATE FUNCTION pokeca_recent_hour_list(first_hour bigint) RETURNS bigint[]
LANGUAGE sql STABLE AS $$
  SELECT ARRAY(SELECT generate_series(first_hour, least(pokeca_recent_block_start(first_hour) - 1,
                                                        pokeca_recent_hours_until(first_hour))))
$$;

CREATE FUNCTION pokeca_recent_block_list(first_hour bigint) RETURNS bigint[]
LANGUAGE sql STABLE AS $$
  SELECT ARRAY(SELECT generate_series(pokeca_recent_block_start(first_hour), pokeca_recent_hours_until(first_hour), 8))
$$;

-- The first hour neither list covers.
CREATE FUNCTION pokeca_recent_rest_from(first_hour bigint) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN pokeca_recent_block_start(first_hour) > pokeca_recent_hours_until(first_hour)
              THEN pokeca_recent_hours_until(first_hour) + 1
              ELSE pokeca_recent_block_start(first_hour)
                   + 8 * ((pokeca_recent_hours_until(first_hour) - pokeca_recent_block_start(first_hour)) / 8 + 1)
         END
$$;
