#!/usr/bin/env bash
# GET /api/v1/lotteries (the 抽選情報 list) on the Release server over loopback, with
# ENTRIES lottery entries on make_bench_db's demo stores, for each store count given.
# Every request of a miss series carries a distinct ignored parameter, so it runs the query
# (the response cache would answer a repeated URL); the hit series repeats one URL.
# Usage: bench/lottery_bench.sh [STORES…]     (default: 12000 1000000)
#   env: ENTRIES (10000), REQUESTS per series (300), POKECA_BUILD_JOBS, POKECA_BENCH_SOURCE
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
entries="${ENTRIES:-10000}"
requests="${REQUESTS:-300}"
[ $# -gt 0 ] || set -- 12000 1000000
probe=(python3 "$root/bench/http_probe.py")

# shellcheck source=bench/lib.sh
. "$root/bench/lib.sh"
bench_prepare_source
bench_build pokeca-server make_bench_db add_bench_lotteries
server=$build/apps/server/pokeca-server
bench_workdir

echo "## GET /lotteries — $(date -u +%FT%TZ)"
echo
echo "- machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(free -g | awk '/Mem:/{print $2}') GiB RAM (shared VM); $(uname -r)"
echo "- code: $src_desc"
echo "- load average at start: $(cut -d' ' -f1-3 /proc/loadavg) (other builders share the 2 cores)"
echo "- $entries entries (core's demo generator: half open, a sixth closing within a day, a quarter upcoming, the rest ended) at active card shops, toy and electronics stores; $requests requests per series, one at a time, keep-alive; client wall clock in ms"
echo
for stores in "$@"; do
  echo "==> $stores stores" >&2
  data_dir=$("$build/bench/make_bench_db" "$stores" "$root/out/bench-data")
  rm -rf "$work/var"
  mkdir -p "$work/var"
  cp "$data_dir/pokeca.db" "$work/var/pokeca.db"
  "$build/bench/add_bench_lotteries" "$work/var/pokeca.db" "$entries" >&2
  port=$("${probe[@]}" free-port)
  "$server" serve --data-dir "$work/var" --port "$port" --static-dir "$work" --demo-data false >"$work/server.log" 2>&1 &
  pid=$!
  "${probe[@]}" wait-healthy "$port" 120
  echo "### $stores stores, $entries entries"
  echo
  echo "| query | rows | miss p50 | miss p99 | cached p50 | cached p99 | bytes |"
  echo "|---|---|---|---|---|---|---|"
  python3 "$root/bench/lottery_probe.py" "$port" "$requests"
  echo
  kill "$pid"
  wait "$pid" 2>/dev/null || true
  pid=""
done
echo "command: \`bench/lottery_bench.sh $*\` (ENTRIES=$entries REQUESTS=$requests)"
