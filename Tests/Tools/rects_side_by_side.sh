#!/usr/bin/env bash
# Rounds of Flipbook and Blend2D on the standard workload's four rectangle workloads
# (docs/benchmarks.md), one after the other in each round, and the medians of the per-round
# ratios: how Sources/Raster/README.md's table against Blend2D is measured. Three
# columns, as the issue's table has them:
#   one thread, each at its CPU's highest level (raster-1 against Blend2D synchronous);
#   one thread, both limited to AVX2 (--kernel-level avx2 against BLEND2D_CPU=avx2);
#   two threads (raster-all-full --jobs 2, the whole canvas cleared every frame as Blend2D's
#   driver does, against Blend2D with 2 threads).
# A measuring tool, not part of the build or tests.
#
#   Tests/Tools/rects_side_by_side.sh ROUNDS FLIPBOOK BLEND2D_BENCH [WORKLOAD...]
#
# FLIPBOOK is a release build (.build/release/flipbook); BLEND2D_BENCH is built from
# Tests/Tools/blend2d_bench.cpp (its header says how). Flipbook draws the 120-frame loop 5 times
# a run, Blend2D 600 frames.
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: $0 ROUNDS FLIPBOOK BLEND2D_BENCH [WORKLOAD...]" >&2
  exit 2
fi
rounds=$1 flipbook=$2 blend2d=$3
shift 3
workloads=("$@")
[ ${#workloads[@]} -gt 0 ] || workloads=(small-n16 small-n256 large-n16 large-n256)
for tool in "$flipbook" "$blend2d"; do
  [ -x "$tool" ] || { echo "$0: $tool is not an executable file" >&2; exit 2; }
done
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# flipbook bench's result line for stage $2: its frames/s, field 4.
fps() { awk -v s="$1" '$2 == s { print $4 }'; }
for round in $(seq "$rounds"); do
  for w in "${workloads[@]}"; do
    canvas=${w%-n*} n=${w#*-n}
    echo "blend2d $w native $("$blend2d" "$canvas" "$n" 600 0 | awk '{ print $6 }')" >> "$log"
    echo "flipbook $w native $("$flipbook" bench --workload "$w" --stage raster-1 --frames 120 --repeat 1 | fps raster-1)" >> "$log"
    echo "blend2d $w avx2 $(BLEND2D_CPU=avx2 "$blend2d" "$canvas" "$n" 600 0 | awk '{ print $6 }')" >> "$log"
    echo "flipbook $w avx2 $("$flipbook" bench --workload "$w" --stage raster-1 --frames 120 --repeat 1 \
      --kernel-level avx2 | fps raster-1)" >> "$log"
    echo "blend2d $w threads2 $("$blend2d" "$canvas" "$n" 600 2 | awk '{ print $6 }')" >> "$log"
    echo "flipbook $w threads2 $("$flipbook" bench --workload "$w" --stage raster-all-full --jobs 2 --frames 120 \
      --repeat 1 | fps raster-all-full)" >> "$log"
  done
  echo "round $round of $rounds done" >&2
done
python3 - "$log" <<'PY'
import statistics, sys
fps = {}
for line in open(sys.argv[1]):
    who, workload, column, value = line.split()
    fps.setdefault((workload, column), {}).setdefault(who, []).append(float(value))
print("workload     column    Flipbook / Blend2D per round (sorted)             median   Flipbook fps   Blend2D fps")
for (workload, column), runs in fps.items():
    ratios = sorted(f / b for f, b in zip(runs["flipbook"], runs["blend2d"]))
    print(f"{workload:<12} {column:<9} {' '.join(f'{r:.2f}' for r in ratios):<48} {statistics.median(ratios):.2f}"
          f"     {statistics.median(runs['flipbook']):>8.0f}     {statistics.median(runs['blend2d']):>8.0f}")
PY
