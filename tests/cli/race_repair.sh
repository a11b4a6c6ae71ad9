#!/usr/bin/env bash
# Race repair (scopemc repair --races, docs/model.md §7): programs written the way courses
# write them, with a missing atomic update or barrier; each is repaired to the edit the
# language's guides prescribe (an atomic update for a racing x++ / x += v, the block's barrier
# between a write and another thread's read), the repaired file verifies when checked again on
# its own, and a race that only a divergent barrier could order is left unrepaired.
# Usage: race_repair.sh SCOPEMC DIR (DIR: tests/cli)
set -u
tool=$1 dir=$2 fails=0 passes=0
source "$dir/expect.sh"
cd "$dir/race_repair" || exit 1
scratch=$(mktemp -d) && trap 'rm -rf "$scratch"' EXIT
ok="No errors were detected"
# repaired NAME FILE PATTERN [ARGS...]: the repair exits 0 with PATTERN in its output, and the
# file it wrote verifies on its own (same arguments).
repaired() {
  local name=$1 file=$2 pattern=$3; shift 3
  local out="$scratch/$name.${file##*.}"
  expect "$name" 0 "$pattern" -- repair --races -o "$out" "$file" "$@"
  expect "$name-recheck" 0 "$ok" -- "$out" "$@"
}
repaired motivating "$dir/atomicity/arcav_motivating.cu" "-> atomicAdd\(&\(a\[threadIdx.x % 32\]\), 1\)  \(a plain update made atomic, device scope\)"
repaired reduce reduce_no_barrier.cu "reduce_no_barrier.cu:9:.*insert __syncthreads\(\);"
expect reduce-two-barriers 0 "reduce_no_barrier.cu:12:.*insert __syncthreads" -- repair --races -o "$scratch/r.cu" reduce_no_barrier.cu
repaired histogram histogram.cu "bins\[in\[t\] % BINS\]\+\+ -> atomicAdd_block"
repaired histogram-barrier histogram.cu "histogram.cu:15:.*insert __syncthreads" -- -DNO_FINAL_BARRIER
expect histogram-sarif-fix 0 "\"fixes\".*|\"insertedContent\"" -- repair --races -o "$scratch/h.cu" histogram.cu --sarif /dev/stdout
expect divergent 42 "Not repaired: Data race at .*divergent.cu:11:" -- repair --races -o "$scratch/d.cu" divergent.cu
expect divergent-not-written 5 "cannot open" -- "$scratch/d.cu"
repaired divergent-outside divergent.cu "divergent.cu:13:.*insert __syncthreads" -- -DOUTSIDE
repaired counter counter.c "hits\+\+ -> __atomic_fetch_add\(&\(hits\), 1, __ATOMIC_RELAXED\)"
expect counter-sub 0 "balance -= 10 -> __atomic_fetch_sub\(&\(balance\), 10, __ATOMIC_RELAXED\)" -- repair --races -o "$scratch/c.c" counter.c
repaired float-sum float_sum.cu "-> atomicAdd\(&\(\*total\), x\[.*device scope"
expect last-block-fixed 0 "$ok" -- last_block.cu -- -DFIXED
repaired last-block last_block.cu "last_block.cu:21:.*insert __threadfence\(\);  \(a fence after the write\)"
expect last-block-read-fence 0 "last_block.cu:30:.*insert __threadfence\(\);  \(a fence before the read\)" -- repair --races -o "$scratch/lb.cu" last_block.cu
repaired opencl local_reduce.cl "local_reduce.cl:8:.*insert barrier\(CLK_LOCAL_MEM_FENCE" --kernel wgsum --grid 1x4
# the atomicity check is on in the race repair: a lost update of relaxed atomics is found,
# and said to be beyond the rules (two statements, not one update expression)
expect relaxed 42 "Not repaired: Atomicity violation at .*relaxed_increment.c:22:" -- repair --races -o "$scratch/x.c" "$dir/atomicity/relaxed_increment.c"
# Course-style programs (tests/cli/race_repair/course: each with one classic mistake, a
# missing atomic update or barrier, and -DFIXED as the course writes it): the correct program
# verifies, the mistake is found, and the repair gives a program that verifies on its own.
# The sanitized build (scripts/sanitize.sh) checks memory on every eighth of them (the same
# code runs for each).
k=0
for f in course/*.cu; do
  k=$((k + 1))
  if [ "${SCOPEMC_SANITIZED:-0}" = 1 ] && [ $((k % 8)) != 1 ]; then
    continue
  fi
  b=$(basename "$f" .cu)
  expect "course-$b-fixed" 0 "$ok" -- "$f" -- -DFIXED
  expect "course-$b-mistake" 42 "Error: " -- "$f"
  repaired "course-$b" "$f" "Edits:"
done
echo "$passes passed, $fails failed"
[ "$fails" = 0 ]
