#!/usr/bin/env python3
"""Calibrates ResvgSuiteTests' tolerance on a second renderer: librsvg's rsvg-convert draws every
case of Tests/ResvgSuite, each drawing is compared with resvg's reference PNG as the test compares
Flipbook's (both over white; mean absolute difference in levels over the pixels' RGB channels, and
the share of pixels with a channel more than 64 levels off), and the pass rate per category is
printed for the tolerance the test uses.

Usage: python3 Tests/Tools/resvg_suite_calibrate.py [scratch folder] [--resvg PATH]
Needs rsvg-convert (librsvg2-bin) and python3 with numpy and PIL. With --resvg, that resvg binary
draws instead (resvg-cli, `make test-deps` puts it in .build/python/bin): how its own release
fares against the suite's current references.
"""
import os
import subprocess
import sys
from collections import Counter

import numpy as np
from PIL import Image

MEAN_LIMIT = 2.0  # levels: ResvgSuiteTests.meanLimit
FAR_LIMIT = 0.01  # share of pixels: ResvgSuiteTests.farShareLimit

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "ResvgSuite")
arguments = sys.argv[1:]
resvg = None
if "--resvg" in arguments:
    at = arguments.index("--resvg")
    resvg = arguments[at + 1]
    del arguments[at:at + 2]
scratch = arguments[0] if arguments else "/tmp/resvg-suite-calibration"
os.makedirs(scratch, exist_ok=True)


def over_white(path):
    image = Image.open(path).convert("RGBA")
    white = Image.new("RGBA", image.size, (255, 255, 255, 255))
    return np.asarray(Image.alpha_composite(white, image).convert("RGB"), dtype=np.int32)


passed, total = Counter(), Counter()
for folder, _, files in sorted(os.walk(root)):
    for name in sorted(files):
        if not name.endswith(".svg"):
            continue
        category = os.path.relpath(folder, root).split(os.sep)[0]
        svg = os.path.join(folder, name)
        reference = svg[:-4] + ".png"
        total[category] += 1
        drawn = os.path.join(scratch, category + "-" + name[:-4] + ".png")
        size = Image.open(reference).size
        command = ["rsvg-convert", "-w", str(size[0]), "-h", str(size[1]), svg, "-o", drawn]
        if resvg:
            command = [os.path.abspath(resvg), "-w", str(size[0]), "-h", str(size[1]), svg, drawn]
        result = subprocess.run(command, capture_output=True, cwd=folder)
        if result.returncode != 0:
            continue
        a, b = over_white(drawn), over_white(reference)
        if a.shape != b.shape:
            continue
        d = np.abs(a - b)
        if d.mean() <= MEAN_LIMIT and (d.max(axis=2) > 64).mean() <= FAR_LIMIT:
            passed[category] += 1
for category in sorted(total):
    print(f"{category}: {passed[category]} of {total[category]} ({100 * passed[category] / total[category]:.0f} %)")
print(f"all: {sum(passed.values())} of {sum(total.values())}")
