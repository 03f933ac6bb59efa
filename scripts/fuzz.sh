#!/usr/bin/env bash
# Runs every libFuzzer harness (out/fuzz, `scripts/build.sh fuzz`) for SECONDS each on a
# scratch copy of its seed corpus (tests/fuzz/corpus/<harness>), so the repository's
# corpus stays as committed. Fails on the first crash, leak or sanitizer report; the
# input that did it is kept in out/fuzz/crashes/. Prints executions per harness and the
# total. Usage: scripts/fuzz.sh [SECONDS] [HARNESS…]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-10}"
shift || true
harnesses=("$@")
((${#harnesses[@]})) || harnesses=(fuzz_multipart fuzz_query fuzz_api fuzz_import fuzz_sniff fuzz_worker_protocol)
mkdir -p out/fuzz/crashes
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
total=0
for h in "${harnesses[@]}"; do
  bin="out/fuzz/tests/fuzz/$h"
  [[ -x "$bin" ]] || { echo "missing $bin (run scripts/build.sh fuzz)" >&2; exit 1; }
  mkdir -p "$scratch/$h"
  cp -r "tests/fuzz/corpus/$h/." "$scratch/$h/" 2>/dev/null || true
  log="$scratch/$h.log"
  if ! "$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
      -artifact_prefix="out/fuzz/crashes/$h-" "$scratch/$h" >"$log" 2>&1; then
    tail -n 60 "$log" >&2
    echo "FUZZ FAILURE: $h (input kept in out/fuzz/crashes/)" >&2
    exit 1
  fi
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
  total=$((total + runs))
  printf '%-22s %12s executions, 0 crashes\n' "$h" "$runs"
done
printf '%-22s %12s executions, 0 crashes (%s s each, %s)\n' total "$total" "$seconds" "$(date -u +%F)"
