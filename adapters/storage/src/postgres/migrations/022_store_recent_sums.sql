-- 022: the "reported within" clusters' per-cell sums by hour, kept in the writing
-- transaction by statement triggers on stores, as 020 keeps the unfiltered ones. A 24 h
-- view then sums the rows of its cells for the hours of the window instead of reading
-- every store of the box.
--
-- An active store whose last report says bought counts in the rows of the hour of its
-- last_report_at (Unix seconds / 3600), for its type and '*', at every level 0..12: under
-- product '*' when its latest report of any product says bought, and under 'pack', 'box'
-- or 'single' when it sells that product and its latest report of it says bought (the
-- clusters' "reported since" rule, counted_in_clusters in store_rows.cpp). The reader
-- takes the hours wholly inside the window from here and the one hour the window starts
-- in from the stores (stores_by_report_hour).
--
-- Several servers write reports at once, and every report of an hour in Japan lands in
-- the same zoomed-out rows. So each store writes one of four stripes (its id mod 4):
-- two reports at once meet on a row only when their stores share a stripe, where with a
-- single row every pair would, and one of them would run again. A store adds and takes
-- away in its own stripe, so no stripe row ever goes below zero.
CREATE TABLE store_recent_sums (
  level      smallint NOT NULL,
  store_type text     NOT NULL,
  product    text     NOT NULL,
  hour       bigint   NOT NULL,
  cx         bigint   NOT NULL,
  cy         bigint   NOT NULL,
  stripe     smallint NOT NULL,
  count      bigint   NOT NULL,
  sum_lat    float8   NOT NULL,
  sum_lng    float8   NOT NULL,
  PRIMARY KEY (level, store_type, product, hour, cx, cy, stripe)
);

-- The rows a write has just emptied, for its own DELETE (normally none).
CREATE INDEX store_recent_sums_emptied ON store_recent_sums (level) WHERE count <= 0;

-- The stores reported in one hour, for the hour a window starts in. On the hour, not on
-- last_report_at itself: the 24 h store lists would AND an index on last_report_at with
-- the box (0.34 → 4.4 ms at 1,000,000 stores), and they never name the hour.
CREATE INDEX stores_by_report_hour ON stores ((last_report_at / 3600)) WHERE last_report_at IS NOT NULL;

-- The stored keys of one store and what it adds (sign 1) or takes away (sign -1); none
-- for a store not counted.
CREATE FUNCTION pokeca_store_recent_keys(s stores, p_sign integer)
RETURNS TABLE (level smallint, store_type text, product text, hour bigint, cx bigint, cy bigint, stripe smallint,
               count bigint, sum_lat float8, sum_lng float8)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT l.n::smallint, t.name, p.name, s.last_report_at / 3600,
         pokeca_cell_index(pokeca_mercator_x(s.lng), pokeca_cells_per_axis(l.n)),
         pokeca_cell_index(pokeca_mercator_y(s.lat), pokeca_cells_per_axis(l.n)),
         (s.id % 4)::smallint, p_sign::bigint, p_sign * s.lat, p_sign * s.lng
  FROM generate_series(0, 12) AS l (n)
  CROSS JOIN (VALUES ('*'), (s.store_type)) AS t (name)
  CROSS JOIN (VALUES (CASE WHEN s.last_report_kind = 'bought' THEN '*' END),
                     (CASE WHEN s.sells_packs AND s.last_pack_kind = 'bought' THEN 'pack' END),
                     (CASE WHEN s.sells_boxes AND s.last_box_kind = 'bought' THEN 'box' END),
                     (CASE WHEN s.sells_singles AND s.last_single_kind = 'bought' THEN 'single' END)) AS p (name)
  WHERE p.name IS NOT NULL AND s.status = 'active' AND s.last_report_at IS NOT NULL
$$;

CREATE FUNCTION pokeca_apply_store_recent_changes(added stores[], removed stores[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(added) = 0 AND cardinality(removed) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO store_recent_sums AS r (level, store_type, product, hour, cx, cy, stripe, count, sum_lat, sum_lng)
  SELECT k.level, k.store_type, k.product, k.hour, k.cx, k.cy, k.stripe, sum(k.count)::bigint, sum(k.sum_lat),
         sum(k.sum_lng)
  FROM (SELECT c.* FROM unnest(added) AS a CROSS JOIN LATERAL pokeca_store_recent_keys(a, 1) AS c
        UNION ALL
        SELECT c.* FROM unnest(removed) AS o CROSS JOIN LATERAL pokeca_store_recent_keys(o, -1) AS c) AS k
  GROUP BY k.level, k.store_type, k.product, k.hour, k.cx, k.cy, k.stripe
  -- A report within the store's hour changes nothing here (a store moved within a cell
  -- still moves its sums).
  HAVING sum(k.count) <> 0 OR sum(k.sum_lat) <> 0 OR sum(k.sum_lng) <> 0
  ON CONFLICT (level, store_type, product, hour, cx, cy, stripe) DO UPDATE
  SET count = r.count + excluded.count, sum_lat = r.sum_lat + excluded.sum_lat,
      sum_lng = r.sum_lng + excluded.sum_lng;
  DELETE FROM store_recent_sums WHERE count <= 0;
END
$$;

-- An update counts only when it moves what the rows hold: most store edits (a name, an
-- address) leave them alone.
CREATE FUNCTION pokeca_store_recent_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pokeca_apply_store_recent_changes(
    ARRAY(SELECT ROW(n.*)::stores FROM new_rows AS n WHERE n.last_report_at IS NOT NULL), ARRAY[]::stores[]);
  RETURN NULL;
END
$$;

CREATE FUNCTION pokeca_store_recent_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pokeca_apply_store_recent_changes(
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
  PERFORM pokeca_apply_store_recent_changes(
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

-- Rebuilt from the stores as one set: once here, and after migrate-data's copy, which
-- pauses the triggers while the rows arrive.
CREATE FUNCTION pokeca_rebuild_store_recent_sums() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM store_recent_sums;
  INSERT INTO store_recent_sums (level, store_type, product, hour, cx, cy, stripe, count, sum_lat, sum_lng)
  SELECT k.level, k.store_type, k.product, k.hour, k.cx, k.cy, k.stripe, sum(k.count)::bigint, sum(k.sum_lat),
         sum(k.sum_lng)
  FROM stores AS s CROSS JOIN LATERAL pokeca_store_recent_keys(s, 1) AS k
  WHERE s.last_report_at IS NOT NULL
  GROUP BY k.level, k.store_type, k.product, k.hour, k.cx, k.cy, k.stripe;
END
$$;

SELECT pokeca_rebuild_store_recent_sums();

-- The last hour a read takes from the rows as a list of hours (the rows of later hours,
-- stamped ahead of this database's clock, are read as one range): the hour after now, and
-- no more than the longest window (720 hours) and a day past the window's first hour.
CREATE FUNCTION pokeca_recent_hours_until(first_hour bigint) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT greatest(first_hour - 1, least(first_hour + 744, floor(extract(epoch FROM now()))::bigint / 3600 + 1))
$$;
