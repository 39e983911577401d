#!/usr/bin/python3
"""Writes the image tests' fixtures into Tests/ImagesTests/Fixtures (committed; rerun to rebuild).

PNGs are written by a small encoder here (zlib + the PNG chunk format), not by the decoder under
test, so every colour type and bit depth of the PNG specification appears, PngSuite-style:
grey 1/2/4/8/16, grey+alpha 8/16, RGB 8/16, RGBA 8/16, palette 1/2/4/8 (with and without tRNS),
grey and RGB with a tRNS colour key, and Adam7-interlaced variants. Beside each `<name>.png` the
script writes `<name>.rgba`: the expected straight RGBA8 pixels, from the specification's rules
(low-bit grey scaled by 255/(2^d - 1), 16-bit samples rounded to round(v/257), tRNS keys → alpha 0).

JPEGs (Pillow, python3-pil): a 16×8 picture, left half red, right half blue, top rows white, saved
with each EXIF orientation 1-8, with Pillow's upright decoding of each (`-upright.png`); Pillow's
resizing of `photo.png` (bilinear enlarging, box shrinking), the scaling tests' references; and `bomb.jpg`, a tiny JPEG whose frame header claims 16000×16000.
PNG bombs: `bomb.png` (IHDR 16384×16384 with a few bytes of data) and `huge-chunk.png` (a 1×1 image
whose zTXt chunk declares 2,000,000,000 bytes).
"""
import io, os, struct, sys, zlib

OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "ImagesTests", "Fixtures")
W, H = 13, 7   # odd sizes: partial bytes at low bit depths, uneven Adam7 passes


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def pack_row(samples, depth):
    """Samples (ints) of one row → bytes at `depth` bits a sample, big-endian, padded."""
    if depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    if depth == 8:
        return bytes(samples)
    out, acc, n = bytearray(), 0, 0
    for s in samples:
        acc = (acc << depth) | s
        n += depth
        if n == 8:
            out.append(acc); acc, n = 0, 0
    if n:
        out.append(acc << (8 - n))
    return bytes(out)


ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def png(pixels, color_type, depth, channels, interlace=False, plte=None, trns=None):
    """pixels[y][x] = tuple of `channels` samples."""
    raw = bytearray()
    if interlace:
        for x0, y0, dx, dy in ADAM7:
            xs, ys = range(x0, W, dx), range(y0, H, dy)
            if not xs or not ys:
                continue
            for y in ys:
                raw.append(0)
                raw += pack_row([s for x in xs for s in pixels[y][x]], depth)
    else:
        for y in range(H):
            raw.append(0)
            raw += pack_row([s for x in range(W) for s in pixels[y][x]], depth)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, depth, color_type, 0, 0, 1 if interlace else 0))
    if plte is not None:
        data += chunk(b"PLTE", bytes(c for rgb in plte for c in rgb))
    if trns is not None:
        data += chunk(b"tRNS", trns)
    return data + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b"")


def scale(v, depth):
    return round(v / 257) if depth == 16 else v * 255 // ((1 << depth) - 1)


def sample(x, y, k, depth):
    m = (1 << depth) - 1
    return (x * 7 + y * 11 + k * 5 + (x * y) % 3) * (m // 12 if m > 12 else 1) % (m + 1)


def write(name, data, expected):
    with open(os.path.join(OUT, name + ".png"), "wb") as f:
        f.write(data)
    with open(os.path.join(OUT, name + ".rgba"), "wb") as f:
        f.write(bytes(expected))


def cases():
    for interlace in (False, True):
        tag = "-adam7" if interlace else ""
        for depth in (1, 2, 4, 8, 16):
            px = [[(sample(x, y, 0, depth),) for x in range(W)] for y in range(H)]
            exp = [c for row in px for (g,) in row for c in (scale(g, depth),) * 3 + (255,)]
            write(f"gray{depth}{tag}", png(px, 0, depth, 1, interlace), exp)
        for depth in (8, 16):
            px = [[(sample(x, y, 0, depth), sample(x, y, 3, depth)) for x in range(W)] for y in range(H)]
            exp = [c for row in px for (g, a) in row for c in (scale(g, depth),) * 3 + (scale(a, depth),)]
            write(f"gray-alpha{depth}{tag}", png(px, 4, depth, 2, interlace), exp)
            px = [[tuple(sample(x, y, k, depth) for k in range(3)) for x in range(W)] for y in range(H)]
            exp = [c for row in px for p in row for c in [scale(s, depth) for s in p] + [255]]
            write(f"rgb{depth}{tag}", png(px, 2, depth, 3, interlace), exp)
            px = [[tuple(sample(x, y, k, depth) for k in range(4)) for x in range(W)] for y in range(H)]
            exp = [c for row in px for p in row for c in [scale(s, depth) for s in p]]
            write(f"rgba{depth}{tag}", png(px, 6, depth, 4, interlace), exp)
        for depth in (1, 2, 4, 8):
            n = 1 << depth
            plte = [((i * 37) % 256, (i * 91 + 20) % 256, (255 - i * 13) % 256) for i in range(n)]
            px = [[((x + 2 * y) % n,) for x in range(W)] for y in range(H)]
            exp = [c for row in px for (i,) in row for c in plte[i] + (255,)]
            write(f"palette{depth}{tag}", png(px, 3, depth, 1, interlace, plte=plte), exp)
            alphas = [(i * 97) % 256 for i in range(n)][: max(1, n - 1)]   # tRNS shorter than PLTE: the rest opaque
            exp = [c for row in px for (i,) in row for c in plte[i] + ((alphas[i] if i < len(alphas) else 255),)]
            write(f"palette{depth}-trns{tag}", png(px, 3, depth, 1, interlace, plte=plte, trns=bytes(alphas)), exp)
    # Colour keys: one grey level and one RGB colour become transparent (alpha 0, colour kept).
    for depth in (8, 16):
        px = [[(sample(x, y, 0, depth),) for x in range(W)] for y in range(H)]
        key = px[2][3][0]
        exp = [c for row in px for (g,) in row for c in (scale(g, depth),) * 3 + ((0 if g == key else 255),)]
        write(f"gray{depth}-trns", png(px, 0, depth, 1, trns=struct.pack(">H", key)), exp)
        px = [[tuple(sample(x, y, k, depth) for k in range(3)) for x in range(W)] for y in range(H)]
        key = px[4][5]
        exp = [c for row in px for p in row for c in [scale(s, depth) for s in p] + [0 if p == key else 255]]
        write(f"rgb{depth}-trns", png(px, 2, depth, 3, trns=struct.pack(">HHH", *key)), exp)


def bombs():
    # 16384×16384 RGBA claimed by a 60-byte file: refused from the header.
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 16384, 16384, 8, 6, 0, 0, 0))
    data += chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b"")
    open(os.path.join(OUT, "bomb.png"), "wb").write(data)
    # A 1×1 image whose zTXt chunk declares 2,000,000,000 bytes (with 64 present).
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 6, 0, 0, 0))
    data += struct.pack(">I", 2_000_000_000) + b"zTXt" + b"A" * 64
    open(os.path.join(OUT, "huge-chunk.png"), "wb").write(data)


def jpegs():
    from PIL import Image
    img = Image.new("RGB", (16, 8), (255, 255, 255))
    for y in range(2, 8):
        for x in range(16):
            img.putpixel((x, y), (255, 0, 0) if x < 8 else (0, 0, 255))
    for orientation in range(1, 9):
        exif = Image.Exif()
        exif[0x0112] = orientation
        img.save(os.path.join(OUT, f"orientation{orientation}.jpg"), quality=95, subsampling=0, exif=exif.tobytes())
    buffer = io.BytesIO()
    img.save(buffer, format="JPEG", quality=95)
    data = bytearray(buffer.getvalue())
    sof = data.find(b"\xff\xc0")
    struct.pack_into(">HH", data, sof + 5, 16000, 16000)   # height, width of the frame header
    open(os.path.join(OUT, "bomb.jpg"), "wb").write(bytes(data))
    open(os.path.join(OUT, "truncated.jpg"), "wb").write(buffer.getvalue()[: len(buffer.getvalue()) // 2])
    # A smooth opaque "photo" for the scaling comparisons: 96×64, gradients and a few discs.
    photo = Image.new("RGB", (96, 64))
    for y in range(64):
        for x in range(96):
            r = (x * 255) // 95
            g = (y * 255) // 63
            b = 128 + int(100 * (((x - 40) ** 2 + (y - 30) ** 2) < 300)) - int(90 * (((x - 75) ** 2 + (y - 45) ** 2) < 120))
            photo.putpixel((x, y), (r, g, b))
    photo.save(os.path.join(OUT, "photo.png"))
    # Pillow's resampling of it, the independent references of the scaling tests: bilinear when
    # enlarging (a tent of one source pixel), box (exact area average) when shrinking.
    photo.resize((192, 128), Image.BILINEAR).save(os.path.join(OUT, "photo-bilinear-2x.png"))
    photo.resize((144, 96), Image.BILINEAR).save(os.path.join(OUT, "photo-bilinear-1.5x.png"))
    photo.resize((48, 32), Image.BOX).save(os.path.join(OUT, "photo-box-half.png"))
    photo.resize((32, 16), Image.BOX).save(os.path.join(OUT, "photo-box-3x4.png"))
    photo.resize((16, 8), Image.BOX).save(os.path.join(OUT, "photo-box-6x8.png"))
    photo.resize((32, 21), Image.BOX).save(os.path.join(OUT, "photo-box-fractional.png"))
    photo.resize((12, 8), Image.BOX).save(os.path.join(OUT, "photo-box-eighth.png"))
    # The JPEGs as Pillow decodes and turns them upright (ImageOps.exif_transpose): the EXIF tests'
    # independent reference.
    from PIL import ImageOps
    for orientation in range(1, 9):
        with Image.open(os.path.join(OUT, f"orientation{orientation}.jpg")) as jpeg:
            ImageOps.exif_transpose(jpeg).convert("RGBA").save(os.path.join(OUT, f"orientation{orientation}-upright.png"))


def cmyk():
    """A CMYK JPEG as Photoshop writes them (Adobe marker, inverted inks: Pillow's CMYK save), the
    RGBA Pillow decodes from it (the independent reference), and a JPEG cut 30 bytes in."""
    from PIL import Image
    img = Image.new("RGB", (16, 8), (255, 255, 255))
    for y in range(8):
        for x in range(16):
            img.putpixel((x, y), [(255, 0, 0), (0, 128, 255), (40, 200, 90), (250, 250, 250)][x // 4])
    img.convert("CMYK").save(os.path.join(OUT, "cmyk.jpg"), quality=95, subsampling=0)
    with Image.open(os.path.join(OUT, "cmyk.jpg")) as jpeg:
        jpeg.convert("RGBA").save(os.path.join(OUT, "cmyk-pillow.png"))
    with open(os.path.join(OUT, "orientation1.jpg"), "rb") as f:
        head = f.read(30)
    open(os.path.join(OUT, "cut30.jpg"), "wb").write(head)


def webps():
    """WebP (libwebp through Pillow): a lossless RGBA image with every alpha from 0 to 255 kept
    exactly (its pixels beside it, .pixels), a lossy one with the RGBA Pillow's libwebp decodes from
    it (the independent reference), a two-frame animation, and a file cut in half."""
    from PIL import Image
    img = Image.new("RGBA", (13, 7))
    for y in range(7):
        for x in range(13):
            img.putpixel((x, y), ((x * 19) % 256, (y * 37) % 256, (x * y * 7) % 256, (x * 7 + y * 29) % 256))
    img.save(os.path.join(OUT, "webp-lossless.webp"), lossless=True, exact=True)
    open(os.path.join(OUT, "webp-lossless.pixels"), "wb").write(img.tobytes())
    photo = Image.new("RGB", (32, 24))
    for y in range(24):
        for x in range(32):
            photo.putpixel((x, y), (x * 8, y * 10, 255 - x * 4 - y * 4))
    photo.save(os.path.join(OUT, "webp-lossy.webp"), quality=80)
    with Image.open(os.path.join(OUT, "webp-lossy.webp")) as webp:
        webp.convert("RGBA").save(os.path.join(OUT, "webp-lossy-pillow.png"))
    frames = [Image.new("RGB", (8, 8), c) for c in ((255, 0, 0), (0, 0, 255))]
    frames[0].save(os.path.join(OUT, "webp-animated.webp"), save_all=True, append_images=frames[1:], duration=100)
    with open(os.path.join(OUT, "webp-lossy.webp"), "rb") as f:
        whole = f.read()
    open(os.path.join(OUT, "webp-truncated.webp"), "wb").write(whole[: len(whole) // 2])


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    cases()
    bombs()
    jpegs()
    cmyk()
    webps()
