#!/usr/bin/env bash
# C++ style and static checks on the code a change touches (fast enough for every run):
#   clang-format: the changed lines of C++ files since BASE (default: the merge base with
#                 main, else HEAD~1), per .clang-format (git clang-format --diff).
#   clang-tidy:   the changed .cpp files, per .clang-tidy, with out/test's compile database.
# Usage: scripts/lint-cpp.sh [BASE]     POKECA_LINT=off skips it (e.g. a machine without clang tools).
set -euo pipefail
cd "$(dirname "$0")/.."
[[ "${POKECA_LINT:-on}" == off ]] && { echo "==> C++ lint skipped (POKECA_LINT=off)"; exit 0; }
base="${1:-$(git merge-base HEAD main 2>/dev/null || git rev-parse HEAD~1 2>/dev/null || echo HEAD)}"
mapfile -t changed < <(git diff --name-only --diff-filter=ACMR "$base" -- '*.cpp' '*.hpp' | grep -E '^(core|adapters|apps|tests|bench)/' || true)
echo "==> C++ lint: ${#changed[@]} changed file(s) since ${base:0:12}"
[[ ${#changed[@]} -eq 0 ]] && exit 0
status=0
if command -v git-clang-format >/dev/null || command -v clang-format >/dev/null; then
  if ! out=$(git clang-format --quiet --diff "$base" -- "${changed[@]}" 2>&1); then status=1; fi
  if [[ -n "$out" && "$out" != *"no modified files to format"* && "$out" != *"clang-format did not modify any files"* ]]; then
    echo "$out"
    echo "clang-format: the lines above differ from .clang-format (fix: git clang-format $base)"
    status=1
  fi
else
  echo "clang-format not installed: format check skipped"
fi
db=out/test/compile_commands.json
mapfile -t sources < <(printf '%s\n' "${changed[@]}" | grep -E '\.cpp$' | grep -v '^tests/' || true)
if [[ ${#sources[@]} -gt 0 ]] && command -v clang-tidy >/dev/null && [[ -f "$db" ]]; then
  # The database holds GCC's commands: clang-tidy 14 spells C++23 "c++2b" and does not
  # know some GCC warning flags.
  if ! out=$(clang-tidy -p out/test --quiet --extra-arg=-std=c++2b --extra-arg=-Wno-unknown-warning-option \
      "${sources[@]}" 2>&1); then
    status=1
  fi
  printf '%s\n' "$out" | grep -v -E '^[0-9]+ warnings? (and [0-9]+ errors? )?generated' || true
elif [[ ${#sources[@]} -gt 0 ]]; then
  echo "clang-tidy skipped: needs clang-tidy and $db (scripts/build.sh test)"
fi
exit $status
