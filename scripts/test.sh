#!/usr/bin/env bash
# Sets up and builds (scripts/setup.sh), checks formatting and lint (scripts/lint.sh), then
# runs every test suite with CTest.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --no-example
scripts/lint.sh # formatting (clang-format-19) and the .clang-tidy checks (clang-tidy-19)
ctest --test-dir build --output-on-failure -j"$(nproc)" "$@"
