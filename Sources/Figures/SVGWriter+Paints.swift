import Foundation
import Geometry
import PNG
import Raster

// Shaded paints in SVG: gradients become <linearGradient> / <radialGradient> definitions, images
// an <image> with the PNG inlined as a data URI (defined once per image, then <use>d).
//
// Differences from the rasterizer, which SVG cannot express: SVG interpolates gradient stops in
// straight (not premultiplied) colour, so a Core Animation stop fading to clear may show a darker
// fringe in an SVG viewer (an icon's SVG gradients are drawn straight, and match); SVG has no
// conic gradient, so a conic fill is drawn in its first colour (class "conic-approximation"); the dither option is ignored (a viewer draws at its own depth);
// stops beyond 0…1 (animated locations) are cut to 0…1 at their interpolated colours.

extension SVGWriter {
    /// ` fill="url(#…)"` for a gradient; `toUserSpace` maps its bounds (origin top-left, its
    /// `size`) into the user space of the element it fills.
    mutating func gradientFill(_ paint: GradientPaint, toUserSpace: AffineTransform) -> String {
        let g = paint.gradient
        let w = paint.size.width
        let h = paint.size.height
        let start = Point(g.startPoint.x * w, g.startPoint.y * h)
        let end = Point(g.endPoint.x * w, g.endPoint.y * h)
        let stops = Self.stopsWithinUnit(g.colors, g.locations).map { location, color in
            let opacity = color.a == 255 ? "" : " stop-opacity=\"\(number(Double(color.a) / 255))\""
            return "<stop offset=\"\(number(location))\" stop-color=\"\(color.hex.prefix(7))\"\(opacity)/>"
        }.joined()
        func matrix(_ t: AffineTransform) -> String {
            "matrix(\(number(t.a)) \(number(t.b)) \(number(t.c)) \(number(t.d)) \(number(t.tx)) \(number(t.ty)))"
        }
        let name = nextPaintID("gradient")
        let spread = g.spread == .pad ? "" : " spreadMethod=\"\(g.spread.rawValue)\""
        switch g.kind {
        case .linear:
            definitions.append(
                "<linearGradient id=\"\(name)\" gradientUnits=\"userSpaceOnUse\"\(spread) x1=\"\(number(start.x))\" y1=\"\(number(start.y))\" x2=\"\(number(end.x))\" y2=\"\(number(end.y))\" gradientTransform=\"\(matrix(toUserSpace))\">\(stops)</linearGradient>"
            )
        case .radial:
            var rx = abs(end.x - start.x)
            var ry = abs(end.y - start.y)
            if !(rx > 0 && ry > 0) {
                rx = ((end.x - start.x) * (end.x - start.x) + (end.y - start.y) * (end.y - start.y)).squareRoot()
                ry = rx
            }
            let ellipse = AffineTransform(a: rx, b: 0, c: 0, d: ry, tx: start.x, ty: start.y).concatenating(toUserSpace)
            // A focus is written in the unit circle's space, where the end circle has radius 1.
            var focal = ""
            if let focus = g.focus {
                let fx = (focus.center.x * w - start.x) / rx
                let fy = (focus.center.y * h - start.y) / ry
                focal = " fx=\"\(number(fx))\" fy=\"\(number(fy))\" fr=\"\(number(focus.radius * w / rx))\""
            }
            definitions.append(
                "<radialGradient id=\"\(name)\" gradientUnits=\"userSpaceOnUse\"\(spread) cx=\"0\" cy=\"0\" r=\"1\"\(focal) gradientTransform=\"\(matrix(ellipse))\">\(stops)</radialGradient>"
            )
        case .conic:
            let first = g.colors.first ?? .clear
            let opacity = first.a == 255 ? "" : " fill-opacity=\"\(number(Double(first.a) / 255))\""
            return " class=\"conic-approximation\" fill=\"\(first.hex.prefix(7))\"\(opacity)"
        }
        return " fill=\"url(#\(name))\""
    }

    /// The stops as SVG can take them: SVG clamps offsets to 0…1, but an animated gradient's
    /// locations may lie beyond (a shimmer's stops enter from outside the bounds), and the
    /// rasterizer draws them where they lie. Stops outside are replaced by the colours at 0 and 1
    /// (interpolated straight, as SVG interpolates), so the visible part matches.
    static func stopsWithinUnit(_ colors: [ColorRGBA8], _ locations: [Double]) -> [(Double, ColorRGBA8)] {
        let stops = Array(zip(locations, colors))
        guard let first = stops.first, let last = stops.last, first.0 < 0 || last.0 > 1 else { return stops }
        func colour(at t: Double) -> ColorRGBA8 {
            if t <= first.0 { return first.1 }
            if t >= last.0 { return last.1 }
            let i = stops.lastIndex { $0.0 <= t } ?? 0
            let (l0, c0) = stops[i]
            let (l1, c1) = stops[i + 1]
            let f = (t - l0) / (l1 - l0)
            func mix(_ a: UInt8, _ b: UInt8) -> UInt8 {
                let from = Double(a)
                let to = Double(b)
                let value: Double = from + (to - from) * f
                return UInt8(value.rounded())
            }
            return ColorRGBA8(r: mix(c0.r, c1.r), g: mix(c0.g, c1.g), b: mix(c0.b, c1.b), a: mix(c0.a, c1.a))
        }
        return [(0, colour(at: 0))] + stops.filter { $0.0 > 0 && $0.0 < 1 } + [(1, colour(at: 1))]
    }

    /// An image paint filling `command`'s outline: the image element clipped by the outline.
    mutating func writeImage(_ paint: ImagePaint, outline: String) -> String {
        let key = paint.image.identity + "-\(paint.image.width)x\(paint.image.height)"
        let imageID: String
        if let known = imageIDs[key] {
            imageID = known
        } else {
            imageID = nextPaintID("image")
            imageIDs[key] = imageID
            let png =
                (try? PNG.encode(rgba: paint.image.straightRGBA(), width: paint.image.width, height: paint.image.height))
                ?? []
            definitions.append(
                "<image id=\"\(imageID)\" width=\"\(paint.image.width)\" height=\"\(paint.image.height)\" preserveAspectRatio=\"none\" href=\"data:image/png;base64,\(Data(png).base64EncodedString())\"/>"
            )
        }
        let clip = nextPaintID("imageclip")
        definitions.append("<clipPath id=\"\(clip)\">\(outline)</clipPath>")
        let t = paint.toPixels
        return
            "<g clip-path=\"url(#\(clip))\"><use href=\"#\(imageID)\" transform=\"matrix(\(number(t.a)) \(number(t.b)) \(number(t.c)) \(number(t.d)) \(number(t.tx)) \(number(t.ty)))\"/></g>"
    }
}
