#!/usr/bin/env bash
# This server against its peers, side by side in one run, loopback only.
#   healthz                 this server vs Express (bench/peers/express)
#   bbox ~300 stores, miss  a unique query each request (`&_=N`, ignored by both servers)
#                           this server vs Express
#   bbox ~300 stores, hit   the same URL every request: this server (response cache) vs
#                           nginx (one worker) serving the very same bytes as a static file
#   missgz / hitgz          the miss and hit again with Accept-Encoding: gzip (this server
#                           only): what compressing the JSON costs
# Every server runs pinned to CPU 0 and wrk (-t1 -c64) to CPU 1; rounds are interleaved
# and the table shows medians. Before any timing the answers are checked byte for byte
# (server = Express for healthz and the bbox; server = nginx for the bbox).
# CPU µs/request: utime+stime of the server process (all threads) over the run, from
# /proc/PID/stat, divided by the requests wrk completed — less noisy than req/s on a
# shared machine.
# On PostgreSQL (both servers on one database, an Express + pg peer, clusters, detail and
# search too): bench/peer_bench_pg.sh.
#
# Usage: bench/peer_bench.sh [STORES=12000]
#   env: ROUNDS (3), WRK_DURATION (10s), WRK_CONNECTIONS (64), CASES ("healthz miss hit missgz hitgz"),
#        POKECA_BENCH_SOURCE (head | worktree, see bench/lib.sh), POKECA_BUILD_JOBS (2),
#        PEER_BENCH_SERVER, PEER_BENCH_DATA_DIR, PEER_BENCH_SERVE_FLAGS (below)
# Installs (bench only, never the build, the tests or CI): wrk and nginx-light (apt) when
# missing, and the Express peer's packages (npm ci in bench/peers/express; better-sqlite3
# is compiled against Node's headers in /usr/include/node).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
stores="${1:-12000}"
rounds="${ROUNDS:-3}"
duration="${WRK_DURATION:-10s}"
connections="${WRK_CONNECTIONS:-64}"
cases="${CASES:-healthz miss hit missgz hitgz}"
probe=(python3 "$root/bench/http_probe.py")
server_cpu=0
load_cpu=1

# --- what the script needs -------------------------------------------------------------
missing=()
command -v wrk >/dev/null || missing+=(wrk)
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || missing+=(nginx-light)
command -v taskset >/dev/null || missing+=(util-linux)
if [ ${#missing[@]} -gt 0 ]; then
  echo "==> installing ${missing[*]}" >&2
  sudo=(); [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "${missing[@]}" >&2
fi
nginx_bin=$(command -v nginx || echo /usr/sbin/nginx)
command -v node >/dev/null || { echo "node is required (scripts/install-deps.sh)" >&2; exit 1; }

peer=$root/bench/peers/express
if [ ! -e "$peer/node_modules/better-sqlite3/build/Release/better_sqlite3.node" ]; then
  echo "==> installing the Express peer (bench/peers/express)" >&2
  (cd "$peer" && npm ci --no-audit --no-fund --ignore-scripts >&2)
  # No prebuilt binary can be fetched here: compile it against the installed Node's headers.
  (cd "$peer/node_modules/better-sqlite3" &&
    node "$(dirname "$(readlink -f "$(command -v npm)")")/../node_modules/node-gyp/bin/node-gyp.js" \
      rebuild --release --nodedir=/usr >&2)
fi

# shellcheck source=bench/lib.sh
. "$root/bench/lib.sh"
bench_prepare_source
bench_build pokeca-server pokeca-photo-worker make_bench_db
# PEER_BENCH_SERVER=BIN times another server binary (a copy of an earlier build: before/after;
# with PEER_BENCH_DATA_DIR when the schema changed in between).
server_bin=${PEER_BENCH_SERVER:-$build/apps/server/pokeca-server}
[ -z "${PEER_BENCH_SERVER:-}" ] || src_desc="$PEER_BENCH_SERVER"

echo "==> database ($stores stores, cached under out/bench-data)" >&2
data_dir=$("$build/bench/make_bench_db" "$stores" "$root/out/bench-data")
# PEER_BENCH_DATA_DIR=DIR serves another copy of it: an earlier binary needs the file at its
# own schema version (a newer one is refused), the same stores and reports otherwise.
data_dir=${PEER_BENCH_DATA_DIR:-$data_dir}

tmp=$(mktemp -d /tmp/pokeca-peer-bench.XXXXXX)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null && wait "$p" 2>/dev/null || true; done
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# --- the three servers, each pinned to CPU 0 ------------------------------------------------
port=$("${probe[@]}" free-port)
# PEER_BENCH_SERVE_FLAGS: more `serve` flags for this server, e.g. "--metrics-bind 127.0.0.1:0"
# (the hot path with metrics counted).
# shellcheck disable=SC2086
taskset -c $server_cpu "$server_bin" serve --data-dir "$data_dir" --port "$port" --demo-data false \
  ${PEER_BENCH_SERVE_FLAGS:-} >"$tmp/server.out" 2>"$tmp/server.log" &
server_pid=$!
pids+=("$server_pid")
"${probe[@]}" wait-healthy "$port" 30
base="http://127.0.0.1:$port"

curl -sS --max-time 10 "$base/api/v1/prefectures" |
  python3 -c 'import json,sys; print(json.dumps({p["code"]: p["name"] for p in json.load(sys.stdin)["data"]["prefectures"]}, ensure_ascii=False))' \
    >"$tmp/prefectures.json"
express_port=$("${probe[@]}" free-port)
taskset -c $server_cpu node "$peer/server.js" --db "$data_dir/pokeca.db" --port "$express_port" \
  --prefectures "$tmp/prefectures.json" >"$tmp/express.out" 2>"$tmp/express.log" &
express_pid=$!
pids+=("$express_pid")
express="http://127.0.0.1:$express_port"
for _ in $(seq 200); do curl -sf -o /dev/null --max-time 1 "$express/api/v1/healthz" && break; sleep 0.05; done

read -r bbox bbox_count < <("${probe[@]}" find-bbox "$port" 35.6812 139.7671 280 300)
bbox_path="/api/v1/stores?bbox=$bbox&limit=300"
mkdir -p "$tmp/www"
curl -sS --max-time 10 -o "$tmp/www/stores.json" "$base$bbox_path"
bbox_bytes=$(stat -c %s "$tmp/www/stores.json")
chmod 755 "$tmp" "$tmp/www" && chmod 644 "$tmp/www/stores.json"  # nginx's worker may run as nobody
nginx_port=$("${probe[@]}" free-port)
bench_nginx_conf "$tmp" "$nginx_port" 1 01
taskset -c $server_cpu "$nginx_bin" -c "$tmp/nginx.conf" -p "$tmp" 2>"$tmp/nginx-start.log" &
nginx_pid=$!
pids+=("$nginx_pid")
for _ in $(seq 200); do curl -s -o /dev/null --max-time 1 "http://127.0.0.1:$nginx_port/stores.json" && break; sleep 0.05; done

# --- the answers must be the same bytes -------------------------------------------------------
same() {  # same NAME URL_A URL_B
  if cmp -s <(curl -sS --max-time 10 "$2") <(curl -sS --max-time 10 "$3"); then
    echo "   $1: identical" >&2
  else
    echo "   $1: the answers DIFFER ($2 vs $3); not timing" >&2
    diff <(curl -sS "$2" | head -c 600) <(curl -sS "$3" | head -c 600) >&2 || true
    exit 1
  fi
}
echo "==> byte-identical answers" >&2
same healthz "$base/api/v1/healthz" "$express/api/v1/healthz"
same "bbox (Express)" "$base$bbox_path" "$express$bbox_path"
same "bbox cache buster ignored" "$base$bbox_path&_=1" "$express$bbox_path&_=1"
same "bbox (nginx)" "$base$bbox_path" "http://127.0.0.1:$nginx_port/stores.json"
gz_bytes=$(curl -sS --max-time 10 -H 'Accept-Encoding: gzip' -o "$tmp/stores.json.gz" -w '%{size_download}' "$base$bbox_path")
gz_note="$(gzip -dc "$tmp/stores.json.gz" 2>/dev/null | cmp -s - "$tmp/www/stores.json" && echo "gzip $gz_bytes B, decompresses to the same bytes" || echo "not compressed ($gz_bytes B)")"
echo "   bbox with Accept-Encoding: gzip: $gz_note" >&2

bench_unique_lua "$tmp/unique.lua"

tck=$(getconf CLK_TCK)
nginx_worker=$(pgrep -P "$nginx_pid" | head -1)
# run_wrk URL LUA|- PID…: "req/s cpu-µs/request p50 p99 p90 errors" (ms; wrk --latency has no p99.9); GZIP=1 sends
# Accept-Encoding: gzip.
run_wrk() {
  local url=$1 lua=$2 out before after script=()
  shift 2
  [ "$lua" = - ] || script=(-s "$lua")
  [ "${GZIP:-0}" = 0 ] || script+=(-H 'Accept-Encoding: gzip')
  before=$(bench_cpu_ticks "$@")
  out=$(timeout 120 taskset -c $load_cpu wrk -t1 -c"$connections" -d"$duration" --latency "${script[@]}" "$url")
  after=$(bench_cpu_ticks "$@")
  echo "$out" >>"$tmp/wrk.log"
  local n
  n=$(awk '/requests in/{print $1}' <<<"$out")
  printf '%s %s %s %s %s %s\n' \
    "$(awk '/^Requests\/sec:/{printf "%.0f", $2}' <<<"$out")" \
    "$(awk -v d=$((after - before)) -v n="$n" -v t="$tck" 'BEGIN{printf "%.0f", d / t * 1e6 / n}')" \
    "$(wrk_percentile 50 <(echo "$out"))" "$(wrk_percentile 99 <(echo "$out"))" \
    "$(wrk_percentile 90 <(echo "$out"))" \
    "$( (awk '/Non-2xx/{n+=$NF} /Socket errors/{n+=1} END{print n+0}' <<<"$out"))"
}
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END{print (NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2}'; }

declare -A res
rows=()
echo "==> timing ($rounds rounds, wrk -t1 -c$connections -d$duration, servers on CPU $server_cpu, wrk on CPU $load_cpu)" >&2
load_start=$(cut -d' ' -f1-3 /proc/loadavg)
for r in $(seq "$rounds"); do
  for c in $cases; do
    case $c in
      healthz) runs=("server|$base/api/v1/healthz|-|$server_pid" "express|$express/api/v1/healthz|-|$express_pid") ;;
      miss) runs=("server|$base$bbox_path|$tmp/unique.lua|$server_pid" "express|$express$bbox_path|$tmp/unique.lua|$express_pid") ;;
      hit) runs=("server|$base$bbox_path|-|$server_pid" "nginx|http://127.0.0.1:$nginx_port/stores.json|-|$nginx_worker") ;;
      missgz) runs=("server|$base$bbox_path|$tmp/unique.lua|$server_pid") ;;
      hitgz) runs=("server|$base$bbox_path|-|$server_pid") ;;
    esac
    gzip=0
    case $c in *gz) gzip=1 ;; esac
    for run in "${runs[@]}"; do
      IFS='|' read -r who url lua p <<<"$run"
      out=$(GZIP=$gzip run_wrk "$url" "$lua" "$p")
      echo "   round $r $c $who: $out" >&2
      res["$c $who"]+="$out"$'\n'
      rows+=("| $r | $c | $who | ${out// / | } |")
    done
  done
done

col() { awk -v c="$1" '{print $c}' <<<"$2"; }
summary() {  # summary CASE WHO → "req/s | cpu | p50 | p99 | p90"
  local runs=${res["$1 $2"]}
  # shellcheck disable=SC2046
  echo "$(median $(col 1 "$runs")) | $(median $(col 2 "$runs")) | $(median $(col 3 "$runs")) | $(median $(col 4 "$runs")) | $(median $(col 5 "$runs"))"
}

echo "## Peers side by side ($stores stores) — $(date -u +%FT%TZ)"
echo
echo "- machine: 2-core shared VM, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); $(uname -r)"
echo "- code: $src_desc; Release; \`pokeca-server serve --demo-data false\` (1 I/O thread, workers: one per CPU it may run on — 1 when pinned to CPU 0 since the latency branch —, access log to a file)"
echo "- peers: Express $(node -p "require('$peer/node_modules/express/package.json').version") + better-sqlite3 $(node -p "require('$peer/node_modules/better-sqlite3/package.json').version") on Node $(node --version); $("$nginx_bin" -v 2>&1 | sed 's/.*: //') (1 worker)"
echo "- command: \`bench/peer_bench.sh $stores\` (ROUNDS=$rounds WRK_DURATION=$duration): servers pinned to CPU $server_cpu, \`taskset -c $load_cpu wrk -t1 -c$connections -d$duration --latency\`"
echo "- answers byte-identical before timing: healthz (server = Express), bbox $bbox_bytes B, $bbox_count stores (server = Express = nginx); with Accept-Encoding: gzip: $gz_note"
echo "- load average: $load_start at start, $(cut -d' ' -f1-3 /proc/loadavg) at the end (other engineers' builds compete for the 2 cores)"
echo
echo "| case | who | median req/s | CPU µs/request | p50 ms | p99 ms | p90 ms |"
echo "|---|---|---:|---:|---:|---:|---:|"
for c in $cases; do
  case $c in healthz) whos="server express" ;; miss) whos="server express" ;; hit) whos="server nginx" ;; *) whos=server ;; esac
  for who in $whos; do echo "| $c | $who | $(summary "$c" "$who") |"; done
done
echo
echo "<details><summary>every run (req/s, CPU µs/request, p50, p99, p90, errors)</summary>"
echo
echo "| round | case | who | req/s | CPU µs | p50 | p99 | p90 | errors |"
echo "|---|---|---|---|---|---|---|---|---|"
printf '%s\n' "${rows[@]}"
echo
echo "</details>"
echo
echo "- server RSS after the runs: $("${probe[@]}" rss "$server_pid")"
cp "$tmp/wrk.log" "${WRK_LOG:-/dev/null}" 2>/dev/null || true
