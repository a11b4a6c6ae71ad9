#!/usr/bin/env bash
# `scopemc litmus` as a user runs it: the corpus in batch mode with its expectation files,
# a disagreement (exit 1), a broken test (exit 5 with file:line:col). Usage: litmus.sh SCOPEMC CORPUS DIR
set -u
tool=$1 corpus=$2 dir=$3 fails=0
check() { # check NAME WANT_EXIT PATTERN OUTPUT EXIT
  if [ "$5" != "$2" ] || ! grep -qE -- "$3" <<<"$4"; then
    echo "FAIL $1: exit $5 (want $2)"; echo "$4" | tail -15; fails=$((fails+1))
  fi
}
n=$(grep -c ',[01]$' "$corpus/expected.csv")
out=$("$tool" litmus "$corpus" --expect "$corpus/expected.csv" 2>&1); rc=$?
check corpus 0 "Expectations: $n agree, 0 disagree, 0 not run" "$out" $rc
check herd-lines 0 "Test MP\+rel\+acq Forbidden" "$out" $rc
check summary 0 "Summary \($n tests\)" "$out" $rc
n11=$(grep -c ',[01]$' "$corpus/expected-rc11.csv")
out=$("$tool" litmus --model rc11 "$corpus/gpu" "$corpus/ptx" --expect "$corpus/expected-rc11.csv" 2>&1); rc=$?
check corpus-rc11 0 "Expectations: $n11 agree, 0 disagree, 0 not run" "$out" $rc
# one expectation flipped: the disagreement is reported and the exit code is 1
tmp=$(mktemp -d)
echo "$(cd "$corpus" && pwd)/c11/MP+rel+acq.litmus,1" > "$tmp/flipped.csv"
out=$("$tool" litmus "$corpus/c11/MP+rel+acq.litmus" --expect "$tmp/flipped.csv" 2>&1); rc=$?
check disagreement 1 "MP\+rel\+acq .*DISAGREES" "$out" $rc
out=$("$tool" litmus "$dir/broken.litmus" 2>&1); rc=$?
check broken 5 "broken.litmus:6:1: expected '\)' to close the parenthesis" "$out" $rc
out=$("$tool" litmus "$dir/broken_body.litmus" 2>&1); rc=$?
check broken-body 5 "broken_body.litmus:4:8: error: use of undeclared identifier 'z'" "$out" $rc
out=$("$tool" litmus "$corpus/gpu/MP+wg+diff-wg.litmus" 2>&1); rc=$?
check undefined 0 "Undefined behaviour: Heterogeneous race: P0 write \(rel, block scope\)" "$out" $rc
# two explorers per test (their final states merged): the same states and counts
one=$("$tool" litmus "$corpus/gpu" 2>&1 | grep -E "^ +[0-9]+ :>|^Positive|^Observation" | sort)
two=$("$tool" litmus --nthreads 2 "$corpus/gpu" 2>&1 | grep -E "^ +[0-9]+ :>|^Positive|^Observation" | sort)
[ -n "$one" ] && [ "$one" = "$two" ]; check nthreads 0 "" "" $?
rm -rf "$tmp"
[ $fails -eq 0 ] && echo "all litmus CLI checks passed"
exit $fails
