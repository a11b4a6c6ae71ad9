#!/usr/bin/env bash
# The atomicity check (--check-atomicity, docs/model.md §6): ARCAV's five patterns as CUDA
# programs (benchmarks/programs/atomicity/patterns.cu) at 32, 64 and 256 threads, in shared and
# global memory, each reported with its name, repaired (scopemc repair --races) to a program
# that verifies, and silent once a barrier separates the two threads' accesses; the programs use atomics only, so without the check they verify. Then
# ARCAV's motivating example and C programs where the check must stay silent (a lock, a CAS
# retry loop, a spin loop). Expectations follow from the patterns' definitions: each program
# without -DFIXED has an interleaving that puts B's access between A's two.
# Usage: atomicity.sh SCOPEMC DIR (DIR: tests/cli)
set -u
tool=$1 dir=$2 fails=0 passes=0
source "$dir/expect.sh"
patterns="$dir/../../benchmarks/programs/atomicity/patterns.cu"
scratch=$(mktemp -d) && trap 'rm -rf "$scratch"' EXIT
ok="No errors were detected"
# The sanitized build (scripts/sanitize.sh) checks memory, not the patterns again: it runs the
# largest size only (every pattern, both memories, each step).
sizes="32 64 256"
[ "${SCOPEMC_SANITIZED:-0}" = 1 ] && sizes=256
names=("" "RR\|W" "WR\|W" "WW\|R" "RW\|RW" "W1W2\|W2W1")
for p in 1 2 3 4 5; do
  for t in $sizes; do
    for mem in "" -DSHARED; do
      expect "p$p-$t$mem" 42 "Atomicity violation.*|${names[$p]} \(" -- "$patterns" --check-atomicity -- -DPATTERN=$p -DTHREADS=$t $mem
      expect "p$p-$t$mem-fixed" 0 "$ok" -- "$patterns" --check-atomicity -- -DPATTERN=$p -DTHREADS=$t $mem -DFIXED
      # the repair puts the block's barrier between A's accesses and B's, as -DFIXED does
      expect "p$p-$t$mem-repair" 0 "patterns.cu:54:.*insert __syncthreads" -- repair --races -o "$scratch/p.cu" "$patterns" -- -DPATTERN=$p -DTHREADS=$t $mem
      expect "p$p-$t$mem-repaired" 0 "$ok" -- "$scratch/p.cu" --check-atomicity -- -DPATTERN=$p -DTHREADS=$t $mem
    done
  done
  expect "p$p-unchecked" 0 "$ok" -- "$patterns" -- -DPATTERN=$p -DTHREADS=4 # (every interleaving)
done
expect motivating-race 42 "Data race" -- "$dir/atomicity/arcav_motivating.cu" --check-atomicity
expect motivating-lost-update 42 "RW\|RW \(a lost update\)" -- "$dir/atomicity/arcav_motivating.cu" --check-atomicity --disable-race-detection
expect motivating-fixed 0 "$ok" -- "$dir/atomicity/arcav_motivating.cu" --check-atomicity -- -DFIXED
c="$dir/atomicity/relaxed_increment.c"
expect relaxed-lost-update 42 "RW\|RW \(a lost update\): T[12] reads and then writes" -- "$c" --check-atomicity
expect relaxed-unchecked 0 "$ok" -- "$c"
expect relaxed-locked 0 "$ok" -- "$c" --check-atomicity -- -DLOCKED
expect relaxed-cas-loop 0 "$ok" -- "$c" --check-atomicity -- -DCASLOOP
expect relaxed-spin 0 "$ok" -- "$c" --check-atomicity -- -DSPIN
expect relaxed-json 42 "\"atomicity-violation\"" -- "$c" --check-atomicity --sarif /dev/stdout
r="$dir/atomicity/roles.c"
expect crossed-with-gap 42 "W1W2\|W2W1" -- "$r" --check-atomicity -- -DGAP
expect noop-update-is-a-read 0 "$ok" -- "$r" --check-atomicity -- -DNOOP_OTHER
expect unused-updates 0 "$ok" -- "$r" --check-atomicity
expect used-updates 42 "RR\|W" -- "$r" --check-atomicity -- -DUSED
expect used-updates-no-reductions 42 "RR\|W" -- "$r" --check-atomicity --no-reductions -- -DUSED
echo "$passes passed, $fails failed"
[ "$fails" = 0 ]
