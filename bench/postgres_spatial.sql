-- The spatial index for the PostgreSQL backend (docs/decisions/postgres-backend.md): GiST on
-- point(lng, lat) against a B-tree on (lng, lat), over 1,000,000 synthetic stores (30 % within
-- half a degree of Tokyo station, the rest uniform over Japan's box), server time per query
-- (PL/pgSQL loop, after 5 warm runs). Run: pg_virtualenv -v 15 -t psql -X -q -f bench/postgres_spatial.sql
\set ON_ERROR_STOP 1
CREATE TABLE s (id bigint PRIMARY KEY, lat float8 NOT NULL, lng float8 NOT NULL, status text NOT NULL DEFAULT 'active');
SELECT setseed(0.42);
INSERT INTO s SELECT g,
  CASE WHEN g % 10 < 3 THEN 35.68 + (random() - 0.5) * 1.0 ELSE 24 + random() * 22 END,
  CASE WHEN g % 10 < 3 THEN 139.76 + (random() - 0.5) * 1.0 ELSE 123 + random() * 23 END, 'active'
FROM generate_series(1, 1000000) g;
CREATE INDEX s_gist ON s USING gist (point(lng, lat));
CREATE INDEX s_btree ON s (lng, lat);
VACUUM ANALYZE s;
SELECT pg_size_pretty(pg_relation_size('s_gist')) AS gist_size, pg_size_pretty(pg_relation_size('s_btree')) AS btree_size;
SELECT count(*) AS in_box FROM s WHERE lng BETWEEN 139.74 AND 139.78 AND lat BETWEEN 35.67 AND 35.69;

CREATE FUNCTION bench(q text, n int) RETURNS float8 LANGUAGE plpgsql AS $$
DECLARE t0 timestamptz; r record; i int;
BEGIN
  FOR i IN 1..5 LOOP EXECUTE q; END LOOP;  -- warm
  t0 := clock_timestamp();
  FOR i IN 1..n LOOP EXECUTE q; END LOOP;
  RETURN extract(epoch FROM clock_timestamp() - t0) * 1000 / n;
END $$;

-- GiST only
SET enable_bitmapscan = on;
BEGIN; DROP INDEX s_btree;
SELECT 'gist box, all' AS q, bench($q$SELECT count(*) FROM (SELECT id FROM s WHERE point(lng, lat) <@ box(point(139.74, 35.67), point(139.78, 35.69))) x$q$, 200) AS ms;
SELECT 'gist box, limit 301' AS q, bench($q$SELECT count(*) FROM (SELECT id FROM s WHERE point(lng, lat) <@ box(point(139.74, 35.67), point(139.78, 35.69)) LIMIT 301) x$q$, 200) AS ms;
SELECT 'gist knn 301 in box' AS q, bench($q$SELECT count(*) FROM (SELECT id FROM s WHERE point(lng, lat) <@ box(point(139.74, 35.67), point(139.78, 35.69)) ORDER BY point(lng, lat) <-> point(139.76, 35.68) LIMIT 301) x$q$, 200) AS ms;
SELECT 'gist zoomed out 301' AS q, bench($q$SELECT count(*) FROM (SELECT id FROM s WHERE point(lng, lat) <@ box(point(135, 33), point(141, 37)) ORDER BY point(lng, lat) <-> point(138, 35) LIMIT 301) x$q$, 100) AS ms;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) SELECT id FROM s WHERE point(lng, lat) <@ box(point(139.74, 35.67), point(139.78, 35.69)) ORDER BY point(lng, lat) <-> point(139.76, 35.68) LIMIT 301;
ROLLBACK;
-- B-tree only
BEGIN; DROP INDEX s_gist;
SELECT 'btree box, all' AS q, bench($q$SELECT count(*) FROM (SELECT id FROM s WHERE lng BETWEEN 139.74 AND 139.78 AND lat BETWEEN 35.67 AND 35.69) x$q$, 200) AS ms;
SELECT 'btree box sorted 301' AS q, bench($q$SELECT count(*) FROM (SELECT id FROM s WHERE lng BETWEEN 139.74 AND 139.78 AND lat BETWEEN 35.67 AND 35.69 ORDER BY (lng-139.76)^2*0.659+(lat-35.68)^2, id LIMIT 301) x$q$, 200) AS ms;
SELECT 'btree zoomed out 301' AS q, bench($q$SELECT count(*) FROM (SELECT id FROM s WHERE lng BETWEEN 135 AND 141 AND lat BETWEEN 33 AND 37 ORDER BY (lng-138)^2*0.67+(lat-35)^2, id LIMIT 301) x$q$, 20) AS ms;
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) SELECT id FROM s WHERE lng BETWEEN 139.74 AND 139.78 AND lat BETWEEN 35.67 AND 35.69;
ROLLBACK;
