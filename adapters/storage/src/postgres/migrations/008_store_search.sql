-- 008: store search (SQLite's FTS5 trigram table and city index). pg_trgm's GIN index on the
-- name answers ILIKE '%word%' for words of 3+ characters (not a regular expression: pg_trgm
-- gets no trigrams out of one with kana or kanji, which the regex library keeps apart as
-- characters beyond its simple range, so the whole index would match); it needs a database
-- whose character type is UTF-8 (in the C locale show_trgm('ポケモンカード') is empty), as
-- docs/decisions/postgres-backend.md asks. pg_trgm is a trusted extension: the
-- database's owner may create it. In public, so that every schema of the database finds it.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
CREATE INDEX stores_name_trigrams ON stores USING gin (name public.gin_trgm_ops);
-- A municipality's stores, by id.
CREATE INDEX stores_by_city ON stores (prefecture, city, id);
