#!/bin/bash
# swift-build-quietly.sh LOG WHAT [swift build arguments…]
#
# Runs `swift build` with its whole output in LOG and prints one line saying what was built. On a
# terminal a counter shows the build's progress ([done/total] steps) on one line; off a terminal
# (CI) nothing until the end. On failure: the end of the log, and swift build's exit status.
set -o pipefail
log=$1
what=$2
shift 2
mkdir -p "$(dirname "$log")"
if [ -t 1 ]; then
  swift build "$@" 2>&1 | tee "$log" | while IFS= read -r line; do
    case "$line" in
      \[*/*\]*) printf '\rBuilding %s %s' "$what" "${line%%]*}]" ;;
    esac
  done
  status=$?
  printf '\r\033[K'
else
  swift build "$@" > "$log" 2>&1
  status=$?
fi
if [ "$status" -eq 0 ]; then
  echo "Built $what (log: $log)"
else
  echo "Building $what failed; the end of $log:"
  tail -n 40 "$log"
fi
exit "$status"
