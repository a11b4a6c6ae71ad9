#!/usr/bin/env bash
# Sets up and builds (scripts/setup.sh), checks formatting and lint (scripts/lint.sh), runs
# every test suite with CTest, then the suites again in a sanitized build (scripts/sanitize.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
# The tests need no optimisation profile: a build that has one (scripts/setup.sh made it)
# keeps it, a fresh clone (CI) builds once, without the instrumented build and its training.
if [ -z "${SCOPEMC_PGO:-}" ] && [ ! -f build/pgo.stamp ]; then
  export SCOPEMC_PGO=0
fi
# Each phase says how long it took (CI's budget is 45 minutes for the whole script).
phase() { echo "== scripts/test.sh: $1 took $((SECONDS - start)) s"; start=$SECONDS; }
start=$SECONDS
scripts/setup.sh --no-example
phase "setup and build"
scripts/lint.sh # formatting (clang-format-19) and the .clang-tidy checks (clang-tidy-19)
phase "lint"
# The main build runs the tests that only it runs or that it runs in full (scripts/suites.sh);
# the sanitized build (build-asan/, assertions on, AddressSanitizer and
# UndefinedBehaviorSanitizer) runs all the others. SCOPEMC_NO_SANITIZE=1 skips the sanitized
# build and runs every test in the main one. Arguments (ctest's) select tests in both builds.
. scripts/suites.sh
if [ "${SCOPEMC_NO_SANITIZE:-0}" = 1 ]; then
  ctest --test-dir build --output-on-failure -j"$(nproc)" "$@"
  phase "tests"
else
  if [ $# -gt 0 ]; then
    ctest --test-dir build --output-on-failure -j"$(nproc)" "$@"
  else
    ctest --test-dir build --output-on-failure -j"$(nproc)" -R "$main_only|$sized"
  fi
  phase "tests (main build)"
  scripts/sanitize.sh "$@"
  phase "sanitized build and tests"
fi
