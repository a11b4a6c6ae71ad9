#!/usr/bin/env bash
# Sets up and builds (scripts/setup.sh), checks formatting and lint (scripts/lint.sh), runs
# every test suite with CTest, then the suites again in a sanitized build (scripts/sanitize.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --no-example
scripts/lint.sh # formatting (clang-format-19) and the .clang-tidy checks (clang-tidy-19)
ctest --test-dir build --output-on-failure -j"$(nproc)" "$@"
# The same suites with assertions on, AddressSanitizer and UndefinedBehaviorSanitizer
# (build-asan/); SCOPEMC_NO_SANITIZE=1 skips them.
if [ "${SCOPEMC_NO_SANITIZE:-0}" != 1 ]; then
  scripts/sanitize.sh
fi
