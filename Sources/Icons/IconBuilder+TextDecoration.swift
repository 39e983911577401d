import Geometry
import Text

/// `text-decoration` (SVG 1.1 §10.12, CSS Text Decoration 3): underlines, overlines and
/// line-throughs under, over and through a text's runs. A line declared on an element is drawn
/// on every run inside it, in the fill and stroke of the element that declares it (SVG 1.1: "the
/// fill and stroke of the text decoration are given by the fill and stroke of the text at the
/// point where the text decoration is declared"); a line declared outside the `<text>` (on a group
/// around it) takes the text's own paint, as resvg draws it. `none` removes nothing a parent
/// declared (CSS: decorations propagate to the descendants and cannot be undone there).
///
/// Each run's lines span its advance, at the font's underline position and thickness (the post
/// table's), the overline at the ascender, the line-through at OS/2's strikeout, all as thick as
/// the underline (`FontFace.underlinePosition`). Overlines and underlines are drawn under the
/// run's glyphs, line-throughs over them (resvg's order, and CSS's painting order).
extension IconBuilder {
    enum DecorationLine: String, CaseIterable {
        case overline, underline
        case lineThrough = "line-through"
    }

    /// The lines in effect on an element and the paint of each.
    struct TextDecorations {
        /// Every line declared on the element or an ancestor, inside the text or outside it.
        var declared: Set<DecorationLine> = []
        /// The lines the element itself declares (cleared for its children once a text or span
        /// has taken them).
        var own: [DecorationLine] = []
        /// Each line the runs draw, with the style whose fill and stroke paint it.
        var paints: [DecorationLine: DecorationPaint] = [:]
    }

    /// The style of the element that declared a line (its own decorations left out).
    struct DecorationPaint {
        var style: Style
    }

    static let decorationExpected = "none, or a list of underline, overline and line-through"

    /// `text-decoration`: the lines the element declares; false (with `bad`) for any other word.
    func applyTextDecoration(_ a: [String: String], to style: inout Style, bad: (String, String) -> Bool) -> Bool {
        guard let v = a["text-decoration"] else { return true }
        let words = v.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        if words == ["none"] {
            style.decorations.own = []
            return true
        }
        var lines: [DecorationLine] = []
        for word in words {
            guard let line = DecorationLine(rawValue: String(word)) else {
                return bad("text-decoration", Self.decorationExpected)
            }
            if !lines.contains(line) { lines.append(line) }
        }
        guard !lines.isEmpty else { return bad("text-decoration", Self.decorationExpected) }
        style.decorations.own = lines
        style.decorations.declared.formUnion(lines)
        return true
    }

    /// At a `<text>`, `<tspan>` or `<tref>` (its style the innermost): the lines it paints. A text
    /// paints every line declared so far (outside it, or on it); a span the lines it declares.
    func takeDecorations(_ element: String) {
        var style = styles[styles.count - 1]
        var paint = style
        paint.decorations = TextDecorations()
        let lines =
            element == "text"
            ? DecorationLine.allCases.filter(style.decorations.declared.contains) : style.decorations.own
        for line in lines { style.decorations.paints[line] = DecorationPaint(style: paint) }
        style.decorations.own = []
        styles[styles.count - 1] = style
    }

    /// A run's decoration lines in its text's user space, each a rectangle over the run's advance
    /// (`from`, `width`) about its baseline, turned as the run's glyph is; empty when it has none.
    func decorationOutlines(
        _ run: TextRun, from x: Double, baseline y: Double, width: Double, turn: Geometry.AffineTransform?
    ) -> [(line: DecorationLine, path: Path)] {
        guard !run.style.decorations.paints.isEmpty, width > 0,
            let face = try? fonts.face(family: family(run.style.fontFamily), weight: run.style.fontWeight)
        else { return [] }
        let scale = run.style.fontSize / Double(face.unitsPerEm)
        let thickness = Double(face.underlineThickness) * scale
        var outlines: [(DecorationLine, Path)] = []
        for line in DecorationLine.allCases where run.style.decorations.paints[line] != nil {
            let height: Int
            switch line {
            case .underline: height = face.underlinePosition
            case .overline: height = face.ascender
            case .lineThrough: height = face.strikeoutPosition
            }
            let top = y - Double(height) * scale - thickness / 2
            var path = Path([
                .move(Point(x, top)), .line(Point(x + width, top)), .line(Point(x + width, top + thickness)),
                .line(Point(x, top + thickness)), .close,
            ])
            if let turn { path = path.applying(turn) }
            outlines.append((line, path))
        }
        return outlines
    }

    /// `run`'s style painting with the fill and stroke of the element that declared `line`.
    func decorationStyle(_ run: TextRun, _ line: DecorationLine) -> Style {
        var style = run.style
        guard let paint = run.style.decorations.paints[line]?.style else { return style }
        style.fill = paint.fill
        style.fillIsCurrentColor = paint.fillIsCurrentColor
        style.fillServer = paint.fillServer
        style.fillSpace = paint.fillSpace
        style.fillOpacity = paint.fillOpacity
        style.stroke = paint.stroke
        style.strokeIsCurrentColor = paint.strokeIsCurrentColor
        style.strokeServer = paint.strokeServer
        style.strokeSpace = paint.strokeSpace
        style.strokeOpacity = paint.strokeOpacity
        style.strokeGeometry = paint.strokeGeometry
        style.color = paint.color
        return style
    }
}
