#!/usr/bin/env bash
# Time until markers are visible on /map?prefecture=tokyo in headless Chromium
# (bench/markers_visible.mjs, median of RUNS, fresh browser context each run), against
# the Release server on the demo database (12,000 stores, loaded by the server itself
# into a fresh data directory) and on the 1,000,000-store database (make_bench_db).
# The frontend is the production build from bench/frontend_size.sh (out/bench/frontend-dist).
# Loopback only; tiles (off-site) are aborted by the script. Every process is stopped.
# Usage: bench/browser_bench.sh [RUNS=5]
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-5}"
probe=(python3 bench/http_probe.py)

[ -x /usr/bin/chromium ] || [ -n "${CHROMIUM_PATH:-}" ] || {
  echo "Chromium is required: apt-get install -y chromium" >&2
  exit 1
}
root=$(pwd)
# shellcheck source=bench/lib.sh
. bench/lib.sh
bench_prepare_source
bench_build pokeca-server make_bench_db
static=$(bench_frontend_dist)
server=$build/apps/server/pokeca-server
big_dir=$("$build/bench/make_bench_db" 1000000 "$root/out/bench-data")

tmp=$(mktemp -d /tmp/pokeca-browser-bench.XXXXXX)
server_pid=""
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

echo "## Browser: markers visible on /map?prefecture=tokyo — $(date -u +%FT%TZ)"
echo
echo "- machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(free -g | awk '/Mem:/{print $2}') GiB RAM (shared VM); $(/usr/bin/chromium --version 2>/dev/null | head -1)"
echo "- code: $src_desc; frontend: $static (bench/frontend_size.sh)"
echo "- load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "- \`node bench/markers_visible.mjs BASE $runs /map?prefecture=tokyo\`: 1280×800, fresh context (cold HTTP cache) per run, times from navigation start"
echo

for db in demo big; do
  port=$("${probe[@]}" free-port)
  if [ "$db" = demo ]; then
    data_dir="$tmp/demo-data"
    label="demo data (12,000 stores, seeded by the server on first start)"
    demo=true
  else
    data_dir="$big_dir"
    label="1,000,000 stores ($big_dir)"
    demo=false
  fi
  t0=$(date +%s.%N)
  "$server" serve --data-dir "$data_dir" --port "$port" --static-dir "$static" --demo-data "$demo" \
    >"$tmp/$db.out" 2>"$tmp/$db.log" &
  server_pid=$!
  "${probe[@]}" wait-healthy "$port" 120
  ready=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN{printf "%.2f", b - a}')
  echo "==> $label: up in ${ready}s" >&2
  timeout 300 node bench/markers_visible.mjs "http://127.0.0.1:$port" "$runs" '/map?prefecture=tokyo' >"$tmp/$db.json"
  kill "$server_pid" && wait "$server_pid" || true
  server_pid=""
  echo "### $label"
  echo
  [ "$db" = demo ] && echo "(first start with seeding: healthy after ${ready} s)" && echo
  python3 - "$tmp/$db.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
print("| run | first icon visible (ms) | what | Tokyo view (zoom 10) visible (ms) | what | DOMContentLoaded | clusters request for the Tokyo view (start → end) | long tasks [start, ms] |")
print("|---|---|---|---|---|---|---|---|")
for i, r in enumerate(d["results"], 1):
    f, t = r["first_marker"] or {}, r["target_view"] or {}
    desc = lambda e: f"{e.get('clusters', 0)} clusters + {e.get('markers', 0)} markers @ z{e.get('zoom')}" if e else "-"
    tokyo = [x for x in r["resources"] if "clusters" in x["name"] and f"zoom={t.get('zoom')}" in x["name"]]
    req = f"{tokyo[0]['start']} → {tokyo[0]['end']} ({tokyo[0]['bytes']} B)" if tokyo else "-"
    print(f"| {i} | {r['first_marker_ms']} | {desc(f)} | {r['target_view_ms']} | {desc(t)} | {r['dom_content_loaded_ms']} | {req} | {r.get('long_tasks')} |")
print()
print(f"**median: first icon {d['median_first_marker_ms']} ms, Tokyo view {d['median_target_view_ms']} ms** (DOMContentLoaded {d['median_dom_content_loaded_ms']} ms)")
print()
r = d["results"][len(d["results"]) // 2]
print("<details><summary>request waterfall of run %d (ms from navigation start)</summary>\n" % (len(d["results"]) // 2 + 1))
print("| request | start | end | bytes |")
print("|---|---|---|---|")
for x in r["resources"]:
    print(f"| `{x['name'][:90]}` | {x['start']} | {x['end']} | {x['bytes']} |")
print("\n</details>\n")
PY
done
echo "- load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
