#!/usr/bin/env bash
# Command 1: install what is missing, build backend and frontend, and serve the site
# with demo data on http://localhost:8080 (data in ./var; Ctrl-C stops it).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh release
exec out/release/apps/server/pokeca-server serve --data-dir "${POKECA_DATA_DIR:-var}" \
  --static-dir frontend/dist "$@"
