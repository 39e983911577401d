import Colors
import Foundation
import Geometry
import Shapes

/// Presentation attributes (after the CSS cascade) applied to the style an element draws with:
/// paints, opacities, font size, stroke geometry and transform.
extension IconBuilder {
    /// `image-rendering`, CSS Images 3's keywords and SVG 1.1's: the speed-first ones and the two
    /// that keep edges sharp sample nearest-neighbour, as resvg does; the rest smoothly.
    private func applyImageRendering(
        _ a: [String: String], to style: inout Style, bad: (String, String) -> Bool
    ) -> Bool {
        guard let v = a["image-rendering"] else { return true }
        switch v.trimmingWhitespace {
        case "auto", "optimizeQuality", "smooth", "high-quality": style.pixelated = false
        case "optimizeSpeed", "pixelated", "crisp-edges": style.pixelated = true
        default:
            return bad(
                "image-rendering",
                "auto, optimizeQuality, optimizeSpeed, smooth, high-quality, crisp-edges or pixelated")
        }
        return true
    }

    static func isCurrentColor(_ value: String) -> Bool { value.trimmingWhitespace.lowercased() == "currentcolor" }

    /// Applies `a` (the cascaded values) to `style`; false at the first value that does not
    /// parse, recorded in `invalid` with what SVG draws instead (IconBuilder+Recovery.swift), or
    /// after a failure.
    func applyWritten(
        _ a: [String: String], to style: inout Style, element: String, invalid: inout InvalidValue?
    ) -> Bool {
        func bad(_ key: String, _ expected: String) -> Bool {
            invalid = InvalidValue(key: key, value: a[key] ?? "", element: element, expected: expected)
            return false
        }
        /// A value that does not parse, drawn as `instead` says (not as if absent).
        func bad(_ key: String, _ expected: String, _ instead: String, _ drawn: String) -> Bool {
            invalid = InvalidValue(
                key: key, value: a[key] ?? "", element: element, expected: expected, replacement: instead, drawn: drawn)
            return false
        }
        guard applyFontSize(a, to: &style, bad: bad), applyFont(a, to: &style, bad: bad),
            applyTextDecoration(a, to: &style, bad: bad), applyPaints(a, to: &style, bad: bad)
        else { return false }
        guard applyOpacities(a, to: &style, element: element, bad: bad),
            applyMarkerProperties(a, to: &style, bad: bad)
        else { return false }
        if let v = a["visibility"] {
            switch v.trimmingWhitespace {
            case "visible": style.visible = true
            case "hidden", "collapse": style.visible = false
            default: return bad("visibility", "visible, hidden or collapse")
            }
        }
        guard applyImageRendering(a, to: &style, bad: bad) else { return false }
        for key in ["fill-rule", "clip-rule"] {
            guard let v = a[key] else { continue }
            let rule: FillRule
            switch v.trimmingWhitespace {
            case "nonzero": rule = .nonZero
            case "evenodd": rule = .evenOdd
            default: return bad(key, "nonzero or evenodd")
            }
            if key == "fill-rule" { style.fillRule = rule } else { style.clipRule = rule }
        }
        guard applyStroke(a, to: &style, bad: bad, recover: bad) else { return false }
        return applyTransform(a, to: &style, element: element, bad: bad)
    }

    /// The stroke's geometry: width, caps, joins, miter limit and dashes. `recover` records a
    /// value SVG draws otherwise than as if absent (the value instead, and how it is drawn).
    private func applyStroke(
        _ a: [String: String], to style: inout Style, bad: (String, String) -> Bool,
        recover: (String, String, String, String) -> Bool
    ) -> Bool {
        if let v = a["stroke-width"] {
            guard let w = SVGValue.length(v, viewport: viewportSize, fontSize: style.fontSize) else {
                return bad("stroke-width", "a length ≥ 0")
            }
            // resvg draws no stroke for a negative width (its references), where CSS would
            // ignore the value.
            guard w >= 0 else { return recover("stroke-width", "a length ≥ 0", "0", "without a stroke") }
            style.strokeGeometry.lineWidth = w
        }
        if let v = a["stroke-linecap"] {
            guard let c = LineCap(rawValue: v.trimmingWhitespace) else {
                return bad("stroke-linecap", "butt, round or square")
            }
            style.strokeGeometry.lineCap = c
        }
        if let v = a["stroke-linejoin"] {
            switch v.trimmingWhitespace {
            // SVG 2's joins, drawn as resvg draws them: `arcs` as a miter (no renderer draws arcs;
            // SVG 2 falls back to miter), `miter-clip` as a miter too (Flipbook's stroker cuts no
            // miter at the limit).
            case "arcs", "miter-clip":
                return recover(
                    "stroke-linejoin", "miter, round or bevel", "miter", "with miter joins (SVG 2's fallback)")
            case let j:
                guard let join = LineJoin(rawValue: j) else { return bad("stroke-linejoin", "miter, round or bevel") }
                style.strokeGeometry.lineJoin = join
            }
        }
        if let v = a["stroke-miterlimit"] {
            // A number, not a length (`5mm` is not one).
            guard let m = Double(v.trimmingWhitespace), m.isFinite, m >= 1 else {
                return bad("stroke-miterlimit", "a number ≥ 1")
            }
            style.strokeGeometry.miterLimit = m
        }
        if let v = a["stroke-dasharray"] {
            if v.trimmingWhitespace == "none" {
                style.strokeGeometry.lineDashPattern = []
            } else {
                let parts = v.split(whereSeparator: { $0 == "," || $0.isWhitespace })
                let d = parts.compactMap {
                    SVGValue.length(String($0), viewport: viewportSize, fontSize: style.fontSize)
                }
                guard d.count == parts.count, d.count <= 64 else {
                    return bad("stroke-dasharray", "none or up to 64 lengths ≥ 0")
                }
                // SVG 2: a negative value, or a sum of zero, strokes as if `none` were written.
                guard d.allSatisfy({ $0 >= 0 }) else {
                    return recover(
                        "stroke-dasharray", "none or up to 64 lengths ≥ 0", "none",
                        "without dashes (SVG 2 strokes a negative dash as none)")
                }
                style.strokeGeometry.lineDashPattern = d.reduce(0, +) > 0 ? d : []
            }
        }
        if let v = a["stroke-dashoffset"] {
            guard let o = SVGValue.length(v, viewport: viewportSize, fontSize: style.fontSize) else {
                return bad("stroke-dashoffset", "a length")
            }
            style.strokeGeometry.lineDashPhase = o
        }
        return true
    }

    /// `transform`, about `transform-origin` when one is written (not on the root: the item
    /// places the icon).
    private func applyTransform(
        _ a: [String: String], to style: inout Style, element: String, bad: (String, String) -> Bool
    ) -> Bool {
        guard let v = a["transform"] else { return true }
        guard element != "svg" || viewBox != nil else {
            fail("attribute transform on the root <svg>: not in the supported SVG subset; expected it on a <g> inside")
            return false
        }
        guard var t = SVGValue.transform(v) else {
            return bad("transform", "matrix, translate, scale, rotate, skewX or skewY")
        }
        if let o = a["transform-origin"] {
            guard let about = transform(t, aboutOrigin: o) else { return bad("transform-origin", Self.originExpected) }
            t = about
        }
        style.transform = t.concatenating(style.transform)
        return true
    }

    static let originExpected = "one or two of left, center, right, top, bottom, a length or a percentage"

    /// `t` about the point a `transform-origin` value names in the nearest viewport; nil when the
    /// value does not parse.
    func transform(_ t: Geometry.AffineTransform, aboutOrigin text: String) -> Geometry.AffineTransform? {
        SVGValue.transformOrigin(text, box: viewportSize ?? Size(width: 0, height: 0)).map { SVGValue.about($0, t) }
    }

    /// `font-size`: a length (em and % of the parent's size), or CSS's absolute keywords.
    private func applyFontSize(_ a: [String: String], to style: inout Style, bad: (String, String) -> Bool) -> Bool {
        guard let v = a["font-size"]?.trimmingWhitespace else { return true }
        let keywords: [String: Double] = [
            "xx-small": 9, "x-small": 10, "small": 13, "medium": 16, "large": 18, "x-large": 24, "xx-large": 32,
        ]
        let parent = style.fontSize
        let size: Double?
        if let k = keywords[v] {
            size = k
        } else if v.hasSuffix("%") {
            size = Double(v.dropLast()).map { parent * $0 / 100 }
        } else {
            size = SVGValue.length(v, viewport: viewportSize, fontSize: parent)
        }
        guard let size, size.isFinite, size >= 0 else {
            return bad("font-size", "a length ≥ 0, a percentage or xx-small … xx-large")
        }
        style.fontSize = size
        return true
    }

    /// `color`, `fill` and `stroke`: a colour, `none`, `currentColor` or `url(#gradient)`.
    private func applyPaints(_ a: [String: String], to style: inout Style, bad: (String, String) -> Bool) -> Bool {
        if let v = a["color"] {
            guard let c = SVGValue.color(v), !Self.isCurrentColor(v) else {
                return bad("color", "a colour: #RGB, #RRGGBB, a CSS name, rgb(…) or hsl(…)")
            }
            style.color = c
        }
        let paints =
            "a colour (#RGB, #RRGGBB, a CSS name, rgb(…), hsl(…)), none, currentColor, context-fill, context-stroke or url(#gradient)"
        if let v = a["fill"], !applyContextPaint(v, isFill: true, to: &style) {
            style.fillSpace = nil
            style.fillServer = SVGPaintReference.parse(v)
            guard let c = style.fillServer == nil ? SVGValue.color(v) : .clear else { return bad("fill", paints) }
            style.fillIsCurrentColor = Self.isCurrentColor(v)
            style.fill = c
        }
        if let v = a["stroke"], !applyContextPaint(v, isFill: false, to: &style) {
            style.strokeSpace = nil
            style.strokeServer = SVGPaintReference.parse(v)
            guard let c = style.strokeServer == nil ? SVGValue.color(v) : .clear else { return bad("stroke", paints) }
            style.strokeIsCurrentColor = Self.isCurrentColor(v)
            style.stroke = c
        }
        return true
    }

    /// `fill-opacity`, `stroke-opacity` (inherited) and `opacity` (the element's own, a group's
    /// when it has more than one paint or children), numbers 0…1 or percentages, clamped.
    private func applyOpacities(
        _ a: [String: String], to style: inout Style, element: String, bad: (String, String) -> Bool
    ) -> Bool {
        for key in ["fill-opacity", "stroke-opacity", "opacity"] {
            guard let v = a[key] else { continue }
            guard let o = Self.fraction(v) else { return bad(key, "a number from 0 to 1, or a percentage") }
            switch key {
            case "fill-opacity": style.fillOpacity = o
            case "stroke-opacity": style.strokeOpacity = o
            default: style.opacity = o
            }
        }
        return true
    }

    /// The font a text is set in: `font-family` (kept as written, resolved where the text is
    /// set), `font-weight`, `font-style` (italic and oblique drawn upright, with a warning: no
    /// italic faces are registered),
    /// `text-anchor`, `letter-spacing`, `white-space` and `xml:space`.
    func applyFont(_ a: [String: String], to style: inout Style, bad: (String, String) -> Bool) -> Bool {
        if let v = a["font-family"] { style.fontFamily = v }
        if let v = a["font-weight"]?.trimmingWhitespace {
            switch v {
            case "normal": style.fontWeight = 400
            case "bold": style.fontWeight = 700
            // CSS Fonts 4's table of relative weights.
            case "bolder": style.fontWeight = style.fontWeight < 350 ? 400 : style.fontWeight < 550 ? 700 : 900
            case "lighter": style.fontWeight = style.fontWeight < 550 ? 100 : style.fontWeight < 750 ? 400 : 700
            default:
                guard let n = Double(v), (1...1000).contains(n) else {
                    return bad("font-weight", "normal, bold, bolder, lighter or a number from 1 to 1000")
                }
                style.fontWeight = Int(n.rounded())
            }
        }
        if let v = a["font-style"]?.trimmingWhitespace, v != "normal" {
            // CSS font matching falls back to the upright face when a family has no italic or
            // oblique one (CSS Fonts 4 §5.2), which here it never has.
            guard v.hasPrefix("italic") || v.hasPrefix("oblique") else {
                return bad("font-style", "normal, italic or oblique")
            }
            warn("font-style=\"\(v.prefix(20))\": drawn upright, as the fonts text is set in here have no italic face")
        }
        if let v = a["text-anchor"] {
            guard let anchor = TextAnchor(rawValue: v.trimmingWhitespace) else {
                return bad("text-anchor", "start, middle or end")
            }
            style.textAnchor = anchor
        }
        // SVG 1.1's `xml:space` (Illustrator writes it on the root): `preserve` keeps every space,
        // each line break or tab one more; `white-space`, its SVG 2 successor, wins over it.
        if let v = a["xml:space"] { style.preservesSpaces = v.trimmingWhitespace == "preserve" }
        if let v = a["white-space"]?.trimmingWhitespace {
            switch v {
            case "normal", "nowrap", "pre-line": style.preservesSpaces = false
            case "pre", "pre-wrap", "break-spaces": style.preservesSpaces = true
            default: return bad("white-space", "normal, nowrap, pre, pre-wrap, pre-line or break-spaces")
            }
        }
        if let v = a["letter-spacing"] {
            if v.trimmingWhitespace == "normal" {
                style.letterSpacing = 0
            } else {
                guard let spacing = SVGValue.length(v, viewport: viewportSize, fontSize: style.fontSize) else {
                    return bad("letter-spacing", "normal or a length")
                }
                style.letterSpacing = spacing
            }
        }
        return true
    }
}
