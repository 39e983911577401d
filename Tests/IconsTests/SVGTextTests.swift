import Colors
import Foundation
import Geometry
import Icons
import Testing
import Text

/// `<text>` and `<tspan>` in icons: runs set in Flipbook's fonts, placed on their baseline,
/// anchored per chunk, and drawn as the pieces of a shape are.
@Suite("Text in SVG files")
struct SVGTextTests {
    private func icon(_ body: String) throws -> Icon {
        try IconLoader.parse(
            Data("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 200 100\">\(body)</svg>".utf8),
            name: "text.svg")
    }

    private func failure(_ body: String) -> String {
        do {
            _ = try icon(body)
            return "loaded"
        } catch {
            return "\(error)"
        }
    }

    /// "Hi" set by the Text module in Inter at `size`: its outline and advance, baseline at 0.
    private func reference(_ string: String, size: Double, family: String = "Inter") throws -> (
        bounds: Rect, advance: Double
    ) {
        let layout = try TextLayout.layout(
            string, style: TextStyle(family: family, size: size, alignment: .left, lineBreakMode: .wordWrap),
            width: 1e9, registry: FontRegistry())
        let line = try #require(layout.lines.first)
        let b = layout.path.bounds
        return (Rect(x: b.minX - line.x, y: b.minY - line.baseline, width: b.width, height: b.height), line.width)
    }

    @Test("a text is its glyphs' outlines in Inter, starting at x with the baseline at y, filled black")
    func placement() throws {
        let drawn = try icon("<text x=\"10\" y=\"50\" font-size=\"20\">Hi</text>")
        #expect(drawn.pieces.count == 1)
        let piece = try #require(drawn.pieces.first)
        let expected = try reference("Hi", size: 20)
        let b = piece.path.bounds
        #expect(abs(b.minX - (10 + expected.bounds.minX)) < 1e-9 && abs(b.width - expected.bounds.width) < 1e-9)
        // "H" and "i" stand on the baseline.
        #expect(abs(b.maxY - 50) < 1e-6)
        #expect(piece.fill == ColorRGBA8(r: 0, g: 0, b: 0, a: 255))
    }

    @Test("text-anchor moves each chunk back by half or all of its advance")
    func anchors() throws {
        let advance = try reference("Hi", size: 20).advance
        var minX: [String: Double] = [:]
        for anchor in ["start", "middle", "end"] {
            minX[anchor] = try icon("<text x=\"100\" y=\"50\" font-size=\"20\" text-anchor=\"\(anchor)\">Hi</text>")
                .pieces[0].path.bounds.minX
        }
        #expect(abs(minX["start"]! - minX["middle"]! - advance / 2) < 1e-9)
        #expect(abs(minX["start"]! - minX["end"]! - advance) < 1e-9)
    }

    @Test("a tspan continues the line in its own style, and an absolute x or y starts a new chunk")
    func spans() throws {
        let drawn = try icon(
            """
            <text x="10" y="50" font-size="20">Hi<tspan fill="red" dy="5">there</tspan><tspan x="10" y="90" font-weight="bold">you</tspan></text>
            """)
        #expect(drawn.pieces.count == 3)
        let advance = try reference("Hi", size: 20).advance
        let there = try reference("there", size: 20)
        #expect(abs(drawn.pieces[1].path.bounds.minX - (10 + advance + there.bounds.minX)) < 1e-9)
        #expect(abs(drawn.pieces[1].path.bounds.maxY - (55 + there.bounds.maxY)) < 1e-9)
        #expect(drawn.pieces[1].fill == ColorRGBA8(r: 255, g: 0, b: 0, a: 255))
        // Bold is wider than regular.
        let you = drawn.pieces[2].path.bounds
        #expect(abs(you.maxY - (90 + (try reference("you", size: 20).bounds.maxY))) < 1e-9)
        #expect(you.width > (try reference("you", size: 20).bounds.width))
    }

    @Test("spaces, tabs and line breaks collapse, and the text's ends lose theirs")
    func whitespace() throws {
        let spaced = try icon("<text x=\"0\" y=\"50\">\n   a \t\n  b   </text>")
        let plain = try icon("<text x=\"0\" y=\"50\">a b</text>")
        #expect(spaced.pieces.map(\.path) == plain.pieces.map(\.path))
    }

    @Test("a family Flipbook has is used, the platform sans-serifs are Inter")
    func families() throws {
        let inter = try icon("<text y=\"50\">Wide</text>").pieces[0].path.bounds
        let arial = try icon("<text y=\"50\" font-family=\"'Arial', sans-serif\">Wide</text>").pieces[0].path.bounds
        let dejaVu = try icon("<text y=\"50\" font-family=\"DejaVu Sans\">Wide</text>").pieces[0].path.bounds
        #expect(arial == inter)
        #expect(abs(dejaVu.width - (try reference("Wide", size: 16, family: "DejaVu Sans").bounds.width)) < 1e-9)
        #expect(dejaVu.width != inter.width)
    }

    @Test("a use of a text draws its words; text in a clip path clips by its glyphs")
    func copiesAndClips() throws {
        let copied = try icon(
            "<defs><text id=\"t\" x=\"0\" y=\"50\">Hi</text></defs><use href=\"#t\" x=\"20\"/>")
        let direct = try icon("<text x=\"20\" y=\"50\">Hi</text>")
        #expect(copied.pieces.map(\.path.bounds) == direct.pieces.map(\.path.bounds))
        let clipped = try icon(
            "<clipPath id=\"c\"><text x=\"0\" y=\"50\" font-size=\"40\">O</text></clipPath><rect width=\"200\" height=\"100\" clip-path=\"url(#c)\"/>"
        )
        #expect(clipped.groups.count == 1)
        let mask = try #require(clipped.groups.first?.mask)
        #expect(clipped.pieces[mask.lowerBound].fill == .black)
    }

    @Test("xml:space=\"preserve\" keeps every space as white-space: pre does, a line break one more; default collapses")
    func xmlSpace() throws {
        let pre = try icon("<text x=\"10\" y=\"50\" white-space=\"pre\"> a   b</text>").pieces
        #expect(try icon("<text x=\"10\" y=\"50\" xml:space=\"preserve\"> a   b</text>").pieces == pre)
        #expect(try icon("<g xml:space=\"preserve\"><text x=\"10\" y=\"50\"> a  \nb</text></g>").pieces == pre)
        let collapsed = try icon("<text x=\"10\" y=\"50\"> a   b</text>").pieces
        #expect(collapsed != pre)
        #expect(
            try icon("<g xml:space=\"preserve\"><text x=\"10\" y=\"50\" xml:space=\"default\"> a   b</text></g>").pieces
                == collapsed)
        // White-space, xml:space's successor in SVG 2, wins on the same element.
        #expect(
            try icon("<text x=\"10\" y=\"50\" xml:space=\"preserve\" white-space=\"normal\"> a   b</text>").pieces
                == collapsed)
    }

    @Test("font-style italic or oblique draws the upright face, as CSS falls back without an italic, and warns")
    func italicFallsBack() throws {
        var warnings: [IconWarning] = []
        let italic = try IconLoader.parse(
            Data(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 200 100\"><text x=\"10\" y=\"50\" font-style=\"italic\">Hi</text></svg>"
                    .utf8), name: "text.svg", warnings: &warnings)
        #expect(italic.pieces == (try icon("<text x=\"10\" y=\"50\">Hi</text>")).pieces)
        #expect(
            warnings.map(\.description) == [
                "text.svg:1: font-style=\"italic\": drawn upright, as the fonts text is set in here have no italic face"
            ])
    }

    @Test("what the text support cannot set is refused in words")
    func refusals() {
        #expect(
            failure("<text x=\"1 a 3\" y=\"5\">abc</text>").contains(
                "attribute x=\"1 a 3\" on <text>: expected a number, or a list of one per character"))
        #expect(failure("<tspan>a</tspan>").contains("<tspan> outside <text>"))
        #expect(failure("<g>words</g>").contains("text content 'words' outside <text>"))
    }
}
