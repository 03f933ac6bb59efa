#!/usr/bin/env bash
# Builds the C++ binary and tests into out/<kind> and the frontend into frontend/dist.
#   release: optimised, for serving.   test: with AddressSanitizer + UBSan, warnings as errors.
set -euo pipefail
cd "$(dirname "$0")/.."
kind="${1:-release}"
case "$kind" in
  release) flags=(-DCMAKE_BUILD_TYPE=Release -DPOKECA_BUILD_TESTS=OFF -DPOKECA_BUILD_BENCH=OFF) ;;
  test) flags=(-DCMAKE_BUILD_TYPE=Debug -DPOKECA_SANITIZE=ON -DPOKECA_WERROR=ON -DPOKECA_BUILD_BENCH=OFF) ;;
  bench) flags=(-DCMAKE_BUILD_TYPE=Release -DPOKECA_BUILD_TESTS=OFF -DPOKECA_BUILD_BENCH=ON) ;;
  *) echo "usage: $0 release|test|bench" >&2; exit 2 ;;
esac
jobs="${POKECA_BUILD_JOBS:-$(nproc)}"
echo "==> C++ ($kind)"
cmake -S . -B "out/$kind" -G Ninja "${flags[@]}" >/dev/null
ninja -C "out/$kind" -j "$jobs"
echo "==> frontend"
npm run --prefix frontend build --silent
