#!/usr/bin/env bash
# Builds the C++ binary and tests into out/<kind> and the frontend into frontend/dist.
#   release: optimised, for serving.   test: with AddressSanitizer + UBSan, warnings as errors.
#   fuzz: the libFuzzer harnesses only (tests/fuzz), with clang, ASan + UBSan; no frontend.
set -euo pipefail
cd "$(dirname "$0")/.."
kind="${1:-release}"
case "$kind" in
  release) flags=(-DCMAKE_BUILD_TYPE=Release -DPOKECA_BUILD_TESTS=OFF -DPOKECA_BUILD_BENCH=OFF) ;;
  test) flags=(-DCMAKE_BUILD_TYPE=Debug -DPOKECA_SANITIZE=ON -DPOKECA_WERROR=ON -DPOKECA_BUILD_BENCH=OFF) ;;
  bench) flags=(-DCMAKE_BUILD_TYPE=Release -DPOKECA_BUILD_TESTS=OFF -DPOKECA_BUILD_BENCH=ON) ;;
  fuzz) flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DPOKECA_FUZZ=ON -DPOKECA_BUILD_TESTS=OFF -DPOKECA_BUILD_BENCH=OFF
              -DCMAKE_CXX_COMPILER="${POKECA_FUZZ_CXX:-clang++-19}") ;;
  *) echo "usage: $0 release|test|bench|fuzz" >&2; exit 2 ;;
esac
jobs="${POKECA_BUILD_JOBS:-$(nproc)}"
echo "==> C++ ($kind)"
cmake -S . -B "out/$kind" -G Ninja "${flags[@]}" >/dev/null
if [ "$kind" = fuzz ]; then
  ninja -C "out/$kind" -j "$jobs" fuzzers
  exit 0
fi
ninja -C "out/$kind" -j "$jobs"
echo "==> frontend"
npm run --prefix frontend build --silent
