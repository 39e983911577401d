#!/usr/bin/env python3
"""Draws display lists that `flipbook bench --export-display-lists DIR` wrote, with Skia's CPU
raster backend (skia-python: Google's Skia, compiled C++, the renderer of Chrome and Android),
and times it on one thread: the native side of the content and materials workloads' side by side
(Tests/Tools/content_side_by_side.sh runs both). A measuring tool, not part of the build or tests.

    python3 -m venv /tmp/skia && /tmp/skia/bin/pip install skia-python numpy
    .build/release/flipbook bench --export-display-lists /tmp/lists
    /tmp/skia/bin/python Tests/Tools/skia_display_lists.py /tmp/lists/content --loops 5
    /tmp/skia/bin/python Tests/Tools/skia_display_lists.py /tmp/lists/content --compare /tmp/diff

Timing: every frame is recorded into an SkPicture first (untimed, as Flipbook's display lists are
built before its timed loop), then the loop of frames is played `--loops` times into one surface,
each frame clearing the whole canvas, as `flipbook bench --stage raster-all-full --jobs 1` does.
One Python call a frame, so the figure is Skia's own. Printed: frames, wall seconds, CPU seconds
of the process, frames/s by wall and by CPU.

`--compare OUT`: draws the frames Flipbook rendered (flipbook-NNNN.png beside the lists), writes
Skia's as OUT/skia-PROJECTION-NNNN.png, and prints per frame the largest channel difference, the
mean absolute difference and the share of pixels differing by more than 8 and by more than 32
(compare_frames.py).

How each element is drawn: a rounded rectangle as drawRRect (a continuous corner as its outline
path), a glyph through Skia's own glyph cache (a text blob per run of glyphs sharing a font, size,
paint and clips; unhinted, subpixel positions, antialiased), an icon piece as its path; clips as
antialiased clip paths; a shadow as the shape under a blur mask filter of sigma = radius / 2; a
backdrop material as a saveLayer whose backdrop is the blur (edges clamped) then the Rec. 709
saturation matrix, with the tint drawn into the layer; gradients interpolated in premultiplied
colour; images sampled linearly with linear mipmaps.
"""
import argparse
import glob
import json
import os
import sys
import time

import skia

from compare_frames import difference, straight_rgba


def color(c, opacity=1.0):
    return skia.Color(c[0], c[1], c[2], int(round(c[3] * opacity)))


def matrix(t):
    a, b, c, d, tx, ty = t
    return skia.Matrix.MakeAll(a, c, tx, b, d, ty, 0, 0, 1)


def path_of(p):
    path = skia.Path()
    points = p["points"]
    i = 0
    for verb in p["verbs"]:
        if verb == "M":
            path.moveTo(points[i], points[i + 1])
            i += 2
        elif verb == "L":
            path.lineTo(points[i], points[i + 1])
            i += 2
        elif verb == "Q":
            path.quadTo(*points[i : i + 4])
            i += 4
        elif verb == "C":
            path.cubicTo(*points[i : i + 6])
            i += 6
        else:
            path.close()
    return path


class Shape:
    """A rounded rectangle as an RRect, or any other outline as a path, in local units."""

    def __init__(self, shape):
        if "rrect" in shape:
            x0, y0, x1, y1, r = shape["rrect"]
            self.rrect = skia.RRect.MakeRectXY(skia.Rect.MakeLTRB(x0, y0, x1, y1), r, r)
            self.path = skia.Path().addRRect(self.rrect)
        else:
            self.rrect = None
            self.path = path_of(shape["path"])

    def draw(self, canvas, paint):
        if self.rrect is not None:
            canvas.drawRRect(self.rrect, paint)
        else:
            canvas.drawPath(self.path, paint)

    def device_path(self, m):
        path = skia.Path(self.path)
        path.transform(m)
        return path


class Frame:
    """One exported frame, turned into Skia objects once."""

    def __init__(self, folder, data, images, typefaces):
        self.folder = folder
        self.images = images
        self.typefaces = typefaces
        self.data = data

    def image(self, name):
        if name not in self.images:
            self.images[name] = skia.Image.open(os.path.join(self.folder, name)).withDefaultMipmaps()
        return self.images[name]

    def typeface(self, file):
        if file not in self.typefaces:
            self.typefaces[file] = skia.Typeface.MakeFromFile(file)
        return self.typefaces[file]

    def shader_paint(self, paint, m, opacity):
        """A skia.Paint for an exported paint, drawn under canvas matrix m."""
        p = skia.Paint(AntiAlias=True)
        if "solid" in paint:
            p.setColor(color(paint["solid"], opacity))
            return p
        inverse = skia.Matrix()
        m.invert(inverse)
        if "linear" in paint:
            g = paint["linear"]
            local = skia.Matrix.Concat(inverse, matrix(g["toPixels"]))
            p.setShader(
                skia.GradientShader.MakeLinear(
                    [skia.Point(*g["start"]), skia.Point(*g["end"])],
                    [color(c) for c in g["colors"]],
                    g["locations"],
                    skia.TileMode.kClamp,
                    skia.GradientShader.kInterpolateColorsInPremul_Flag,
                    local,
                )
            )
            p.setDither(g["dither"])
        else:
            i = paint["image"]
            local = skia.Matrix.Concat(inverse, matrix(i["toPixels"]))
            sampling = (
                skia.SamplingOptions(skia.FilterMode.kNearest)
                if i["pixelated"]
                else skia.SamplingOptions(skia.FilterMode.kLinear, skia.MipmapMode.kLinear)
            )
            p.setShader(self.image(i["file"]).makeShader(skia.TileMode.kClamp, skia.TileMode.kClamp, sampling, local))
        p.setAlphaf(opacity)
        return p

    @staticmethod
    def clip(canvas, clips):
        for c in clips:
            canvas.setMatrix(matrix(c["transform"]))
            shape = Shape(c["shape"])
            if shape.rrect is not None:
                canvas.clipRRect(shape.rrect, skia.ClipOp.kIntersect, True)
            else:
                canvas.clipPath(shape.path, skia.ClipOp.kIntersect, True)

    def steps(self, projection):
        """The frame as what the timed loop plays: pictures, and groups in perspective.

        A group is ("group", its content's picture, offscreen size, homography) with `offscreen`
        projection (drawn flat, then the image mapped onto the canvas, as Flipbook draws it), or
        part of the frame's picture under a perspective matrix with `direct` (Skia's own way)."""
        w, h = self.data["width"], self.data["height"]
        groups = {g["rects"][0]: g for g in self.data.get("groups", [])}
        steps = []
        recorder = skia.PictureRecorder()
        canvas = recorder.beginRecording(skia.Rect.MakeWH(w, h))
        canvas.drawColor(color(self.data["background"]), skia.BlendMode.kSrc)
        rects = self.data["rects"]
        i = 0
        while i < len(rects):
            group = groups.get(i)
            if group is None:
                self.draw_rect(canvas, rects[i])
                i += 1
                continue
            start, end = group["rects"]
            m = homography(group["homography"])
            if projection == "direct":
                canvas.save()
                canvas.concat(m)
                for r in rects[start:end]:
                    self.draw_rect(canvas, r, base=m)
                canvas.restore()
            else:
                steps.append(("picture", recorder.finishRecordingAsPicture()))
                inner = skia.PictureRecorder()
                flat = inner.beginRecording(skia.Rect.MakeWH(group["width"], group["height"]))
                for r in rects[start:end]:
                    self.draw_rect(flat, r)
                steps.append(("group", inner.finishRecordingAsPicture(), group["width"], group["height"], m))
                canvas = recorder.beginRecording(skia.Rect.MakeWH(w, h))
            i = end
        steps.append(("picture", recorder.finishRecordingAsPicture()))
        return steps

    def draw_rect(self, canvas, r, base=None):
        """Draws r; `base` is the matrix its pixels are seen through (a direct projection)."""
        if base is not None:
            canvas = Rebased(canvas, base)
        m = matrix(r["transform"])
        shape = Shape(r["shape"])
        canvas.save()
        self.clip(canvas, r["clips"])
        if "shadow" in r:
            s = r["shadow"]
            paint = skia.Paint(AntiAlias=True, Color=color(s["color"], s["opacity"] * r["opacity"]))
            paint.setMaskFilter(skia.MaskFilter.MakeBlur(skia.BlurStyle.kNormal_BlurStyle, s["radius"] / 2, False))
            canvas.setMatrix(skia.Matrix.Concat(skia.Matrix.Translate(*s["offset"]), m))
            shape.draw(canvas, paint)
        if "backdrop" in r:
            b = r["backdrop"]
            canvas.resetMatrix()
            outline = shape.device_path(m)
            canvas.save()
            canvas.clipPath(outline, skia.ClipOp.kIntersect, True)
            s = b["saturation"]
            lr, lg, lb = 0.2126, 0.7152, 0.0722
            saturate = [
                lr + (1 - lr) * s, lg - lg * s, lb - lb * s, 0, 0,
                lr - lr * s, lg + (1 - lg) * s, lb - lb * s, 0, 0,
                lr - lr * s, lg - lg * s, lb + (1 - lb) * s, 0, 0,
                0, 0, 0, 1, 0,
            ]  # fmt: skip
            blur = skia.ImageFilters.Blur(b["sigma"], b["sigma"], skia.TileMode.kClamp, None)
            backdrop = skia.ImageFilters.ColorFilter(skia.ColorFilters.Matrix(saturate), blur)
            canvas.saveLayer(skia.Canvas.SaveLayerRec(outline.computeTightBounds(), None, backdrop, 0))
            canvas.drawColor(color(b["tint"], r["opacity"]))
            canvas.restore()
            canvas.restore()
        canvas.setMatrix(m)
        if "paint" in r:
            shape.draw(canvas, self.shader_paint(r["paint"], m, r["opacity"]))
        elif r["fill"][3] > 0:
            shape.draw(canvas, skia.Paint(AntiAlias=True, Color=color(r["fill"], r["opacity"])))
        canvas.restore()
        self.draw_content(canvas, r["content"])

    def draw_content(self, canvas, content):
        i = 0
        while i < len(content):
            p = content[i]
            if "glyph" in p:
                # A run: the glyphs that follow with the same font, size, paint and clips.
                j = i
                while j < len(content) and self.same_run(p, content[j]):
                    j += 1
                self.draw_glyphs(canvas, content[i:j])
                i = j
                continue
            canvas.save()
            self.clip(canvas, p["clips"])
            m = matrix(p["transform"])
            canvas.setMatrix(m)
            path = path_of(p["path"])
            path.setFillType(skia.PathFillType.kEvenOdd if p["evenOdd"] else skia.PathFillType.kWinding)
            canvas.drawPath(path, self.shader_paint(p["paint"], m, p["opacity"]))
            canvas.restore()
            i += 1

    @staticmethod
    def same_run(first, other):
        if "glyph" not in other:
            return False
        a, b = first["transform"], other["transform"]
        return (
            other["glyph"]["font"] == first["glyph"]["font"]
            and a[:4] == b[:4]
            and other["paint"] == first["paint"]
            and other["opacity"] == first["opacity"]
            and other["clips"] == first["clips"]
        )

    def draw_glyphs(self, canvas, run):
        first = run[0]
        a, b, c, d, _, _ = first["transform"]
        if b != 0 or c != 0 or a != -d:
            raise SystemExit("a glyph turned or stretched: the driver draws upright text runs only")
        typeface = self.typeface(first["glyph"]["font"])
        font = skia.Font(typeface, a * typeface.getUnitsPerEm())
        font.setEdging(skia.Font.Edging.kAntiAlias)
        font.setHinting(skia.FontHinting.kNone)
        font.setSubpixel(True)
        font.setLinearMetrics(True)
        builder = skia.TextBlobBuilder()
        builder.allocRunPos(
            font, [g["glyph"]["index"] for g in run], [skia.Point(g["transform"][4], g["transform"][5]) for g in run]
        )
        canvas.save()
        self.clip(canvas, first["clips"])
        canvas.resetMatrix()
        canvas.drawTextBlob(builder.make(), 0, 0, self.shader_paint(first["paint"], skia.Matrix(), first["opacity"]))
        canvas.restore()


def homography(h):
    """Flipbook's row-vector homography as Skia's 3 × 3 matrix."""
    m11, m12, m13, m21, m22, m23, m31, m32, m33 = h
    return skia.Matrix.MakeAll(m11, m21, m31, m12, m22, m32, m13, m23, m33)


class Rebased:
    """A canvas whose setMatrix and resetMatrix are relative to a base matrix."""

    def __init__(self, canvas, base):
        self.canvas, self.base = canvas, base

    def setMatrix(self, m):
        self.canvas.setMatrix(skia.Matrix.Concat(self.base, m))

    def resetMatrix(self):
        self.canvas.setMatrix(self.base)

    def __getattr__(self, name):
        return getattr(self.canvas, name)


def play(steps, canvas, surfaces):
    """One frame: its pictures, and each group drawn flat into an offscreen and mapped."""
    for step in steps:
        if step[0] == "picture":
            canvas.drawPicture(step[1])
            continue
        _, picture, w, h, m = step
        surface = surfaces.get((w, h))
        if surface is None:
            surface = surfaces[(w, h)] = skia.Surface(w, h)
        flat = surface.getCanvas()
        flat.clear(skia.ColorTRANSPARENT)
        flat.drawPicture(picture)
        image = surface.makeImageSnapshot().withDefaultMipmaps()
        canvas.save()
        canvas.concat(m)
        canvas.drawImage(image, 0, 0, SAMPLING, skia.Paint(AntiAlias=True))
        canvas.restore()
        del image


SAMPLING = skia.SamplingOptions(skia.FilterMode.kLinear, skia.MipmapMode.kLinear)


def load(folder):
    files = sorted(glob.glob(os.path.join(folder, "frame-*.json")))
    if not files:
        raise SystemExit(f"{folder}: no frame-NNNN.json files; write them with flipbook bench --export-display-lists")
    images, typefaces = {}, {}
    frames = []
    for file in files:
        with open(file) as f:
            frames.append(Frame(folder, json.load(f), images, typefaces))
    return frames


def surface_for(frame):
    info = skia.ImageInfo.Make(
        frame.data["width"], frame.data["height"], skia.ColorType.kRGBA_8888_ColorType, skia.AlphaType.kPremul_AlphaType
    )
    return skia.Surface.MakeRaster(info)


def time_frames(frames, loops, projection):
    played = [f.steps(projection) for f in frames]
    surface = surface_for(frames[0])
    canvas = surface.getCanvas()
    surfaces = {}
    play(played[0], canvas, surfaces)  # first glyphs and offscreens, outside the timing as for Flipbook
    wall, cpu = time.perf_counter(), time.process_time()
    for _ in range(loops):
        for steps in played:
            play(steps, canvas, surfaces)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    count = loops * len(played)
    name = os.path.basename(os.path.normpath(frames[0].folder))
    print(
        f"skia {name} projection {projection} frames {count} wall {wall:.4f} cpu {cpu:.4f} "
        f"fps {count / wall:.1f} cpu-fps {count / cpu:.1f}"
    )


def compare(frames, out, projection):
    os.makedirs(out, exist_ok=True)
    folder = frames[0].folder
    for reference in sorted(glob.glob(os.path.join(folder, "flipbook-*.png"))):
        number = int(reference[-8:-4])
        surface = surface_for(frames[number])
        play(frames[number].steps(projection), surface.getCanvas(), {})
        ours = surface.makeImageSnapshot()
        ours.save(os.path.join(out, f"skia-{projection}-{number:04d}.png"), skia.kPNG)
        print(f"frame {number}: {difference(straight_rgba(skia.Image.open(reference)), straight_rgba(ours))}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", help="one workload's folder of flipbook bench --export-display-lists")
    parser.add_argument("--loops", type=int, default=5, help="times the loop of frames is played (default 5)")
    parser.add_argument("--compare", metavar="OUT", help="instead, compare with Flipbook's frames; Skia's go to OUT")
    parser.add_argument(
        "--projection",
        choices=["offscreen", "direct"],
        default="offscreen",
        help="groups in perspective: drawn flat and mapped, as Flipbook does (default), or drawn directly "
        "under the perspective matrix, Skia's own way",
    )
    args = parser.parse_args()
    frames = load(args.folder)
    if args.compare:
        compare(frames, args.compare, args.projection)
    else:
        time_frames(frames, args.loops, args.projection)


if __name__ == "__main__":
    sys.exit(main())
