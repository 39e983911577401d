#!/usr/bin/python3
"""Writes the photos of the bundled scenes into scenes/photos/: real photographs from
scikit-image's data set (scikit-image 0.25.2, the images it ships in its wheel), each in the
public domain or dedicated to it under CC0, cropped and resized with Pillow.

  /usr/bin/python3 Tests/Tools/take_scene_photos.py [--wheel PATH]

Without --wheel it downloads the wheel with pip (PyPI) into .build/photos/ and checks its
SHA-256 first. JPEG quality 88; Pillow's encoder may differ by version, so the committed files
are the reference and the scenes' hashes are pinned from them.

| file | size | source in the wheel | licence |
| astronaut.jpg | 384×384 | astronaut.png: Eileen Collins, NASA | public domain (NASA) |
| astronaut-portrait.jpg | 160×160 | astronaut.png, her face | public domain (NASA) |
| cat.jpg | 360×240 | chelsea.png, by Stefan van der Walt | CC0 |
| coffee.jpg | 320×320 | coffee.png, by Rachel Michetti | CC0 |
| rocket.jpg | 480×320 | rocket.jpg: Launch Complex 40, SpaceX | public domain (SpaceX) |
| galaxies.jpg | 320×320 | hubble_deep_field.jpg: the Hubble eXtreme Deep Field, NASA | public domain (NASA) |
"""
import hashlib, os, subprocess, sys, zipfile
from io import BytesIO
from PIL import Image

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
OUT = os.path.join(ROOT, "scenes", "photos")
WHEEL = "scikit_image-0.25.2-cp311-cp311-manylinux_2_17_x86_64.manylinux2014_x86_64.whl"
WHEEL_SHA256 = "24cc986e1f4187a12aa319f777b36008764e856e5013666a4a83f8df083c2641"

# name: (source, crop box in the source's pixels (left, top, right, bottom), size written)
PHOTOS = {
    "astronaut.jpg": ("astronaut.png", (0, 0, 512, 512), (384, 384)),
    "astronaut-portrait.jpg": ("astronaut.png", (150, 0, 330, 180), (160, 160)),
    "cat.jpg": ("chelsea.png", (0, 0, 450, 300), (360, 240)),
    "coffee.jpg": ("coffee.png", (30, 0, 430, 400), (320, 320)),
    "rocket.jpg": ("rocket.jpg", (0, 0, 639, 426), (480, 320)),
    "galaxies.jpg": ("hubble_deep_field.jpg", (200, 136, 800, 736), (320, 320)),
}


def wheel_path(argv):
    if "--wheel" in argv:
        return argv[argv.index("--wheel") + 1]
    folder = os.path.join(ROOT, ".build", "photos")
    path = os.path.join(folder, WHEEL)
    if not os.path.exists(path):
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
             "--python-version", "3.11", "--platform", "manylinux_2_17_x86_64", "-d", folder,
             "scikit-image==0.25.2"], check=True)
    return path


def main(argv):
    path = wheel_path(argv)
    with open(path, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    if digest != WHEEL_SHA256:
        sys.exit(f"{path}: SHA-256 {digest}, expected {WHEEL_SHA256}")
    wheel = zipfile.ZipFile(path)
    for name, (source, box, size) in PHOTOS.items():
        image = Image.open(BytesIO(wheel.read("skimage/data/" + source))).convert("RGB")
        photo = image.crop(box).resize(size, Image.LANCZOS)
        target = os.path.join(OUT, name)
        photo.save(target + ".tmp", "JPEG", quality=88, optimize=True)
        os.replace(target + ".tmp", target)
        print(f"{name}: {size[0]}×{size[1]}, {os.path.getsize(target)} bytes")


if __name__ == "__main__":
    main(sys.argv[1:])
