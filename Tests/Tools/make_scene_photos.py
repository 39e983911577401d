#!/usr/bin/python3
"""Writes the photos of the bundled scenes into scenes/photos/, all procedural and deterministic
(no randomness but a seeded generator, no fonts, no outside artwork). Needs Pillow (python3-pil).
Rerun to rebuild; `--only NAME` writes one photo.

- landscape.jpg (480×320, scenes/images.yaml): sky gradient, sun, two mountain ridges from sums of
  sines, a lake reflecting the sky.
- avatar.jpg (160×160): a head-and-shoulders silhouette on a warm gradient (a profile picture).
- city.jpg (360×240): a dusk skyline, towers with lit windows, their reflection in a river.
- sea.jpg (360×240): an ocean horizon under a pale sky, wave bands and a sun glitter path.
- food.jpg (320×320): a top-down bowl on a wooden table: greens, tomato, egg, seeds.
- abstract.jpg (320×320): soft overlapping colour blobs (a wallpaper or album art).
- forest.jpg (360×240): rows of pine silhouettes fading into morning mist.
- desert.jpg (360×240): dunes under a hot sky and a low sun.

JPEG quality 85 (landscape 88), a few tens of KB each; Pillow's encoder may differ by version,
so the committed files are the reference and the scenes' hashes are pinned from them."""
import math, os, random, sys
from PIL import Image, ImageDraw, ImageFilter

OUT = os.path.join(os.path.dirname(__file__), "..", "..", "scenes", "photos")


def mix(a, b, t):
    t = min(max(t, 0.0), 1.0)
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


def ridge(x, base, waves):
    return base + sum(a * math.sin(x * f + p) for a, f, p in waves)


def vertical_gradient(w, h, stops):
    """stops: [(t, colour)] with t from 0 (top) to 1 (bottom)."""
    img = Image.new("RGB", (w, h))
    draw = ImageDraw.Draw(img)
    for y in range(h):
        t = y / max(1, h - 1)
        for (t0, c0), (t1, c1) in zip(stops, stops[1:]):
            if t0 <= t <= t1:
                draw.line([(0, y), (w, y)], fill=mix(c0, c1, (t - t0) / max(1e-9, t1 - t0)))
                break
    return img


def landscape():
    W, H = 480, 320
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
    return img, 88


def avatar():
    S = 160
    img = vertical_gradient(S, S, [(0, (255, 196, 140)), (1, (232, 110, 120))])
    draw = ImageDraw.Draw(img)
    # Shoulders and a collar, then the neck and the head with hair.
    draw.ellipse([18, 112, 142, 220], fill=(52, 78, 120))
    draw.polygon([(66, 116), (80, 140), (94, 116)], fill=(240, 240, 236))
    draw.rectangle([68, 92, 92, 122], fill=(214, 160, 128))
    draw.ellipse([50, 38, 110, 104], fill=(226, 174, 140))
    draw.chord([46, 26, 114, 86], 180, 360, fill=(70, 44, 34))
    draw.ellipse([46, 40, 60, 80], fill=(70, 44, 34))
    draw.ellipse([100, 40, 114, 80], fill=(70, 44, 34))
    img = img.filter(ImageFilter.GaussianBlur(1.2))
    return img, 85


def city():
    W, H = 360, 240
    img = vertical_gradient(W, H, [(0, (30, 34, 80)), (0.55, (220, 110, 110)), (0.72, (250, 190, 130)), (1, (250, 190, 130))])
    draw = ImageDraw.Draw(img)
    rng = random.Random(18)
    water = 176
    x = 0
    towers = []
    while x < W:
        w = rng.randint(18, 42)
        h = rng.randint(50, 150)
        towers.append((x, w, h))
        x += w + rng.randint(0, 4)
    for x, w, h in towers:
        top = water - h
        shade = rng.randint(0, 18)
        draw.rectangle([x, top, x + w, water], fill=(28 + shade, 28 + shade, 48 + shade))
        for wy in range(top + 6, water - 6, 8):
            for wx in range(x + 4, x + w - 4, 7):
                if rng.random() < 0.45:
                    draw.rectangle([wx, wy, wx + 3, wy + 3], fill=(255, 214, 140))
    sky = img.crop((0, 0, W, water))
    reflection = sky.transpose(Image.Transpose.FLIP_TOP_BOTTOM).crop((0, 0, W, H - water))
    reflection = reflection.filter(ImageFilter.GaussianBlur(2))
    dark = Image.new("RGB", reflection.size, (18, 26, 60))
    img.paste(Image.blend(reflection, dark, 0.45), (0, water))
    draw = ImageDraw.Draw(img)
    for y in range(water + 3, H, 5):
        draw.line([(0, y), (W, y)], fill=(40, 50, 90), width=1)
    return img, 85


def sea():
    W, H = 360, 240
    horizon = 100
    img = vertical_gradient(W, H, [(0, (120, 180, 230)), (horizon / H, (220, 236, 246)), (horizon / H + 0.001, (30, 110, 170)), (1, (10, 60, 110))])
    px = img.load()
    for y in range(horizon, H):
        depth = (y - horizon) / (H - horizon)
        for x in range(W):
            r, g, b = px[x, y]
            wave = math.sin(x * (0.06 - 0.04 * depth) + y * 0.7) * math.sin(x * 0.013 + y * 0.21)
            c = mix((r, g, b), (140, 200, 230), max(0.0, wave) * (0.5 - 0.3 * depth))
            glitter = math.exp(-((x - 250) / (14 + 60 * depth)) ** 2)
            if wave > 0.55:
                c = mix(c, (255, 246, 220), glitter)
            px[x, y] = c
    draw = ImageDraw.Draw(img)
    draw.ellipse([236, horizon - 40, 264, horizon - 12], fill=(255, 250, 230))
    img = img.filter(ImageFilter.GaussianBlur(0.6))
    return img, 85


def food():
    S = 320
    img = Image.new("RGB", (S, S))
    px = img.load()
    for y in range(S):
        for x in range(S):
            grain = math.sin(y * 0.09 + 3 * math.sin(x * 0.013)) * 0.5 + 0.5
            board = (x // 80) % 2
            c = mix((150, 98, 60), (186, 132, 86), grain * 0.7 + board * 0.15)
            px[x, y] = c
    draw = ImageDraw.Draw(img)
    draw.ellipse([38, 46, 298, 306], fill=(90, 60, 40))
    draw.ellipse([30, 30, 290, 290], fill=(246, 244, 238))
    draw.ellipse([52, 52, 268, 268], fill=(236, 232, 222))
    rng = random.Random(7)
    for _ in range(70):
        cx, cy = rng.randint(70, 250), rng.randint(70, 250)
        if math.hypot(cx - 160, cy - 160) > 96:
            continue
        r = rng.randint(10, 20)
        draw.ellipse([cx - r, cy - r * 0.6, cx + r, cy + r * 0.6], fill=mix((60, 140, 50), (130, 190, 70), rng.random()))
    for cx, cy in [(120, 110), (200, 130), (150, 210)]:
        draw.ellipse([cx - 22, cy - 22, cx + 22, cy + 22], fill=(220, 50, 40))
        draw.ellipse([cx - 12, cy - 14, cx - 2, cy - 6], fill=(250, 140, 120))
    draw.ellipse([176, 170, 236, 230], fill=(252, 252, 246))
    draw.ellipse([192, 186, 220, 214], fill=(250, 180, 30))
    for _ in range(40):
        cx, cy = rng.randint(90, 230), rng.randint(90, 230)
        draw.ellipse([cx - 2, cy - 1, cx + 2, cy + 1], fill=(240, 226, 180))
    img = img.filter(ImageFilter.GaussianBlur(0.8))
    return img, 85


def abstract():
    S = 320
    img = vertical_gradient(S, S, [(0, (40, 30, 90)), (1, (20, 60, 110))])
    blobs = [((90, 100), 110, (255, 60, 120)), ((230, 90), 100, (255, 170, 40)),
             ((200, 230), 120, (60, 200, 220)), ((70, 250), 90, (150, 90, 255))]
    for (cx, cy), r, colour in blobs:
        layer = Image.new("RGB", (S, S), colour)
        mask = Image.new("L", (S, S), 0)
        ImageDraw.Draw(mask).ellipse([cx - r, cy - r, cx + r, cy + r], fill=170)
        mask = mask.filter(ImageFilter.GaussianBlur(36))
        img = Image.composite(layer, img, mask)
    return img, 85


def forest():
    W, H = 360, 240
    img = vertical_gradient(W, H, [(0, (200, 222, 226)), (1, (236, 240, 232))])
    rng = random.Random(3)
    for row, (base, colour, size) in enumerate([(120, (150, 176, 170), 26), (160, (96, 130, 118), 34),
                                                 (205, (50, 84, 70), 44), (250, (24, 48, 40), 56)]):
        layer = Image.new("RGBA", (W, H), (0, 0, 0, 0))
        draw = ImageDraw.Draw(layer)
        x = -10
        while x < W + 10:
            h = size * rng.uniform(1.4, 2.4)
            w = size * rng.uniform(0.45, 0.7)
            top = base - h
            draw.polygon([(x, top), (x - w, base), (x + w, base)], fill=colour)
            x += w * rng.uniform(0.8, 1.4)
        draw.rectangle([0, base - 2, W, H], fill=colour)
        img.paste(layer, (0, 0), layer)
        if row < 2:
            img = Image.blend(img, Image.new("RGB", (W, H), (226, 234, 232)), 0.2)
    img = img.filter(ImageFilter.GaussianBlur(0.7))
    return img, 85


def desert():
    W, H = 360, 240
    img = vertical_gradient(W, H, [(0, (90, 150, 220)), (0.5, (250, 210, 160)), (1, (250, 210, 160))])
    draw = ImageDraw.Draw(img)
    draw.ellipse([60, 70, 110, 120], fill=(255, 244, 210))
    for base, waves, light, dark in [
        (130, [(12, 0.015, 0.4), (5, 0.05, 1.1)], (232, 170, 100), (196, 128, 70)),
        (170, [(16, 0.011, 2.0), (6, 0.037, 0.3)], (222, 150, 80), (176, 104, 52)),
        (215, [(20, 0.009, 1.0), (5, 0.05, 2.4)], (208, 132, 66), (150, 84, 40)),
    ]:
        for x in range(W):
            top = ridge(x, base, waves)
            slope = sum(a * f * math.cos(x * f + p) for a, f, p in waves)
            c = mix(light, dark, 0.5 + slope * 2.5)
            draw.line([(x, top), (x, H)], fill=c)
    img = img.filter(ImageFilter.GaussianBlur(0.8))
    return img, 85


PHOTOS = {"landscape": landscape, "avatar": avatar, "city": city, "sea": sea, "food": food,
          "abstract": abstract, "forest": forest, "desert": desert}


def main():
    names = sys.argv[sys.argv.index("--only") + 1:][:1] if "--only" in sys.argv else list(PHOTOS)
    os.makedirs(OUT, exist_ok=True)
    for name in names:
        img, quality = PHOTOS[name]()
        path = os.path.join(OUT, name + ".jpg")
        # landscape.jpg predates the optimised Huffman tables; kept as first written.
        img.save(path, quality=quality, optimize=name != "landscape")
        print(f"{path}: {img.size[0]}×{img.size[1]}, {os.path.getsize(path) // 1024} KB")


if __name__ == "__main__":
    main()
