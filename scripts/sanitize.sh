#!/usr/bin/env bash
# The checks that Release builds compile out, run for real: a build with assertions on
# (cast<T>'s kind checks, every assert) plus AddressSanitizer and UndefinedBehaviorSanitizer
# (build-asan/, compiled by Clang: a third faster to build than GCC), then every suite in it but
# the main-build-only tests (scripts/suites.sh says which and why).
# Usage: scripts/sanitize.sh [ctest arguments]
set -euo pipefail
cd "$(dirname "$0")/.."
# Line tables only (-g1): the reports' stacks name file and line, and the build is shorter.
# LLVM and Clang stay shared libraries: linked statically into an instrumented executable,
# the allocator poisoning their headers compile into the project's code trips over their
# uninstrumented archives (use-after-poison in clang::IdentifierTable).
san="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
# (A build-asan/ that an earlier version configured with GCC is configured afresh.)
if [ -f build-asan/CMakeCache.txt ] && ! grep -q '^CMAKE_CXX_COMPILER:.*clang++-19' build-asan/CMakeCache.txt; then
  rm -rf build-asan
fi
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DSCOPEMC_STATIC_LLVM=OFF \
  -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 \
  -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g1" -DCMAKE_CXX_FLAGS="$san" \
  -DCMAKE_EXE_LINKER_FLAGS="$san" >/dev/null
cmake --build build-asan -j"$(nproc)"
# LLVM's and Clang's own allocations at exit are not the program's leaks.
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export SCOPEMC_SANITIZED=1 # tests that limit the address space skip that (ASan reserves terabytes)
. scripts/suites.sh
if [ $# -gt 0 ]; then
  ctest --test-dir build-asan --output-on-failure -j"$(nproc)" "$@"
else
  ctest --test-dir build-asan --output-on-failure -j"$(nproc)" -E "$main_only"
fi
