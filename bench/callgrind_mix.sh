#!/usr/bin/env bash
# Instructions (valgrind --tool=callgrind, Ir) a server spends on a fixed request mix:
# N unique bbox misses with every store's fragment warm (a never-asked URL each), N hits
# of one cached bbox URL, N healthz (cached), one keep-alive connection, no gzip. Counts
# do not depend on the machine's load, so two binaries can be compared on a busy machine.
# Prints one line per phase: "phase Ir Ir-per-request".
# Usage: bench/callgrind_mix.sh SERVER_BIN DATA_DIR [N=200]
#   DATA_DIR: a data directory with stores (e.g. made by `pokeca-server serve --demo-data true`);
#   it is copied, never written.
#   POKECA_SERVE_FLAGS: more `serve` flags, e.g. "--metrics-bind 127.0.0.1:0" (metrics counted).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:?usage: bench/callgrind_mix.sh SERVER_BIN DATA_DIR [N]}
data_src=${2:?usage}
n=${3:-200}
tmp=$(mktemp -d /tmp/pokeca-callgrind-mix.XXXXXX)
pid=""
cleanup() {
  [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  rm -rf "$tmp"
}
trap cleanup EXIT
cp -r "$data_src" "$tmp/data"
port=$(python3 bench/http_probe.py free-port)
valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.%p" "$bin" serve --data-dir "$tmp/data" --port "$port" --photo-worker /bin/true \
  --demo-data false --io-threads 1 --worker-threads 1 ${POKECA_SERVE_FLAGS:-} >"$tmp/server.out" 2>"$tmp/server.log" &
pid=$!
python3 bench/http_probe.py wait-healthy "$port" 600
read -r bbox _ < <(python3 bench/http_probe.py find-bbox "$port" 35.6812 139.7671 280 300)
run() {  # PHASE: the requests of one phase over one keep-alive connection
  python3 - "$port" "$bbox" "$n" "$1" <<'PY'
import http.client, sys
port, bbox, n, phase = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), sys.argv[4]
c = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
for i in range(n):
    if phase == "warm":
        path = f"/api/v1/stores?bbox={bbox}&limit=300&_=warm{i}"
    elif phase == "miss":
        path = f"/api/v1/stores?bbox={bbox}&limit=300&_=miss{i}"
    elif phase == "hit":
        path = f"/api/v1/stores?bbox={bbox}&limit=300"
    else:
        path = "/api/v1/healthz"
    c.request("GET", path)
    r = c.getresponse()
    r.read()
    assert r.status == 200, (path, r.status)
PY
}
n_warm=$n; n=3; run warm; run hit; n=$n_warm  # fragments and the hit's entry warm
for phase in miss hit healthz; do
  callgrind_control -z "$pid" >/dev/null
  run "$phase"
  callgrind_control -d "$phase" "$pid" >/dev/null
  sleep 1
  file=$(ls -t "$tmp"/cg.*"$phase"* 2>/dev/null | head -1 || true)
  [ -n "$file" ] || file=$(ls -t "$tmp"/cg.* | head -1)
  ir=$(grep -E '^(summary|totals):' "$file" | head -1 | awk '{print $2}')
  echo "$phase $ir $((ir / n))"
done
