#!/usr/bin/env python3
"""The Lottie export's second independent player: python-lottie reads the file and writes each
frame as SVG, and librsvg's rsvg-convert draws it as PNG.

Usage: python3 lottie_svg_play.py FILE.json WIDTH HEIGHT OUT_FOLDER [FRAME...]

python-lottie (PyPI `lottie`, the Python Lottie framework of Glaxnimate's author) evaluates the
document itself: keyframes and their cubic-bezier easing, parenting, precomps, masks and mattes,
trim paths, gradients; it shares no code with rlottie, the first player, nor with Flipbook. librsvg
is the SVG renderer of GNOME (Debian's librsvg2-bin, already a test dependency). `make test-deps`
installs python-lottie into .build/python. Writes OUT_FOLDER/frame_00000.png … (the SVGs beside
them) at WIDTH × HEIGHT pixels: the frames listed (counted from the document's in point), or every
frame to its out point; prints the count of frames drawn. Exits 1 when a frame cannot be drawn, 2 on an environment problem (a
missing module or rsvg-convert).
"""

import os
import shutil
import subprocess
import sys

try:
    from lottie.exporters.svg import export_svg
    from lottie.parsers.tgs import parse_tgs
except ImportError as error:  # pragma: no cover - environment problem
    print(f"lottie_svg_play.py: missing Python module '{error.name}'; "
          "install with: python3 -m pip install --target .build/python lottie==0.7.2",
          file=sys.stderr)
    sys.exit(2)


def main(path, width, height, folder, chosen):
    if shutil.which("rsvg-convert") is None:
        print("lottie_svg_play.py: rsvg-convert is missing (Debian's librsvg2-bin; `make test-deps`)",
              file=sys.stderr)
        return 2
    animation = parse_tgs(path)
    start, end = int(animation.in_point), int(animation.out_point)
    frames = chosen or range(end - start)
    for index in frames:
        if not 0 <= index < end - start:
            print(f"lottie_svg_play.py: frame {index} is outside the animation's {end - start}",
                  file=sys.stderr)
            return 1
        svg = os.path.join(folder, f"frame_{index:05d}.svg")
        export_svg(animation, svg, frame=start + index)
        drawn = subprocess.run(
            ["rsvg-convert", "-w", str(width), "-h", str(height), svg, "-o", svg[:-4] + ".png"],
            capture_output=True, text=True)
        if drawn.returncode != 0:
            print(f"lottie_svg_play.py: rsvg-convert could not draw frame {index}: {drawn.stderr}",
                  file=sys.stderr)
            return 1
    print(f"{len(frames)} frames")
    return 0


if __name__ == "__main__":
    if len(sys.argv) < 5:
        print(__doc__.strip().splitlines()[3], file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4],
                  [int(frame) for frame in sys.argv[5:]]))
