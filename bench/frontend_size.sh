#!/usr/bin/env bash
# Initial JavaScript of the built frontend: builds it (production, into OUT_DIR so a
# frontend/dist in use elsewhere is left alone), then sums the JS that index.html loads
# (<script type="module" src> and <link rel="modulepreload">) raw and gzip -9, and the
# lazy map route's chunks separately (from Vite's manifest: the chunk of
# src/app/routes/map.tsx and the imports it adds beyond the initial set).
# Usage: bench/frontend_size.sh [OUT_DIR]     (default out/bench/frontend-dist)
# The code is a snapshot of HEAD unless POKECA_BENCH_SOURCE=worktree (bench/lib.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
out="$(realpath -m "${1:-out/bench/frontend-dist}")"
# shellcheck source=bench/lib.sh
. bench/lib.sh
bench_prepare_source
bench_build_frontend "$out"
echo "$src_sha" >"$out/.source"
echo "Frontend of $src_desc, built with \`vite build\` (production) into ${out#$root/}; gzip -9 per file."
echo

python3 - "$out" <<'PY'
import gzip, json, os, re, sys
out = sys.argv[1]
html = open(os.path.join(out, "index.html"), encoding="utf-8").read()
initial = re.findall(r'<script[^>]*type="module"[^>]*src="/([^"]+\.js)"', html)
initial += re.findall(r'<link[^>]*rel="modulepreload"[^>]*href="/([^"]+\.js)"', html)
css = re.findall(r'<link[^>]*rel="stylesheet"[^>]*href="/([^"]+\.css)"', html)

def sizes(path):
    data = open(os.path.join(out, path), "rb").read()
    return len(data), len(gzip.compress(data, compresslevel=9, mtime=0))

def table(title, files):
    raw = gz = 0
    print(f"| {title} | | |")
    for f in files:
        r, g = sizes(f)
        raw += r
        gz += g
        print(f"| `{f}` | {r:,} B | {g:,} B |")
    print(f"| **total** | **{raw:,} B** | **{gz:,} B** |")
    return raw, gz

manifest = json.load(open(os.path.join(out, ".vite", "manifest.json")))
def closure(key, seen):
    if key in seen:
        return
    seen.add(key)
    for imp in manifest[key].get("imports", []):
        closure(imp, seen)
initial_keys = set()
for key, chunk in manifest.items():
    if chunk.get("isEntry"):
        closure(key, initial_keys)
map_key = next(k for k in manifest if k.endswith("src/app/routes/map.tsx"))
map_keys = set()
closure(map_key, map_keys)
map_files = [manifest[k]["file"] for k in sorted(map_keys - initial_keys)]
map_css = sorted({c for k in map_keys - initial_keys for c in manifest[k].get("css", [])})

print("| file | raw | gzip -9 |")
print("|---|---|---|")
table("initial JS (index.html script + modulepreload)", initial)
table("initial CSS", css)
table("map route JS (lazy, loaded on /map)", map_files)
table("map route CSS", map_css)
PY

# What the two chunks are made of (a second build with source maps, into a temp dir).
sm=$(mktemp -d /tmp/pokeca-frontend-sm.XXXXXX)
trap 'rm -rf "$sm"' EXIT
(cd "$src/frontend" && node_modules/.bin/vite build --outDir "$sm" --emptyOutDir --sourcemap --logLevel silent) >&2
echo
# shellcheck disable=SC2046
node "$root/bench/js_breakdown.mjs" "$sm" $(cd "$sm" && ls assets/index-*.js assets/map-*.js)
