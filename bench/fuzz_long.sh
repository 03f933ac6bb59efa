#!/usr/bin/env bash
# Long fuzzing run: every harness for SECONDS (default 1800) each, via
# scripts/fuzz.sh. Builds out/fuzz first. Record the totals it prints in RESULTS.md.
#   bench/fuzz_long.sh [SECONDS] [HARNESS…]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh fuzz
exec scripts/fuzz.sh "${1:-1800}" "${@:2}"
