import Colors
import Foundation
import Geometry
import Icons
import Testing
import Text

/// `text-decoration` and `<tref>`: lines over each run's advance at the font's own positions,
/// painted by the element that declares them; a tref's referenced characters set as a span.
@Suite("Text decorations and tref in SVG files")
struct SVGTextDecorationTests {
    private func parse(_ body: String) throws -> (icon: Icon, warnings: [String]) {
        var warnings: [IconWarning] = []
        let icon = try IconLoader.parse(
            Data("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 200 100\">\(body)</svg>".utf8),
            name: "decoration.svg", warnings: &warnings)
        return (icon, warnings.map(\.description))
    }

    /// The advance of `string` in Inter at `size`.
    private func advance(_ string: String, size: Double) throws -> Double {
        let layout = try TextLayout.layout(
            string, style: TextStyle(family: "Inter", size: size, alignment: .left, lineBreakMode: .wordWrap),
            width: 1e9, registry: FontRegistry())
        return try #require(layout.lines.first).width
    }

    private func expectLine(_ piece: IconPiece, x: Double, width: Double, middle: Double, thickness: Double) {
        let b = piece.path.bounds
        #expect(abs(b.minX - x) < 1e-9 && abs(b.width - width) < 1e-9, "\(b)")
        #expect(abs(b.midY - middle) < 1e-9 && abs(b.height - thickness) < 1e-9, "\(b)")
    }

    static let black = ColorRGBA8(r: 0, g: 0, b: 0, a: 255)
    static let red = ColorRGBA8(r: 255, g: 0, b: 0, a: 255)
    static let green = ColorRGBA8(r: 0, g: 128, b: 0, a: 255)

    // Inter Regular's tables (read with a script outside Flipbook): 2816 units to the em; post
    // underlinePosition -464, underlineThickness 192; OS/2 yStrikeoutPosition 922; hhea ascender
    // 2728. At font-size 28.16 a unit is 0.01.
    @Test(
        "underline, overline and line-through span the run's advance at the font's positions, as thick as its underline"
    )
    func positions() throws {
        let (icon, _) = try parse(
            "<text x=\"10\" y=\"50\" font-size=\"28.16\" text-decoration=\"line-through underline overline\">ab</text>")
        let width = try advance("ab", size: 28.16)
        #expect(icon.pieces.count == 4)
        // Overline and underline under the glyphs, line-through over them.
        expectLine(icon.pieces[0], x: 10, width: width, middle: 50 - 27.28, thickness: 1.92)
        expectLine(icon.pieces[1], x: 10, width: width, middle: 50 + 4.64, thickness: 1.92)
        expectLine(icon.pieces[3], x: 10, width: width, middle: 50 - 9.22, thickness: 1.92)
        #expect(icon.pieces[2].path.bounds.height > 10)
    }

    @Test("a line takes the paint of the element that declares it; one declared outside the text takes the text's")
    func paints() throws {
        let (icon, _) = try parse(
            """
            <g text-decoration="overline" fill="green"><text x="10" y="50" fill="red" text-decoration="none">a\
            <tspan fill="black" text-decoration="underline"><tspan fill="green">b</tspan></tspan></text></g>
            """)
        // a: its overline (the text's red), glyph; b: overline (red), underline (black), glyph.
        #expect(icon.pieces.map(\.fill) == [Self.red, Self.red, Self.red, Self.black, Self.green])
        let width = try advance("a", size: 16)
        #expect(abs(icon.pieces[3].path.bounds.minX - (10 + width)) < 0.5)
    }

    @Test("a word text-decoration does not know is set aside with a warning")
    func invalid() throws {
        let (icon, warnings) = try parse("<text y=\"50\" text-decoration=\"blink\">a</text>")
        #expect(icon.pieces.count == 1)
        #expect(
            warnings == [
                "decoration.svg:1: text-decoration=\"blink\" on <text>: expected none, or a list of underline, overline and line-through; drawn as if not given (SVG ignores an invalid value)"
            ])
    }

    @Test(
        "a tref sets the referenced text's characters, not its own, with its own position and paint; display none hides it"
    )
    func tref() throws {
        let (icon, warnings) = try parse(
            """
            <defs><text id="t">a<tspan>b</tspan></text></defs>
            <text y="50"><tref x="30" href="#t" fill="red">bad</tref><tref x="90" href="#t" display="none"/>\
            <tref href="#missing"/></text>
            """)
        #expect(icon.pieces.count == 1)
        #expect(icon.pieces.first?.fill == Self.red)
        let (alone, _) = try parse("<text x=\"30\" y=\"50\" fill=\"red\">ab</text>")
        #expect(icon.pieces.first?.path == alone.pieces.first?.path)
        #expect(
            warnings == [
                "decoration.svg:2: <tref> names no text of this file (href=\"#missing\"): it adds no characters"
            ])
    }

    @Test("a tref of an element that is not text sets that element's character data, as SVG 1.1 and resvg do")
    func trefOfShape() throws {
        let (icon, _) = try parse(
            "<defs><rect id=\"r\">ab</rect></defs><text x=\"30\" y=\"50\"><tref href=\"#r\"/></text>")
        let (alone, _) = try parse("<text x=\"30\" y=\"50\">ab</text>")
        #expect(icon.pieces.count == 1)
        #expect(icon.pieces.first?.path == alone.pieces.first?.path)
    }

    @Test("text-decoration in a sheet or style=\"\" declares lines as the attribute does")
    func css() throws {
        let (sheet, _) = try parse(
            "<style>text { text-decoration: underline }</style><text x=\"10\" y=\"50\" font-size=\"28.16\">a</text>")
        let (inline, _) = try parse(
            "<text x=\"10\" y=\"50\" font-size=\"28.16\" style=\"text-decoration: line-through\">a</text>")
        let width = try advance("a", size: 28.16)
        #expect(sheet.pieces.count == 2 && inline.pieces.count == 2)
        expectLine(sheet.pieces[0], x: 10, width: width, middle: 50 + 4.64, thickness: 1.92)
        expectLine(inline.pieces[1], x: 10, width: width, middle: 50 - 9.22, thickness: 1.92)
    }
}
