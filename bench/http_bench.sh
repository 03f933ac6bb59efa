#!/usr/bin/env bash
# HTTP figures for bench/RESULTS.md: the Release server on a database of STORES demo
# stores (default 1,000,000), loopback only, every process stopped at the end.
#   (a) start time: exec → first 200 from /api/v1/healthz, median of 5 starts
#   (b) RSS idle after start, and after 1,000 mixed requests
#   (c) wrk -t2 -c32 on a ~300-store bbox response, and in the same run nginx serving
#       the very same bytes as a static file (the ceiling); clusters at zoom 5 (all
#       Japan) and zoom 12 (Tokyo); nearest around 35.69,139.70
# Usage: bench/http_bench.sh [STORES]      env: ROUNDS (3), WRK_DURATION (10s), POKECA_BUILD_JOBS (2),
#   POKECA_BENCH_SOURCE (head | worktree, see bench/lib.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
stores="${1:-1000000}"
rounds="${ROUNDS:-3}"
duration="${WRK_DURATION:-10s}"
probe=(python3 "$root/bench/http_probe.py")

# --- what the script needs -------------------------------------------------------------
missing=()
command -v wrk >/dev/null || missing+=(wrk)
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || missing+=(nginx-light)
command -v python3 >/dev/null || missing+=(python3)
command -v curl >/dev/null || missing+=(curl)
if [ ${#missing[@]} -gt 0 ]; then
  echo "==> installing ${missing[*]}" >&2
  sudo=(); [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "${missing[@]}" >&2
fi
nginx_bin=$(command -v nginx || echo /usr/sbin/nginx)

# shellcheck source=bench/lib.sh
. "$root/bench/lib.sh"
bench_prepare_source
bench_build pokeca-server make_bench_db
server=$build/apps/server/pokeca-server
static=$(bench_frontend_dist)

echo "==> database ($stores stores, cached under out/bench-data)" >&2
data_dir=$("$build/bench/make_bench_db" "$stores" "$root/out/bench-data")

tmp=$(mktemp -d /tmp/pokeca-http-bench.XXXXXX)
server_pid=""
nginx_pid=""
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null || true
  [ -n "$nginx_pid" ] && kill "$nginx_pid" 2>/dev/null && wait "$nginx_pid" 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

port=$("${probe[@]}" free-port)
serve=("$server" serve --data-dir "$data_dir" --port "$port" --static-dir "$static" --demo-data false)

echo "## HTTP ($stores stores) — $(date -u +%FT%TZ)"
echo
echo "- machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(free -g | awk '/Mem:/{print $2}') GiB RAM (shared VM); $(uname -r)"
echo "- code: $src_desc"
echo "- server: \`${serve[*]#$root/}\` (defaults: 1 I/O thread, 4 worker threads; access log to a file)"
echo "- load average at start: $(cut -d' ' -f1-3 /proc/loadavg) (other work on the VM competes for the 2 cores)"
echo "- database: $(du -h "$data_dir/pokeca.db" | cut -f1) ($data_dir), page cache warm"
echo

# --- (a) start time -----------------------------------------------------------------------
echo "==> (a) start time x5" >&2
starts=()
for i in 1 2 3 4 5; do
  read -r secs startup_ms < <("${probe[@]}" start-time "$port" "$tmp/start$i.log" -- "${serve[@]}")
  starts+=("$secs")
  echo "   start $i: ${secs}s to healthz 200 (server's own startup_ms: $startup_ms)" >&2
  echo "| start $i | $secs s | $startup_ms ms |" >>"$tmp/starts.md"
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END{print (NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2}'; }
start_median=$(median "${starts[@]}")
echo "### (a) Start: exec → first 200 from /api/v1/healthz (polled every 1 ms)"
echo
echo "| run | exec → healthz 200 | server's startup_ms log |"
echo "|---|---|---|"
cat "$tmp/starts.md"
echo
echo "**median ${start_median} s** (target < 0.5 s)"
echo

# --- (b) memory ---------------------------------------------------------------------------
echo "==> (b) RSS" >&2
"${serve[@]}" >"$tmp/server.out" 2>"$tmp/server.log" &
server_pid=$!
"${probe[@]}" wait-healthy "$port" 20
sleep 1
rss_idle=$("${probe[@]}" rss "$server_pid")
mixed_out=$("${probe[@]}" mixed "$port" 1000 1)
rss_mixed=$("${probe[@]}" rss "$server_pid")
echo "### (b) Memory (/proc/PID/status, KiB)"
echo
echo "- idle after start: \`$rss_idle\`"
echo "- after 1,000 mixed requests (\`bench/http_probe.py mixed\`: clusters at zoom 5–14, 300-store bboxes, nearest, prefecture lists, store details, small API calls, static files): \`$rss_mixed\`; $mixed_out"
echo

# --- (c) throughput -------------------------------------------------------------------------
echo "==> (c) throughput" >&2
read -r bbox bbox_count < <("${probe[@]}" find-bbox "$port" 38.2682 140.8694 290 300)
base="http://127.0.0.1:$port"
bbox_path="/api/v1/stores?bbox=$bbox&limit=300"
z5_path="/api/v1/stores/clusters?bbox=122.9,24.0,146.0,45.6&zoom=5"
z12_bbox=$(python3 -c "import sys; sys.path.insert(0, 'bench'); import http_probe as p; print(p.screen_bbox(35.6938, 139.7036, 12))")
z12_path="/api/v1/stores/clusters?bbox=$z12_bbox&zoom=12"
near_path="/api/v1/stores?lat=35.69&lng=139.70"

mkdir -p "$tmp/www"
curl -sS --max-time 10 -o "$tmp/www/stores.json" "$base$bbox_path"
bbox_bytes=$(stat -c %s "$tmp/www/stores.json")
chmod 755 "$tmp" "$tmp/www" && chmod 644 "$tmp/www/stores.json"  # nginx workers run as nobody
nginx_port=$("${probe[@]}" free-port)
bench_nginx_conf "$tmp" "$nginx_port" 2
"$nginx_bin" -c "$tmp/nginx.conf" -p "$tmp" 2>"$tmp/nginx-start.log" &
nginx_pid=$!
for _ in $(seq 200); do curl -s -o /dev/null --max-time 1 "http://127.0.0.1:$nginx_port/stores.json" && break; sleep 0.05; done
nginx_bytes=$( (curl -sS --max-time 10 "http://127.0.0.1:$nginx_port/stores.json" | cmp -s - "$tmp/www/stores.json") && echo identical || echo DIFFERENT)

tck=$(getconf CLK_TCK)
# wrk once against $1 while measuring the CPU of pids $2…: prints
# "req/s p50 p99 cpu-µs/request non-2xx [socket errors]"
run_wrk() {
  local url=$1 out before after
  shift
  before=$(bench_cpu_ticks "$@")
  out=$(timeout 60 wrk -t2 -c32 -d"$duration" --latency "$url")
  after=$(bench_cpu_ticks "$@")
  echo "$out" >>"$tmp/wrk.log"
  local rps p50 p99 n non2xx sock cpu
  rps=$(awk '/^Requests\/sec:/{print $2}' <<<"$out")
  p50=$(awk '$1=="50%"{print $2}' <<<"$out")
  p99=$(awk '$1=="99%"{print $2}' <<<"$out")
  n=$(awk '/requests in/{print $1}' <<<"$out")
  cpu=$(awk -v d=$((after - before)) -v n="$n" -v t="$tck" 'BEGIN{printf "%.0f", d / t * 1e6 / n}')
  non2xx=$(awk '/Non-2xx/{print $NF}' <<<"$out")
  sock=$(awk '/Socket errors/{print $0}' <<<"$out" | sed 's/^ *//')
  echo "$rps $p50 $p99 $cpu ${non2xx:-0} ${sock:+[$sock]}"
}
bytes_of() { curl -sS --max-time 10 -o /dev/null -w '%{size_download}' "$base$1"; }

declare -A rps_list cpu_list
rows=()
for r in $(seq "$rounds"); do
  for name in server nginx; do
    if [ "$name" = server ]; then
      res=$(run_wrk "$base$bbox_path" "$server_pid")
    else
      # shellcheck disable=SC2046
      res=$(run_wrk "http://127.0.0.1:$nginx_port/stores.json" "$nginx_pid" $(pgrep -P "$nginx_pid"))
    fi
    echo "   round $r $name: $res" >&2
    rps_list[$name]+="$(cut -d' ' -f1 <<<"$res") "
    cpu_list[$name]+="$(cut -d' ' -f4 <<<"$res") "
    rows+=("| $r | bbox 300 — $name | $res |")
  done
done
for name in z5 z12 near; do
  case $name in z5) path=$z5_path ;; z12) path=$z12_path ;; near) path=$near_path ;; esac
  for r in $(seq "$rounds"); do
    res=$(run_wrk "$base$path" "$server_pid")
    echo "   round $r $name: $res" >&2
    rps_list[$name]+="$(cut -d' ' -f1 <<<"$res") "
    cpu_list[$name]+="$(cut -d' ' -f4 <<<"$res") "
    rows+=("| $r | $name | $res |")
  done
done
rss_wrk=$("${probe[@]}" rss "$server_pid")

# shellcheck disable=SC2086
m_server=$(median ${rps_list[server]}); m_nginx=$(median ${rps_list[nginx]})
m_z5=$(median ${rps_list[z5]}); m_z12=$(median ${rps_list[z12]}); m_near=$(median ${rps_list[near]})
c_server=$(median ${cpu_list[server]}); c_nginx=$(median ${cpu_list[nginx]})
c_z5=$(median ${cpu_list[z5]}); c_z12=$(median ${cpu_list[z12]}); c_near=$(median ${cpu_list[near]})
ratio=$(awk -v a="$m_server" -v b="$m_nginx" 'BEGIN{printf "%.2f", a/b}')

echo "### (c) Throughput: \`wrk -t2 -c32 -d$duration --latency\`, loopback, $rounds interleaved rounds"
echo
echo "wrk, the server and nginx share the same 2 cores."
echo
echo "| request | response body | median req/s | median CPU µs / request (server or nginx, all threads) |"
echo "|---|---|---|---|"
echo "| \`GET $bbox_path\` ($bbox_count stores) | $bbox_bytes B | **$m_server** | $c_server |"
echo "| nginx 1.22, same bytes as a static file (${nginx_bytes:-DIFFERENT}) | $bbox_bytes B | **$m_nginx** | $c_nginx |"
echo "| \`GET $z5_path\` | $(bytes_of "$z5_path") B | $m_z5 | $c_z5 |"
echo "| \`GET $z12_path\` | $(bytes_of "$z12_path") B | $m_z12 | $c_z12 |"
echo "| \`GET $near_path\` | $(bytes_of "$near_path") B | $m_near | $c_near |"
echo
echo "server / nginx = **$ratio** (target ≥ 0.5)"
echo
echo "<details><summary>every wrk run (req/s, p50, p99, CPU µs/request, non-2xx, socket errors)</summary>"
echo
echo "| round | request | req/s p50 p99 cpu-µs non-2xx |"
echo "|---|---|---|"
printf '%s\n' "${rows[@]}"
echo
echo "</details>"
echo
echo "- RSS after the wrk runs: \`$rss_wrk\`"
echo "- load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "- access-log lines written during the run: $(wc -l <"$tmp/server.log")"
cp "$tmp/wrk.log" "${WRK_LOG:-/dev/null}" 2>/dev/null || true
