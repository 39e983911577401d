#!/usr/bin/python3
"""Writes scenes/photos/landscape.jpg, the photo of scenes/images.yaml: a procedural landscape
(sky gradient, sun, two mountain ridges from sums of sines, a lake reflecting the sky), 480×320,
JPEG quality 88, deterministic (no randomness). Needs Pillow (python3-pil). Rerun to rebuild."""
import math, os
from PIL import Image

W, H = 480, 320
OUT = os.path.join(os.path.dirname(__file__), "..", "..", "scenes", "photos")


def mix(a, b, t):
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


def ridge(x, base, waves):
    return base + sum(a * math.sin(x * f + p) for a, f, p in waves)


def main():
    img = Image.new("RGB", (W, H))
    px = img.load()
    horizon = 210
    for y in range(H):
        for x in range(W):
            if y < horizon:
                c = mix((40, 90, 170), (250, 180, 120), (y / horizon) ** 1.6)
                d = math.hypot(x - 330, y - 150)
                if d < 28:
                    c = (255, 240, 200)
                elif d < 60:
                    c = mix((255, 225, 170), c, (d - 28) / 32)
                far = ridge(x, 150, [(14, 0.021, 0.3), (7, 0.053, 1.7), (3, 0.13, 0.5)])
                near = ridge(x, 185, [(18, 0.013, 2.1), (6, 0.041, 0.2), (2, 0.17, 1.1)])
                if y > near:
                    c = mix((40, 70, 60), (25, 45, 40), (y - near) / max(1, horizon - near))
                elif y > far:
                    c = mix((95, 110, 150), (80, 95, 130), (y - far) / max(1, horizon - far))
            else:
                mirror = horizon - (y - horizon) * 1.4
                c = mix((40, 90, 170), (250, 180, 120), (max(mirror, 0) / horizon) ** 1.6)
                c = mix(c, (20, 50, 90), 0.35 + 0.1 * math.sin(y * 0.9 + x * 0.05))
            px[x, y] = c
    os.makedirs(OUT, exist_ok=True)
    img.save(os.path.join(OUT, "landscape.jpg"), quality=88)


if __name__ == "__main__":
    main()
