-- Store name search on the PostgreSQL backend (docs/decisions/postgres-backend.md): pg_trgm's
-- GIN index on the name against no index, over 1,000,000 synthetic store names (chains and
-- branch names as in the demo data), server time per query (PL/pgSQL loop of EXECUTE, so each
-- run is planned for its words, as PgStoreSearch's unprepared query is; after 5 warm runs), in
-- the shape PgStoreSearch sends: ILIKE '%spelling%' for one word group's spellings, every group
-- tested on the candidates, id order, limit 10.
-- Run: pg_virtualenv -v 15 -t psql -X -q -f bench/postgres_search.sql
\set ON_ERROR_STOP 1
CREATE DATABASE search_bench TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C.UTF-8';
\c search_bench
CREATE EXTENSION pg_trgm;
CREATE TABLE stores (id bigint PRIMARY KEY, name text NOT NULL, status text NOT NULL DEFAULT 'active');
SELECT setseed(0.42);
INSERT INTO stores (id, name)
SELECT g,
  (ARRAY['セブン-イレブン', 'ファミリーマート', 'ローソン', 'ミニストップ', 'イオン', 'ヨドバシカメラ',
         'ビックカメラ', 'ゲオ', 'TSUTAYA', 'カードラボ', 'トイザらス', 'ドン・キホーテ', 'ホビーショップ',
         'カードショップ', 'ブックオフ', 'ポケモンカード専門店'])[1 + (g % 16)]
  || ' ' ||
  (ARRAY['新宿', '渋谷', '池袋', '梅田', '難波', '天神', '札幌', '仙台', '名古屋', '横浜', '川崎', '千葉',
         '大宮', '京都', '神戸', '広島', '岡山', '熊本', '那覇', '金沢'])[1 + ((g / 16) % 20)]
  || (g % 997)::text || '号店'
FROM generate_series(1, 1000000) g;
-- A few rare names, as the real map has (ポケモンセンター: 17 in the country).
UPDATE stores SET name = 'ポケモンセンター' || id::text WHERE id % 58823 = 0;
CREATE INDEX stores_name_trigrams ON stores USING gin (name gin_trgm_ops);
VACUUM ANALYZE stores;
SELECT pg_size_pretty(pg_relation_size('stores_name_trigrams')) AS trigram_index_size;

CREATE FUNCTION bench(q text, n int) RETURNS float8 LANGUAGE plpgsql AS $$
DECLARE t0 timestamptz; i int;
BEGIN
  FOR i IN 1..5 LOOP EXECUTE q; END LOOP;  -- warm
  t0 := clock_timestamp();
  FOR i IN 1..n LOOP EXECUTE q; END LOOP;
  RETURN extract(epoch FROM clock_timestamp() - t0) * 1000 / n;
END $$;

-- PgStoreSearch's by_index query for one word group's spellings, every group then tested.
CREATE FUNCTION search_sql(indexed text[], spellings text, groups text, n int) RETURNS text LANGUAGE sql AS $$
  SELECT format($f$SELECT count(*) FROM (SELECT s.id FROM stores AS s WHERE (%s) AND s.status = 'active'
    AND (SELECT count(DISTINCT u.g) FROM unnest(%L::text[], %L::int[]) AS u(spelling, g)
    WHERE strpos(lower(s.name COLLATE "C"), u.spelling) > 0) = %s ORDER BY s.id LIMIT 10) x$f$,
    (SELECT string_agg(format('s.name ILIKE %L', '%' || w || '%'), ' OR ') FROM unnest(indexed) AS w),
    spellings, groups, n)
$$;

SELECT q, round(bench(search_sql(p, sp, g, n), 100)::numeric, 3) AS ms_with_index FROM (VALUES
  ('ポケモン (62,500 names)', '{ポケモン}'::text[], '{ポケモン}', '{1}', 1),
  ('ポケモンセンター (17)', '{ポケモンセンター}', '{ポケモンセンター}', '{1}', 1),
  ('セブン (62,500)', '{セブン}', '{セブン}', '{1}', 1),
  ('カードラボ 梅田 (two groups)', '{カードラボ}', '{カードラボ,梅田}', '{1,2}', 2),
  ('ぽけもん|ポケモン (two spellings)', '{ぽけもん,ポケモン}', '{ぽけもん,ポケモン}', '{1,1}', 1),
  ('tsutaya (ASCII)', '{tsutaya}', '{tsutaya}', '{1}', 1),
  ('該当なしの店名 (none)', '{該当なしの店名}', '{該当なしの店名}', '{1}', 1)
) AS t(q, p, sp, g, n);
EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) SELECT s.id FROM stores AS s
  WHERE s.name ILIKE '%ポケモンセンター%' AND s.status = 'active' ORDER BY s.id LIMIT 10;

-- Without the index: what the trigram index saves.
BEGIN; DROP INDEX stores_name_trigrams;
SELECT q, round(bench(search_sql(p, sp, g, n), 5)::numeric, 3) AS ms_without_index FROM (VALUES
  ('ポケモンセンター (17)', '{ポケモンセンター}'::text[], '{ポケモンセンター}', '{1}', 1),
  ('該当なしの店名 (none)', '{該当なしの店名}', '{該当なしの店名}', '{1}', 1)
) AS t(q, p, sp, g, n);
ROLLBACK;
\c postgres
DROP DATABASE search_bench;
