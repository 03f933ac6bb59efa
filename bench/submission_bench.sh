#!/usr/bin/env bash
# Store submissions per second over loopback HTTP: POST /api/v1/store_submissions
# as multipart, by one signed-in account, with no photo, with one 12 MP JPEG and with one
# 12 MP HEIC (the inputs of photo_bench, written by `photo_bench --write-fixtures`); and the
# map's GET /api/v1/stores?bbox=… latency alone and while JPEG uploads run (photos are
# decoded by pokeca-photo-worker processes on the upload lane, not on the map's workers).
# Release build, demo data (12,000 stores), every process stopped at the end.
# Usage: bench/submission_bench.sh    env: WRK_DURATION (15s), UPLOAD_CONNECTIONS (2),
#   MAP_CONNECTIONS (8), POKECA_BUILD_JOBS (2), POKECA_BENCH_SOURCE (head | worktree, see bench/lib.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=bench/lib.sh
source bench/lib.sh
duration="${WRK_DURATION:-15s}"
upload_conns="${UPLOAD_CONNECTIONS:-2}"
map_conns="${MAP_CONNECTIONS:-8}"
command -v wrk >/dev/null || { echo "wrk is required (apt-get install wrk)" >&2; exit 1; }

bench_prepare_source
bench_build pokeca-server pokeca-photo-worker photo_bench
server=$build/apps/server/pokeca-server

bench_workdir

"$build/bench/photo_bench" --write-fixtures "$work"

unlimited="sign_up_ip=1000000000/1,write_ip=1000000000/1,write_account=1000000000/1,submission_account=1000000000/1"
bench_start_server "$server" "$work" "$unlimited" --worker-threads 4
access=$(bench_access_token "$work")
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

map_url_path="/api/v1/stores?bbox=139.60,35.60,139.80,35.75&limit=200"
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
printf '\n| POST /store_submissions | upload | submissions/s | p50 (ms) | p99 (ms) | non-2xx |\n|---|---:|---:|---:|---:|---:|\n'
for kind in none jpeg heic; do
  [ -f "$work/$kind.body" ] || continue
  script=$(lua "$work/$kind.body")
  wrk -t1 -c"$upload_conns" -d"$duration" --latency --timeout 60s -s "$script" "$base/api/v1/store_submissions" >"$work/$kind.txt"
  printf '| %s | %s KB | %s | %s | %s | %s |\n' "$kind" "$(( $(stat -c %s "$work/$kind.body") / 1024 ))" \
    "$(wrk_rps "$work/$kind.txt")" "$(wrk_percentile 50 "$work/$kind.txt")" "$(wrk_percentile 99 "$work/$kind.txt")" "$(wrk_non2xx "$work/$kind.txt")"
done

printf '\n| map GET /stores?bbox | p50 (ms) | p99 (ms) | req/s |\n|---|---:|---:|---:|\n'
wrk -t1 -c"$map_conns" -d"$duration" --latency "$base$map_url_path" >"$work/map.txt"
printf '| alone | %s | %s | %s |\n' "$(wrk_percentile 50 "$work/map.txt")" "$(wrk_percentile 99 "$work/map.txt")" "$(wrk_rps "$work/map.txt")"
wrk -t1 -c"$upload_conns" -d"$duration" --timeout 60s -s "$(lua "$work/jpeg.body")" "$base/api/v1/store_submissions" >/dev/null &
burst=$!
sleep 1
wrk -t1 -c"$map_conns" -d"$duration" --latency "$base$map_url_path" >"$work/map_burst.txt"
wait "$burst"
printf '| during JPEG uploads | %s | %s | %s |\n' "$(wrk_percentile 50 "$work/map_burst.txt")" "$(wrk_percentile 99 "$work/map_burst.txt")" "$(wrk_rps "$work/map_burst.txt")"
echo
echo "Source: $src_desc. Load average before: $load_before; after: $(cut -d' ' -f1-3 /proc/loadavg). Uploads: wrk -t1 -c$upload_conns, $duration each, one account, GPS placement (東京駅); map: wrk -t1 -c$map_conns; 4 request threads."
