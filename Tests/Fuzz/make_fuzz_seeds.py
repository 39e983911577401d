#!/usr/bin/env python3
"""Writes the seed folders of the Swift harnesses under OUTPUT_FOLDER (Tests/Fuzz/README.md):

  icon-seeds          scenes/icons/*.svg, and resvg's suite cases of <use>, <symbol>, <defs> and
                      <style>, nested <svg>, <switch>, <image> and transform-origin
                      (Tests/ResvgSuite/structure), of gradients, stops and patterns (paint-servers), of
                      clip paths and masks (masking), of the filter primitives (filters) and of
                      mix-blend-mode, isolation, paint-order with markers, context paint and invalid
                      fills and strokes (painting), of invalid shapes and path data (shapes), named
                      by their folder
  image-seeds         the PNG, JPEG and WebP fixtures of Tests/ImagesTests/Fixtures (every colour type,
                      bit depth, interlace, the eight EXIF orientations, the decompression bombs)
                      and the bundled photos under 8 KB (scenes/photos)
  text-seeds          fonts cut down by hb-subset (libharfbuzz-bin) to the glyphs of one string:
                      DejaVu Sans (TrueType; Latin, Arabic joining), Inter (CFF, ligatures),
                      Liberation Sans (kerning), Lohit Devanagari (Indic reordering), each
                      prefixed by the harness's header and the string (TextShapeFuzzer.swift)
  raster-seeds        byte strings from a fixed-seed generator (every input decodes to a display
                      list, so structure comes from the decoder, not the seeds)
  scene-render-seeds  scenes/*.yaml and scenes/*.json but the schema
  lottie-seeds        scenes/animations/*.json, and two small documents written here: a masked
                      shape layer, and a precomp under an alpha matte with a parented layer

Deterministic for a given hb-subset: the same files every run. Usage: make_fuzz_seeds.py OUTPUT_FOLDER"""
import glob
import json
import os
import random
import shutil
import struct
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# (font file, string, style byte, size byte, width byte, letter-spacing byte)
TEXT_SEEDS = [
    ("truetype/dejavu/DejaVuSans.ttf", "Hello, world", 0x00, 4, 120, 0),
    ("truetype/dejavu/DejaVuSans.ttf", "مرحبا بالعالم abc", 0x13, 3, 40, 0),
    ("opentype/inter/Inter-Regular.otf", "office fi ffl", 0x05, 5, 60, 0xFC),
    ("truetype/liberation/LiberationSans-Regular.ttf", "AVATAR To Wa\nsecond line", 0x28, 6, 80, 4),
    ("truetype/lohit-devanagari/Lohit-Devanagari.ttf", "नमस्ते दुनिया", 0x02, 4, 255, 0),
]


def replace_folder(path):
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)


def copy_all(paths, folder):
    replace_folder(folder)
    for path in sorted(paths):
        shutil.copyfile(path, os.path.join(folder, os.path.basename(path)))


def text_seeds(folder):
    replace_folder(folder)
    if shutil.which("hb-subset") is None:
        sys.exit("make_fuzz_seeds.py: hb-subset not found; install libharfbuzz-bin (make test-deps)")
    with tempfile.TemporaryDirectory() as scratch:
        for index, (font, text, style, size, width, spacing) in enumerate(TEXT_SEEDS):
            source = os.path.join("/usr/share/fonts", font)
            if not os.path.exists(source):
                print(f"make_fuzz_seeds.py: {source} missing, seed skipped", file=sys.stderr)
                continue
            subset = os.path.join(scratch, f"{index}.font")
            subprocess.run(["hb-subset", f"--text={text}", f"--output-file={subset}", source], check=True)
            encoded = text.encode("utf-8")
            header = struct.pack("<HBBBB", len(encoded), style, size, width, spacing)
            with open(subset, "rb") as f:
                body = f.read()
            name = f"{index}-{os.path.splitext(os.path.basename(font))[0]}"
            with open(os.path.join(folder, name), "wb") as f:
                f.write(header + encoded + body)


def raster_seeds(folder):
    replace_folder(folder)
    generator = random.Random(0xF022)
    for index in range(24):
        length = generator.choice([16, 64, 256, 512])
        with open(os.path.join(folder, f"random-{index:02d}"), "wb") as f:
            f.write(bytes(generator.randrange(256) for _ in range(length)))


def lottie_seeds(folder):
    replace_folder(folder)
    copy_all(glob.glob(os.path.join(ROOT, "scenes/animations/*.json")), folder)
    still = lambda v: {"a": 0, "k": v}
    ks = {"o": still(100), "r": still(0), "p": still([20, 10]), "a": still([0, 0]), "s": still([100, 100])}
    square = {"ty": "rc", "p": still([0, 0]), "s": still([30, 14]), "r": still(4)}
    fill = {"ty": "fl", "c": still([1, 0, 0, 1]), "o": still(100)}
    mask = {"mode": "a", "inv": False, "o": still(100),
            "pt": still({"c": True, "v": [[0, 0], [20, 0], [20, 20]], "i": [[0, 0]] * 3, "o": [[0, 0]] * 3})}
    layer = {"ty": 4, "ind": 1, "ip": 0, "op": 10, "st": 0, "ks": ks, "shapes": [square, fill],
             "hasMask": True, "masksProperties": [mask]}
    documents = {
        "masked.json": {"v": "5.7.4", "fr": 30, "ip": 0, "op": 10, "w": 40, "h": 20, "layers": [layer]},
        "matte.json": {"v": "5.7.4", "fr": 30, "ip": 0, "op": 10, "w": 40, "h": 20,
                       "assets": [{"id": "p", "w": 40, "h": 20, "layers": [dict(layer, hasMask=False)]}],
                       "layers": [dict(layer, ind=1, td=1, hasMask=False),
                                  {"ty": 0, "ind": 2, "refId": "p", "tt": 1, "w": 40, "h": 20, "ip": 0,
                                   "op": 10, "st": 0, "ks": ks},
                                  dict(layer, ind=3, parent=2, hasMask=False)]},
    }
    for name, document in documents.items():
        with open(os.path.join(folder, name), "w") as f:
            json.dump(document, f, separators=(",", ":"))


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    copy_all(glob.glob(os.path.join(ROOT, "scenes/icons/*.svg")), os.path.join(out, "icon-seeds"))
    # A small design screen for the layer-tree reading: nested ids, a clip around sublayers, a
    # used symbol with an id, a skew, a faded group and content after a sublayer.
    with open(os.path.join(out, "icon-seeds", "layers.svg"), "w") as f:
        f.write('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 80"><defs>'
                '<clipPath id="c"><rect width="60" height="40" rx="8"/></clipPath>'
                '<symbol id="s" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5"/></symbol></defs>'
                '<rect width="100" height="80" fill="#eee"/>'
                '<g id="card" transform="translate(10 10) rotate(5)" clip-path="url(#c)" opacity="0.9">'
                '<rect width="60" height="40" fill="#08f"/><g id="badge" transform="skewX(20)">'
                '<use id="dot" href="#s" width="10" height="10"/></g><path d="M5 30h50" stroke="#fff"/></g>'
                '<rect id="bar" y="70" width="100" height="10" fill="url(#p)"/>'
                '<pattern id="p" width="0.1" height="1"><rect width="5" height="10"/></pattern></svg>')
    # Text: runs, spans with positions, anchors, weights, families, spaces kept and collapsed.
    with open(os.path.join(out, "icon-seeds", "text.svg"), "w") as f:
        f.write('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 60">'
                '<text x="60" y="20" font-family="Arial, sans-serif" font-size="12" font-weight="bold" '
                'text-anchor="middle">Hello <tspan fill="red" dy="2" letter-spacing="1">world</tspan></text>'
                '<text id="t" x="4" y="50" style="white-space: pre" font-family="DejaVu Sans">a  b'
                '<tspan x="60" text-anchor="end" font-weight="300">c</tspan></text>'
                '<use href="#t" y="-10"/></svg>')
    kinds = [("structure", k) for k in ("use", "symbol", "defs", "style")]
    kinds += [("paint-servers", k) for k in ("linearGradient", "radialGradient", "stop", "pattern")]
    kinds += [("masking", k) for k in ("clipPath", "mask")]
    kinds += [
        ("filters", k) for k in ("feGaussianBlur", "feOffset", "feFlood", "feComposite", "feMerge", "feDropShadow")
    ]
    kinds += [("structure", k) for k in ("svg", "switch", "image", "transform-origin")]
    kinds += [("painting", k) for k in ("mix-blend-mode", "isolation", "paint-order", "context", "fill", "stroke")]
    kinds += [("shapes", k) for k in ("path", "rect", "polyline", "ellipse")]
    kinds += [("structure", k) for k in ("style-attribute", "a", "g", "transform")]
    for category, kind in kinds:
        for path in sorted(glob.glob(os.path.join(ROOT, "Tests/ResvgSuite", category, kind, "*.svg"))):
            shutil.copyfile(path, os.path.join(out, "icon-seeds", kind + "-" + os.path.basename(path)))
    fixtures = os.path.join(ROOT, "Tests/ImagesTests/Fixtures")
    images = [p for ext in ("png", "jpg", "webp") for p in glob.glob(os.path.join(fixtures, "*." + ext))]
    images += [p for p in glob.glob(os.path.join(ROOT, "scenes/photos/*.jpg")) if os.path.getsize(p) < 8192]
    copy_all(images, os.path.join(out, "image-seeds"))
    text_seeds(os.path.join(out, "text-seeds"))
    raster_seeds(os.path.join(out, "raster-seeds"))
    scenes = glob.glob(os.path.join(ROOT, "scenes/*.yaml")) + glob.glob(os.path.join(ROOT, "scenes/*.json"))
    copy_all([p for p in scenes if not p.endswith("schema.json")], os.path.join(out, "scene-render-seeds"))
    lottie_seeds(os.path.join(out, "lottie-seeds"))


main()
