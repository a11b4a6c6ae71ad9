#!/usr/bin/env bash
# The checks that Release builds compile out, run for real: a build with assertions on
# (cast<T>'s kind checks, every assert) plus AddressSanitizer and UndefinedBehaviorSanitizer
# (build-asan/), then the unit, e2e and cli suites and the reproducers in it. The 40-second
# fuzz test, the layering probes and the GenMC oracle run in the main build only, and so do
# the three-rank MPI search (the two-rank one runs the same code here) and the browser test
# of the HTML witness (WitnessTest writes the same HTML here; the browser is not ours).
# Usage: scripts/sanitize.sh [ctest arguments]
set -euo pipefail
cd "$(dirname "$0")/.."
# Line tables only (-g1): the reports' stacks name file and line, and the build is shorter.
# LLVM and Clang stay shared libraries: linked statically into an instrumented executable,
# the allocator poisoning their headers compile into the project's code trips over their
# uninstrumented archives (use-after-poison in clang::IdentifierTable).
# GCC's -O1 inlining of LLVM's `new GlobalVariable` (User's placement operator new) warns of a
# mismatched delete on the exception path that LLVM's operators pair correctly.
san="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Debug -DSCOPEMC_STATIC_LLVM=OFF \
  -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g1" \
  -DCMAKE_CXX_FLAGS="$san -Wno-maybe-uninitialized -Wno-mismatched-new-delete" \
  -DCMAKE_EXE_LINKER_FLAGS="$san" >/dev/null
cmake --build build-asan -j"$(nproc)"
# LLVM's and Clang's own allocations at exit are not the program's leaks.
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export SCOPEMC_SANITIZED=1 # tests that limit the address space skip that (ASan reserves terabytes)
ctest --test-dir build-asan --output-on-failure -j"$(nproc)" \
  -E 'cli_fuzz_c|fuzz_reductions|layering_|ExternalOracle|mpi_search_np3|browser_witness' "$@"
