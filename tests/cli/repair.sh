#!/usr/bin/env bash
# `scopemc repair` as users run it (docs/interface.md §5): the files it writes, the diff, the exit
# codes, --json edits and --sarif output. Usage: repair.sh SCOPEMC REPAIR_DIR
set -u
tool=$1 src=$2 fails=0
work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT
cp "$src"/gpumc_mp.c "$src"/opencl_macro_shared.cl "$src"/kernel_mp.c "$work"/
fail() { echo "FAIL $1"; echo "$2" | head -30; fails=$((fails+1)); }

out=$(cd "$work" && "$tool" repair gpumc_mp.c --json r.json --sarif r.sarif 2>&1); rc=$?
[ $rc = 0 ] || fail "repair exit $rc (want 0)" "$out"
[ -f "$work/gpumc_mp.repaired.c" ] || fail "no gpumc_mp.repaired.c written" "$out"
grep -q '^-  __VERIFIER_memory_scope_work_group();' <<<"$out" && grep -q '^+  __VERIFIER_memory_scope_device();' <<<"$out" \
  || fail "the diff is not printed" "$out"
grep -q 'gpumc_mp.c:14:3  __VERIFIER_memory_scope_work_group -> __VERIFIER_memory_scope_device' <<<"$out" \
  || fail "the edit line is missing" "$out"
grep -q '^No errors were detected.' <<<"$out" || fail "no final verification" "$out"
python3 - "$work/r.json" "$work/r.sarif" <<'PY' || fails=$((fails+1))
import json, sys
j = json.load(open(sys.argv[1]))
assert j["verdict"] == "verified", j["verdict"]
assert len(j["repair"]["edits"]) == 2, j["repair"]
assert j["repair"]["edits"][0]["new"] == "__VERIFIER_memory_scope_device"
s = json.load(open(sys.argv[2]))
assert s["version"] == "2.1.0" and s["runs"][0]["tool"]["driver"]["name"] == "scopemc"
fixes = [f for r in s["runs"][0]["results"] for f in r.get("fixes", [])]
assert len(fixes) == 2, fixes
PY
# The repaired file verifies when checked on its own, and repairing it again changes nothing.
out=$("$tool" "$work/gpumc_mp.repaired.c" 2>&1); rc=$?
[ $rc = 0 ] || fail "the repaired file does not verify (exit $rc)" "$out"
out=$("$tool" repair "$work/gpumc_mp.repaired.c" -o "$work/again.c" 2>&1); rc=$?
{ [ $rc = 0 ] && grep -q "Nothing to repair." <<<"$out" && [ ! -f "$work/again.c" ]; } \
  || fail "a second repair is not a no-op (exit $rc)" "$out"
# -o chooses the output; a macro shared by accesses that need different scopes is spelled out
# at the one use that needs the change (the other uses keep the macro).
out=$("$tool" repair "$work/kernel_mp.c" -o "$work/fixed.c" 2>&1); rc=$?
{ [ $rc = 0 ] && [ -f "$work/fixed.c" ]; } || fail "-o not honoured (exit $rc)" "$out"
out=$("$tool" repair "$work/opencl_macro_shared.cl" --kernel k --grid 2x2 2>&1); rc=$?
{ [ $rc = 0 ] && grep -q "opencl_macro_shared.cl:12:54  SCOPE -> memory_scope_device" <<<"$out" \
  && grep -q "at this use of the macro SCOPE" <<<"$out"; } \
  || fail "shared macro: exit $rc (want 0 and the use spelled out)" "$out"
# check --sarif on a plain run
out=$("$tool" "$work/kernel_mp.c" --sarif "$work/c.sarif" 2>&1); rc=$?
{ [ $rc = 42 ] && python3 -c "import json,sys; s=json.load(open(sys.argv[1])); assert s['runs'][0]['results'][0]['ruleId']=='heterogeneous-race'" "$work/c.sarif"; } \
  || fail "check --sarif (exit $rc)" "$out"
# a litmus test: the repaired test is written as a litmus test that `scopemc litmus` runs,
# and the repaired test's final states are printed
cp "$src"/ptx_mp_cta.litmus "$work"/
out=$("$tool" repair "$work/ptx_mp_cta.litmus" 2>&1); rc=$?
{ [ $rc = 0 ] && grep -q '^+  atomic_store_explicit(y, 1, memory_order_release, memory_scope_gpu);' <<<"$out" \
  && grep -q '^Observation MP+cta+diff-cta Never' <<<"$out"; } || fail "litmus repair (exit $rc)" "$out"
out=$("$tool" litmus "$work/ptx_mp_cta.repaired.litmus" 2>&1); rc=$?
{ [ $rc = 0 ] && grep -q '^Test MP+cta+diff-cta Forbidden' <<<"$out" && ! grep -q 'Undefined' <<<"$out"; } \
  || fail "the repaired litmus test (exit $rc)" "$out"
# a broken litmus test: exit 5 with its position
out=$("$tool" repair "$src/../../cli/broken.litmus" 2>&1); rc=$?
{ [ $rc = 5 ] && grep -q "broken.litmus:[0-9]*:[0-9]*:" <<<"$out"; } || fail "broken litmus input (exit $rc)" "$out"
[ $fails = 0 ] && echo "repair CLI: all checks passed"
exit $fails
