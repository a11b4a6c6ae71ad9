# The check of the command-line tests (sourced by bad_input.sh and files.sh): runs the tool
# ($tool) and counts a pass when it exits with CODE and its output matches PATTERN, else
# prints the output and counts a failure ($passes, $fails).
#   expect NAME CODE PATTERN -- ARGS...
expect() {
  local name=$1 code=$2 pattern=$3; shift 4
  local out rc
  out=$("$tool" "$@" 2>&1); rc=$?
  if [ "$rc" != "$code" ] || ! grep -qE -- "$pattern" <<<"$out"; then
    echo "FAIL $name: exit $rc (want $code), output:"; echo "$out" | head -20; fails=$((fails+1))
  else
    passes=$((passes+1))
  fi
}
