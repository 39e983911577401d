#!/usr/bin/env python3
"""How far another renderer's frame is from Flipbook's: the largest channel difference, the mean
absolute difference and the share of pixels differing by more than 8 and by more than 32 (of
255), over straight RGBA. A measuring tool for the native drivers' side by side
(Tests/Tools/content_side_by_side.sh), not part of the build or tests; reads PNG through
skia-python, so it runs in the same environment as skia_display_lists.py.

    compare_frames.py FLIPBOOK.png OTHER.png|OTHER.rgba

OTHER.rgba is raw straight RGBA bytes of the reference's size (what blend2d_display_lists writes).
"""
import sys

import numpy
import skia


def straight_rgba(image):
    return image.convert(colorType=skia.kRGBA_8888_ColorType, alphaType=skia.kUnpremul_AlphaType).toarray()


def read(path, like=None):
    if path.endswith(".rgba"):
        pixels = numpy.fromfile(path, numpy.uint8)
        return pixels.reshape(like.shape)
    return straight_rgba(skia.Image.open(path))


def difference(reference, other):
    """One line of figures for two straight RGBA arrays of one size."""
    a, b = reference.astype(numpy.int16), other.astype(numpy.int16)
    delta = numpy.abs(a - b)
    worst = delta.max(axis=2)
    return (
        f"max {worst.max()}, mean {delta.mean():.3f}, "
        f"over 8: {100 * (worst > 8).mean():.3f} %, over 32: {100 * (worst > 32).mean():.3f} %"
    )


def main():
    if len(sys.argv) != 3:
        raise SystemExit(f"usage: {sys.argv[0]} FLIPBOOK.png OTHER.png|OTHER.rgba")
    reference = read(sys.argv[1])
    other = read(sys.argv[2], like=reference)
    print(difference(reference, other))


if __name__ == "__main__":
    main()
