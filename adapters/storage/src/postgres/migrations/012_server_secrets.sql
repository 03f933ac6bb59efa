-- 012: what every server of one database must share. First the secrets (the access
-- tokens' signing key): generated once by the first server that starts, read by every
-- later one, so a token one server signed is accepted by the others. On SQLite the key is a
-- 0600 file in the data directory; here whoever can read this table can forge tokens, so
-- the database role is the server's alone (docs/decisions/postgres-backend.md).

CREATE TABLE server_secrets (
  name       text   PRIMARY KEY,
  value      bytea  NOT NULL CHECK (length(value) > 0),
  created_at bigint NOT NULL DEFAULT (extract(epoch FROM now())::bigint)
);

-- The rate limits' allowances, one per key, shared by every server of the database
-- (docs/decisions/rate-limits.md): a budget is the same whether an attacker's requests go to
-- one server or are spread over several. One row a key: the SHA-256 of the key (keys name
-- addresses and e-mail addresses, which are not kept) and its GCRA theoretical arrival time;
-- a row whose time has passed is the same as no row and is swept.
-- UNLOGGED: a crash empties it (as a restart empties one server's own counts) and its writes
-- cost no WAL. No change trigger: no cached answer reads it, and every login would
-- otherwise empty every server's caches.
CREATE UNLOGGED TABLE rate_limits (
  key bytea            PRIMARY KEY,
  tat double precision NOT NULL
);
CREATE INDEX rate_limits_by_tat ON rate_limits (tat);

-- The periodic jobs' last claimed runs (core's JobSchedule): a server runs a job only after
-- claiming it, which succeeds for one server per interval; a server that dies mid-run leaves
-- the next interval to another. No change trigger: no cached answer reads it.
CREATE TABLE job_runs (
  name       text   PRIMARY KEY,
  claimed_at bigint NOT NULL
);
