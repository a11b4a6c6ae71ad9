#!/usr/bin/env bash
# scopemc-mpi's command line under mpirun (CTest: mpi_cli): the same output and exit codes as
# scopemc, rank 0 alone printing and writing files, an input error, and the two faults: a
# rank killed mid-run (mpirun ends the run; rank 0 says there is no verdict) and a rank that
# hangs (rank 0 gives up on it after --mpi-rank-timeout: verdict failed, exit 7), also while
# --estimate samples. Never
# "No errors were detected" when a part of the search is missing.
#   cli.sh MPIRUN SCOPEMC_MPI SCOPEMC ROOT
set -u
MPIRUN=$1 MPI_TOOL=$2 TOOL=$3 ROOT=$4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
run() { # run NP ARGS...: output in $work/out, exit code in $rc
  local np=$1
  shift
  "$MPIRUN" --oversubscribe -q -np "$np" "$MPI_TOOL" "$@" >"$work/out" 2>&1
  rc=$?
}
count() { grep -o "complete executions explored: [0-9]*" "$1" | grep -o "[0-9]*$"; }

# 1. A verified example: exit 0, the count of one process, printed once.
"$TOOL" "$ROOT/examples/message_passing.c" >"$work/one" 2>&1
run 2 "$ROOT/examples/message_passing.c"
[ "$rc" = 0 ] || fail "message_passing.c: exit $rc"
[ "$(grep -c "No errors were detected" "$work/out")" = 1 ] || fail "message_passing.c: verdict not printed once"
[ "$(count "$work/out")" = "$(count "$work/one")" ] || fail "message_passing.c: count differs"

# 2. An error: exit 42, reported once, JSON written by rank 0 only (one valid file).
run 3 "$ROOT/examples/message_passing_relaxed.c" --json "$work/r.json"
[ "$rc" = 42 ] || fail "message_passing_relaxed.c: exit $rc, expected 42"
[ "$(grep -c "^Error: " "$work/out")" = 1 ] || fail "message_passing_relaxed.c: error not reported once"
python3 -c "import json,sys; j=json.load(open(sys.argv[1])); assert j['verdict']=='error', j['verdict']" "$work/r.json" \
  || fail "message_passing_relaxed.c: JSON"

# 3. An input error: exit 5, the message once.
printf 'int main(void) { return undeclared; }\n' >"$work/bad.c"
run 2 "$work/bad.c"
[ "$rc" = 5 ] || fail "bad.c: exit $rc, expected 5"
[ "$(grep -c "undeclared" "$work/out")" -ge 1 ] || fail "bad.c: no message"
[ "$(grep -c "scopemc: error" "$work/out")" = 1 ] || fail "bad.c: message not printed once"

# 4. Its own options: in --help; a bad value is a usage error (17).
run 2 --help
grep -q -- "--mpi-rank-timeout" "$work/out" || fail "--help does not list --mpi-rank-timeout"
run 2 "$ROOT/examples/message_passing.c" --mpi-rank-timeout abc
[ "$rc" = 17 ] || fail "--mpi-rank-timeout abc: exit $rc, expected 17"

# The pid of rank R of the run tagged $tag.
rankpid() {
  for p in $(pgrep -f "$(basename "$MPI_TOOL")"); do
    env=$(tr '\0' '\n' 2>/dev/null <"/proc/$p/environ") || continue
    grep -qx "SCOPEMC_FAULT_TAG=$tag" <<<"$env" && grep -qx "OMPI_COMM_WORLD_RANK=$1" <<<"$env" && echo "$p"
  done
}
# fault SIGNAL EXTRA_ARGS...: a long search on 3 ranks; rank 1 gets SIGNAL once it explores.
fault() {
  local sig=$1
  shift
  tag=$RANDOM$$
  # (bounded: a run that does not end fails the checks below instead of hanging the suite)
  SCOPEMC_FAULT_TAG=$tag timeout -k 5 90 "$MPIRUN" --oversubscribe -q -x SCOPEMC_FAULT_TAG -np 3 \
    "$MPI_TOOL" "$ROOT/benchmarks/programs/lb.c" -DN=26 --keep-going "$@" >"$work/out" 2>&1 &
  local job=$! pid=""
  for _ in $(seq 100); do
    pid=$(rankpid 1)
    [ -n "$pid" ] && break
    sleep 0.1
  done
  [ -n "$pid" ] || { fail "$sig: rank 1 not found"; kill "$job" 2>/dev/null; }
  sleep 1.5
  start=$(date +%s)
  [ -n "$pid" ] && kill "-$sig" "$pid"
  wait "$job"
  rc=$?
  elapsed=$(($(date +%s) - start))
  if [ -n "$pid" ]; then # a stopped rank that outlived the run: end it
    kill -CONT "$pid" 2>/dev/null
    kill -KILL "$pid" 2>/dev/null
  fi
}

# 5. A rank killed mid-run: the run ends within seconds, not verified, rank 0 says why.
fault KILL
[ "$rc" != 0 ] && [ "$rc" != 42 ] || fail "killed rank: exit $rc"
grep -q "No errors were detected" "$work/out" && fail "killed rank: said no errors"
grep -q "no verdict" "$work/out" || fail "killed rank: rank 0 did not say there is no verdict"
[ "$elapsed" -le 20 ] || fail "killed rank: the run took ${elapsed}s to end"

# 6. A rank that hangs: rank 0 gives up on it, verdict failed, exit 7.
fault STOP --mpi-rank-timeout 2 --json "$work/f.json"
[ "$rc" = 7 ] || fail "hung rank: exit $rc, expected 7"
grep -q "Verification failed: rank 1 stopped answering" "$work/out" || fail "hung rank: no reason"
grep -q "No errors were detected" "$work/out" && fail "hung rank: said no errors"
python3 -c "import json,sys; j=json.load(open(sys.argv[1])); assert j['verdict']=='failed', j['verdict']" "$work/f.json" \
  || fail "hung rank: JSON verdict"
[ "$elapsed" -le 20 ] || fail "hung rank: the run took ${elapsed}s to end"

# 7. A rank that hangs while --estimate draws its paths: the same (before, rank 0 waited for
#    its share for ever).
fault STOP --mpi-rank-timeout 2 --estimate --estimate-samples 1000000
[ "$rc" = 7 ] || fail "hung rank, estimate: exit $rc, expected 7"
grep -q "Estimate failed: rank 1 stopped answering" "$work/out" || fail "hung rank, estimate: no reason"
grep -q "Estimated complete executions" "$work/out" && fail "hung rank, estimate: printed figures"
[ "$elapsed" -le 20 ] || fail "hung rank, estimate: the run took ${elapsed}s to end"

if [ "$fails" -gt 0 ]; then
  cat "$work/out"
  exit 1
fi
echo "mpi_cli: all checks passed"
