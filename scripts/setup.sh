#!/usr/bin/env bash
# Installs what scopemc needs (Debian 12 packages), builds it, and runs it on the shipped
# message-passing example. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(cmake ninja-build g++ llvm-19-dev clang-19 libclang-19-dev libclang-cpp19-dev
          libzstd-dev zlib1g-dev libtbb-dev libcli11-dev libgtest-dev nlohmann-json3-dev libc6-dev python3
          python3-jsonschema
          make       # tests/cli/files.sh writes a compile_commands.json with a Makefile
          clang-format-19 clang-tidy-19
          libclang-rt-19-dev # Clang's sanitizer runtimes: the sanitized build (scripts/sanitize.sh)
          chromium   # the HTML witness test renders in headless Chromium (tests/witness)
          libopenmpi-dev openmpi-bin) # scopemc-mpi, the distributed search (distributed/)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  echo "Installing: ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# Profile-guided optimisation (GCC): the first build is instrumented and run on the GPU
# benchmarks (scripts/pgo-train.sh), then everything is built using that profile (the TTAS
# lock 5x1 runs 10% fewer instructions). The profile is made once (build/pgo.stamp; delete it to make a new
# one); functions edited since only lose their part of it (-fprofile-correction: GCC would
# otherwise report their missing counts as errors). SCOPEMC_PGO=0 builds without.
flags=""
if [ "${SCOPEMC_PGO:-1}" = 1 ]; then
  if [ ! -f build/pgo.stamp ]; then
    echo "Building an instrumented scopemc for the optimisation profile"
    cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_CXX_FLAGS="-fprofile-generate -fprofile-update=single" \
      -DCMAKE_EXE_LINKER_FLAGS="-fprofile-generate" >/dev/null
    cmake --build build --target scopemc -j"$(nproc)"
    find build -name '*.gcda' -delete
    scripts/pgo-train.sh build/cli/scopemc
    touch build/pgo.stamp
  fi
  flags="-fprofile-use -fprofile-partial-training -fprofile-correction -Wno-missing-profile -Wno-coverage-mismatch"
fi
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS="$flags" \
  -DCMAKE_EXE_LINKER_FLAGS="" >/dev/null
cmake --build build -j"$(nproc)"

if [ "${1:-}" != "--no-example" ]; then
  echo
  echo "$ build/cli/scopemc examples/message_passing.c"
  set +e
  build/cli/scopemc examples/message_passing.c
  echo "(exit code $?)"
  echo
  echo "$ build/cli/scopemc examples/message_passing_relaxed.c --print-error-trace"
  build/cli/scopemc examples/message_passing_relaxed.c --print-error-trace
  echo "(exit code $?: 42 means an error was found)"
fi
