#!/usr/bin/env python3
"""Writes the PNG fuzzer's seed corpus: one small PNG per colour type, bit depth and interlace
(what the reader must normalise), plus ancillary chunks (tRNS, iCCP, zTXt, an unknown chunk).
Deterministic: the same files every run. Usage: make_png_seeds.py OUTPUT_FOLDER"""
import os
import struct
import sys
import zlib


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(width, height, depth, colour, interlace, extra=b""):
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colour]
    row_bytes = (width * channels * depth + 7) // 8
    raw = b""
    if interlace:
        # Adam7 passes of the image, each row with filter byte 0 and sample bytes 0x5A.
        passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        for x0, y0, dx, dy in passes:
            w = (width - x0 + dx - 1) // dx if width > x0 else 0
            h = (height - y0 + dy - 1) // dy if height > y0 else 0
            if w and h:
                raw += (b"\x00" + bytes([0x5A]) * ((w * channels * depth + 7) // 8)) * h
    else:
        for y in range(height):
            raw += bytes([y % 5]) + bytes((x * 37 + y * 11) & 0xFF for x in range(row_bytes))
    header = struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, interlace)
    body = chunk(b"IHDR", header) + extra + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    return b"\x89PNG\r\n\x1a\n" + body


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    seeds = {}
    for colour, depths in [(0, [1, 2, 4, 8, 16]), (2, [8, 16]), (3, [1, 2, 4, 8]), (4, [8, 16]), (6, [8, 16])]:
        for depth in depths:
            for interlace in (0, 1):
                extra = b""
                if colour == 3:
                    extra = chunk(b"PLTE", bytes(range(48))) + chunk(b"tRNS", b"\x00\x80")
                elif colour == 2 and depth == 8:
                    extra = chunk(b"tRNS", b"\x00\x01\x00\x02\x00\x03")
                seeds["c%d-d%d-i%d.png" % (colour, depth, interlace)] = png(9, 7, depth, colour, interlace, extra)
    ancillary = (chunk(b"iCCP", b"icc\x00\x00" + zlib.compress(b"\x00" * 200)) + chunk(b"zTXt", b"k\x00\x00" + zlib.compress(b"text"))
                 + chunk(b"flIp", b"unknown ancillary chunk"))
    seeds["ancillary.png"] = png(5, 5, 8, 6, 0, ancillary)
    for name, data in sorted(seeds.items()):
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)


main()
