import Foundation
import Geometry
import PNG
import Raster

/// A group's SVG filter (`DrawGroup.filter`) written back as an SVG `<filter>` in the frame's
/// pixels (`userSpaceOnUse` for the region, subregions and lengths), each primitive's result
/// named `r` and its index: the same program a browser or librsvg then runs. Offsets are written
/// as the rasterizer moves them, truncated to whole pixels. An `feImage` is written with its
/// picture as a PNG `data:` URL stretched over the box it covers (`preserveAspectRatio="none"`),
/// which is that box for the upright maps icons draw: its subregion is then that box, which a
/// fitted picture never overhangs.
extension SVGWriter {
    /// Appends the filter's definition and returns its id.
    mutating func writeFilter(_ filter: DrawFilter) -> String {
        let id = nextPaintID("filter")
        func rect(_ r: Rect) -> String {
            "x=\"\(number(pixel: r.minX))\" y=\"\(number(pixel: r.minY))\" width=\"\(number(pixel: r.width))\" height=\"\(number(pixel: r.height))\""
        }
        func input(_ i: DrawFilter.Input, _ name: String = "in") -> String {
            switch i {
            case .sourceGraphic: return " \(name)=\"SourceGraphic\""
            case .sourceAlpha: return " \(name)=\"SourceAlpha\""
            case .result(let k): return " \(name)=\"r\(k)\""
            }
        }
        func flood(_ c: ColorRGBA8) -> String {
            " flood-color=\"\(String(c.hex.prefix(7)))\" flood-opacity=\"\(number(Double(c.a) / 255))\""
        }
        func whole(_ d: Double) -> String { number(d.isFinite ? d.rounded(.towardZero) : 0) }
        var lines = [
            "<filter id=\"\(id)\" filterUnits=\"userSpaceOnUse\" primitiveUnits=\"userSpaceOnUse\" \(rect(filter.region))>"
        ]
        for (k, p) in filter.primitives.enumerated() {
            let common =
                "\(rect(p.subregion)) result=\"r\(k)\" color-interpolation-filters=\"\(p.linearRGB ? "linearRGB" : "sRGB")\""
            switch p.kind {
            case .gaussianBlur(let from, let sx, let sy):
                lines.append(
                    "<feGaussianBlur\(input(from)) stdDeviation=\"\(number(sx)) \(number(sy))\" \(common)/>")
            case .offset(let from, let dx, let dy):
                lines.append("<feOffset\(input(from)) dx=\"\(whole(dx))\" dy=\"\(whole(dy))\" \(common)/>")
            case .flood(let color):
                lines.append("<feFlood\(flood(color)) \(common)/>")
            case .composite(let first, let second, let op):
                var written = ""
                switch op {
                case .over: written = "over"
                case .in: written = "in"
                case .out: written = "out"
                case .atop: written = "atop"
                case .xor: written = "xor"
                case .arithmetic(let k1, let k2, let k3, let k4):
                    written =
                        "arithmetic\" k1=\"\(number(k1))\" k2=\"\(number(k2))\" k3=\"\(number(k3))\" k4=\"\(number(k4))"
                }
                lines.append("<feComposite\(input(first))\(input(second, "in2")) operator=\"\(written)\" \(common)/>")
            case .merge(let inputs):
                lines.append(
                    "<feMerge \(common)>" + inputs.map { "<feMergeNode\(input($0))/>" }.joined() + "</feMerge>")
            case .dropShadow(let from, let dx, let dy, let sx, let sy, let color):
                lines.append(
                    "<feDropShadow\(input(from)) dx=\"\(whole(dx))\" dy=\"\(whole(dy))\" stdDeviation=\"\(number(sx)) \(number(sy))\"\(flood(color)) \(common)/>"
                )
            case .image(let image, let toPixels, let pixelated):
                lines.append(Self.feImage(image, toPixels: toPixels, pixelated: pixelated, k: k, rect: rect))
            }
        }
        lines.append("</filter>")
        definitions.append(lines.joined())
        return id
    }

    /// An `feImage` primitive holding `image` as a PNG `data:` URL over the box `toPixels` maps it to.
    static func feImage(
        _ image: RasterImage, toPixels: AffineTransform, pixelated: Bool, k: Int, rect: (Rect) -> String
    ) -> String {
        let box = DrawFilter.bounds(
            of: Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height)), under: toPixels)
        let png = (try? PNG.encode(rgba: image.straightRGBA(), width: image.width, height: image.height)) ?? []
        let rendering = pixelated ? " image-rendering=\"pixelated\"" : ""
        return
            "<feImage \(rect(box)) result=\"r\(k)\" preserveAspectRatio=\"none\"\(rendering) href=\"data:image/png;base64,\(Data(png).base64EncodedString())\"/>"
    }

    /// ` style="mix-blend-mode: …; isolation: isolate"` for a group that blends or isolates; empty
    /// for one that does neither.
    static func compositingStyle(_ group: DrawGroup) -> String {
        var declarations: [String] = []
        if group.blendMode != .normal { declarations.append("mix-blend-mode: \(group.blendMode.rawValue)") }
        if group.isolates { declarations.append("isolation: isolate") }
        return declarations.isEmpty ? "" : " style=\"\(declarations.joined(separator: "; "))\""
    }
}
