#!/usr/bin/env bash
# Purchase-report figures for bench/RESULTS.md: POST /api/v1/purchases per
# second over loopback (each one a write transaction: insert + the store's last report),
# and the map's GET /api/v1/stores?bbox=… alone and while reports are written (every
# write invalidates the public response cache). The Release server on the demo dataset
# (12,000 stores), rate limits lifted, every process stopped at the end. Each round
# starts a fresh data directory; the machine is shared, so read the medians.
# Usage: bench/purchase_bench.sh     env: ROUNDS (3), WRK_DURATION (10s), WRITE_CONNECTIONS (8),
#   MAP_CONNECTIONS (8), POKECA_BUILD_JOBS (2), POKECA_BENCH_SOURCE (head | worktree, see bench/lib.sh),
#   PURCHASE_BENCH_SERVER=BIN (another server binary, e.g. an earlier build: before/after),
#   PURCHASE_BENCH_SQL=FILE (SQL run with sqlite3 on the database after a first start has
#   loaded the demo data, before the measured start: e.g. drop triggers to attribute a cost)
# Besides the wrk figures: the WAL file's largest size while reports and the map run
# together (sampled every 50 ms) and the server's CPU time (utime+stime) over that phase.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=bench/lib.sh
source bench/lib.sh
rounds="${ROUNDS:-3}"
duration="${WRK_DURATION:-10s}"
write_conns="${WRITE_CONNECTIONS:-8}"
map_conns="${MAP_CONNECTIONS:-8}"
prepare_sql="${PURCHASE_BENCH_SQL:-}"
for tool in wrk curl ${prepare_sql:+sqlite3}; do command -v "$tool" >/dev/null || { echo "$tool is required" >&2; exit 1; }; done

bench_prepare_source
bench_build pokeca-server
server=${PURCHASE_BENCH_SERVER:-$build/apps/server/pokeca-server}

bench_workdir

big=1000000000
unlimited="sign_up_ip=$big/1,login_ip=$big/1,login_account=$big/1,login_account_ip=$big/1,write_ip=$big/1,write_account=$big/1,purchase_account=$big/1"
map_url_path="/api/v1/stores?bbox=139.60,35.60,139.80,35.75&limit=200"

# wrk script: reports spread over the stores of the map's box, kinds and products alternating.
write_script() {  # $1 token, $2 space-separated store ids
  cat >"$work/report.lua" <<LUA
local ids = { $(echo "$2" | tr ' ' ',') }
local kinds = { "bought", "sold_out" }
local products = { "pack", "box", "single" }
local n = 0
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer $1"
request = function()
  n = n + 1
  local body = string.format('{"store_id":%d,"kind":"%s","product":"%s","product_name":"ベンチマーク","limit_note":"1人5パックまで"}',
    ids[n % #ids + 1], kinds[n % 2 + 1], products[n % 3 + 1])
  return wrk.format(nil, nil, nil, body)
end
LUA
}

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
printf '\n| round | reports alone req/s | report p50 / p99 (ms) | map alone req/s | map p50 / p99 (ms) | during reports: map req/s | map p50 / p99 (ms) | reports req/s | reports stored | non-2xx | WAL max MiB | server CPU s (mix) |\n|---|---|---|---|---|---|---|---|---|---|---|---|\n'
for round in $(seq 1 "$rounds"); do
  bench_start_server "$server" "$work" "$unlimited" --worker-threads 4
  if [ -n "$prepare_sql" ]; then
    bench_stop_server
    sqlite3 "$work/var/pokeca.db" <"$prepare_sql"
    bench_restart_server "$server" "$work" "$unlimited" --worker-threads 4
  fi
  token=$(bench_access_token "$work")
  [ -n "$token" ] || { echo "no access token" >&2; cat "$work/server.log" >&2; exit 1; }
  ids=$(curl -sf "$base$map_url_path" | grep -o '"id":[0-9]*' | cut -d: -f2 | head -100 | tr '\n' ' ')
  write_script "$token" "$ids"
  before=$(curl -sf "$base/api/v1/stats/summary" | grep -o '"reports_24h":[0-9]*' | cut -d: -f2)
  wrk -t1 -c2 -d2s "$base$map_url_path" >/dev/null  # warm up
  wrk -t1 -c"$write_conns" -d"$duration" --latency -s "$work/report.lua" "$base/api/v1/purchases" >"$work/write.txt"
  wrk -t1 -c"$map_conns" -d"$duration" --latency "$base$map_url_path" >"$work/map.txt"
  wrk -t1 -c"$write_conns" -d"$duration" --latency -s "$work/report.lua" "$base/api/v1/purchases" >"$work/write_mix.txt" &
  writer=$!
  ticks_before=$(bench_cpu_ticks "$pid")
  (while kill -0 "$writer" 2>/dev/null; do stat -c %s "$work/var/pokeca.db-wal" 2>/dev/null || true; sleep 0.05; done) >"$work/wal.txt" &
  sampler=$!
  sleep 1
  wrk -t1 -c"$map_conns" -d"$duration" --latency "$base$map_url_path" >"$work/map_mix.txt"
  wait "$writer"
  wait "$sampler" || true
  ticks=$(( $(bench_cpu_ticks "$pid") - ticks_before ))
  wal_max=$(sort -n "$work/wal.txt" | tail -1)
  after=$(curl -sf "$base/api/v1/stats/summary" | grep -o '"reports_24h":[0-9]*' | cut -d: -f2)
  stored=$((after - before))
  bench_stop_server
  printf '| %s | %s | %s / %s | %s | %s / %s | %s | %s / %s | %s | %s | %s | %s | %s |\n' "$round" \
    "$(wrk_rps "$work/write.txt")" "$(wrk_percentile 50 "$work/write.txt")" "$(wrk_percentile 99 "$work/write.txt")" \
    "$(wrk_rps "$work/map.txt")" "$(wrk_percentile 50 "$work/map.txt")" "$(wrk_percentile 99 "$work/map.txt")" \
    "$(wrk_rps "$work/map_mix.txt")" "$(wrk_percentile 50 "$work/map_mix.txt")" "$(wrk_percentile 99 "$work/map_mix.txt")" \
    "$(wrk_rps "$work/write_mix.txt")" "$stored" \
    "$(( $(wrk_non2xx "$work/write.txt") + $(wrk_non2xx "$work/write_mix.txt") + $(wrk_non2xx "$work/map.txt") + $(wrk_non2xx "$work/map_mix.txt") ))" \
    "$(awk -v b="${wal_max:-0}" 'BEGIN { printf "%.1f", b / 1048576 }')" "$(awk -v t="$ticks" -v hz="$(getconf CLK_TCK)" 'BEGIN { printf "%.2f", t / hz }')"
done
echo
echo "Source: $src_desc. Load average before: $load_before; after: $(cut -d' ' -f1-3 /proc/loadavg). Reports: wrk -t1 -c$write_conns POST /api/v1/purchases over 100 stores of the box; map: wrk -t1 -c$map_conns GET $map_url_path; $duration each; 4 request threads; demo data (12,000 stores); reports stored = the growth of /stats/summary's reports_24h over the round."
