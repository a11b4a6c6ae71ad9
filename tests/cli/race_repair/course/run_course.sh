#!/usr/bin/env bash
# Runs each course program three ways: -DFIXED must verify (0), the mistake must be found
# (42), and `repair --races` is tried; its output is checked again on its own.
# Usage: run_course.sh [SCOPEMC]   (prints one line per program; writes into a temp folder)
tool=${1:-$(dirname "$0")/../../../../build/cli/scopemc}
cd "$(dirname "$0")" || exit 1
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT
for f in *.cu; do
  b=${f%.cu}
  timeout 60 "$tool" "$f" -- -DFIXED >/dev/null 2>&1; fixed=$?
  timeout 60 "$tool" "$f" >/dev/null 2>&1; check=$?
  start=$(date +%s.%N)
  timeout 60 "$tool" repair --races -o "$tmp/$b.cu" "$f" >"$tmp/$b.log" 2>&1; rep=$?
  secs=$(echo "$(date +%s.%N) - $start" | bc)
  recheck=-
  [ -f "$tmp/$b.cu" ] && { timeout 60 "$tool" "$tmp/$b.cu" >/dev/null 2>&1; recheck=$?; }
  edits=$(grep -E '^  [^ ].*(->|insert)' "$tmp/$b.log" | sed 's/  (a .*//; s/^ *//' | sort | uniq -c |
          sed 's/^ *1 //; s/^ *\([0-9]*\) /\1x /' | paste -sd ';' -)
  [ -n "$edits" ] || edits=$(grep -m1 '^Not repaired' "$tmp/$b.log" | cut -c1-90)
  printf '%-22s fixed=%s check=%s repair=%s %5.2fs recheck=%s | %s\n' "$b" "$fixed" "$check" "$rep" "$secs" "$recheck" "$edits"
done
