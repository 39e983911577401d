import Geometry

/// A string set in a box: lines broken, truncated, aligned, and every glyph placed, in the
/// item's local coordinates with the origin at the box's top-left corner, x right, y down, in points.
///
/// The rules, in order: hard line breaks ("\n", "\r\n", U+2029) split paragraphs; each paragraph
/// is itemized, bidi-levelled and shaped (`ShapedParagraph`); lines break greedily at word (and
/// CJK) boundaries to fit `width`; past `numberOfLines` lines are dropped and, with
/// `truncateTail`, the last kept line ends in "…" (graphemes removed from its end until it fits);
/// each line's runs are put in visual order (bidi rule L2) and the line is aligned in `width`.
/// Lines stack `lineHeight` apart, the font's ascender and descender centred in each line, and
/// the block sits in the box's height by `verticalAlignment`: centred as UILabel draws (only the
/// whole lines that fit the height are set, at least one), at the bottom, or from the top as
/// CATextLayer draws (every line, overflowing the box). With `adjustsFontSizeToFitWidth` the
/// largest font scale in [`minimumScaleFactor`, 1] at which nothing is cut is found by bisection,
/// to 1/1024 of that range: deterministic, and within a step of UILabel's continuous answer.
public struct TextLayout: Sendable {
    public struct Line: Equatable, Sendable {
        /// The characters drawn, in logical order ("…" included when truncated).
        public var text: String
        /// Advance width of the line, in points (trailing spaces excluded).
        public var width: Double
        /// Left edge after alignment.
        public var x: Double
        /// Baseline, from the box's top.
        public var baseline: Double
    }

    public struct Glyph: Sendable {
        public var face: FontFace
        public var glyph: UInt32
        /// The glyph origin (pen position on the baseline).
        public var origin: Point
        /// Points per font unit: size / unitsPerEm.
        public var scale: Double

        /// Font units (y up) → local points (y down).
        public var transform: AffineTransform {
            AffineTransform(a: scale, b: 0, c: 0, d: -scale, tx: origin.x, ty: origin.y)
        }

        /// The outline in local points.
        public var path: Path { face.outline(glyph: glyph).applying(transform) }
    }

    public var lines: [Line]
    /// In drawing order (line by line, each in visual order).
    public var glyphs: [Glyph]
    /// Characters no font has, each once.
    public var warnings: [TextWarning]
    /// Baseline-to-baseline distance used, in points.
    public var lineHeight: Double
    /// The faces glyphs came from, each once, in first-use order.
    public var faces: [FontFace]
    /// Points per em the text was set at: `style.size`, or less where the font shrank to fit.
    public var fontSize: Double
    /// The first line's top, from the box's top (0 for `.top`).
    public var top: Double = 0
    /// Whether text was left out: lines past the limit dropped, or the last one truncated.
    public var isTruncated = false

    /// The typographic box of the set lines: from the first line's top to the last line's bottom,
    /// from the leftmost line start to the rightmost line end.
    public var bounds: Rect {
        guard !lines.isEmpty else { return .null }
        let minX = lines.map(\.x).min()!
        let maxX = lines.map { $0.x + $0.width }.max()!
        return Rect(x: minX, y: top, width: maxX - minX, height: Double(lines.count) * lineHeight)
    }

    /// Whether all the text is set and every line fits `width` (a word wider than the line,
    /// broken between characters, still fits).
    func fits(width: Double) -> Bool {
        !isTruncated && lines.allSatisfy { $0.width <= width + 1e-9 * max(1, width) }
    }

    /// All glyph outlines as one path in local points.
    public var path: Path {
        var path = Path()
        for glyph in glyphs { path.append(glyph.path) }
        return path
    }

    /// Sets `string` in a box `width` wide and, where given, `height` tall (nil: no height, the
    /// lines from the top whatever `verticalAlignment` says).
    public static func layout(
        _ string: String, style: TextStyle, width: Double, height: Double? = nil,
        registry: FontRegistry
    ) throws -> TextLayout {
        let count = string.unicodeScalars.count
        guard count <= TextLimits.maxStringScalars else {
            throw TextError.stringTooLong(scalars: count, limit: TextLimits.maxStringScalars)
        }
        let chain = try registry.fallbackChain(family: style.family, weight: style.weight)
        return layout(string, style: style, width: width, height: height, chain: chain)
    }

    static func layout(
        _ string: String, style: TextStyle, width: Double, height: Double? = nil, chain: [FontFace]
    ) -> TextLayout {
        // UILabel's box limits the lines; CATextLayer's (`.top`) does not.
        let limit = style.verticalAlignment == .top ? nil : height
        var result = set(string, style: style, width: width, heightLimit: limit, chain: chain)
        let floor = style.minimumScaleFactor
        if style.adjustsFontSizeToFitWidth, floor > 0, floor < 1, !result.fits(width: width) {
            func scaled(_ factor: Double) -> TextLayout {
                var smaller = style
                smaller.size = style.size * factor
                return set(string, style: smaller, width: width, heightLimit: limit, chain: chain)
            }
            // The largest scale that fits; at the floor when none does (then cut as usual).
            result = scaled(floor)
            if result.fits(width: width) {
                var (low, high) = (floor, 1.0)
                for _ in 0..<10 {
                    let middle = (low + high) / 2
                    let candidate = scaled(middle)
                    if candidate.fits(width: width) {
                        (low, result) = (middle, candidate)
                    } else {
                        high = middle
                    }
                }
            }
        }
        if let height {
            let block = Double(result.lines.count) * result.lineHeight
            switch style.verticalAlignment {
            case .top: break
            case .center: result.move(down: (height - block) / 2)
            case .bottom: result.move(down: height - block)
            }
        }
        return result
    }

    /// Shifts every line and glyph down by `dy` points.
    private mutating func move(down dy: Double) {
        top += dy
        for i in lines.indices { lines[i].baseline += dy }
        for i in glyphs.indices { glyphs[i].origin.y += dy }
    }

    /// The lines from the box's top at `style.size`: at most `numberOfLines`, and at most the
    /// whole lines that fit `heightLimit` (at least one) where one is given.
    private static func set(
        _ string: String, style: TextStyle, width: Double, heightLimit: Double?, chain: [FontFace]
    ) -> TextLayout {
        let primary = chain[0]
        let scale = style.size / Double(primary.unitsPerEm)
        let lineHeight = style.lineHeight ?? Double(primary.lineSpacing) * scale
        let ascent = Double(primary.ascender) * scale
        let descent = Double(primary.descender) * scale
        let firstBaseline = (lineHeight - ascent - descent) / 2 + ascent
        // Shaped only for a line it ends: most text is never truncated.
        var shapedEllipsis: ShapedParagraph?
        func ellipsis() -> ShapedParagraph {
            if let shapedEllipsis { return shapedEllipsis }
            let shaped = ShapedParagraph(
                "\u{2026}"[...], chain: chain, size: style.size, letterSpacing: style.letterSpacing)
            shapedEllipsis = shaped
            return shaped
        }

        // Split by characters only when a byte could begin a break: comparing every character
        // cost more than the rest of setting a short label but its shaping.
        let mayBreak = string.utf8.contains { $0 == 0x0A || $0 == 0x0D || $0 == 0xE2 }
        let paragraphs =
            mayBreak
            ? string.split(omittingEmptySubsequences: false) {
                $0 == "\n" || $0 == "\r\n" || $0 == "\u{2029}" || $0 == "\r"
            } : [string[...]]
        var maxLines = style.numberOfLines > 0 ? style.numberOfLines : Int.max
        if let heightLimit, lineHeight > 0 {
            let fitting = Int.clamping(heightLimit / lineHeight + 1e-9, rounded: .down, to: 1...Int.max)
            maxLines = min(maxLines, fitting)
        }
        var result = TextLayout(
            lines: [], glyphs: [], warnings: [], lineHeight: lineHeight, faces: [], fontSize: style.size)
        var missing: [UInt32] = []
        paragraphLoop: for (p, text) in paragraphs.enumerated() {
            let paragraph = ShapedParagraph(text, chain: chain, size: style.size, letterSpacing: style.letterSpacing)
            for scalar in paragraph.missing where !missing.contains(scalar) { missing.append(scalar) }
            let ranges = paragraph.lines(width: width)
            for (i, range) in ranges.enumerated() {
                let isLastAllowed = result.lines.count == maxLines - 1
                let moreFollows = i < ranges.count - 1 || p < paragraphs.count - 1
                var content = range
                var truncated = false
                if isLastAllowed && moreFollows && style.lineBreakMode == .truncateTail {
                    content = range.lowerBound..<paragraph.graphemeCount
                    let mark = ellipsis()
                    let room = width - mark.width(0..<mark.graphemeCount)
                    var end = paragraph.trimmed(content).upperBound
                    while end > content.lowerBound && paragraph.width(content.lowerBound..<end) > room + 1e-6 {
                        end -= 1
                    }
                    content = paragraph.trimmed(content.lowerBound..<end)
                    truncated = true
                }
                let baseline = firstBaseline + Double(result.lines.count) * lineHeight
                result.place(
                    paragraph.trimmed(content), of: paragraph, ellipsis: truncated ? ellipsis() : nil,
                    style: style, width: width, baseline: baseline)
                if isLastAllowed {
                    result.isTruncated = moreFollows
                    break paragraphLoop
                }
            }
        }
        let names = chain.map(\.displayName)
        result.warnings = missing.map { TextWarning(scalar: $0, fontChain: names) }
        return result
    }

    /// Places one line: its runs clipped to `graphemes`, the ellipsis appended at the paragraph's
    /// level, runs in visual order, glyphs at the pen, the whole aligned in `width`.
    private mutating func place(
        _ graphemes: Range<Int>, of paragraph: ShapedParagraph, ellipsis: ShapedParagraph?,
        style: TextStyle, width: Double, baseline: Double
    ) {
        let scalarRange =
            paragraph.graphemeStarts[graphemes.lowerBound]..<paragraph.graphemeStarts[graphemes.upperBound]
        var runs: [(level: UInt8, face: FontFace, glyphs: [ShapedGlyph])] = []
        for run in paragraph.runs where run.range.overlaps(scalarRange) {
            runs.append((run.level, run.face, run.glyphs.filter { scalarRange.contains($0.cluster) }))
        }
        var text = String(String.UnicodeScalarView(paragraph.scalars[scalarRange].compactMap(Unicode.Scalar.init)))
        if let ellipsis {
            for run in ellipsis.runs { runs.append((paragraph.isRightToLeft ? 1 : 0, run.face, run.glyphs)) }
            text += "\u{2026}"
        }
        var lineWidth = paragraph.width(graphemes)
        if let ellipsis { lineWidth += ellipsis.width(0..<ellipsis.graphemeCount) }
        let x: Double
        switch style.alignment {
        case .left: x = 0
        case .center: x = (width - lineWidth) / 2
        case .right: x = width - lineWidth
        case .natural: x = paragraph.isRightToLeft ? width - lineWidth : 0
        }
        lines.append(Line(text: text, width: lineWidth, x: x, baseline: baseline))
        var pen = x
        for index in Bidi.visualOrder(runLevels: runs.map(\.level)) {
            let run = runs[index]
            let scale = style.size / Double(run.face.unitsPerEm)
            if !faces.contains(where: { $0 === run.face }) { faces.append(run.face) }
            for g in run.glyphs {
                let origin = Point(x: pen + Double(g.xOffset) * scale, y: baseline - Double(g.yOffset) * scale)
                glyphs.append(Glyph(face: run.face, glyph: g.glyph, origin: origin, scale: scale))
                pen += ShapedParagraph.advance(of: g, scale: scale, letterSpacing: style.letterSpacing)
            }
        }
    }
}
