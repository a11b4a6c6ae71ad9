#!/usr/bin/env bash
# Format and lint checks of the project's C++ sources (scripts/test.sh runs them after the
# build; CI with it):
#   clang-format-19: every source is formatted as .clang-format says (a diff fails);
#   citations:       every docs/*.md the project's text names exists, and none names the
#                    shared specification's files (docs/model.md, dpor.md, interface.md are ours);
#   size limits:     scripts/size_limits.py on every library folder (file lines, member
#                    functions per class; ceilings that only go down; a folder whose headers
#                    and tools are as they were is not compiled again: .lint/size-classes.json,
#                    commit it with the code);
#   include graph:   scripts/include_graph.py: no folder includes one of its layer or above;
#   clang-tidy-19:   the checks .clang-tidy keeps, warnings as errors, on every library and
#                    tool source, with the compile commands of a plain configure in BUILD_DIR
#                    (default build-lint; configured here, nothing is compiled: the main
#                    build's commands carry GCC-only profile flags); a source whose check
#                    would see exactly what a passing check saw is not checked again
#                    (scripts/tidy_cache.py, .lint/tidy-passed: commit it with the code).
# Usage: scripts/lint.sh [--format-only | --tidy-only] [BUILD_DIR]   (fix formatting with
# `clang-format-19 -i $(scripts/lint.sh --list)`)
set -euo pipefail
cd "$(dirname "$0")/.."

mode=all
[ "${1:-}" = "--format-only" ] && { mode=format; shift; }
[ "${1:-}" = "--tidy-only" ] && { mode=tidy; shift; }
[ "${1:-}" = "--list" ] && mode=list && shift
build=${1:-build-lint}

# The project's own C++: not the programs it checks (examples, benchmarks, test inputs) nor
# the headers those programs include (include/).
sources() {
  find model runner frontend program interpreter dpor checks litmus session repair distributed cli tests -name '*.cpp' -o -name '*.h' |
    grep -Ev '^(tests/(cli|conformance|e2e/(programs|kernels|repair))|litmus/tests)/' | sort
}

if [ "$mode" = list ]; then
  sources
  exit 0
fi

# Each step says how long it took.
start=$SECONDS
took() { echo "  ($1: $((SECONDS - start)) s)"; start=$SECONDS; }

if [ "$mode" != tidy ]; then
  echo "clang-format-19: $(sources | wc -l) files"
  sources | xargs clang-format-19 --dry-run --Werror
  took clang-format
fi

if [ "$mode" != tidy ]; then
  # Every document the project's text cites is in the repository: the specification is
  # docs/model.md, docs/dpor.md, docs/interface.md (the conformance copy is left as given).
  cited=$(git ls-files | grep -Ev '^tests/conformance/' |
    xargs grep -nE '\b(MODEL|DPOR|INTERFACE|ARCHITECTURE|BUILD-NOTES)\.md' 2>/dev/null || true)
  missing=$(git ls-files | grep -Ev '^tests/conformance/' |
    xargs grep -ohE 'docs/[a-z0-9-]+\.md' 2>/dev/null | sort -u |
    while read -r d; do [ -f "$d" ] || echo "$d"; done)
  if [ -n "$cited$missing" ]; then
    echo "cited documents a clone does not have:" >&2
    [ -n "$cited" ] && echo "$cited" >&2
    [ -n "$missing" ] && echo "$missing" >&2
    exit 1
  fi
  echo "cited documents: all in the repository"
fi

if [ "$mode" != format ]; then
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
  # every library folder: no file over 600 lines, no class over 30 member functions (Clang's
  # AST), or the folder's ceiling where it was over that (scripts/size_limits.py, LIMITS)
  python3 scripts/size_limits.py "$build/include-view"
  took "configure and size limits"
  # no include runs up the layers of library folders (scripts/include_graph.py, LAYERS)
  python3 scripts/include_graph.py
  # library and tool sources (the tests' gtest macros trip checks meant for product code)
  files=$(sources | grep -Ev '^tests/' | grep '\.cpp$')
  # Only the files whose check would see something a passing one did not (scripts/
  # tidy_cache.py: the preprocessed file, its flags, the tool and its configuration);
  # SCOPEMC_TIDY_ALL=1 checks every one.
  if [ "${SCOPEMC_TIDY_ALL:-0}" = 1 ]; then
    stale=$files
    python3 scripts/tidy_cache.py "$build" stale $files >/dev/null
  else
    stale=$(python3 scripts/tidy_cache.py "$build" stale $files)
  fi
  echo "clang-tidy-19: $(echo "$files" | wc -l) files, $(echo "$stale" | grep -c .) to check" \
    "(the others passed as they are: .lint/tidy-passed)"
  took "tidy keys"
  # (GCC's -Wno-restrict is unknown to clang; .clang-tidy says which warnings are errors)
  if [ -n "$stale" ]; then
    run-clang-tidy-19 -p "$build" -j "$(nproc)" -quiet -extra-arg=-Wno-unknown-warning-option \
      -extra-arg=-Wno-deprecated-declarations \
      $stale >"$build/clang-tidy.log" 2>&1 || {
      grep -E "(warning|error):" "$build/clang-tidy.log" | sed "s|$PWD/$build/include-view/[a-z_]*/||" | sort -u | head -50
      echo "clang-tidy found problems (full log: $build/clang-tidy.log)" >&2
      exit 1
    }
  fi
  python3 scripts/tidy_cache.py "$build" record
  took clang-tidy
fi
