#!/usr/bin/env bash
# GET /admin/analytics's query (≤ 100 ms for 366 days with 10 M page views)
# on the 1,000,000-store database (make_bench_db), Release build.
# Usage: bench/analytics_bench.sh [PATHS_PER_DAY]   (default 400; the cap is 2000)
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=bench/lib.sh
. bench/lib.sh
bench_prepare_source
bench_build analytics_bench make_bench_db
db_dir=$("$build/bench/make_bench_db" 1000000 "$root/out/bench-data")
echo "Analytics query on $src_desc; database $db_dir (1,000,000 stores)."
"$build/bench/analytics_bench" "$db_dir/pokeca.db" "${1:-400}" --benchmark_repetitions=5 \
  --benchmark_report_aggregates_only=true --benchmark_min_time=0.5
