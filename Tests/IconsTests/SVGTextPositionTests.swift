import Colors
import Foundation
import Geometry
import Icons
import Testing
import Text

/// `x`, `y`, `dx` and `dy` as lists, one value per character (SVG 2 §11.8.1): each character a
/// list places starts a run of its own, a span's own list wins over its text's for the span's
/// characters, and the text's list goes on counting them.
@Suite("Per-character positions of text in SVG files")
struct SVGTextPositionTests {
    private func icon(_ body: String, budget: IconLoader.Budget = .icon) throws -> Icon {
        try IconLoader.parse(
            Data("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 200 100\">\(body)</svg>".utf8),
            name: "positions.svg", budget: budget)
    }

    /// The ink of `string` set alone in Inter at 20 units, pen at 0 on the baseline.
    private func ink(_ string: String) throws -> Rect {
        let layout = try TextLayout.layout(
            string, style: TextStyle(family: "Inter", size: 20, alignment: .left, lineBreakMode: .wordWrap),
            width: 1e9, registry: FontRegistry())
        let line = try #require(layout.lines.first)
        let b = layout.path.bounds
        return Rect(x: b.minX - line.x, y: b.minY - line.baseline, width: b.width, height: b.height)
    }

    private func expectPlaced(_ piece: IconPiece, _ string: String, at x: Double, _ y: Double) throws {
        let (b, expected) = (piece.path.bounds, try ink(string))
        #expect(abs(b.minX - (x + expected.minX)) < 1e-9, "\(string): \(b.minX) vs \(x + expected.minX)")
        #expect(abs(b.maxY - (y + expected.maxY)) < 1e-9, "\(string): \(b.maxY) vs \(y + expected.maxY)")
    }

    @Test("an x list places each character it reaches; the characters after the list follow the last")
    func xList() throws {
        let drawn = try icon("<text x=\"10 40 70\" y=\"50\" font-size=\"20\">abcd</text>")
        #expect(drawn.pieces.count == 3)
        try expectPlaced(drawn.pieces[0], "a", at: 10, 50)
        try expectPlaced(drawn.pieces[1], "b", at: 40, 50)
        try expectPlaced(drawn.pieces[2], "cd", at: 70, 50)
    }

    @Test("a span's own list wins for its characters, and the text's list keeps counting them")
    func nested() throws {
        let drawn = try icon(
            "<text x=\"10 40 70 100\" y=\"50\" font-size=\"20\">a<tspan x=\"150\" fill=\"red\">bc</tspan>d</text>")
        #expect(drawn.pieces.count == 4)
        try expectPlaced(drawn.pieces[0], "a", at: 10, 50)
        try expectPlaced(drawn.pieces[1], "b", at: 150, 50)
        // The span's list is spent: its second character takes the text's third value.
        try expectPlaced(drawn.pieces[2], "c", at: 70, 50)
        try expectPlaced(drawn.pieces[3], "d", at: 100, 50)
        #expect(drawn.pieces[2].fill == ColorRGBA8(r: 255, g: 0, b: 0, a: 255))
    }

    @Test("dy and dx lists shift each character from where the one before ended")
    func relativeLists() throws {
        let drawn = try icon("<text x=\"10\" y=\"50\" dy=\"0 5 5\" dx=\"0 2\" font-size=\"20\">abc</text>")
        #expect(drawn.pieces.count == 3)
        let advance = try TextLayout.layout(
            "a", style: TextStyle(family: "Inter", size: 20, alignment: .left, lineBreakMode: .wordWrap),
            width: 1e9, registry: FontRegistry()
        ).lines[0].width
        try expectPlaced(drawn.pieces[1], "b", at: 10 + advance + 2, 55)
        #expect(abs(drawn.pieces[2].path.bounds.maxY - (60 + (try ink("c")).maxY)) < 1e-9)
    }

    @Test("a span that changes only the paint is kerned to what comes before it, as one string; an absolute y is not")
    func kerningAcrossSpans() throws {
        let style = TextStyle(family: "Inter", size: 20, alignment: .left, lineBreakMode: .wordWrap)
        let pair = try TextLayout.layout("Te", style: style, width: 1e9, registry: FontRegistry())
        let line = try #require(pair.lines.first)
        let kerned = try #require(pair.glyphs.last).origin.x - line.x
        let alone = try TextLayout.layout("T", style: style, width: 1e9, registry: FontRegistry()).lines[0].width
        #expect(abs(kerned - alone) > 0.1, "Inter kerns T and e")
        let drawn = try icon("<text x=\"10\" y=\"50\" font-size=\"20\">T<tspan fill=\"red\">e</tspan></text>")
        try expectPlaced(drawn.pieces[1], "e", at: 10 + kerned, 50)
        let chunks = try icon("<text x=\"10\" y=\"50 80\" font-size=\"20\">Te</text>")
        try expectPlaced(chunks.pieces[1], "e", at: 10 + alone, 80)
    }

    @Test(
        "rotate turns each glyph clockwise about its origin, its last value going on for the characters after the list")
    func rotate() throws {
        let drawn = try icon("<text x=\"10 60\" y=\"50\" rotate=\"0 90\" font-size=\"20\">abc</text>")
        #expect(drawn.pieces.count == 3)
        try expectPlaced(drawn.pieces[0], "a", at: 10, 50)
        // Turned a quarter clockwise about its origin (60, 50): the ink's x from the origin
        // becomes y, and its y (up, negative) becomes x the other way.
        let (b, inkB) = (drawn.pieces[1].path.bounds, try ink("b"))
        #expect(abs(b.minY - (50 + inkB.minX)) < 1e-6 && abs(b.maxX - (60 - inkB.minY)) < 1e-6)
        // "c" takes the list's last value, turned the same way about its own origin on the line.
        let (c, inkC) = (drawn.pieces[2].path.bounds, try ink("c"))
        #expect(abs(c.minY - (50 + inkC.minX)) < 1e-6 && abs(c.height - inkC.width) < 1e-6)
    }

    @Test("dx that add up past the largest number are refused, not drawn at infinity")
    func overflow() {
        #expect(throws: IconError.self) { try icon("<text x=\"1\" y=\"5\" dx=\"1e308 1e308 1e308\">abc</text>") }
    }

    @Test("each character a list places is a run: more runs than the file's element budget are refused")
    func budget() throws {
        let small = IconLoader.Budget(maxBytes: IconLoader.maxBytes, maxElements: 5, noun: "an icon")
        let error = #expect(throws: IconError.self) {
            try icon("<text x=\"1 2 3 4 5 6 7 8\" y=\"5\">abcdefgh</text>", budget: small)
        }
        #expect(
            error?.description.contains("a <text> of more than 5 runs, counting each character a position list places")
                == true)
    }
}
