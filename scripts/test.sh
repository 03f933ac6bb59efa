#!/usr/bin/env bash
# Command 2: build everything and run every test — C++ (GoogleTest via CTest, under
# ASan/UBSan), frontend units (Vitest) and browser end-to-end (Playwright + Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --with-browser
scripts/build.sh test

echo "==> C++ format and static checks (changed code)"
scripts/lint-cpp.sh

echo "==> frontend unit tests"
npm test --prefix frontend --silent

echo "==> browser end-to-end tests"
POKECA_SERVER_BIN="$PWD/out/test/apps/server/pokeca-server" npm run --prefix frontend e2e --silent

echo "==> browser end-to-end tests on PostgreSQL (a throw-away cluster)"
pg_virtualenv -v 15 -t scripts/e2e-postgres.sh

echo "==> C++ tests"
ctest --test-dir out/test --output-on-failure -j "$(nproc)"

echo "==> fuzzing (each harness ${POKECA_FUZZ_SECONDS:-10} s on its seed corpus; fails on a crash)"
scripts/build.sh fuzz
scripts/fuzz.sh "${POKECA_FUZZ_SECONDS:-10}"
