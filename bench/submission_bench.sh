#!/usr/bin/env bash
# Store submissions per second (issue 4) over loopback HTTP: POST /api/v1/store_submissions
# as multipart, by one signed-in account, with no photo, with one 12 MP JPEG and with one
# 12 MP HEIC (the inputs of photo_bench, written by `photo_bench --write-fixtures`); and the
# map's GET /api/v1/stores?bbox=… latency alone and while JPEG uploads run (photos are
# decoded by pokeca-photo-worker processes on the upload lane, not on the map's workers).
# Release build, demo data (12,000 stores), every process stopped at the end.
# Usage: bench/submission_bench.sh    env: WRK_DURATION (15s), UPLOAD_CONNECTIONS (2),
#   MAP_CONNECTIONS (8), POKECA_BUILD_JOBS (2)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
duration="${WRK_DURATION:-15s}"
upload_conns="${UPLOAD_CONNECTIONS:-2}"
map_conns="${MAP_CONNECTIONS:-8}"
command -v wrk >/dev/null || { echo "wrk is required (apt-get install wrk)" >&2; exit 1; }

build=$root/out/submission-bench
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DPOKECA_BUILD_TESTS=OFF -DPOKECA_BUILD_BENCH=ON >/dev/null
nice -n 5 ninja -C "$build" -j "${POKECA_BUILD_JOBS:-2}" pokeca-server pokeca-photo-worker photo_bench >&2
server=$build/apps/server/pokeca-server
src_desc="working tree at $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- core adapters apps data || echo ' + uncommitted changes')"

work=$(mktemp -d)
pid=""
cleanup() {
  [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

"$build/bench/photo_bench" --write-fixtures "$work"

unlimited="sign_up_ip=1000000000/1,write_ip=1000000000/1,write_account=1000000000/1,submission_account=1000000000/1"
"$server" serve --data-dir "$work/var" --port 0 --static-dir "$work" --rate-limits "$unlimited" \
  --worker-threads 4 >"$work/server.log" 2>&1 &
pid=$!
for _ in $(seq 1 300); do
  port=$(grep -o '"event":"listening".*"port":"[0-9]*"' "$work/server.log" | grep -o '"port":"[0-9]*"' | grep -o '[0-9]*' || true)
  [ -n "$port" ] && break
  sleep 0.1
done
[ -n "$port" ] || { cat "$work/server.log" >&2; exit 1; }
base=http://127.0.0.1:$port

email=bench@example.com
password=bench-password-2026
curl -sf -XPOST "$base/api/v1/users" -H 'Content-Type: application/json' \
  -d "{\"user\":{\"email\":\"$email\",\"password\":\"$password\",\"username\":\"bench\",\"prefecture\":\"\"}}" >/dev/null
token=$(grep -o 'token=[A-Za-z0-9_-]*' "$work/server.log" | tail -1 | cut -d= -f2)
curl -sf -XPOST "$base/api/v1/auth/verify-email" -H 'Content-Type: application/json' -d "{\"token\":\"$token\"}" >/dev/null
access=$(curl -sf -XPOST "$base/api/v1/auth/login" -H 'Content-Type: application/json' \
  -d "{\"email\":\"$email\",\"password\":\"$password\"}" | grep -o '"access_token":"[^"]*"' | cut -d'"' -f4)
[ -n "$access" ] || { echo "login failed" >&2; exit 1; }

# A multipart body (CRLF framing) with SPEC.md's field names; $2 = a photo file or "".
boundary=----pokecabench7MA4YWxkTrZu0gW
make_body() {
  local out=$1 photo=$2 crlf=$'\r\n'
  {
    printf -- '--%s%sContent-Disposition: form-data; name="store_submission[store_name]"%s%s%s%s' "$boundary" "$crlf" "$crlf" "$crlf" "ベンチマーク カードショップ" "$crlf"
    printf -- '--%s%sContent-Disposition: form-data; name="store_submission[latitude]"%s%s35.6812%s' "$boundary" "$crlf" "$crlf" "$crlf" "$crlf"
    printf -- '--%s%sContent-Disposition: form-data; name="store_submission[longitude]"%s%s139.7671%s' "$boundary" "$crlf" "$crlf" "$crlf" "$crlf"
    if [ -n "$photo" ]; then
      printf -- '--%s%sContent-Disposition: form-data; name="store_submission[images][]"; filename="%s"%sContent-Type: application/octet-stream%s%s' \
        "$boundary" "$crlf" "$(basename "$photo")" "$crlf" "$crlf" "$crlf"
      cat "$photo"
      printf '%s' "$crlf"
    fi
    printf -- '--%s--%s' "$boundary" "$crlf"
  } >"$out"
}
make_body "$work/none.body" ""
make_body "$work/jpeg.body" "$work/photo-12mp.jpg"
[ -f "$work/photo-12mp.heic" ] && make_body "$work/heic.body" "$work/photo-12mp.heic"

lua() {  # $1 body file → a wrk script posting it
  cat >"$work/$(basename "$1").lua" <<LUA
local f = assert(io.open("$1", "rb"))
wrk.method = "POST"
wrk.body = f:read("*a")
f:close()
wrk.headers["Content-Type"] = "multipart/form-data; boundary=$boundary"
wrk.headers["Authorization"] = "Bearer $access"
LUA
  echo "$work/$(basename "$1").lua"
}

# "99%  12.34ms" → milliseconds
p() { awk -v q="$1%" '$1 == q { v = $2; if (v ~ /us$/) { sub(/us/, "", v); v /= 1000 } else if (v ~ /ms$/) sub(/ms/, "", v); else if (v ~ /s$/) { sub(/s/, "", v); v *= 1000 } printf "%.1f", v }' "$2"; }
rps() { awk '/^Requests\/sec/ { printf "%.1f", $2 }' "$1"; }
non2xx() { awk '/Non-2xx/ { print $5; found=1 } END { if (!found) print 0 }' "$1"; }

map_url_path="/api/v1/stores?bbox=139.60,35.60,139.80,35.75&limit=200"
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
printf '\n| POST /store_submissions | upload | submissions/s | p50 (ms) | p99 (ms) | non-2xx |\n|---|---:|---:|---:|---:|---:|\n'
for kind in none jpeg heic; do
  [ -f "$work/$kind.body" ] || continue
  script=$(lua "$work/$kind.body")
  wrk -t1 -c"$upload_conns" -d"$duration" --latency --timeout 60s -s "$script" "$base/api/v1/store_submissions" >"$work/$kind.txt"
  printf '| %s | %s KB | %s | %s | %s | %s |\n' "$kind" "$(( $(stat -c %s "$work/$kind.body") / 1024 ))" \
    "$(rps "$work/$kind.txt")" "$(p 50 "$work/$kind.txt")" "$(p 99 "$work/$kind.txt")" "$(non2xx "$work/$kind.txt")"
done

printf '\n| map GET /stores?bbox | p50 (ms) | p99 (ms) | req/s |\n|---|---:|---:|---:|\n'
wrk -t1 -c"$map_conns" -d"$duration" --latency "$base$map_url_path" >"$work/map.txt"
printf '| alone | %s | %s | %s |\n' "$(p 50 "$work/map.txt")" "$(p 99 "$work/map.txt")" "$(rps "$work/map.txt")"
wrk -t1 -c"$upload_conns" -d"$duration" --timeout 60s -s "$(lua "$work/jpeg.body")" "$base/api/v1/store_submissions" >/dev/null &
burst=$!
sleep 1
wrk -t1 -c"$map_conns" -d"$duration" --latency "$base$map_url_path" >"$work/map_burst.txt"
wait "$burst"
printf '| during JPEG uploads | %s | %s | %s |\n' "$(p 50 "$work/map_burst.txt")" "$(p 99 "$work/map_burst.txt")" "$(rps "$work/map_burst.txt")"
echo
echo "Source: $src_desc. Load average before: $load_before; after: $(cut -d' ' -f1-3 /proc/loadavg). Uploads: wrk -t1 -c$upload_conns, $duration each, one account, GPS placement (東京駅); map: wrk -t1 -c$map_conns; 4 request threads."
