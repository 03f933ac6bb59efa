#!/usr/bin/env bash
# Open data export on a database of STORES stores (default 1,000,000, made by
# make_bench_db): the Release server on loopback; time and size of
#   GET /api/v1/export/stores.csv and .geojson, plain and gzip (Accept-Encoding) — the
#   first request (writes the file and its gzip copy from the database) and the median of
#   ROUNDS repeats (sent from the file); the server's peak RSS;
# plus /sitemap.xml and one 50,000-URL /sitemaps/stores-1.xml. Every process is stopped
# at the end.
# Usage: bench/export_bench.sh [STORES]    env: ROUNDS (5), POKECA_BUILD_JOBS (2),
#   POKECA_BENCH_SOURCE (head | worktree, see bench/lib.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
stores="${1:-1000000}"
rounds="${ROUNDS:-5}"
# shellcheck source=bench/lib.sh
. "$root/bench/lib.sh"
bench_prepare_source
bench_build pokeca-server make_bench_db
server=$build/apps/server/pokeca-server
echo "==> database ($stores stores, cached under out/bench-data)" >&2
data_dir=$("$build/bench/make_bench_db" "$stores" "$root/out/bench-data")

tmp=$(mktemp -d /tmp/pokeca-export-bench.XXXXXX)
pid=""
cleanup() {
  [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

port=$(python3 "$root/bench/http_probe.py" free-port)
"$server" serve --data-dir "$data_dir" --port "$port" --demo-data false >"$tmp/server.log" 2>&1 &
pid=$!
base=http://127.0.0.1:$port
for _ in $(seq 1 600); do curl -sf "$base/api/v1/healthz" >/dev/null && break; sleep 0.1; done

# With a second argument, asks for gzip and keeps the compressed bytes (no inflating on
# the client's clock); the size is the bytes on the wire.
timed() { curl -s ${2:+-H 'Accept-Encoding: gzip'} -o "$tmp/body" -w '%{time_total} %{size_download}\n' "$base$1"; }
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

echo "## Open data export ($stores stores) — $(date -u +%FT%TZ)"
echo
echo "- machine: $(nproc) cores (2-core shared VM), load average $(cut -d' ' -f1 /proc/loadavg); code: $src_desc"
echo "- command: \`bench/export_bench.sh $stores\` (Release, curl over loopback, ROUNDS=$rounds)"
echo
echo "| request | first (builds) | repeat (median) | size |"
echo "|---|---:|---:|---:|"
for row in /api/v1/export/stores.csv "/api/v1/export/stores.csv gzip" /api/v1/export/stores.geojson \
  "/api/v1/export/stores.geojson gzip" /sitemap.xml /sitemaps/stores-1.xml; do
  read -r path gzip <<<"$row"
  read -r first size < <(timed "$path" "$gzip")
  repeat=$(for _ in $(seq 1 "$rounds"); do timed "$path" "$gzip" | cut -d' ' -f1; done | median)
  printf '| `GET %s`%s | %.2f s | %.2f s | %s MB |\n' "$path" "${gzip:+ (gzip)}" "$first" "$repeat" \
    "$(awk -v b="$size" 'BEGIN { printf "%.1f", b / 1e6 }')"
done
echo
# RssFile is the database's mmap (file pages the kernel may drop); RssAnon the server's own.
echo "- server memory after the runs: $(awk '/VmHWM|RssAnon|RssFile/ { printf "%s %.0f MB ", $1, $2 / 1024 }' /proc/$pid/status)"
