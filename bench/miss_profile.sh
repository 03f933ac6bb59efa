#!/usr/bin/env bash
# Where a bbox response-cache miss spends its CPU. `perf record -g
# -F 999` of a Release server pinned to CPU 0 while `wrk -t1 -c64` on CPU 1 sends a
# never-asked URL each request (peer_bench.sh's miss case), then the top symbols (self,
# and inclusive for a selection) and the syscalls of a second, short run (strace -c -f).
# KEEP_PERF=FILE keeps perf.data.
# Usage: bench/miss_profile.sh SERVER_BIN DATA_DIR [SECONDS=6]
#   SERVER_BIN: e.g. out/bench/apps/server/pokeca-server (after bench/peer_bench.sh built it)
#   DATA_DIR:   e.g. out/bench-data/demo-12000-schemafe0df946-gen1
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:?usage: bench/miss_profile.sh SERVER_BIN DATA_DIR [SECONDS]}
data_dir=${2:?usage}
seconds=${3:-6}
probe=(python3 bench/http_probe.py)
# shellcheck source=bench/lib.sh
. bench/lib.sh
tmp=$(mktemp -d /tmp/pokeca-miss-profile.XXXXXX)
server_pid=""
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT
port=$("${probe[@]}" free-port)
taskset -c 0 "$bin" serve --data-dir "$data_dir" --port "$port" --demo-data false >"$tmp/server.out" 2>"$tmp/server.log" &
server_pid=$!
"${probe[@]}" wait-healthy "$port" 30
read -r bbox _ < <("${probe[@]}" find-bbox "$port" 35.6812 139.7671 280 300)
bench_unique_lua "$tmp/unique.lua"
url="http://127.0.0.1:$port/api/v1/stores?bbox=$bbox&limit=300"
# warm the fragments
taskset -c 1 wrk -t1 -c8 -d2s -s "$tmp/unique.lua" "$url" >/dev/null
taskset -c 1 wrk -t1 -c64 -d$((seconds + 2))s -s "$tmp/unique.lua" "$url" >"$tmp/wrk.txt" &
wrk_pid=$!
sleep 1
perf record -q -g -F 999 -p "$server_pid" -o "$tmp/perf.data" -- sleep "$seconds" 2>/dev/null
[ -z "${KEEP_PERF:-}" ] || cp "$tmp/perf.data" "$KEEP_PERF"
wait "$wrk_pid" || true
echo "## perf: unique bbox misses ($bin, load $(cut -d' ' -f1-3 /proc/loadavg))"
grep -E "Requests/sec" "$tmp/wrk.txt"
echo
echo "self % (top 30):"
perf report -i "$tmp/perf.data" --no-children --sort symbol --stdio -g none --percent-limit 0.7 2>/dev/null |
  grep -E '^ +[0-9]' | sed -E 's/ {2,}-? *-? *$//; s/ +$//' | head -30
echo
echo "inclusive % (children), selected:"
perf report -i "$tmp/perf.data" --children --sort symbol --stdio -g none --percent-limit 1 2>/dev/null |
  grep -E '^ +[0-9]' | sed -E 's/ {2,}-? *-? *$//; s/ +$//' | grep -Ei 'pokeca|sqlite3_step|rtree|put|dispatch|respond|route|write|read|epoll|malloc|free|memmove|memcpy|futex|send|recv' | head -40
if command -v strace >/dev/null; then
  echo
  echo "syscalls over 2 s of load (strace -c -f):"
  taskset -c 1 wrk -t1 -c64 -d4s -s "$tmp/unique.lua" "$url" >"$tmp/wrk2.txt" &
  wrk_pid=$!
  sleep 1
  timeout 2 strace -c -f -p "$server_pid" -o "$tmp/strace.txt" 2>/dev/null || true
  wait "$wrk_pid" || true
  head -25 "$tmp/strace.txt"
fi
