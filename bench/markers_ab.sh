#!/usr/bin/env bash
# First markers, interleaved: cold visits of /map?prefecture=tokyo (bench/markers_visible.mjs)
# against several running servers, side after side, round after round (the order reversed
# every other round), so load drift on this shared machine hits every side alike. The load
# average is logged before each side's visits.
#   bench/markers_ab.sh OUT_DIR ROUNDS VISITS NAME=BASE_URL...
#   e.g. bench/markers_ab.sh /tmp/ab 4 3 before=http://127.0.0.1:38837 after=http://127.0.0.1:38075
# MARKERS_PATH (default /map?prefecture=tokyo) is the page visited; OFFSITE=resolver is passed to
# markers_visible.mjs (off-site requests fail in the resolver instead of Playwright's router).
# Prints per side: visits, median / p90 / max of the first markers (ms), visits over 1.0 s,
# DOMContentLoaded median, and how many /stores/clusters and /config answers the page read.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=$1 rounds=$2 visits=$3
shift 3
mkdir -p "$out"
for r in $(seq 1 "$rounds"); do
  sides=("$@")
  if [ $((r % 2)) -eq 0 ]; then mapfile -t sides < <(printf '%s\n' "$@" | tac); fi
  for side in "${sides[@]}"; do
    name=${side%%=*} url=${side#*=}
    echo "$(date -u +%T) round $r $name load $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$out/log"
    node "$here/markers_visible.mjs" "$url" "$visits" "${MARKERS_PATH:-/map?prefecture=tokyo}" >"$out/$name-$r.json"
  done
done
echo "$(date -u +%T) end load $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$out/log"
node - "$out" <<'JS'
const { readFileSync, readdirSync } = require('node:fs');
const dir = process.argv[2];
const by = {};
for (const f of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
  const name = f.replace(/-\d+\.json$/, '');
  for (const r of JSON.parse(readFileSync(`${dir}/${f}`, 'utf8')).results) (by[name] ??= []).push(r);
}
const sorted = (xs) => [...xs].sort((a, b) => a - b);
const median = (xs) => { const s = sorted(xs), n = s.length; return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2; };
const p90 = (xs) => sorted(xs)[Math.ceil(0.9 * xs.length) - 1];
const count = (r, part) => r.resources.filter((x) => x.name.includes(part)).length;
for (const [name, rs] of Object.entries(by)) {
  const first = rs.map((r) => r.first_marker_ms);
  console.log(`${name}: ${first.length} visits, first markers median ${median(first)} ms, p90 ${p90(first)}, max ${Math.max(...first)}, ` +
    `over 1.0 s ${first.filter((x) => x > 1000).length}, DOMContentLoaded median ${median(rs.map((r) => r.dom_content_loaded_ms))} ms, ` +
    `clusters answers read ${median(rs.map((r) => count(r, '/stores/clusters')))}, /config ${median(rs.map((r) => count(r, '/api/v1/config')))}`);
  console.log(`  ${first.join(', ')}`);
}
JS
