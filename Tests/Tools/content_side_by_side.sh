#!/usr/bin/env bash
# Rounds of Flipbook, Skia and Blend2D drawing the same frames of the content, materials and
# perspective workloads on one thread each, one after the other in each round, then the medians
# of frames/s by CPU time and each round's ratio Flipbook / native: how docs/benchmarks.md's
# "Against native renderers" table was measured. A measuring tool, not part of the build or tests.
#
#   Tests/Tools/content_side_by_side.sh ROUNDS FLIPBOOK SKIA_PYTHON [BLEND2D_DISPLAY_LISTS]
#
# FLIPBOOK is a release build (.build/release/flipbook). SKIA_PYTHON is a Python with skia-python
# and numpy (python3 -m venv /tmp/skia && /tmp/skia/bin/pip install skia-python numpy).
# BLEND2D_DISPLAY_LISTS is built from Tests/Tools/blend2d_display_lists.cpp (its header says how);
# without it, Blend2D is left out. The frames come from `flipbook bench --export-display-lists`
# into a temporary folder, removed afterwards; the pixel comparison of each renderer's frames
# with Flipbook's is printed first.
#
# Flipbook: `bench --one W --stage raster-all-full --jobs 1` (the whole canvas cleared and drawn
# every frame, as the others draw it; the loop of 120 frames played 5 times). Skia: the same
# frames recorded as pictures and played 5 times (materials: once, as Skia takes a quarter of a
# second for some of its frames); perspective directly under each card's perspective matrix,
# Skia's own way. Blend2D: content only (it has no blur and no
# perspective), without the shadows it cannot draw: it draws `content-without-shadows`, the same
# frames with every shadow left out, which Flipbook also draws in each round, so that column
# compares the two on the same frames.
set -euo pipefail
if [ $# -lt 3 ] || [ $# -gt 4 ]; then
  echo "usage: $0 ROUNDS FLIPBOOK SKIA_PYTHON [BLEND2D_DISPLAY_LISTS]" >&2
  exit 2
fi
rounds=$1 flipbook=$2 python=$3 blend2d=${4:-}
tools=$(cd "$(dirname "$0")" && pwd)
for tool in "$flipbook" "$python" ${blend2d:+"$blend2d"}; do
  [ -x "$tool" ] || { echo "$0: $tool is not an executable file" >&2; exit 2; }
done
"$python" -c 'import skia, numpy' 2>/dev/null \
  || { echo "$0: $python cannot import skia and numpy (pip install skia-python numpy)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$flipbook" bench --export-display-lists "$work/lists" > /dev/null
echo "pixels against Flipbook's (frames 0, 30, 60, 90):"
for w in content materials; do
  "$python" "$tools/skia_display_lists.py" "$work/lists/$w" --compare "$work/skia" 2>/dev/null | sed "s/^/  skia $w /"
done
"$python" "$tools/skia_display_lists.py" "$work/lists/perspective" --compare "$work/skia" --projection direct \
  2>/dev/null | sed "s/^/  skia perspective (direct) /"
if [ -n "$blend2d" ]; then
  lists="$work/lists/content-without-shadows"
  for n in 0 30 60 90; do
    "$blend2d" "$lists" 0 "$work/blend2d.rgba" "$n" > /dev/null
    printf '  blend2d content-without-shadows frame %s: %s\n' "$n" \
      "$("$python" "$tools/compare_frames.py" "$lists/flipbook-$(printf %04d "$n").png" "$work/blend2d.rgba" 2>/dev/null)"
  done
fi
log="$work/log"
for round in $(seq "$rounds"); do
  for w in content materials perspective; do
    "$flipbook" bench --one "$w" --stage raster-all-full --jobs 1 \
      | awk -v w="$w" '{ for (i = 1; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
                         printf "flipbook %s %.2f\n", w, v["frames"] / v["cpu"] }' >> "$log"
    # Perspective: Skia draws it its own way, directly under each card's matrix (below); drawn
    # flat into the plane (4 px a card pixel, the pipeline's) and mapped, it takes most of a
    # second a frame and is no reference.
    [ "$w" = perspective ] && continue
    loops=5
    [ "$w" = content ] || loops=1
    "$python" "$tools/skia_display_lists.py" "$work/lists/$w" --loops "$loops" 2>/dev/null \
      | awk -v w="$w" '{ printf "skia %s %s\n", w, $NF }' >> "$log"
  done
  "$python" "$tools/skia_display_lists.py" "$work/lists/perspective" --loops 5 --projection direct 2>/dev/null \
    | awk '{ printf "skia-direct perspective %s\n", $NF }' >> "$log"
  if [ -n "$blend2d" ]; then
    "$flipbook" bench --one content-without-shadows --stage raster-all-full --jobs 1 \
      | awk '{ for (i = 1; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
               printf "flipbook content-without-shadows %.2f\n", v["frames"] / v["cpu"] }' >> "$log"
    "$blend2d" "$work/lists/content-without-shadows" 5 \
      | awk '{ printf "blend2d content-without-shadows %s\n", $NF }' >> "$log"
  fi
  echo "round $round of $rounds done" >&2
done
# Each line: renderer, workload, frames per CPU second.
"$python" - "$log" <<'PY'
import statistics, sys
rounds, current = [], {}
for line in open(sys.argv[1]):
    who, what, fps = line.split()
    if (who, what) in current:
        rounds.append(current)
        current = {}
    current[(who, what)] = float(fps)
rounds.append(current)
print("frames per CPU second, one thread (each round's figure, then the median):")
for key in sorted(rounds[0]):
    values = sorted(r[key] for r in rounds if key in r)
    print(f"  {key[0]} {key[1]}: {' '.join(f'{v:.1f}' for v in values)}  median {statistics.median(values):.1f}")
print("Flipbook / native, per round (median):")
for workload in ["content", "content-without-shadows", "materials", "perspective"]:
    for native in ["skia", "skia-direct", "blend2d"]:
        ratios = sorted(
            r[("flipbook", workload)] / r[(native, workload)]
            for r in rounds
            if ("flipbook", workload) in r and (native, workload) in r
        )
        if ratios:
            print(f"  {workload} / {native}: {' '.join(f'{v:.2f}' for v in ratios)}  median {statistics.median(ratios):.2f}")
PY
