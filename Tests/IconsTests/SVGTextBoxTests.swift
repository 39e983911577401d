import Foundation
import Geometry
import Icons
import Testing
import Text

/// A text's bounding box, what `objectBoundingBox` units measure on it: SVG 2's union of its
/// glyph cells (each run's advance by the font's ascent and descent), over the whole `<text>`,
/// not the glyphs' ink and not one span's.
@Suite("The bounding box of text in SVG files")
struct SVGTextBoxTests {
    private func icon(_ body: String) throws -> Icon {
        try IconLoader.parse(
            Data("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 200 100\">\(body)</svg>".utf8),
            name: "box.svg")
    }

    /// The advance of `string` in Inter at 20 units, and Inter's ascent and descent there.
    private func inter(_ string: String) throws -> (advance: Double, ascent: Double, descent: Double) {
        let registry = FontRegistry()
        let layout = try TextLayout.layout(
            string, style: TextStyle(family: "Inter", size: 20, alignment: .left, lineBreakMode: .wordWrap),
            width: 1e9, registry: registry)
        let face = try registry.face(family: "Inter", weight: 400)
        let scale = 20 / Double(face.unitsPerEm)
        return (
            try #require(layout.lines.first).width, Double(face.ascender) * scale, Double(face.descender) * scale
        )
    }

    @Test("a gradient in bounding-box units spans the whole text's glyph cells, on each of its spans")
    func gradientBox() throws {
        let drawn = try icon(
            """
            <linearGradient id="g"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient>\
            <text x="10" y="50" font-size="20" fill="url(#g)">Hi<tspan dy="5">there</tspan></text>
            """)
        #expect(drawn.pieces.count == 2)
        let (hi, there) = (try inter("Hi"), try inter("there"))
        // The cells of "there" reach 5 lower: dy moves its baseline.
        let expected = Rect(
            x: 10, y: 50 - hi.ascent, width: hi.advance + there.advance, height: hi.ascent + there.descent + 5)
        for piece in drawn.pieces {
            let map = try #require(piece.fillGradient).toViewBox
            let (a, b) = (map.apply(to: Point(0, 0)), map.apply(to: Point(1, 1)))
            #expect(abs(a.x - expected.minX) < 1e-9 && abs(a.y - expected.minY) < 1e-9)
            #expect(abs(b.x - expected.maxX) < 1e-9 && abs(b.y - expected.maxY) < 1e-9)
        }
    }

    @Test("a clip path in bounding-box units on a text measures its glyph cells, not its ink")
    func clipBox() throws {
        let drawn = try icon(
            """
            <clipPath id="c" clipPathUnits="objectBoundingBox"><rect width="0.5" height="1"/></clipPath>\
            <text x="10" y="50" font-size="20" clip-path="url(#c)">Hi</text>
            """)
        let group = try #require(drawn.groups.first)
        let mask = try #require(group.mask)
        let clip = drawn.pieces[mask.lowerBound].path.bounds
        let hi = try inter("Hi")
        #expect(abs(clip.minX - 10) < 1e-9 && abs(clip.width - hi.advance / 2) < 1e-9)
        #expect(abs(clip.minY - (50 - hi.ascent)) < 1e-9 && abs(clip.height - (hi.ascent + hi.descent)) < 1e-9)
    }
}
