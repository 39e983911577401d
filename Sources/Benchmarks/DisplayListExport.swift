import Colors
import FileSystem
import Foundation
import Geometry
import PNG
import Raster

/// A workload's display lists written out for the native drivers in `Tests/Tools`
/// (`skia_display_lists.py`), so another renderer draws exactly the frames Flipbook draws and the
/// two are timed side by side (`Tests/Tools/content_side_by_side.sh`).
///
/// One JSON file a frame (`frame-NNNN.json`), each image once as a PNG (`image-N.png`), and
/// Flipbook's own rendering of every 30th frame (`flipbook-NNNN.png`) for the pixel comparison.
/// Coordinates are pixels; a transform is `[a, b, c, d, tx, ty]`; a colour `[r, g, b, a]`,
/// straight alpha. A rounded rectangle with all four corners circular is `rrect`; any other
/// outline (continuous corners, some corners square) is a path, built by the same
/// `Path.appendRoundedRect` the rasterizer fills. A glyph is its font file, its glyph index and
/// its transform (font units → pixels), so the other renderer draws text through its own glyph
/// path, as an app's text would be.
///
/// A group in perspective (the `perspective` workload's cards) is its offscreen's size, its
/// homography `[m11, m12, m13, m21, m22, m23, m31, m32, m33]` (row vectors, offscreen pixels →
/// canvas), its samples a pixel and the index range of its rects, which are drawn into the
/// offscreen.
///
/// Only what the `content`, `materials` and `perspective` workloads draw is written; anything
/// else (groups with opacity, masks or filters, strokes, radial gradients, borders) is refused by
/// name rather than dropped.
package enum DisplayListExport {
    package struct Unsupported: Error, CustomStringConvertible {
        package var feature: String
        package var description: String {
            "the display list uses \(feature), which the export for native drivers does not write"
        }
    }

    /// The workloads whose display lists the format holds.
    package static let workloads = [StandardWorkload.content, .contentWithoutShadows, .materials, .perspective]

    /// Writes `workload`'s first `frames` frames into `folder` (created when missing).
    package static func write(_ workload: StandardWorkload, frames: Int, into folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var writer = Writer(fonts: workload.fontFiles)
        for f in 0..<frames {
            let list = workload.displayList(frame: f)
            let json = try writer.frame(list)
            let data = try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])
            try DurableFile.write([UInt8](data), to: folder + "/" + name("frame", f, "json"), syncFolder: false)
            if f % 30 == 0 {
                let png = try PNG.encode(
                    rgba: Rasterizer.render(list).straightRGBA(), width: list.width, height: list.height)
                try PNG.writeAtomically(png, to: folder + "/" + name("flipbook", f, "png"), syncFolder: false)
            }
        }
        for (index, image) in writer.images.enumerated() {
            let png = try PNG.encode(rgba: image.straightRGBA(), width: image.width, height: image.height)
            try PNG.writeAtomically(png, to: folder + "/image-\(index).png", syncFolder: false)
        }
        try DurableFile.syncFolder(folder)
    }

    static func name(_ stem: String, _ frame: Int, _ ext: String) -> String {
        stem + "-" + String(format: "%04d", frame) + "." + ext
    }

    /// Turns display lists into JSON objects, numbering images as it meets them.
    struct Writer {
        var fonts: [UInt64: String]
        var images: [RasterImage] = []

        mutating func frame(_ list: DisplayList) throws -> [String: Any] {
            [
                "width": list.width, "height": list.height, "background": Self.color(list.background),
                "rects": try list.rects.map { try rect($0) }, "groups": try list.groups.map(Self.group),
            ]
        }

        /// A group in perspective, and nothing else a group can be.
        static func group(_ g: DrawGroup) throws -> [String: Any] {
            guard let p = g.projection, g.opacity == 1, g.blur == 0, g.mask == nil, !g.adds, !g.isolates,
                g.blendMode == .normal, g.filter == nil, p.clips.isEmpty
            else { throw Unsupported(feature: "groups other than plain ones in perspective") }
            let h = p.homography
            return [
                "rects": [g.rects.lowerBound, g.rects.upperBound], "width": p.width, "height": p.height,
                "samples": p.samples,
                "homography": [h.m11, h.m12, h.m13, h.m21, h.m22, h.m23, h.m31, h.m32, h.m33],
            ]
        }

        mutating func rect(_ r: DrawRect) throws -> [String: Any] {
            guard r.borderWidth == 0 || r.borderColor.a == 0 else { throw Unsupported(feature: "borders") }
            var object: [String: Any] = [
                "shape": Self.shape(r.size, r.cornerRadius, r.maskedCorners, r.cornerCurve),
                "transform": Self.transform(r.transform), "fill": Self.color(r.fill), "opacity": r.opacity,
                "clips": r.clips.map(Self.clip), "content": try r.content.map { try path($0) },
            ]
            if let paint = r.fillPaint { object["paint"] = try self.paint(paint) }
            if let s = r.shadow {
                guard s.path == nil else { throw Unsupported(feature: "shadow paths") }
                object["shadow"] = [
                    "color": Self.color(s.color), "opacity": s.opacity, "offset": [s.offset.x, s.offset.y],
                    "radius": s.radius,
                ]
            }
            if let b = r.backdrop {
                object["backdrop"] = ["sigma": b.sigma, "saturation": b.saturation, "tint": Self.color(b.tint)]
            }
            return object
        }

        mutating func path(_ p: DrawPath) throws -> [String: Any] {
            guard p.stroke == nil else { throw Unsupported(feature: "stroke sources") }
            var object: [String: Any] = [
                "transform": Self.transform(p.transform), "paint": try paint(p.paint), "opacity": p.opacity,
                "clips": p.clips.map(Self.clip), "evenOdd": p.fillRule == .evenOdd,
            ]
            // A text glyph (its font file known) is drawn by the other renderer from its font;
            // an icon piece, whose key names no font file, by its outline.
            if let glyph = p.glyph, let file = fonts[glyph.font] {
                object["glyph"] = ["font": file, "index": glyph.glyph]
            } else {
                object["path"] = Self.path(p.path)
            }
            return object
        }

        mutating func paint(_ paint: Paint) throws -> [String: Any] {
            switch paint {
            case .solid(let color):
                return ["solid": Self.color(color)]
            case .gradient(let g):
                let gradient = g.gradient
                guard gradient.kind == .linear, gradient.spread == .pad, gradient.focus == nil else {
                    throw Unsupported(feature: "\(gradient.kind) gradients other than padded linear ones")
                }
                // The axis in the layer's points (Gradient.Kind.linear), mapped by toPixels.
                let w = g.size.width
                let h = g.size.height
                return [
                    "linear": [
                        "start": [gradient.startPoint.x * w, gradient.startPoint.y * h],
                        "end": [gradient.endPoint.x * w, gradient.endPoint.y * h],
                        "colors": gradient.colors.map(Self.color), "locations": gradient.locations,
                        "toPixels": Self.transform(g.toPixels), "dither": gradient.dither,
                    ]
                ]
            case .image(let i):
                let index: Int
                if let known = images.firstIndex(where: { $0.identity == i.image.identity }) {
                    index = known
                } else {
                    index = images.count
                    images.append(i.image)
                }
                return [
                    "image": [
                        "file": "image-\(index).png", "toPixels": Self.transform(i.toPixels), "pixelated": i.pixelated,
                    ]
                ]
            }
        }

        static func shape(_ size: Size, _ radius: Double, _ corners: CornerMask, _ curve: CornerCurve) -> [String: Any]
        {
            let (hw, hh) = (size.width / 2, size.height / 2)
            let r = min(max(radius, 0), min(hw, hh))
            if curve == .circular && (corners == .all || r == 0) {
                return ["rrect": [-hw, -hh, hw, hh, r]]
            }
            var outline = Path()
            outline.appendRoundedRect(x0: -hw, y0: -hh, x1: hw, y1: hh, radius: r, corners: corners, curve: curve)
            return ["path": path(outline)]
        }

        static func clip(_ c: ClipShape) -> [String: Any] {
            [
                "shape": shape(c.size, c.cornerRadius, c.maskedCorners, c.cornerCurve),
                "transform": transform(c.transform),
            ]
        }

        /// Verbs as one string (M, L, Q, C, Z) and their points as one flat list.
        static func path(_ p: Path) -> [String: Any] {
            var verbs = ""
            var points: [Double] = []
            for element in p.elements {
                switch element {
                case .move(let a):
                    verbs += "M"
                    points += [a.x, a.y]
                case .line(let a):
                    verbs += "L"
                    points += [a.x, a.y]
                case .quad(let c, let a):
                    verbs += "Q"
                    points += [c.x, c.y, a.x, a.y]
                case .cubic(let c1, let c2, let a):
                    verbs += "C"
                    points += [c1.x, c1.y, c2.x, c2.y, a.x, a.y]
                case .close:
                    verbs += "Z"
                }
            }
            return ["verbs": verbs, "points": points]
        }

        static func transform(_ t: Geometry.AffineTransform) -> [Double] { [t.a, t.b, t.c, t.d, t.tx, t.ty] }

        static func color(_ c: ColorRGBA8) -> [Int] { [Int(c.r), Int(c.g), Int(c.b), Int(c.a)] }
    }
}
