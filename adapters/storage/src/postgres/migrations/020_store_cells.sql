-- 020: the clusters' per-cell sums and the stores per prefecture, kept in the writing
-- transaction by statement triggers on stores (SQLite's store_cells and prefecture_counts,
-- which its repository keeps). A zoomed-out view then sums a few hundred stored rows
-- instead of aggregating every store in the box, and healthz and the home page's counts
-- read a handful of rows instead of counting a million.
--
-- Each active store counts in the rows for its type and for '*' (all types), and for each
-- product it sells (sells_* true) and for '*' (any product), at every level 0..12
-- (core's kMaxCellLevel), so every mix of type and product filters is a sum of stored rows.
-- Filters that move with the clock (reported since, open lotteries) still read the stores.
--
-- The cell of a point is core's cell_of (clustering.cpp), the same float8 operations in the
-- same order on the same C library, so both sides put a store in the same cell.
CREATE TABLE store_cells (
  level      smallint NOT NULL,
  store_type text     NOT NULL,
  product    text     NOT NULL,
  cx         bigint   NOT NULL,
  cy         bigint   NOT NULL,
  count      bigint   NOT NULL,
  sum_lat    float8   NOT NULL,
  sum_lng    float8   NOT NULL,
  PRIMARY KEY (level, store_type, product, cx, cy)
);

-- The rows a write has just emptied, for its own DELETE (normally none).
CREATE INDEX store_cells_emptied ON store_cells (level) WHERE count <= 0;

CREATE TABLE prefecture_counts (
  prefecture text   PRIMARY KEY,
  count      bigint NOT NULL
);

-- Cells per axis at a level: (1 << level) * (256 px tiles / 64 px cells).
CREATE FUNCTION pokeca_cells_per_axis(level integer) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT (1::bigint << level) * 4 $$;

-- core's to_index(unit, n): floor(unit * n) clamped to 0..n-1.
CREATE FUNCTION pokeca_cell_index(unit float8, n bigint) RETURNS bigint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT least(greatest(floor(unit * n::float8)::bigint, 0), n - 1)
$$;

-- core's mercator_x and mercator_y.
CREATE FUNCTION pokeca_mercator_x(lng float8) RETURNS float8
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT (lng + 180.0::float8) / 360.0::float8 $$;

CREATE FUNCTION pokeca_mercator_y(lat float8) RETURNS float8
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (1.0::float8 - ln(tan(phi) + 1.0::float8 / cos(phi)) / pi()) / 2.0::float8
  FROM (SELECT least(greatest(lat, -85.05112878::float8), 85.05112878::float8) * pi() / 180.0::float8 AS phi) AS p
$$;

-- The stored keys of one store and what it adds to each (sign 1) or takes away (sign -1).
CREATE FUNCTION pokeca_store_cell_keys(p_lat float8, p_lng float8, p_type text, p_packs boolean, p_boxes boolean,
                                       p_singles boolean, p_sign integer)
RETURNS TABLE (level smallint, store_type text, product text, cx bigint, cy bigint, count bigint, sum_lat float8,
               sum_lng float8)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT l.n::smallint, t.name, p.name,
         pokeca_cell_index(pokeca_mercator_x(p_lng), pokeca_cells_per_axis(l.n)),
         pokeca_cell_index(pokeca_mercator_y(p_lat), pokeca_cells_per_axis(l.n)),
         p_sign::bigint, p_sign * p_lat, p_sign * p_lng
  FROM generate_series(0, 12) AS l (n)
  CROSS JOIN (VALUES ('*'), (p_type)) AS t (name)
  CROSS JOIN (VALUES ('*'), (CASE WHEN p_packs THEN 'pack' END), (CASE WHEN p_boxes THEN 'box' END),
                     (CASE WHEN p_singles THEN 'single' END)) AS p (name)
  WHERE p.name IS NOT NULL
$$;

-- The stored rows' changes for the stores ADDED and REMOVED (a statement's transition
-- tables, passed in as arrays of stores rows: a trigger's transition tables are visible only
-- in its own body), one row per key.
CREATE FUNCTION pokeca_store_cell_changes(added stores[], removed stores[])
RETURNS TABLE (level smallint, store_type text, product text, cx bigint, cy bigint, count bigint, sum_lat float8,
               sum_lng float8)
LANGUAGE sql STABLE AS $$
  SELECT k.level, k.store_type, k.product, k.cx, k.cy, sum(k.count)::bigint, sum(k.sum_lat), sum(k.sum_lng)
  FROM (SELECT a.*, 1 AS sign FROM unnest(added) AS a WHERE a.status = 'active'
        UNION ALL
        SELECT r.*, -1 AS sign FROM unnest(removed) AS r WHERE r.status = 'active') AS c
  CROSS JOIN LATERAL pokeca_store_cell_keys(c.lat, c.lng, c.store_type, c.sells_packs, c.sells_boxes,
                                            c.sells_singles, c.sign) AS k
  GROUP BY k.level, k.store_type, k.product, k.cx, k.cy
$$;

CREATE FUNCTION pokeca_apply_store_changes(added stores[], removed stores[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  -- Nothing counted changed (a purchase report moving last_report_at): touch nothing, so
  -- concurrent reports never meet here.
  IF cardinality(added) = 0 AND cardinality(removed) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO store_cells AS s (level, store_type, product, cx, cy, count, sum_lat, sum_lng)
  SELECT * FROM pokeca_store_cell_changes(added, removed)
  ON CONFLICT (level, store_type, product, cx, cy) DO UPDATE
  SET count = s.count + excluded.count, sum_lat = s.sum_lat + excluded.sum_lat,
      sum_lng = s.sum_lng + excluded.sum_lng;
  -- A cell whose last store left holds nothing (its float sums need not be exactly 0).
  -- Found through store_cells_emptied, which holds only such rows: joining the changes
  -- back to the table instead made the planner scan the whole table on every write.
  DELETE FROM store_cells WHERE count <= 0;

  INSERT INTO prefecture_counts AS p (prefecture, count)
  SELECT c.prefecture, sum(c.sign) FROM (
    SELECT a.prefecture, 1 AS sign FROM unnest(added) AS a WHERE a.status = 'active'
    UNION ALL
    SELECT r.prefecture, -1 AS sign FROM unnest(removed) AS r WHERE r.status = 'active'
  ) AS c GROUP BY c.prefecture
  ON CONFLICT (prefecture) DO UPDATE SET count = p.count + excluded.count;
  DELETE FROM prefecture_counts AS p
  WHERE p.count <= 0 AND p.prefecture IN (SELECT a.prefecture FROM unnest(added) AS a
                                          UNION SELECT r.prefecture FROM unnest(removed) AS r);
END
$$;

-- One trigger per event: PostgreSQL gives transition tables only to single-event triggers.
-- An update that leaves the counted columns alone (a purchase report moving last_report_at)
-- changes nothing here.
CREATE FUNCTION pokeca_store_cells_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pokeca_apply_store_changes(ARRAY(SELECT ROW(n.*)::stores FROM new_rows AS n), ARRAY[]::stores[]);
  RETURN NULL;
END
$$;

CREATE FUNCTION pokeca_store_cells_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pokeca_apply_store_changes(
    ARRAY(SELECT ROW(n.*)::stores FROM new_rows AS n JOIN old_rows AS o USING (id)
          WHERE (n.status, n.lat, n.lng, n.store_type, n.prefecture, n.sells_packs, n.sells_boxes, n.sells_singles)
                IS DISTINCT FROM
                (o.status, o.lat, o.lng, o.store_type, o.prefecture, o.sells_packs, o.sells_boxes, o.sells_singles)),
    ARRAY(SELECT ROW(o.*)::stores FROM old_rows AS o JOIN new_rows AS n USING (id)
          WHERE (n.status, n.lat, n.lng, n.store_type, n.prefecture, n.sells_packs, n.sells_boxes, n.sells_singles)
                IS DISTINCT FROM
                (o.status, o.lat, o.lng, o.store_type, o.prefecture, o.sells_packs, o.sells_boxes, o.sells_singles)));
  RETURN NULL;
END
$$;

CREATE FUNCTION pokeca_store_cells_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pokeca_apply_store_changes(ARRAY[]::stores[], ARRAY(SELECT ROW(o.*)::stores FROM old_rows AS o));
  RETURN NULL;
END
$$;

CREATE TRIGGER stores_cells_insert AFTER INSERT ON stores REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pokeca_store_cells_after_insert();
CREATE TRIGGER stores_cells_update AFTER UPDATE ON stores REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pokeca_store_cells_after_update();
CREATE TRIGGER stores_cells_delete AFTER DELETE ON stores REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pokeca_store_cells_after_delete();

-- Rebuilt from the stores as one set (a million stores passed as an array would not fit
-- comfortably in memory): once here, and after migrate-data's copy, which pauses the
-- triggers while the rows arrive.
CREATE FUNCTION pokeca_rebuild_store_cells() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM store_cells;
  DELETE FROM prefecture_counts;
  INSERT INTO store_cells (level, store_type, product, cx, cy, count, sum_lat, sum_lng)
  SELECT k.level, k.store_type, k.product, k.cx, k.cy, sum(k.count)::bigint, sum(k.sum_lat), sum(k.sum_lng)
  FROM stores AS s
  CROSS JOIN LATERAL pokeca_store_cell_keys(s.lat, s.lng, s.store_type, s.sells_packs, s.sells_boxes,
                                            s.sells_singles, 1) AS k
  WHERE s.status = 'active'
  GROUP BY k.level, k.store_type, k.product, k.cx, k.cy;
  INSERT INTO prefecture_counts (prefecture, count)
  SELECT prefecture, count(*) FROM stores WHERE status = 'active' GROUP BY prefecture;
END
$$;

SELECT pokeca_rebuild_store_cells();
