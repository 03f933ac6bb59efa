#!/usr/bin/env bash
# The issue-14 audit as a repeatable bench (loopback only): hostile request mixes,
# slowloris, a large anonymous upload flood with the server's peak RSS, a login burst
# against one account, and kill -9 under writers with the acknowledged writes lost and
# PRAGMA integrity_check. The Release server of a commit (bench/lib.sh), a fresh data
# directory, every process stopped at the end. Figures go to bench/RESULTS.md.
# Usage: bench/hostile_load.sh [phase …]   (mix slowloris flood flood_users login conn_fill body_drain kill;
#        default all)
#   env: FLOOD_CONNS (250), FLOOD_MIB (32), FLOOD_ACCOUNTS (12), FLOOD_SECONDS (60), RSS_LIMIT_MB (512),
#        SLOW_CONNS (500), SLOW_SECONDS (15), MIX_REQUESTS (3000), LOGIN_BURST (200),
#        WRITERS (8), KILL_SECONDS (10), CONN_FILL (4200), CONN_SECONDS (30), BODY_ACCOUNTS (8),
#        BODY_SECONDS (38), POKECA_BUILD_JOBS (2), POKECA_BENCH_SOURCE (head | worktree)
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=bench/lib.sh
source bench/lib.sh
bench_prepare_source
bench_build pokeca-server pokeca-photo-worker
server=$build/apps/server/pokeca-server
bench_workdir
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
echo "hostile load on $src_desc, $(date -u '+%F %H:%M UTC'), load before: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 bench/hostile_load.py "$server" "$work" "$@"
