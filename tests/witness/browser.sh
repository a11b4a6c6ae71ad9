#!/usr/bin/env bash
# The HTML witness in a real browser: renders the witnesses of a data race, a heterogeneous
# race, a barrier divergence, an assertion across three threads and a 2x32 kernel in headless
# Chromium (Debian's `chromium`, installed by scripts/setup.sh), checks the DOM after rendering
# (the highlighted events, the thread groups, the missing edge, the names) and takes a
# screenshot that must not be blank. Usage: browser.sh SCOPEMC TESTS_DIR OUT_DIR
set -u
tool=$1 tests=$2 out=$3 fails=0
mkdir -p "$out"
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  echo "FAIL: no chromium on PATH (scripts/setup.sh installs it)"; exit 1
fi
profile=$(mktemp -d); trap 'rm -rf "$profile"' EXIT
run_browser() { # run_browser ARGS... URL: headless, no sandbox (CI runs as root), own profile
  timeout 120 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --user-data-dir="$profile" --window-size=1400,900 "$@" 2>/dev/null
}
fail() { echo "FAIL $1: $2"; fails=$((fails+1)); }
has() { grep -qE -- "$2" "$1"; }

# check NAME FILE KIND GROUPS... -- [tool args]: GROUPS are data-group values that must exist
check() {
  local name=$1 file=$2 kind=$3; shift 3
  local groups=()
  while [ "$1" != "--" ]; do groups+=("$1"); shift; done; shift
  local html="$out/$name.html" dom="$out/$name.dom.html" png="$out/$name.png"
  "$tool" "$file" --html "$html" "$@" >"$out/$name.txt" 2>&1
  [ $? = 42 ] || { fail "$name" "exit code $? (want 42)"; return; }
  run_browser --dump-dom "file://$html" >"$dom"
  has "$dom" "<h1 class=\"error\" data-kind=\"$kind\"" || fail "$name" "no '$kind' heading"
  # every reported event is drawn highlighted
  local n=0
  for ev in $(grep -oE '<li data-event="T[0-9]+:[0-9]+"' "$dom" | grep -oE 'T[0-9]+:[0-9]+'); do
    has "$dom" "class=\"event hot[^\"]*\" data-event=\"$ev\"" || fail "$name" "$ev not highlighted"
    n=$((n+1))
  done
  [ "$n" -ge 1 ] || fail "$name" "no reported event listed"
  for g in "${groups[@]}"; do
    has "$dom" "class=\"group\" data-group=\"$g\"" || fail "$name" "no group $g"
  done
  if [ "$kind" = "Data race" ] || [ "$kind" = "Heterogeneous race" ]; then
    has "$dom" 'class="edge missing"' || fail "$name" "no missing edge drawn"
    has "$dom" '<title>Missing edge: no happens-before' || fail "$name" "missing edge not explained"
  fi
  if grep -qE '_Z[A-Z0-9]|cuda_runtime\.h' "$dom"; then fail "$name" "mangled name or header event shown"; fi
  run_browser --screenshot="$png" "file://$html" >/dev/null
  python3 "$tests/witness/png_check.py" "$png" >/dev/null || fail "$name" "blank screenshot"
}

w=$tests/witness
check data-race "$w/data_race.c" "Data race" host --
has "$out/data-race.dom.html" 'stats\.count\[2\]' || fail data-race "field not named stats.count[2]"
check hetero-race "$tests/../examples/cuda/reduce_last_block.cu" "Heterogeneous race" host 0.0 0.1 --
for name in 'reduce::sum\[' 'partial\[1\]' 'tickets' 'block scope, which includes only block 0'; do
  has "$out/hetero-race.dom.html" "$name" || fail hetero-race "'$name' not shown"
done
check divergence "$tests/e2e/programs/barrier_divergence.c" "Barrier divergence" 0.0 --
check assertion "$w/assert_three.c" "Assertion violation" host --
for t in T1 T2 T3; do
  has "$out/assertion.dom.html" "class=\"thread\" data-thread=\"$t\"" || fail assertion "$t not drawn"
done
check kernel-2x32 "$w/kernel_2x32.cu" "Data race" 0.0 0.1 --
[ "$(grep -c 'class="collapsed-thread"' "$out/kernel-2x32.dom.html")" -ge 30 ] ||
  fail kernel-2x32 "uninvolved threads not collapsed"

# The screenshot check can fail: an empty page is blank.
echo '<!DOCTYPE html><html><body></body></html>' >"$out/blank.html"
run_browser --screenshot="$out/blank.png" "file://$out/blank.html" >/dev/null
if python3 "$w/png_check.py" "$out/blank.png" >/dev/null; then fail blank "an empty page passed the check"; fi

[ "$fails" = 0 ] && echo "browser witness tests passed"
exit $((fails > 0))
