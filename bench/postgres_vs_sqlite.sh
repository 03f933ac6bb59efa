#!/usr/bin/env bash
# Map and search answer times and start-up on SQLite and on PostgreSQL, the same data on both,
# so an operator knows what the move costs on one machine (docs/decisions/postgres-backend.md).
#
# Usage: bench/postgres_vs_sqlite.sh SERVER DB_FILE...
#   SERVER   a Release pokeca-server (pokeca-photo-worker beside it, or PHOTO_WORKER=PATH)
#   DB_FILE  a make_bench_db file (out/bench-data/demo-N-…/pokeca.db); copied, never changed.
#            For GET /lotteries to list something, add entries to it first, as
#            bench/lottery_bench.sh does: `add_bench_lotteries FILE 10000`.
#   env: REQUESTS per case (200), WARMUP per case (20), STARTS per start-up figure (5),
#        OUT (out/postgres-vs-sqlite), LOCK (/tmp/pokeca-bench.lock: every timed part and the
#        migration take it, so two benchmarks never share the machine), BACKENDS ("sqlite
#        postgres"; one of them alone to re-run a side), TAG (appended to the backend's label,
#        e.g. TAG=-cells for a second binary's column).
# Without PGHOST it runs itself inside `pg_virtualenv -v 15 -t` (a throw-away cluster, default
# settings); with PGHOST etc. set it uses that cluster and leaves pokeca_bench_N there (EXPLAIN).
# Relative paths (SERVER, DB_FILE, OUT) are taken from the directory it is started in.
# Per store count: the copy is served on SQLite; then `migrate-data` copies it into an empty
# PostgreSQL database (then VACUUM ANALYZE, which autovacuum would do a minute later) and the
# same cases run there. Times are the server's own (access log duration_ms, per request id),
# see bench/backend_probe.py; start-up is exec → first 200 from /api/v1/healthz
# (bench/http_probe.py start-time), after one untimed start that applies any migration.
set -euo pipefail
[ $# -ge 2 ] || { sed -n '2,/^set -euo/p' "$0" | sed '$d'; exit 2; }
if [ -z "${PGHOST:-}" ]; then exec pg_virtualenv -v 15 -t "$0" "$@"; fi
server=$(realpath "$1"); shift
dbs=(); for db in "$@"; do dbs+=("$(realpath "$db")"); done
out=$(realpath -m "${OUT:-$(dirname "$0")/../out/postgres-vs-sqlite}")
cd "$(dirname "$0")/.."
root=$(pwd)
worker=${PHOTO_WORKER:-$(dirname "$server")/pokeca-photo-worker}
requests=${REQUESTS:-200} warmup=${WARMUP:-20} starts=${STARTS:-5}
backends=${BACKENDS:-sqlite postgres} tag=${TAG:-}
lock=${LOCK:-/tmp/pokeca-bench.lock}
probe=(python3 "$root/bench/http_probe.py")
mkdir -p "$out/static" && echo '<!doctype html>' >"$out/static/index.html"
load() { echo "$(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg) $*" | tee -a "$out/load.txt" >&2; }

# serve LABEL ARGS...: one untimed start, STARTS timed starts, then the cases on one server.
serve() {
  local label=$1; shift
  local argv=("$server" serve --port "$port" --static-dir "$out/static" --demo-data false
    --photo-worker "$worker" "$@")
  "${argv[@]}" >"$out/$label-first.log" 2>&1 &
  local pid=$!
  "${probe[@]}" wait-healthy "$port" 600
  kill "$pid" && wait "$pid" || true
  load "before $label start-up"
  for _ in $(seq "$starts"); do
    flock "$lock" "${probe[@]}" start-time "$port" "$out/$label-start.log" -- "${argv[@]}"
  done | tee "$out/$label-start.txt" >&2
  load "after $label start-up"
  "${argv[@]}" >"$out/$label.log" 2>&1 &
  pid=$!
  "${probe[@]}" wait-healthy "$port" 60
  load "before $label cases"
  flock "$lock" python3 "$root/bench/backend_probe.py" cases "$port" "$out/$label.log" "$requests" "$warmup" \
    "$label" >"$out/$label.jsonl"
  load "after $label cases"
  kill "$pid" && wait "$pid" || true
}

results=()
for db in "${dbs[@]}"; do
  stores=$(sqlite3 "file:$db?mode=ro" 'SELECT count(*) FROM stores')
  work=$out/$stores
  rm -rf "$work" && mkdir -p "$work/sqlite" "$work/pg"
  port=$("${probe[@]}" free-port)
  if [[ " $backends " == *" sqlite "* ]]; then
    results+=("$out/sqlite$tag-$stores.jsonl")
    echo "==> $stores stores: SQLite" >&2
    cp "$db" "$work/sqlite/pokeca.db"
    serve "sqlite$tag-$stores" --data-dir "$work/sqlite"
  fi
  [[ " $backends " == *" postgres "* ]] || continue
  results+=("$out/postgres$tag-$stores.jsonl")
  echo "==> $stores stores: PostgreSQL (migrate-data)" >&2
  name=pokeca_bench_$stores
  dropdb --if-exists "$name"
  createdb --template=template0 --encoding=UTF8 --lc-collate=C --lc-ctype=C.UTF-8 "$name"
  cp "$db" "$work/pg-source.db"
  secs=$(LOG="$out/migrate$tag-$stores.log" flock "$lock" bash -c 'TIMEFORMAT=%R; { time "$@" >"$LOG" 2>&1; } 2>&1' _ \
    "$server" migrate-data --from "$work/pg-source.db" --to "dbname=$name")
  echo "migrate-data $stores stores: $secs s (inside the lock)" | tee -a "$out/load.txt" >&2
  rm "$work/pg-source.db"
  psql -X -q -d "$name" -c 'VACUUM ANALYZE'
  serve "postgres$tag-$stores" --data-dir "$work/pg" --database-url "dbname=$name"
done

{
  echo "server $("$server" version) $(sha256sum "$server" | cut -c1-12), $(date -u +%FT%TZ), $(nproc) cores,"\
    "REQUESTS=$requests WARMUP=$warmup, PostgreSQL $(psql -XAtc 'SHOW server_version')"
  python3 "$root/bench/backend_probe.py" table "${results[@]}"
  echo
  echo "start-up, exec → first healthz 200 (s, server's startup_ms), $starts starts:"
  for f in "${results[@]/%.jsonl/-start.txt}"; do echo "- $(basename "$f" -start.txt): $(tr '\n' ' ' <"$f")"; done
} | tee "$out/table.md"
