#!/usr/bin/env bash
# Installs what scopemc needs (Debian 12 packages), builds it, and runs it on the shipped
# message-passing example. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(cmake ninja-build g++ llvm-19-dev clang-19 libclang-19-dev libclang-cpp19-dev
          libzstd-dev libtbb-dev libcli11-dev libgtest-dev nlohmann-json3-dev libc6-dev python3)
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

cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
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
