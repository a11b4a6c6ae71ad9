#!/usr/bin/env bash
# Sets up and builds (scripts/setup.sh), then runs every test suite with CTest.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --no-example
ctest --test-dir build --output-on-failure -j"$(nproc)" "$@"
