-- 012: secrets every server of one database must share (the access tokens' signing key):
-- generated once by the first server that starts, read by every later one, so a token one
-- server signed is accepted by the others. On SQLite the key is a 0600 file in the data
-- directory; here whoever can read this table can forge tokens, so the database role is
-- the server's alone (docs/decisions/postgres-backend.md).

CREATE TABLE server_secrets (
  name       text   PRIMARY KEY,
  value      bytea  NOT NULL CHECK (length(value) > 0),
  created_at bigint NOT NULL DEFAULT (extract(epoch FROM now())::bigint)
);
