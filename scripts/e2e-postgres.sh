#!/usr/bin/env bash
# The browser journeys against the server on PostgreSQL: run inside `pg_virtualenv -v 15 -t`
# (a throw-away cluster whose PG* variables it sets). The database gets a UTF-8 character
# type, as an operator's must (pg_trgm sees no Japanese in the C locale). One viewport:
# the storage is what differs, and the mobile layouts are covered on SQLite.
set -euo pipefail
cd "$(dirname "$0")/.."
createdb --template=template0 --encoding=UTF8 --lc-collate=C --lc-ctype=C.UTF-8 pokeca_e2e
E2E_DATABASE_URL="dbname=pokeca_e2e" POKECA_SERVER_BIN="$PWD/out/test/apps/server/pokeca-server" \
  npm run --prefix frontend e2e --silent -- --project=desktop "$@"
