#!/usr/bin/env bash
# Installs what is missing on a Debian 12 machine: the build toolchain, the -dev
# libraries, Chromium for the browser tests, and the frontend's npm packages.
# Idempotent: a machine that has everything installs nothing.
set -euo pipefail
cd "$(dirname "$0")/.."

DEB_PACKAGES=(
  g++ cmake ninja-build ccache pkg-config git
  libboost1.81-dev libboost-json1.81-dev libsqlite3-dev libfmt-dev libcurl4-openssl-dev
  libsodium-dev libmaxminddb-dev
  # The PostgreSQL backend's client library (adapters/storage/src/postgres).
  libpq-dev
  libturbojpeg0-dev libpng-dev libwebp-dev libgif-dev libheif-dev zlib1g-dev libdeflate-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  # libFuzzer harnesses (scripts/build.sh fuzz): clang 19, the first Debian 12 clang
  # whose concepts support lets libstdc++ 12 offer std::expected (14 and 16 do not).
  clang-19 libclang-rt-19-dev
  # The C++ lint (scripts/lint-cpp.sh): 19 for the same reason (clang-tidy 14 cannot parse
  # core's std::expected), and one clang-format version for everyone's formatting.
  clang-tidy-19 clang-format-19
)
# The tests only (scripts/test.sh passes --with-browser): Chromium for the browser tests,
# the MaxMind DB writer for the IP-location tests' database, and PostgreSQL 15 with
# pg_virtualenv (postgresql-common) for the storage contract suite's throw-away cluster,
# and nginx with openssl for the tests that run deploy/'s nginx site in front of the server.
BROWSER_PACKAGES=(chromium libmaxmind-db-writer-perl postgresql-15 postgresql-common nginx-light openssl)

want=("${DEB_PACKAGES[@]}")
[[ "${1:-}" == "--with-browser" ]] && want+=("${BROWSER_PACKAGES[@]}")
command -v node >/dev/null && command -v npm >/dev/null || want+=(nodejs npm)

missing=()
for p in "${want[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "==> apt-get install ${missing[*]}"
  SUDO=""
  [[ $(id -u) -ne 0 ]] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# npm ci only when the lock file changed since the last install.
stamp=frontend/node_modules/.pokeca-lock-stamp
if [[ ! -f "$stamp" ]] || ! cmp -s frontend/package-lock.json "$stamp"; then
  echo "==> npm ci (frontend)"
  npm ci --prefix frontend --no-audit --no-fund --loglevel=error
  cp frontend/package-lock.json "$stamp"
fi
