#!/usr/bin/env bash
# C++ style and static checks on what a change touches (scripts/test.sh runs them after the build):
#   format: the changed lines of every C++ file must be as clang-format-19 writes them, per
#           .clang-format (git clang-format-19 --diff).
#   tidy:   clang-tidy-19, per .clang-tidy (bugprone-*, performance-*), on the changed .cpp files
#           under core/, adapters/ and apps/, with out/test's compile database.
# The change: since BASE, by default the merge base with main; on main itself (a clean clone, as
# CI runs it) the last commit (for a merge: all it brought). Files whose change is whitespace
# only are not given to clang-tidy.
# Usage: scripts/lint-cpp.sh [BASE]    check as above
#        scripts/lint-cpp.sh --fix     reformat the changed lines in place
#        scripts/lint-cpp.sh --all     every C++ file and every source file (far too long for a test run)
#        scripts/lint-cpp.sh --fix-all reformat every C++ file in place
# POKECA_LINT=off skips it (e.g. a machine without the clang tools).
set -euo pipefail
cd "$(dirname "$0")/.."
[[ "${POKECA_LINT:-on}" == off ]] && { echo "==> C++ lint skipped (POKECA_LINT=off)"; exit 0; }

readonly CLANG_FORMAT=clang-format-19 CLANG_TIDY=clang-tidy-19 DB_DIR=out/test
# More changed files than this (a large merge) would make a test run too long: clang-tidy
# skips them and says so; run --all by hand or give a nearer BASE.
readonly MAX_TIDY_FILES="${POKECA_LINT_MAX_TIDY_FILES:-60}"
mode="${1:-}"
cpp_globs=('*.cpp' '*.hpp' '*.h' '*.cc')
sources_under_lint() { grep -E '^(core|adapters|apps)/.*\.cpp$' || true; }

if [[ "$mode" == --fix-all || "$mode" == --all ]]; then
  mapfile -t files < <(git ls-files "${cpp_globs[@]}")
  if [[ "$mode" == --fix-all ]]; then
    "$CLANG_FORMAT" -i "${files[@]}"
    echo "==> reformatted ${#files[@]} C++ files"
    exit 0
  fi
  base=""
  mapfile -t sources < <(git ls-files '*.cpp' | sources_under_lint)
  what="every source file"
else
  main_base=$(git merge-base HEAD main 2>/dev/null || true)
  if [[ -n "$mode" && "$mode" != --fix ]]; then
    base="$mode"
  elif [[ -n "$main_base" && "$main_base" != "$(git rev-parse HEAD)" ]]; then
    base="$main_base"
  else
    base=$(git rev-parse --verify -q HEAD~1 || true)  # on main: the last commit
  fi
  [[ -z "$base" ]] && { echo "==> C++ lint: no earlier commit to compare with"; exit 0; }
  mapfile -t files < <(git diff --name-only --diff-filter=ACMR "$base" -- "${cpp_globs[@]}")
  # --numstat with -w leaves out the files whose change is whitespace only; --no-renames
  # names a moved file by its path (a rename's numstat path reads "dir/{old => new}/f.cpp").
  mapfile -t sources < <(git diff -w --ignore-blank-lines --numstat --no-renames --diff-filter=ACMR "$base" -- '*.cpp' |
    cut -f3 | sources_under_lint)
  what="changed since ${base:0:12}"
  if [[ "$mode" == --fix ]]; then
    ((${#files[@]})) && git clang-format-19 --binary "$CLANG_FORMAT" --force --quiet "$base" -- "${files[@]}" || true
    echo "==> reformatted the changed lines of ${#files[@]} C++ file(s) $what"
    exit 0
  fi
fi

status=0
echo "==> clang-format: ${#files[@]} C++ file(s), $what"
if [[ -z "$base" ]]; then
  "$CLANG_FORMAT" --dry-run -Werror "${files[@]}" || status=1
elif ((${#files[@]})); then
  out=$(git clang-format-19 --binary "$CLANG_FORMAT" --quiet --diff "$base" -- "${files[@]}" 2>&1) || status=1
  if [[ -n "$out" && "$out" != *"no modified files to format"* && "$out" != *"did not modify any files"* ]]; then
    echo "$out"
    status=1
  fi
fi
((status)) && echo "clang-format: the lines above differ from .clang-format (fix: scripts/lint-cpp.sh --fix)"

if [[ ${#sources[@]} -eq 0 ]]; then
  echo "==> clang-tidy: no source file $what"
elif [[ ${#sources[@]} -gt $MAX_TIDY_FILES && "$mode" != --all ]]; then
  echo "==> clang-tidy skipped: ${#sources[@]} source files $what, over $MAX_TIDY_FILES;" \
    "run scripts/lint-cpp.sh --all or give a nearer BASE"
elif [[ ! -f "$DB_DIR/compile_commands.json" ]]; then
  echo "clang-tidy needs $DB_DIR/compile_commands.json (scripts/build.sh test)"
  status=1
else
  echo "==> clang-tidy: ${#sources[@]} source file(s), $what"
  # The database holds GCC's commands: clang does not know some of GCC's warning flags.
  # Its "N warnings generated" lines (about system headers) are left out.
  if ! printf '%s\0' "${sources[@]}" |
    xargs -0 -n 1 -P "$(nproc)" "$CLANG_TIDY" -p "$DB_DIR" --quiet --extra-arg=-Wno-unknown-warning-option \
      2> >(grep -v -E '^[0-9]+ warnings? (and [0-9]+ errors? )?generated' >&2); then
    status=1
  fi
fi
exit $status
