#!/usr/bin/env bash
# Rounds of Flipbook, Blend2D and Cairo on the text and icons workloads, one after the other in
# each round, and the per-round ratios' medians: how Sources/Raster/README.md's "Side by side
# with Blend2D and Cairo" table was measured. A measuring tool, not part of the build or tests.
#
#   Tests/Tools/side_by_side.sh ROUNDS FLIPBOOK BLEND2D_BENCH CAIRO_TEXT_BENCH
#
# FLIPBOOK is a release build (.build/release/flipbook); BLEND2D_BENCH and CAIRO_TEXT_BENCH are
# built from Tests/Tools/blend2d_bench.cpp and Tests/Tools/cairo_text_bench.c (their headers say
# how). Ratios are of frames/s: Flipbook counts 1,680 inked glyphs a frame, the others 2,000.
set -euo pipefail
if [ $# -ne 4 ]; then
  echo "usage: $0 ROUNDS FLIPBOOK BLEND2D_BENCH CAIRO_TEXT_BENCH" >&2
  exit 2
fi
rounds=$1 flipbook=$2 blend2d=$3 cairo=$4
for tool in "$flipbook" "$blend2d" "$cairo"; do
  [ -x "$tool" ] || { echo "$0: $tool is not an executable file" >&2; exit 2; }
done
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for round in $(seq "$rounds"); do
  for mode in moving still; do
    "$flipbook" bench --text --frames 120 --repeat 1 --text-mode "$mode" | tail -1 \
      | awk -v m="$mode" '{ printf "flipbook %s %s %.1f\n", m, $4, $6 * 1e6 / 1680 }' >> "$log"
    "$blend2d" text "$mode" 120 | awk -v m="$mode" '{ printf "blend2d %s %s %.1f\n", m, $7, $11 * 1e6 / 2000 }' >> "$log"
    "$cairo" "$mode" 120 | awk -v m="$mode" '{ printf "cairo %s %s %.1f\n", m, $7, $11 * 1e6 / 2000 }' >> "$log"
  done
  # raster-all-full on one job clears the whole canvas every frame, as the Blend2D driver does;
  # raster-1 restores only what the previous frame drew (FrameCanvas, as a render does).
  "$flipbook" bench --workload icons --stage raster-all-full --stage raster-1 --jobs 1 --frames 300 --repeat 1 \
    | awk '$1 == "icons" && $2 == "raster-all-full" { printf "flipbook icons %s 0\n", $4 }
           $1 == "icons" && $2 == "raster-1" { printf "flipbook icons-damage %s 0\n", $4 }' >> "$log"
  "$blend2d" icons 200 300 0 | awk '{ printf "blend2d icons %s 0\n", $7 }' >> "$log"
  echo "round $round of $rounds done" >&2
done
# Each line: renderer, workload, frames/s, frames/s of drawing alone (0: not measured).
python3 - "$log" <<'PY'
import statistics, sys
rounds, current = [], {}
for line in open(sys.argv[1]):
    who, what, fps, drawing = line.split()
    if (who, what) in current:
        rounds.append(current)
        current = {}
    current[(who, what)] = (float(fps), float(drawing))
rounds.append(current)
def ratio(a, b, column, name):
    values = sorted(r[a][column] / r[b][column] for r in rounds if a in r and b in r and r[b][column] > 0)
    print(f"{name}: {' '.join(f'{v:.2f}' for v in values)}  median {statistics.median(values):.2f}")
for key in sorted(rounds[0]):
    values = sorted(r[key][0] for r in rounds if key in r)
    print(f"{key[0]} {key[1]} frames/s: {' '.join(f'{v:.0f}' for v in values)}")
ratio(("flipbook", "moving"), ("blend2d", "moving"), 0, "moving text, Flipbook / Blend2D frames/s")
ratio(("flipbook", "moving"), ("blend2d", "moving"), 1, "moving text, Flipbook / Blend2D drawing")
ratio(("flipbook", "icons"), ("blend2d", "icons"), 0, "icons, whole canvas cleared, Flipbook / Blend2D frames/s")
ratio(("flipbook", "icons-damage"), ("blend2d", "icons"), 0, "icons, Flipbook restoring damage only / Blend2D frames/s")
ratio(("flipbook", "still"), ("cairo", "still"), 0, "still text, Flipbook / Cairo frames/s")
ratio(("flipbook", "still"), ("cairo", "still"), 1, "still text, Flipbook / Cairo drawing")
PY
