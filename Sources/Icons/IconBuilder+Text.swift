import Foundation
import Geometry
import Text

/// `<text>` and `<tspan>`: simple text, set in the scene's fonts and those Flipbook has (Inter,
/// DejaVu Sans) by the Text module (HarfBuzz shaping, FreeType outlines), each run of one style a
/// piece filled and stroked like a shape. Positions: `x`, `y`, `dx`, `dy` on the text and its
/// spans, a number or a list of one per character (IconBuilder+TextPositions.swift);
/// `text-anchor` moves each chunk (the glyphs from one absolute position to the next).
extension IconBuilder {
    /// `text-anchor`: where a chunk's start position is along it.
    enum TextAnchor: String {
        case start, middle, end
    }

    /// The text element being read: its runs so far and the position lists of its open elements.
    struct TextState {
        var depth: Int
        var runs: [TextRun] = []
        var lists: [PositionLists] = []
        /// Whether the last character set was a space (spaces collapse, as SVG's default
        /// `xml:space` says).
        var afterSpace = true
        /// Inside a `<tref>` (`styles.count` there): its own characters are not drawn, the
        /// referenced ones are (IconBuilder+Tref.swift).
        var referenceDepth: Int?
    }

    struct TextPosition {
        var x: Double?
        var y: Double?
        var dx = 0.0
        var dy = 0.0
        /// Degrees clockwise the run's one glyph turns about its origin (`rotate`).
        var rotate: Double?
    }

    struct TextRun {
        var string: String
        var style: Style
        var position: TextPosition
    }

    /// Generic families and the platform fonts design tools name, drawn in Flipbook's sans-serif.
    static let sansSerifNames: Set<String> = [
        "sans-serif", "system-ui", "-apple-system", "blinkmacsystemfont", "ui-sans-serif", "helvetica",
        "helvetica neue", "arial", "sf pro", "sf pro text", "sf pro display", "roboto", "segoe ui",
    ]

    /// The fonts Flipbook bundles (Inter, DejaVu Sans): what text is set in when the file is read
    /// without a scene's fonts (`IconLoader.parse(…, fonts:)`).
    static let bundledFonts = FontRegistry()

    /// `<text>` (its style pushed) or `<tspan>`: its position lists, for the characters inside it.
    func startText(_ element: String, _ attributes: [String: String]) {
        if element == "text" {
            guard textState == nil else { return fail("<text> inside <text>: expected <tspan>") }
            textState = TextState(depth: styles.count)
        } else if textState == nil {
            return fail("<\(element)> outside <text>: expected it inside a <text>")
        }
        takeDecorations(element)
        let lists = positionLists(element, attributes)
        guard error == nil else { return }
        // A list at this depth belongs to a span that has closed (a sibling before this one).
        textState!.lists.removeAll { $0.depth >= styles.count }
        if let lists { textState!.lists.append(lists) }
    }

    /// Characters inside a `<text>`: runs in the style where they stand, spaces collapsed, a new
    /// run at each character a position list places.
    func addText(_ characters: String) {
        guard var state = textState, state.referenceDepth == nil else { return }
        state.lists.removeAll { $0.depth > styles.count }
        let style = styles[styles.count - 1]
        let keeps = style.preservesSpaces
        let first = state.runs.count
        for c in characters where keeps || !c.isNewline {
            let space = c == " " || c == "\t" || c.isNewline
            if space && state.afterSpace && !keeps { continue }
            state.afterSpace = space
            let position = Self.nextPosition(&state.lists)
            if position != nil || state.runs.count == first {
                state.runs.append(TextRun(string: "", style: style, position: position ?? TextPosition()))
            }
            state.runs[state.runs.count - 1].string.append(space ? " " : c)
        }
        textState = state
        // Each run is one layout and one piece: as many as a file may have elements.
        if state.runs.count > maxElements {
            fail("a <text> of more than \(maxElements) runs, counting each character a position list places")
        }
    }

    /// At `</text>`: each run set and added as a piece, chunk by chunk (a chunk starts at each
    /// absolute `x` or `y`), moved back by its anchor's share of the chunk's advance. The runs'
    /// paints measure bounding-box units on the whole text's box (`textBox`).
    func finishText() {
        guard var state = textState else { return }
        textState = nil
        // A trailing space does not count (SVG strips the text's last one, unless spaces are kept).
        if let last = state.runs.indices.last, state.runs[last].string.hasSuffix(" "),
            !state.runs[last].style.preservesSpaces
        {
            state.runs[last].string.removeLast()
        }
        var pen = Point(0, 0)
        var chunkStart = 0.0
        var chunk: [(run: TextRun, layout: TextLayout, at: Point)] = []
        var placed: [(run: TextRun, outline: Path, cell: Rect, lines: [(line: DecorationLine, path: Path)])] = []
        func flush() {
            defer { chunk = [] }
            guard let anchor = chunk.first?.run.style.textAnchor else { return }
            let advance = pen.x - chunkStart
            let shift = anchor == .middle ? advance / 2 : anchor == .end ? advance : 0
            // A hidden run still goes to addOutline: drawn nowhere, it is part of its groups' box.
            for (run, layout, at) in chunk {
                guard let line = layout.lines.first else { continue }
                var place = Geometry.AffineTransform(translationX: at.x - shift - line.x, y: at.y - line.baseline)
                let (ascent, descent) = extent(of: layout, run.style)
                var cell = Rect(x: at.x - shift, y: at.y - ascent, width: line.width, height: ascent + descent)
                // `rotate` turns the glyph (a run of one character) about its origin.
                let turn = run.position.rotate.flatMap {
                    $0 == 0 ? nil : Self.rotation($0, about: Point(at.x - shift, at.y))
                }
                if let turn {
                    place = place.concatenating(turn)
                    cell = boundingBox(of: cell, under: turn)
                }
                let lines = decorationOutlines(run, from: at.x - shift, baseline: at.y, width: line.width, turn: turn)
                placed.append((run, layout.path.applying(place), cell, lines))
            }
        }
        var previous: TextRun?
        for run in state.runs where !run.string.isEmpty {
            let p = run.position
            if p.x != nil || p.y != nil { flush() }
            if let x = p.x { pen.x = x }
            if let y = p.y { pen.y = y }
            if chunk.isEmpty { chunkStart = pen.x }
            if p.x == nil, p.y == nil, let previous { pen.x += kerning(after: previous, before: run) }
            previous = run
            pen.x += p.dx
            pen.y += p.dy
            guard pen.x.isFinite, pen.y.isFinite else {
                return fail("text positions reach past the largest number (dx and dy add up to infinity)")
            }
            guard let layout = setText(run) else { return }
            chunk.append((run, layout, pen))
            pen.x += layout.lines.first?.width ?? 0
        }
        flush()
        let box = placed.reduce(Rect.null) { $0.union($1.cell) }
        if let first = placed.first, box != .null {
            // The cells count toward the groups around the text (a clip path or mask in
            // bounding-box units on it measures them), though only the glyphs are drawn.
            let cells = Path([
                .move(Point(box.minX, box.minY)), .line(Point(box.maxX, box.minY)), .line(Point(box.maxX, box.maxY)),
                .line(Point(box.minX, box.maxY)), .close,
            ])
            hiddenOutlines.append((pieces.count, cells.applying(first.run.style.transform)))
        }
        for (run, outline, _, lines) in placed {
            // Overlines and underlines under the glyphs, line-throughs over them.
            for (line, path) in lines where line != .lineThrough {
                guard addPainted(path, element: "text", style: decorationStyle(run, line), box: box) else { return }
            }
            guard addPainted(outline, element: "text", style: run.style, box: box) else { return }
            for (line, path) in lines where line == .lineThrough {
                guard addPainted(path, element: "text", style: decorationStyle(run, line), box: box) else { return }
            }
        }
    }

    /// How far a run's glyph cells reach above and below its baseline: its faces' ascender and
    /// descender at its size. SVG 2 makes a text's bounding box the union of its glyph cells (each
    /// character's advance by the font's ascent and descent), not of the glyphs' ink, as resvg
    /// does too: a gradient in bounding-box units spans the line, not the letters' outlines.
    private func extent(of layout: TextLayout, _ style: Style) -> (ascent: Double, descent: Double) {
        var faces = layout.glyphs.map(\.face)
        if faces.isEmpty, let face = try? fonts.face(family: family(style.fontFamily), weight: style.fontWeight) {
            faces = [face]
        }
        var extent = (ascent: 0.0, descent: 0.0)
        for face in faces {
            let scale = style.fontSize / Double(face.unitsPerEm)
            extent.ascent = max(extent.ascent, Double(face.ascender) * scale)
            extent.descent = max(extent.descent, Double(face.descender) * scale)
        }
        return extent
    }

    /// The kerning between the last character of `previous` and the first of `run` when the two
    /// are set in one font (a span that changes only the paint, or characters a position list
    /// splits by `dx` or `dy`): what setting them as one string would move the second by, as
    /// resvg and browsers shape across such a boundary (not across an absolute `x` or `y`, which
    /// starts a new chunk). 0 across fonts, or after a failure.
    private func kerning(after previous: TextRun, before run: TextRun) -> Double {
        let (a, b) = (previous.style, run.style)
        guard a.fontFamily == b.fontFamily, a.fontWeight == b.fontWeight, a.fontSize == b.fontSize,
            a.letterSpacing == b.letterSpacing, let last = previous.string.last, let first = run.string.first
        else { return 0 }
        func width(_ string: String) -> Double? {
            let set = setText(TextRun(string: string, style: a, position: TextPosition()))
            return set.map { $0.lines.first?.width ?? 0 }
        }
        guard let pair = width(String(last) + String(first)), let one = width(String(last)),
            let other = width(String(first))
        else { return 0 }
        return pair - one - other
    }

    /// `run`'s string set on one line in its font; nil after a failure.
    private func setText(_ run: TextRun) -> TextLayout? {
        let family = family(run.style.fontFamily)
        let style = TextStyle(
            family: family, size: run.style.fontSize, weight: run.style.fontWeight, alignment: .left,
            numberOfLines: 1, lineBreakMode: .wordWrap, letterSpacing: run.style.letterSpacing)
        do {
            // Set with no-break spaces: the layout lets a line's trailing spaces hang past its end
            // (UILabel's rule), where in SVG a run's trailing space moves the next run along.
            let string = run.string.replacingOccurrences(of: " ", with: "\u{00A0}")
            return try TextLayout.layout(string, style: style, width: 1e9, registry: fonts)
        } catch {
            fail("text '\(run.string.prefix(20))': \(error)")
            return nil
        }
    }

    /// The first family of a `font-family` list that the registry has (the scene's fonts, then
    /// the bundled ones), the platform sans-serifs as Inter; Inter when none is.
    func family(_ list: String?) -> String {
        for name in (list ?? "").split(separator: ",") {
            let trimmed = name.trimmingWhitespace.trimmingCharacters(in: CharacterSet(charactersIn: "'\""))
            if fonts.families.contains(where: { FontRegistry.sameFamily($0, trimmed) }) {
                return trimmed
            }
            if Self.sansSerifNames.contains(trimmed.lowercased()) { return FontRegistry.defaultFamily }
        }
        return FontRegistry.defaultFamily
    }
}
