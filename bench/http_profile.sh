#!/usr/bin/env bash
# Where a request's CPU goes: perf record (DWARF call graphs) on the Release server
# while wrk loads one path, then the inclusive share of the functions that matter.
# Usage: bench/http_profile.sh PATH [STORES=1000000] [SECONDS=6]
#   e.g. bench/http_profile.sh '/api/v1/stores?bbox=140.8382,38.2529,140.9006,38.2835&limit=300'
set -euo pipefail
cd "$(dirname "$0")/.."
path=${1:?usage: bench/http_profile.sh PATH [STORES] [SECONDS]}
stores=${2:-1000000}
seconds=${3:-6}
command -v perf >/dev/null || { echo "perf is required (apt-get install -y linux-perf)" >&2; exit 1; }
command -v wrk >/dev/null || { echo "wrk is required (apt-get install -y wrk)" >&2; exit 1; }
root=$(pwd)
# shellcheck source=bench/lib.sh
. bench/lib.sh
bench_prepare_source
bench_build pokeca-server make_bench_db
data_dir=$("$build/bench/make_bench_db" "$stores" "$root/out/bench-data")
port=$(python3 bench/http_probe.py free-port)
tmp=$(mktemp -d /tmp/pokeca-http-profile.XXXXXX)
server_pid=""
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT
"$build/apps/server/pokeca-server" serve --data-dir "$data_dir" --port "$port" --demo-data false \
  >"$tmp/server.out" 2>"$tmp/server.log" &
server_pid=$!
python3 bench/http_probe.py wait-healthy "$port" 20
timeout $((seconds + 20)) wrk -t2 -c32 -d$((seconds + 2))s "http://127.0.0.1:$port$path" >"$tmp/wrk.txt" &
wrk_pid=$!
sleep 1
timeout $((seconds + 20)) perf record -q -F 499 --call-graph dwarf,32768 -p "$server_pid" -o "$tmp/perf.data" -- sleep "$seconds" 2>/dev/null
wait "$wrk_pid" || true
echo "## perf: $path ($stores stores, $src_desc)"
grep -E "Requests/sec" "$tmp/wrk.txt"
echo
echo "inclusive % of the server's samples (children), selected frames:"
perf report -i "$tmp/perf.data" --children --sort symbol --stdio -g none --percent-limit 0.5 2>/dev/null |
  grep -E '%' | grep -E "get_stores|get_store_clusters|StoreService|SqliteStoreRepository|read_store|sqlite3_step|store_json|cluster_json|success|to_json_text|append_json_string|~object|array::destroy|operator new|_int_free|malloc$|malloc_consolidate|access_log|format_access|write_some|sendmsg|writev|__send|recv|epoll" |
  sed -E 's/ +$//; s/\[\.\] //' | cut -c1-150
echo
echo "self % (top 15):"
perf report -i "$tmp/perf.data" --no-children --sort dso,symbol --stdio -g none --percent-limit 1 2>/dev/null |
  grep -E '%' | head -15 | sed -E 's/ +$//; s/\[\.\] //' | cut -c1-150
