#!/usr/bin/env bash
# Concurrent purchase reports against the "reported within" sums on PostgreSQL: how many
# fail serialization, and how many go through, with the sums kept (migration 022's appended
# changes, folded every 2 s by a running server) and without them (the trigger off).
#
# Usage: bench/recent_sums_contention.sh SERVER   (a Release pokeca-server, photo worker beside it)
#   env: CLIENTS ("1 4 16"), SECONDS_PER_RUN (15), LOCK (/tmp/pokeca-bench.lock)
# Runs inside `pg_virtualenv -v 15 -t` (a throw-away cluster). Each transaction is what a
# report does to its store (bench/recent_sums_report.sql): SERIALIZABLE, moving a random
# one of the demo's 12,000 stores between this hour and the last, so every one changes the sums.
set -euo pipefail
[ $# -eq 1 ] || { sed -n '2,/^set -euo/p' "$0" | sed '$d'; exit 2; }
if [ -z "${PGHOST:-}" ]; then exec pg_virtualenv -v 15 -t "$0" "$@"; fi
server=$(realpath "$1")
root=$(cd "$(dirname "$0")/.." && pwd)
lock=${LOCK:-/tmp/pokeca-bench.lock}
work=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$work"' EXIT
mkdir -p "$work/data" "$work/static" && echo '<!doctype html>' >"$work/static/index.html"
createdb --template=template0 --encoding=UTF8 --lc-collate=C --lc-ctype=C.UTF-8 contention
port=$(python3 "$root/bench/http_probe.py" free-port)
"$server" serve --database-url dbname=contention --data-dir "$work/data" --port "$port" \
  --static-dir "$work/static" --photo-worker "$(dirname "$server")/pokeca-photo-worker" >"$work/server.log" 2>&1 &
pid=$!
python3 "$root/bench/http_probe.py" wait-healthy "$port" 600  # the demo's 12,000 stores seeded
run() {
  echo "== $1, $2 clients"
  flock "$lock" pgbench -n -c "$2" -j 2 -T "${SECONDS_PER_RUN:-15}" --max-tries=1 --failures-detailed \
    -f "$root/bench/recent_sums_report.sql" contention 2>&1 | grep -E "processed|failed|tps"
  psql -XAtc "SELECT 'changes not yet folded: ' || count(*) FROM store_recent_changes" contention
}
for c in ${CLIENTS:-1 4 16}; do run "sums kept (changes appended, folded)" "$c"; done
psql -Xqc "ALTER TABLE stores DISABLE TRIGGER stores_recent_update" contention
for c in ${CLIENTS:-1 4 16}; do run "no sums (trigger off)" "$c"; done
