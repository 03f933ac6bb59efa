# Sourced by the bench scripts (bash). Other people edit the working tree while
# benchmarks run, so by default the code under test is a commit (HEAD, or
# POKECA_BENCH_REV) checked out in a private clone at out/bench-src, with bench/ itself
# taken from the working tree; the figures then belong to a commit.
# POKECA_BENCH_SOURCE=worktree measures the working tree instead (build dir
# out/bench-worktree).
#   bench_prepare_source   sets src (source root), build (build dir), src_desc
#   bench_build TARGET…    Release build of the targets, -j${POKECA_BUILD_JOBS:-2}

bench_prepare_source() {
  root=$(git rev-parse --show-toplevel)
  if [ "${POKECA_BENCH_SOURCE:-head}" = worktree ]; then
    src=$root
    build=$root/out/bench-worktree
    src_sha="worktree-$(date +%s)"
    src_desc="working tree at $(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet HEAD -- core adapters apps data frontend/src || echo ' + uncommitted changes')"
    return
  fi
  local rev sha
  rev="${POKECA_BENCH_REV:-HEAD}"
  sha=$(git -C "$root" rev-parse "$rev^{commit}")
  src=$root/out/bench-src
  build=$root/out/bench
  # A private clone (objects shared with the main repository, which is left untouched);
  # checking out another commit rewrites only the files that differ, so ninja rebuilds
  # only what changed.
  [ -d "$src/.git" ] || git clone -q --shared --no-checkout "$root" "$src"
  git -C "$src" checkout -q --force --detach "$sha"
  git -C "$src" clean -q -fdx -e frontend/node_modules
  (cd "$root/bench" && tar -c --exclude=RESULTS.md .) | tar -x -C "$src/bench"
  [ -e "$src/frontend/node_modules" ] || [ -L "$src/frontend/node_modules" ] || ln -s "$root/frontend/node_modules" "$src/frontend/node_modules"
  src_sha=${sha:0:7}
  src_desc="commit $src_sha ($rev; bench/ from the working tree)"
}

bench_build() {
  local jobs="${POKECA_BUILD_JOBS:-2}"
  echo "==> build (Release, $build, -j$jobs): $*" >&2
  cmake -S "$src" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DPOKECA_BUILD_TESTS=OFF -DPOKECA_BUILD_BENCH=ON >/dev/null
  nice -n 5 ninja -C "$build" -j "$jobs" "$@" >&2
}

# Production frontend build of $src into $1 (Vite only; type checking is the tests' job).
bench_build_frontend() {
  local out=$1
  command -v node >/dev/null || { echo "node is required (scripts/install-deps.sh)" >&2; return 1; }
  [ -d "$root/frontend/node_modules" ] || npm ci --prefix "$root/frontend" >&2
  echo "==> vite build of $src/frontend → $out" >&2
  (cd "$src/frontend" && node_modules/.bin/vite build --outDir "$out" --emptyOutDir --manifest --logLevel warn) >&2
}

# The production frontend of $src in out/bench/frontend-dist, rebuilt when the code changed.
bench_frontend_dist() {
  local out=$root/out/bench/frontend-dist
  if [ "$(cat "$out/.source" 2>/dev/null)" != "$src_sha" ]; then
    bench_build_frontend "$out"
    echo "$src_sha" >"$out/.source"
  fi
  echo "$out"
}

# A server on a free loopback port: bench_start_server BIN DIR RATE_LIMITS [extra serve flags…]
# sets pid, port and base; its log is DIR/server.log, its data DIR/var (started afresh).
bench_start_server() {
  rm -rf "$2/var"
  bench_restart_server "$@"
}
# The same on the data DIR/var already holds (e.g. a database prepared between two starts).
bench_restart_server() {
  local bin=$1 dir=$2 limits=$3
  shift 3
  "$bin" serve --data-dir "$dir/var" --port 0 --static-dir "$dir" --rate-limits "$limits" "$@" >"$dir/server.log" 2>&1 &
  pid=$!
  port=""
  for _ in $(seq 1 300); do
    port=$(grep -o '"event":"listening".*"port":"[0-9]*"' "$dir/server.log" | grep -o '"port":"[0-9]*"' | grep -o '[0-9]*' || true)
    [ -n "$port" ] && break
    sleep 0.1
  done
  [ -n "$port" ] || { cat "$dir/server.log" >&2; return 1; }
  base=http://127.0.0.1:$port
}
bench_stop_server() { kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""; }

# Signs up bench@example.com on $base, verifies it (the link is in DIR/server.log: the
# outbox mailer) and logs in; prints the access token. bench_access_token DIR
bench_access_token() {
  local dir=$1 email=bench@example.com password=bench-password-2026 link
  curl -sf -XPOST "$base/api/v1/users" -H 'Content-Type: application/json' \
    -d "{\"user\":{\"email\":\"$email\",\"password\":\"$password\",\"username\":\"bench\",\"prefecture\":\"\"}}" >/dev/null
  # The mail thread sends the mail from the durable queue: wait for its line.
  for _ in $(seq 50); do
    link=$(grep -o 'token=[A-Za-z0-9_-]*' "$dir/server.log" | tail -1 | cut -d= -f2)
    [ -n "$link" ] && break
    sleep 0.1
  done
  curl -sf -XPOST "$base/api/v1/auth/verify-email" -H 'Content-Type: application/json' -d "{\"token\":\"$link\"}" >/dev/null
  curl -sf -XPOST "$base/api/v1/auth/login" -H 'Content-Type: application/json' \
    -d "{\"email\":\"$email\",\"password\":\"$password\"}" | grep -o '"access_token":"[^"]*"' | cut -d'"' -f4
}

# From a `wrk --latency` report: a percentile in ms ("99%  12.34ms" → 12.34), req/s, non-2xx.
wrk_percentile() { awk -v q="$1%" '$1 == q { v = $2; if (v ~ /us$/) { sub(/us/, "", v); v /= 1000 } else if (v ~ /ms$/) sub(/ms/, "", v); else if (v ~ /s$/) { sub(/s/, "", v); v *= 1000 } printf "%.2f", v }' "$2"; }
wrk_rps() { awk '/^Requests\/sec/ { printf "%.1f", $2 }' "$1"; }
wrk_non2xx() { awk '/Non-2xx/ { print $5; found=1 } END { if (!found) print 0 }' "$1"; }

# A scratch directory in $work, removed at exit together with the server in $pid (if any).
bench_workdir() {
  work=$(mktemp -d)
  pid=""
  trap 'if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi; rm -rf "$work"' EXIT
}

# nginx serving DIR/www as JSON on PORT, for the static ceiling: bench_nginx_conf DIR PORT
# WORKERS [AFFINITY] writes DIR/nginx.conf (run it with nginx -c DIR/nginx.conf -p DIR).
bench_nginx_conf() {
  local dir=$1 port=$2 workers=$3 affinity=${4:-}
  cat >"$dir/nginx.conf" <<EOF
worker_processes $workers;
${affinity:+worker_cpu_affinity $affinity;}
daemon off;
pid $dir/nginx.pid;
error_log $dir/nginx-error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_timeout 65;
  types { }
  default_type application/json;
  client_body_temp_path $dir/nginx-tmp;
  proxy_temp_path $dir/nginx-tmp;
  fastcgi_temp_path $dir/nginx-tmp;
  uwsgi_temp_path $dir/nginx-tmp;
  scgi_temp_path $dir/nginx-tmp;
  server {
    listen 127.0.0.1:$port;
    root $dir/www;
  }
}
EOF
}

# CPU time (clock ticks) used so far by the given processes, all their threads.
bench_cpu_ticks() {
  local t=0 p f
  for p in "$@"; do read -r -a f <"/proc/$p/stat"; t=$((t + f[13] + f[14])); done
  echo "$t"
}

# A wrk script that asks a URL never asked before each request (a response cache miss):
# bench_unique_lua FILE. Adds `_=N` to the query (`?_=N` to a path without one).
bench_unique_lua() {
  cat >"$1" <<'EOF'
-- Each request a URL never asked before: a response cache miss.
local n = 0
request = function()
  n = n + 1
  local sep = wrk.path:find("?", 1, true) and "&" or "?"
  return wrk.format("GET", wrk.path .. sep .. "_=" .. n)
end
EOF
}
