-- 008: store search (SQLite's FTS5 trigram table and city index). pg_trgm's GIN index on the
-- ASCII-lower-cased name answers a substring regex of 3+ characters; it needs a database
-- whose character type is UTF-8 (in the C locale show_trgm('ポケモンカード') is empty), as
-- docs/decisions/postgres-backend.md asks. pg_trgm is a trusted extension: the
-- database's owner may create it. In public, so that every schema of the database finds it.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
CREATE INDEX stores_name_trigrams ON stores USING gin (lower(name COLLATE "C") public.gin_trgm_ops);
-- A municipality's stores, by id.
CREATE INDEX stores_by_city ON stores (prefecture, city, id);
