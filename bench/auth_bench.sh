#!/usr/bin/env bash
# Accounts figures for bench/RESULTS.md: login throughput, and the p99 of the
# map's GET /api/v1/stores?bbox=… alone and while a burst of logins runs. The Release
# server on the demo dataset (12,000 stores), loopback only, every process stopped at
# the end. Two server set-ups side by side in one run:
#   lane:  --auth-threads 1 (the default): Argon2id runs on the one-thread slow lane
#   wide:  --auth-threads 4: hashing may occupy every core (what the lane prevents)
# Each set-up runs ROUNDS times; the table has one row per round (the machine is
# shared, so compare rows of one run and read the medians).
# Usage: bench/auth_bench.sh     env: WRK_DURATION (15s), LOGIN_CONNECTIONS (16),
#   MAP_CONNECTIONS (8), ROUNDS (3), POKECA_SERVER_BIN (else a Release build of the
#   working tree in out/auth-bench), POKECA_BUILD_JOBS (2)
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=bench/lib.sh
source bench/lib.sh
root=$(pwd)
duration="${WRK_DURATION:-15s}"
login_conns="${LOGIN_CONNECTIONS:-16}"
map_conns="${MAP_CONNECTIONS:-8}"
command -v wrk >/dev/null || { echo "wrk is required (apt-get install wrk)" >&2; exit 1; }

# The server: POKECA_SERVER_BIN, else a Release build of the working tree (out/auth-bench).
if [ -n "${POKECA_SERVER_BIN:-}" ]; then
  server=$POKECA_SERVER_BIN
  src_desc="binary $server"
else
  build=$root/out/auth-bench
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DPOKECA_BUILD_TESTS=OFF -DPOKECA_BUILD_BENCH=OFF >/dev/null
  nice -n 5 ninja -C "$build" -j "${POKECA_BUILD_JOBS:-2}" pokeca-server >&2
  server=$build/apps/server/pokeca-server
  src_desc="working tree at $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- core adapters apps data || echo ' + uncommitted changes')"
fi
rounds="${ROUNDS:-3}"

bench_workdir

email=bench@example.com
password=bench-password-2026
cat >"$work/login.lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"email":"$email","password":"$password"}'
LUA
unlimited="sign_up_ip=1000000000/1,login_ip=1000000000/1,login_account=1000000000/1,login_account_ip=1000000000/1"
map_url_path="/api/v1/stores?bbox=139.60,35.60,139.80,35.75&limit=200"

start_server() {  # $1 auth threads
  "$server" serve --data-dir "$work/var" --port 0 --static-dir "$work" --rate-limits "$unlimited" \
    --worker-threads 4 --auth-threads "$1" >"$work/server.log" 2>&1 &
  pid=$!
  for _ in $(seq 1 300); do
    port=$(grep -o '"event":"listening".*"port":"[0-9]*"' "$work/server.log" | grep -o '"port":"[0-9]*"' | grep -o '[0-9]*' || true)
    [ -n "$port" ] && break
    sleep 0.1
  done
  [ -n "$port" ] || { cat "$work/server.log" >&2; exit 1; }
  base=http://127.0.0.1:$port
}
stop_server() { kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""; }

# "99%  12.34ms" → milliseconds
p() { awk -v q="$1%" '$1 == q { v = $2; if (v ~ /us$/) { sub(/us/, "", v); v /= 1000 } else if (v ~ /ms$/) sub(/ms/, "", v); else if (v ~ /s$/) { sub(/s/, "", v); v *= 1000 } printf "%.2f", v }' "$2"; }
rps() { awk '/^Requests\/sec/ { printf "%.1f", $2 }' "$1"; }
non2xx() { awk '/Non-2xx/ { print $5; found=1 } END { if (!found) print 0 }' "$1"; }

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
echo "==> account and demo data" >&2
start_server 1
curl -sf -XPOST "$base/api/v1/users" -H 'Content-Type: application/json' \
  -d "{\"user\":{\"email\":\"$email\",\"password\":\"$password\",\"username\":\"bench\",\"prefecture\":\"\"}}" >/dev/null
token=$(grep -o 'token=[A-Za-z0-9_-]*' "$work/server.log" | tail -1 | cut -d= -f2)
curl -sf -XPOST "$base/api/v1/auth/verify-email" -H 'Content-Type: application/json' -d "{\"token\":\"$token\"}" >/dev/null
curl -sf -XPOST "$base/api/v1/auth/login" -H 'Content-Type: application/json' \
  -d "{\"email\":\"$email\",\"password\":\"$password\"}" >/dev/null
stores=$(curl -sf "$base$map_url_path" | grep -o '"id":' | wc -l)
stop_server

printf '\n| set-up | map alone p50 / p99 (ms) | map req/s | logins alone req/s | during logins: map p50 / p99 (ms) | map req/s | logins req/s | login p99 (ms) | non-2xx |\n|---|---|---|---|---|---|---|---|---|\n'
for round in $(seq 1 "$rounds"); do
for setup in lane wide; do
  threads=1; [ "$setup" = wide ] && threads=4
  start_server "$threads"
  wrk -t1 -c2 -d3s "$base$map_url_path" >/dev/null  # warm up
  wrk -t1 -c"$map_conns" -d"$duration" --latency "$base$map_url_path" >"$work/map.txt"
  wrk -t1 -c"$login_conns" -d"$duration" --latency --timeout 60s -s "$work/login.lua" "$base/api/v1/auth/login" >"$work/login.txt"
  wrk -t1 -c"$login_conns" -d"$duration" --latency --timeout 60s -s "$work/login.lua" "$base/api/v1/auth/login" >"$work/login_burst.txt" &
  burst=$!
  sleep 1
  wrk -t1 -c"$map_conns" -d"$duration" --latency "$base$map_url_path" >"$work/map_burst.txt"
  wait "$burst"
  stop_server
  printf '| %s (--auth-threads %s), round '"$round"' | %s / %s | %s | %s | %s / %s | %s | %s | %s | %s |\n' "$setup" "$threads" \
    "$(p 50 "$work/map.txt")" "$(p 99 "$work/map.txt")" "$(rps "$work/map.txt")" "$(rps "$work/login.txt")" \
    "$(p 50 "$work/map_burst.txt")" "$(p 99 "$work/map_burst.txt")" "$(rps "$work/map_burst.txt")" \
    "$(rps "$work/login_burst.txt")" "$(p 99 "$work/login_burst.txt")" \
    "$(( $(non2xx "$work/login.txt") + $(non2xx "$work/login_burst.txt") + $(non2xx "$work/map_burst.txt") ))"
done
done
echo
echo "Source: $src_desc. Load average before: $load_before; after: $(cut -d' ' -f1-3 /proc/loadavg). Map query: GET $map_url_path ($stores stores in the answer), wrk -t1 -c$map_conns; logins: wrk -t1 -c$login_conns POST /api/v1/auth/login (Argon2id t=3, 64 MiB); $duration each; 4 request threads."
