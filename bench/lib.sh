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
  [ -e "$src/frontend/node_modules" ] || ln -s "$root/frontend/node_modules" "$src/frontend/node_modules"
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
