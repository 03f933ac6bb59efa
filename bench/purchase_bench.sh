#!/usr/bin/env bash
# Purchase-report figures for bench/RESULTS.md (issue 4): POST /api/v1/purchases per
# second over loopback (each one a write transaction: insert + the store's last report),
# and the map's GET /api/v1/stores?bbox=… alone and while reports are written (every
# write invalidates the public response cache). The Release server on the demo dataset
# (12,000 stores), rate limits lifted, every process stopped at the end. Each round
# starts a fresh data directory; the machine is shared, so read the medians.
# Usage: bench/purchase_bench.sh     env: ROUNDS (3), WRK_DURATION (10s), WRITE_CONNECTIONS (8),
#   MAP_CONNECTIONS (8), POKECA_BUILD_JOBS (2), POKECA_BENCH_SOURCE (head | worktree, see bench/lib.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=bench/lib.sh
source bench/lib.sh
rounds="${ROUNDS:-3}"
duration="${WRK_DURATION:-10s}"
write_conns="${WRITE_CONNECTIONS:-8}"
map_conns="${MAP_CONNECTIONS:-8}"
for tool in wrk curl; do command -v "$tool" >/dev/null || { echo "$tool is required" >&2; exit 1; }; done

bench_prepare_source
bench_build pokeca-server
server=$build/apps/server/pokeca-server

work=$(mktemp -d)
pid=""
cleanup() {
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

email=bench@example.com
password=bench-password-2026
big=1000000000
unlimited="sign_up_ip=$big/1,login_ip=$big/1,login_account=$big/1,write_ip=$big/1,write_account=$big/1,purchase_account=$big/1"
map_url_path="/api/v1/stores?bbox=139.60,35.60,139.80,35.75&limit=200"

start_server() {  # a fresh data directory each time
  rm -rf "$work/var"
  "$server" serve --data-dir "$work/var" --port 0 --static-dir "$work" --rate-limits "$unlimited" \
    --worker-threads 4 >"$work/server.log" 2>&1 &
  pid=$!
  port=""
  for _ in $(seq 1 300); do
    port=$(grep -o '"event":"listening".*"port":"[0-9]*"' "$work/server.log" | grep -o '"port":"[0-9]*"' | grep -o '[0-9]*' || true)
    [ -n "$port" ] && break
    sleep 0.1
  done
  [ -n "$port" ] || { cat "$work/server.log" >&2; exit 1; }
  base=http://127.0.0.1:$port
}
stop_server() { kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""; }

# Signs up, verifies (the link is in the log: the outbox mailer) and logs in; prints the access token.
access_token() {
  curl -sf -XPOST "$base/api/v1/users" -H 'Content-Type: application/json' \
    -d "{\"user\":{\"email\":\"$email\",\"password\":\"$password\",\"username\":\"bench\",\"prefecture\":\"\"}}" >/dev/null
  local link
  link=$(grep -o 'token=[A-Za-z0-9_-]*' "$work/server.log" | tail -1 | cut -d= -f2)
  curl -sf -XPOST "$base/api/v1/auth/verify-email" -H 'Content-Type: application/json' -d "{\"token\":\"$link\"}" >/dev/null
  curl -sf -XPOST "$base/api/v1/auth/login" -H 'Content-Type: application/json' \
    -d "{\"email\":\"$email\",\"password\":\"$password\"}" | grep -o '"access_token":"[^"]*"' | cut -d'"' -f4
}

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

# "99%  12.34ms" → milliseconds
p() { awk -v q="$1%" '$1 == q { v = $2; if (v ~ /us$/) { sub(/us/, "", v); v /= 1000 } else if (v ~ /ms$/) sub(/ms/, "", v); else if (v ~ /s$/) { sub(/s/, "", v); v *= 1000 } printf "%.2f", v }' "$2"; }
rps() { awk '/^Requests\/sec/ { printf "%.1f", $2 }' "$1"; }
non2xx() { awk '/Non-2xx/ { print $5; found=1 } END { if (!found) print 0 }' "$1"; }

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
printf '\n| round | reports alone req/s | report p50 / p99 (ms) | map alone req/s | map p50 / p99 (ms) | during reports: map req/s | map p50 / p99 (ms) | reports req/s | reports stored | non-2xx |\n|---|---|---|---|---|---|---|---|---|---|\n'
for round in $(seq 1 "$rounds"); do
  start_server
  token=$(access_token)
  [ -n "$token" ] || { echo "no access token" >&2; cat "$work/server.log" >&2; exit 1; }
  ids=$(curl -sf "$base$map_url_path" | grep -o '"id":[0-9]*' | cut -d: -f2 | head -100 | tr '\n' ' ')
  write_script "$token" "$ids"
  before=$(curl -sf "$base/api/v1/stats/summary" | grep -o '"reports_24h":[0-9]*' | cut -d: -f2)
  wrk -t1 -c2 -d2s "$base$map_url_path" >/dev/null  # warm up
  wrk -t1 -c"$write_conns" -d"$duration" --latency -s "$work/report.lua" "$base/api/v1/purchases" >"$work/write.txt"
  wrk -t1 -c"$map_conns" -d"$duration" --latency "$base$map_url_path" >"$work/map.txt"
  wrk -t1 -c"$write_conns" -d"$duration" --latency -s "$work/report.lua" "$base/api/v1/purchases" >"$work/write_mix.txt" &
  writer=$!
  sleep 1
  wrk -t1 -c"$map_conns" -d"$duration" --latency "$base$map_url_path" >"$work/map_mix.txt"
  wait "$writer"
  after=$(curl -sf "$base/api/v1/stats/summary" | grep -o '"reports_24h":[0-9]*' | cut -d: -f2)
  stored=$((after - before))
  stop_server
  printf '| %s | %s | %s / %s | %s | %s / %s | %s | %s / %s | %s | %s | %s |\n' "$round" \
    "$(rps "$work/write.txt")" "$(p 50 "$work/write.txt")" "$(p 99 "$work/write.txt")" \
    "$(rps "$work/map.txt")" "$(p 50 "$work/map.txt")" "$(p 99 "$work/map.txt")" \
    "$(rps "$work/map_mix.txt")" "$(p 50 "$work/map_mix.txt")" "$(p 99 "$work/map_mix.txt")" \
    "$(rps "$work/write_mix.txt")" "$stored" \
    "$(( $(non2xx "$work/write.txt") + $(non2xx "$work/write_mix.txt") + $(non2xx "$work/map.txt") + $(non2xx "$work/map_mix.txt") ))"
done
echo
echo "Source: $src_desc. Load average before: $load_before; after: $(cut -d' ' -f1-3 /proc/loadavg). Reports: wrk -t1 -c$write_conns POST /api/v1/purchases over 100 stores of the box; map: wrk -t1 -c$map_conns GET $map_url_path; $duration each; 4 request threads; demo data (12,000 stores); reports stored = the growth of /stats/summary's reports_24h over the round."
