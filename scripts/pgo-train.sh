#!/usr/bin/env bash
# Runs an instrumented scopemc (built with -fprofile-generate) on the workloads whose profile
# lays out the optimised build (scripts/setup.sh): the GPU lock and barrier benchmarks at
# small grids, race-free and racy, and the shipped examples. Deterministic: one worker.
set -uo pipefail
cd "$(dirname "$0")/.."
tool="$1"
gpu=benchmarks/programs/gpu
run() { "$tool" "$@" >/dev/null 2>&1; true; }
for size in "-DBLOCKS=5 -DTHREADS=1" "-DBLOCKS=2 -DTHREADS=2"; do
  run "$gpu/ttaslock.c" -- $size
done
for prog in caslock ticketlock; do
  run "$gpu/$prog.c" -- -DBLOCKS=3 -DTHREADS=2
done
run "$gpu/xfbarrier.c" -- -DBLOCKS=4 -DTHREADS=3
for prog in caslock ticketlock ttaslock xfbarrier; do
  run "$gpu/$prog.c" --keep-going -- -DBLOCKS=2 -DTHREADS=2 -DVARIANT=1
done
for ex in examples/*.c; do
  run "$ex" --keep-going
done
