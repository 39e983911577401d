import Colors
import Foundation
import Geometry

/// The cascade where an element starts: the sheets' declarations (matched in the first pass,
/// SVGReferences+Styles.swift), its `style=""` and its attributes.
extension IconBuilder {
    /// `attributes` with the sheet's declarations for this element over them, and its `style=""`
    /// over both (CSS's cascade, where `!important` outranks the rest); `style`, `class` and the
    /// sheet's are consumed. Nil after a failure.
    /// `properties`: what CSS may set on this element (presentation properties by default; a
    /// gradient's stop takes `stop-color` and `stop-opacity`). A property SVG does not make a
    /// presentation attribute (`height`, `background-color`) is ignored with a warning, as SVG 1.1
    /// and resvg ignore it; one SVG presents but the loader does not support is refused, as its
    /// attribute would be; one that does nothing on this element (`fill` on a stop, from a `*`
    /// rule) is passed over.
    func styled(
        _ attributes: [String: String], element: String,
        properties: [String] = IconBuilder.presentation + IconBuilder.compositingProperties
            + IconBuilder.markerProperties
    ) -> [String: String]? {
        var result = attributes
        result["style"] = nil
        result[SVGReferences.sheetKey] = nil
        for key in Self.compositingProperties { result[key] = nil }
        var cascaded: [String: SVGStyleSheet.Cascaded] = [:]
        for declaration in attributes[SVGReferences.sheetKey].map(references.sheetDeclarations) ?? [] {
            cascaded[declaration.property] = .init(value: declaration.value, important: declaration.important)
        }
        if let text = attributes["style"] {
            do {
                // `style=""` wins over the sheet's rules, but not over an `!important` one of
                // theirs unless it is `!important` too.
                for declaration in try SVGStyleSheet.declarations(SVGStyleSheet.withoutComments(text))
                where !(cascaded[declaration.property]?.important ?? false) || declaration.important {
                    cascaded[declaration.property] = .init(value: declaration.value, important: declaration.important)
                }
            } catch {
                fail("attribute style=\"\(text.prefix(40))\" on <\(element)>: \(error.message)")
                return nil
            }
        }
        if properties.contains("marker-start") { Self.expandMarkerShorthand(&cascaded) }
        for property in cascaded.keys.sorted() {
            guard let value = cascaded[property]?.value else { continue }
            guard properties.contains(property) else {
                if property == "background-color" && element == "svg" && viewBox == nil {
                    guard let color = SVGValue.color(value) else {
                        fail("the CSS property background-color: \(value.prefix(40)) on <svg>: expected a colour")
                        return nil
                    }
                    rootBackground = color
                    continue
                }
                if ignoresCSSClip(property, value, on: element) { continue }
                if !Self.cssPresentation.contains(property) {
                    warn("the CSS property '\(property)' on <\(element)> is not a presentation attribute; ignored")
                    continue
                }
                if (Self.presentation + Self.compositingProperties).contains(property) { continue }
                fail(
                    "the CSS property '\(property)' on <\(element)> is not in the supported SVG subset; expected \(element == "stop" ? "" : "presentation properties ")(\(properties.joined(separator: ", ")))"
                )
                return nil
            }
            if property == "transform" {
                guard let svg = Self.svgTransform(fromCSS: value) else {
                    fail(
                        "the CSS property transform: \(value.prefix(40)) on <\(element)>: expected CSS transform functions (translate, scale, rotate, skewX, skewY, matrix) with px and deg, rad, grad or turn"
                    )
                    return nil
                }
                result[property] = svg
                continue
            }
            result[property] = value
        }
        return result
    }

    /// SVG's presentation attributes (SVG 1.1's list, and the properties SVG 2 and CSS Masking add):
    /// what CSS may set on an SVG element. The loader supports `presentation`; the rest are refused
    /// when set, and any other property is not SVG's to style.
    static let cssPresentation: Set<String> = [
        "alignment-baseline", "baseline-shift", "clip", "clip-path", "clip-rule", "color", "color-interpolation",
        "color-interpolation-filters", "color-profile", "color-rendering", "cursor", "direction", "display",
        "dominant-baseline", "enable-background", "fill", "fill-opacity", "fill-rule", "filter", "flood-color",
        "flood-opacity", "font", "font-family", "font-size", "font-size-adjust", "font-stretch", "font-style",
        "font-variant", "font-weight", "font-kerning", "glyph-orientation-horizontal", "glyph-orientation-vertical",
        "image-rendering", "isolation", "kerning", "letter-spacing", "lighting-color", "marker", "marker-end",
        "marker-mid", "marker-start", "mask", "mask-type", "mix-blend-mode", "opacity", "overflow", "paint-order",
        "pointer-events", "shape-rendering", "stop-color", "stop-opacity", "stroke", "stroke-dasharray",
        "stroke-dashoffset", "stroke-linecap", "stroke-linejoin", "stroke-miterlimit", "stroke-opacity",
        "stroke-width", "text-anchor", "text-decoration", "text-rendering", "transform", "transform-origin",
        "unicode-bidi", "vector-effect", "visibility", "white-space", "word-spacing", "writing-mode",
    ]

    /// CSS's `transform` (Transforms 1: functions with commas, angles in deg, rad, grad or turn,
    /// lengths in px) in SVG's transform syntax; `none` is the identity. Nil for what it cannot
    /// read (another unit, an unknown or 3D function).
    static func svgTransform(fromCSS css: String) -> String? {
        let text = css.trimmingWhitespace
        if text == "none" { return "matrix(1 0 0 1 0 0)" }
        var out: [String] = []
        var rest = Substring(text)
        while !rest.trimmingWhitespace.isEmpty {
            rest = rest.drop(while: \.isWhitespace)
            guard let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") else { return nil }
            let name = rest[..<open].trimmingWhitespace
            var arguments: [Double] = []
            for part in rest[rest.index(after: open)..<close].split(whereSeparator: { $0 == "," || $0.isWhitespace }) {
                guard let value = cssNumber(part, angle: name.hasPrefix("rotate") || name.hasPrefix("skew")) else {
                    return nil
                }
                arguments.append(value)
            }
            let a = arguments.map { String($0) }
            switch (name, a.count) {
            case ("matrix", 6), ("translate", 1...2), ("scale", 1...2), ("rotate", 1), ("skewX", 1), ("skewY", 1):
                out.append("\(name)(\(a.joined(separator: " ")))")
            case ("translateX", 1): out.append("translate(\(a[0]) 0)")
            case ("translateY", 1): out.append("translate(0 \(a[0]))")
            case ("scaleX", 1): out.append("scale(\(a[0]) 1)")
            case ("scaleY", 1): out.append("scale(1 \(a[0]))")
            case ("skew", 1): out.append("skewX(\(a[0]))")
            case ("skew", 2):
                let (x, y) = (arguments[0] * Double.pi / 180, arguments[1] * Double.pi / 180)
                out.append("matrix(1 \(tan(y)) \(tan(x)) 1 0 0)")
            default: return nil
            }
            rest = rest[rest.index(after: close)...]
        }
        return out.joined(separator: " ")
    }

    /// A number of a CSS transform function: an angle in degrees (from deg, rad, grad or turn)
    /// or a length in px; unitless numbers are read as SVG reads them.
    private static func cssNumber(_ text: Substring, angle: Bool) -> Double? {
        let units: [(String, Double)] =
            angle ? [("deg", 1), ("grad", 0.9), ("rad", 180 / Double.pi), ("turn", 360)] : [("px", 1)]
        for (unit, scale) in units where text.hasSuffix(unit) {
            return Double(text.dropLast(unit.count)).map { $0 * scale }
        }
        return Double(text)
    }

    /// At the first element: the first pass's verdict, a sheet that could not be read refusing
    /// the file at its line, what the pass set aside (an `@import`, a reference closing a cycle)
    /// recorded as warnings. False after a failure.
    func sheetsRead() -> Bool {
        if let failure = references.sheetFailure {
            error = IconError(file: name, line: failure.line, message: failure.message)
            parser?.abortParsing()
            return false
        }
        for note in references.notes where warnings.count < Self.maxWarnings {
            warnings.append(IconWarning(file: name, line: note.line, message: note.message))
        }
        return true
    }

    /// The root's `background-color` (CSS on the outermost `<svg>`, which resvg and browsers
    /// paint): a rectangle over the whole viewBox, under everything the file draws.
    func addRootBackground() {
        guard let color = rootBackground, let box = viewBox, color.a > 0 else { return }
        var style = Style()
        style.fill = color
        _ = addOutline(Self.rectangle(box), style: style)
    }

    /// A paint server's transform made about its `transform-origin` (value and line), measured
    /// in a box of `units`; false after a failure.
    func about(
        _ origin: (value: String, line: Int)?, _ t: inout Geometry.AffineTransform, units: Size, on element: String
    ) -> Bool {
        guard let origin else { return true }
        guard let point = SVGValue.transformOrigin(origin.value, box: units) else {
            fail(
                "attribute transform-origin=\"\(origin.value.prefix(40))\" on \(element) at line \(origin.line): expected \(Self.originExpected)"
            )
            return false
        }
        t = SVGValue.about(point, t)
        return true
    }
}
