#!/usr/bin/env bash
# This server against the peer a developer would write instead, both on the same PostgreSQL
# database, side by side in one run, loopback only: Node + Express + pg (node-postgres)
# (bench/peers/express-pg) asking the same SQL of the same indexes.
#   healthz                 both
#   miss                    bbox ~300 stores, a unique query each request (`&_=N`, ignored by
#                           both servers): the server's response cache misses
#   hit                     the same bbox URL every request: this server only (its response cache)
#   z5 z10 z14              GET /stores/clusters of a 1280×800 map view around Tokyo station at
#                           zoom 5, 10 and 14 (as the map asks it), unique each request
#   detail                  GET /stores/{id} of the store with the most reports, unique each request
#   search                  GET /stores/search?q=ポケモン&limit=8&lat=&lng= (the search box's
#                           call, ranked from Tokyo station), unique each request
# The run happens inside a throw-away cluster (`pg_virtualenv -v 15 -t`; the script starts it
# itself). The database is created with a UTF-8 character type (pg_trgm needs one) and
# filled by `pokeca-server migrate-data` from a copy of a SQLite bench database, or by the
# server's own demo seeding. Both servers and every PostgreSQL process run pinned to CPU 0
# (the whole stack on one core), wrk (-t1 -c64) on CPU 1; rounds are interleaved and the
# table shows medians. Before any timing the answers are checked byte for byte (server =
# peer, plain and with the cache buster); a case whose answers differ is not timed.
# CPU µs/request: utime+stime over the run, from /proc, divided by the requests wrk
# completed: of the server process (all threads), and of PostgreSQL (the postmaster and all
# its children: the backends of both servers' connections, and the background processes).
# Every timed run holds /tmp/pokeca-bench.lock (other benchmarks wait for it) and records
# the load average before and after.
#
# Usage: bench/peer_bench_pg.sh [STORES=12000]
#   env: ROUNDS (3), WRK_DURATION (10s), WARMUP (2s, each case and server once, untimed),
#        WRK_CONNECTIONS (64), CASES ("healthz miss hit z5 z10 z14 detail search"),
#        POKECA_BENCH_SOURCE (head | worktree, see bench/lib.sh), POKECA_BUILD_JOBS (2),
#        PEER_BENCH_SERVER (a server binary to time instead of building one; its photo
#        worker beside it or PEER_BENCH_PHOTO_WORKER), PEER_BENCH_SQLITE (the SQLite database
#        to copy; default: make_bench_db's STORES database, or with PEER_BENCH_SERVER the
#        server's demo seeding), PG_VERSION (15)
# Installs (bench only, never the build, the tests or CI): wrk (apt) when missing, and the
# peer's packages (npm ci in bench/peers/express-pg).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

# --- a throw-away PostgreSQL cluster: run again inside it --------------------------------
if [ -z "${PEER_BENCH_PG_INSIDE:-}" ]; then
  command -v pg_virtualenv >/dev/null || { echo "pg_virtualenv is required (postgresql-common)" >&2; exit 1; }
  # The report goes to fd 3 (this stdout); pg_virtualenv's own messages to stderr.
  PEER_BENCH_PG_INSIDE=1 pg_virtualenv -v "${PG_VERSION:-15}" -t "$0" "$@" 3>&1 >&2
  exit
fi
exec >&3 3>&-

stores="${1:-12000}"
rounds="${ROUNDS:-3}"
duration="${WRK_DURATION:-10s}"
warmup="${WARMUP:-2s}"
connections="${WRK_CONNECTIONS:-64}"
cases="${CASES:-healthz miss hit z5 z10 z14 detail search}"
probe=(python3 "$root/bench/http_probe.py")
server_cpu=0
load_cpu=1
lock=/tmp/pokeca-bench.lock

# --- what the script needs -------------------------------------------------------------
missing=()
command -v wrk >/dev/null || missing+=(wrk)
command -v taskset >/dev/null || missing+=(util-linux)
if [ ${#missing[@]} -gt 0 ]; then
  echo "==> installing ${missing[*]}" >&2
  sudo=(); [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "${missing[@]}" >&2
fi
command -v node >/dev/null || { echo "node is required (scripts/install-deps.sh)" >&2; exit 1; }
peer=$root/bench/peers/express-pg
if [ ! -e "$peer/node_modules/pg/package.json" ]; then
  echo "==> installing the Express + pg peer (bench/peers/express-pg)" >&2
  (cd "$peer" && npm ci --no-audit --no-fund >&2)
fi

# shellcheck source=bench/lib.sh
. "$root/bench/lib.sh"
if [ -n "${PEER_BENCH_SERVER:-}" ]; then
  server_bin=$PEER_BENCH_SERVER
  photo_worker=${PEER_BENCH_PHOTO_WORKER:-$(dirname "$server_bin")/pokeca-photo-worker}
  src_desc="$PEER_BENCH_SERVER ($("$server_bin" version 2>/dev/null | head -1))"
  sqlite_db=${PEER_BENCH_SQLITE:-}
else
  bench_prepare_source
  bench_build pokeca-server pokeca-photo-worker make_bench_db
  server_bin=$build/apps/server/pokeca-server
  photo_worker=$build/adapters/media/pokeca-photo-worker
  echo "==> SQLite database ($stores stores, cached under out/bench-data)" >&2
  sqlite_db=${PEER_BENCH_SQLITE:-$("$build/bench/make_bench_db" "$stores" "$root/out/bench-data")/pokeca.db}
fi

tmp=$(mktemp -d /tmp/pokeca-peer-bench-pg.XXXXXX)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null && wait "$p" 2>/dev/null || true; done
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# --- the database ----------------------------------------------------------------------------
db=pokeca_bench
createdb --template=template0 --encoding=UTF8 --lc-collate=C --lc-ctype=C.UTF-8 "$db"
url="postgresql:///$db"  # host, port, user and password from pg_virtualenv's PG* variables
serve_flags=(--demo-data false)
if [ -n "$sqlite_db" ]; then
  echo "==> migrate-data from a copy of $sqlite_db" >&2
  mkdir -p "$tmp/source"
  cp "$sqlite_db" "$tmp/source/pokeca.db"
  "$server_bin" migrate-data --from "$tmp/source/pokeca.db" --to "$url" >"$tmp/migrate.log" 2>&1 ||
    { cat "$tmp/migrate.log" >&2; exit 1; }
  data_desc="\`migrate-data\` from a copy of $(basename "$(dirname "$sqlite_db")")/$(basename "$sqlite_db")"
else
  [ "$stores" = 12000 ] || { echo "the demo seeding has 12000 stores: set PEER_BENCH_SQLITE for $stores" >&2; exit 1; }
  serve_flags=(--demo-data true)
  data_desc="the server's demo seeding on its first start"
fi
# Every PostgreSQL process on the servers' CPU: the postmaster, and so every backend it forks.
postmaster=$(head -1 "$(psql -Atc 'SHOW data_directory' "$db")/postmaster.pid")
for p in "$postmaster" $(pgrep -P "$postmaster"); do taskset -a -p -c $server_cpu "$p" >/dev/null; done
pg_desc="PostgreSQL $(psql -Atc 'SHOW server_version' "$db" | cut -d' ' -f1)"

# --- the two servers, pinned to CPU 0 ------------------------------------------------------
mkdir -p "$tmp/data"
port=$("${probe[@]}" free-port)
taskset -c $server_cpu "$server_bin" serve --data-dir "$tmp/data" --database-url "$url" --port "$port" \
  --photo-worker "$photo_worker" "${serve_flags[@]}" >"$tmp/server.out" 2>"$tmp/server.log" &
server_pid=$!
pids+=("$server_pid")
"${probe[@]}" wait-healthy "$port" 120 || { tail -5 "$tmp/server.log" >&2; exit 1; }
base="http://127.0.0.1:$port"
kept_cells=$(psql -Atc "SELECT CASE WHEN to_regclass('store_cells') IS NULL THEN 'no' ELSE 'yes' END" "$db")
active=$(psql -Atc "SELECT count(*) FROM stores WHERE status = 'active'" "$db")

curl -sS --max-time 10 "$base/api/v1/prefectures" |
  python3 -c 'import json,sys; print(json.dumps({p["code"]: p["name"] for p in json.load(sys.stdin)["data"]["prefectures"]}, ensure_ascii=False))' \
    >"$tmp/prefectures.json"
peer_port=$("${probe[@]}" free-port)
taskset -c $server_cpu node "$peer/server.js" --pg "$url" --port "$peer_port" --prefectures "$tmp/prefectures.json" \
  >"$tmp/peer.out" 2>"$tmp/peer.log" &
peer_pid=$!
pids+=("$peer_pid")
peer_base="http://127.0.0.1:$peer_port"
for _ in $(seq 200); do curl -sf -o /dev/null --max-time 1 "$peer_base/api/v1/healthz" && break; sleep 0.05; done

# --- the URLs ----------------------------------------------------------------------------------
lat=35.6812 lng=139.7671  # Tokyo station
read -r bbox bbox_count < <("${probe[@]}" find-bbox "$port" $lat $lng 280 300)
declare -A path
path[healthz]="/api/v1/healthz"
path[miss]="/api/v1/stores?bbox=$bbox&limit=300"
path[hit]=${path[miss]}
for z in 5 10 14; do path[z$z]="/api/v1/stores/clusters?bbox=$("${probe[@]}" screen-bbox $lat $lng $z)&zoom=$z"; done
detail_id=$(psql -Atc "SELECT store_id FROM purchase_reports GROUP BY store_id ORDER BY count(*) DESC, store_id LIMIT 1" "$db")
path[detail]="/api/v1/stores/$detail_id"
path[search]="/api/v1/stores/search?q=%E3%83%9D%E3%82%B1%E3%83%A2%E3%83%B3&limit=8&lat=$lat&lng=$lng"  # ポケモン

# --- the answers must be the same bytes -------------------------------------------------------
declare -A checked
same() {  # same CASE URL_PATH: server = peer, or the case is not timed
  local a=$tmp/a.json b=$tmp/b.json
  curl -sS --max-time 10 -o "$a" "$base$2"
  curl -sS --max-time 10 -o "$b" "$peer_base$2"
  if cmp -s "$a" "$b"; then
    echo "   $1: identical ($(stat -c %s "$a") B) $2" >&2
    return 0
  fi
  echo "   $1: the answers DIFFER for $2; not timing it" >&2
  python3 - "$a" "$b" >&2 <<'EOF'
import sys
a, b = open(sys.argv[1], "rb").read(), open(sys.argv[2], "rb").read()
i = next((k for k in range(min(len(a), len(b))) if a[k] != b[k]), min(len(a), len(b)))
print(f"   first difference at byte {i} (server {len(a)} B, peer {len(b)} B)")
print("   server:", a[max(0, i - 80):i + 120].decode(errors="replace"))
print("   peer:  ", b[max(0, i - 80):i + 120].decode(errors="replace"))
EOF
  return 1
}
echo "==> byte-identical answers" >&2
timed=()
for c in $cases; do
  if [ "$c" = hit ]; then timed+=(hit); continue; fi  # the server alone: the miss's URL, checked there
  sep='&'; [[ ${path[$c]} == *\?* ]] || sep='?'
  if same "$c" "${path[$c]}" && same "$c with the cache buster" "${path[$c]}${sep}_=1"; then
    checked[$c]=1
    timed+=("$c")
  fi
done
[[ " $cases " != *" hit "* || -n ${checked[miss]:-} ]] || echo "   hit: the bbox answer was not checked (miss not in CASES or different)" >&2
bbox_bytes=$(curl -sS --max-time 10 "$base${path[miss]}" | wc -c)
z_desc=""
for z in 5 10 14; do
  z_desc+="${z_desc:+; }$(curl -sS --max-time 10 "$base${path[z$z]}" |
    python3 -c 'import json,sys; d=json.load(sys.stdin)["data"]; print("z%s %d clusters + %d stores" % (sys.argv[1], len(d["clusters"]), len(d["stores"])), end="")' $z)"
done
detail_reports=$(psql -Atc "SELECT count(*) FROM purchase_reports WHERE store_id = $detail_id" "$db")
search_count=$(curl -sS --max-time 10 "$base${path[search]}" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["stores"]))')

bench_unique_lua "$tmp/unique.lua"
tck=$(getconf CLK_TCK)

# utime+stime ticks of each process now: "PID TICKS" lines.
ticks_of() { for p in "$@"; do [ -r "/proc/$p/stat" ] && awk -v p="$p" '{print p, $14 + $15}' "/proc/$p/stat" 2>/dev/null; done; true; }
pg_pids() { echo "$postmaster" $(pgrep -P "$postmaster"); }
# Ticks used between two ticks_of snapshots (a process that ended in between counts nothing;
# one that started counts whole).
ticks_between() { awk 'NR == FNR { before[$1] = $2; next } { d += $2 - before[$1] } END { print d + 0 }' "$1" "$2"; }

exec 9>"$lock"
# run_wrk URL LUA|- PID: "req/s own-µs/req pg-µs/req p50 p99 p90 errors load-before load-after"
# (latencies in ms); holds the bench lock for the run.
run_wrk() {
  local url=$1 lua=$2 pid=$3 out script=() load_before
  [ "$lua" = - ] || script=(-s "$lua")
  flock 9
  load_before=$(cut -d' ' -f1 /proc/loadavg)
  ticks_of "$pid" >"$tmp/p0"
  # shellcheck disable=SC2046
  ticks_of $(pg_pids) >"$tmp/g0"
  out=$(timeout 120 taskset -c $load_cpu wrk -t1 -c"$connections" -d"$duration" --latency "${script[@]}" "$url")
  ticks_of "$pid" >"$tmp/p1"
  # shellcheck disable=SC2046
  ticks_of $(pg_pids) >"$tmp/g1"
  local load_after
  load_after=$(cut -d' ' -f1 /proc/loadavg)
  flock -u 9
  echo "$out" >>"$tmp/wrk.log"
  local n
  n=$(awk '/requests in/{print $1}' <<<"$out")
  printf '%s %s %s %s %s %s %s %s %s\n' \
    "$(awk '/^Requests\/sec:/{printf "%.0f", $2}' <<<"$out")" \
    "$(awk -v d="$(ticks_between "$tmp/p0" "$tmp/p1")" -v n="$n" -v t="$tck" 'BEGIN{printf "%.0f", d / t * 1e6 / n}')" \
    "$(awk -v d="$(ticks_between "$tmp/g0" "$tmp/g1")" -v n="$n" -v t="$tck" 'BEGIN{printf "%.0f", d / t * 1e6 / n}')" \
    "$(wrk_percentile 50 <(echo "$out"))" "$(wrk_percentile 99 <(echo "$out"))" \
    "$(wrk_percentile 90 <(echo "$out"))" \
    "$( (awk '/Non-2xx/{n+=$NF} /Socket errors/{n+=1} END{print n+0}' <<<"$out"))" \
    "$load_before" "$load_after"
}
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END{print (NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2}'; }

runs_of() {  # runs_of CASE: "who|url|lua|pid" lines
  local lua=$tmp/unique.lua
  case $1 in
    healthz) lua=- ;;
    hit) echo "server|$base${path[hit]}|-|$server_pid"; return ;;
  esac
  echo "server|$base${path[$1]}|$lua|$server_pid"
  echo "peer|$peer_base${path[$1]}|$lua|$peer_pid"
}

if [ "$warmup" != 0 ]; then
  echo "==> warm-up (${warmup} each, untimed)" >&2
  for c in "${timed[@]}"; do
    while IFS='|' read -r who url lua p; do
      duration=$warmup run_wrk "$url" "$lua" "$p" >/dev/null
    done < <(runs_of "$c")
  done
fi

declare -A res
rows=()
echo "==> timing ($rounds rounds, wrk -t1 -c$connections -d$duration, servers and PostgreSQL on CPU $server_cpu, wrk on CPU $load_cpu)" >&2
load_start=$(cut -d' ' -f1-3 /proc/loadavg)
for r in $(seq "$rounds"); do
  for c in "${timed[@]}"; do
    while IFS='|' read -r who url lua p; do
      out=$(run_wrk "$url" "$lua" "$p")
      echo "   round $r $c $who: $out" >&2
      res["$c $who"]+="$out"$'\n'
      rows+=("| $r | $c | $who | ${out// / | } |")
    done < <(runs_of "$c")
  done
done
load_end=$(cut -d' ' -f1-3 /proc/loadavg)

col() { awk -v c="$1" '{print $c}' <<<"$2"; }
# shellcheck disable=SC2046
med() { median $(col "$1" "${res["$2"]}"); }  # med COLUMN "CASE WHO"

echo "## This server vs Express + pg on PostgreSQL ($active stores) — $(date -u +%FT%TZ)"
echo
echo "- machine: 2-core shared VM, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); $(uname -r)"
echo "- code: $src_desc; \`pokeca-server serve --database-url … ${serve_flags[*]}\` (1 I/O thread, 1 worker when pinned to one CPU, so one pooled connection)"
echo "- database: $pg_desc (pg_virtualenv, throw-away cluster, default settings), filled by $data_desc; per-cell sums kept in \`store_cells\`: $kept_cells"
echo "- peer: Express $(node -p "require('$peer/node_modules/express/package.json').version") + pg $(node -p "require('$peer/node_modules/pg/package.json').version") (Pool of 10, named prepared statements) on Node $(node --version)"
echo "- command: \`bench/peer_bench_pg.sh\` (ROUNDS=$rounds WRK_DURATION=$duration WARMUP=$warmup${PEER_BENCH_SERVER:+ PEER_BENCH_SERVER=$PEER_BENCH_SERVER}${PEER_BENCH_SQLITE:+ PEER_BENCH_SQLITE=…}): both servers and PostgreSQL pinned to CPU $server_cpu, \`taskset -c $load_cpu wrk -t1 -c$connections -d$duration --latency\`"
echo "- URLs: bbox $bbox ($bbox_count stores, $bbox_bytes B); clusters of a 1280×800 view at Tokyo station: $z_desc; detail of store $detail_id ($detail_reports reports); search ポケモン from Tokyo station, limit 8 ($search_count stores)"
echo "- answers byte-identical before timing (server = peer, plain and with \`_=1\`): $(for c in $cases; do [ "$c" = hit ] && continue; if [ -n "${checked[$c]:-}" ]; then printf '%s ' "$c"; else printf '%s(DIFFER, not timed) ' "$c"; fi; done)"
echo "- load average: $load_start at start, $load_end at the end (other engineers' builds compete for the 2 cores; each run's 1-minute load before and after is in the runs table)"
echo
echo "| case | who | median req/s | own CPU µs/req | PostgreSQL CPU µs/req | p50 ms | p99 ms | p90 ms | server / peer req/s |"
echo "|---|---|---:|---:|---:|---:|---:|---:|---:|"
for c in "${timed[@]}"; do
  for who in server peer; do
    [ -n "${res["$c $who"]:-}" ] || continue
    ratio=""
    if [ "$who" = server ] && [ -n "${res["$c peer"]:-}" ]; then
      ratio=$(awk -v a="$(med 1 "$c server")" -v b="$(med 1 "$c peer")" 'BEGIN{printf "%.1f×", a / b}')
    fi
    echo "| $c | $who | $(med 1 "$c $who") | $(med 2 "$c $who") | $(med 3 "$c $who") | $(med 4 "$c $who") | $(med 5 "$c $who") | $(med 6 "$c $who") | $ratio |"
  done
done
echo
echo "<details><summary>every run (req/s, own CPU µs/req (server or peer process), PostgreSQL CPU µs/req, p50, p99, p90, errors, 1-min load before, after)</summary>"
echo
echo "| round | case | who | req/s | own µs | PG µs | p50 | p99 | p90 | errors | load before | load after |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
printf '%s\n' "${rows[@]}"
echo
echo "</details>"
echo
echo "- RSS after the runs: server $("${probe[@]}" rss "$server_pid"); peer $("${probe[@]}" rss "$peer_pid")"
cp "$tmp/wrk.log" "${WRK_LOG:-/dev/null}" 2>/dev/null || true
