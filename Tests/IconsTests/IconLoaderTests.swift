import Foundation
import Geometry
import Raster
import Testing

@testable import Icons

func parse(_ svg: String) throws -> Icon { try IconLoader.parse(Data(svg.utf8), name: "test.svg") }

/// The load error of an icon whose `<svg viewBox="0 0 10 10">` holds `body`.
func refusal(of body: String) throws -> IconError {
    try #require(throws: IconError.self) { try parse("<svg viewBox=\"0 0 10 10\">\(body)</svg>") }
}

/// The icon `svg` draws and what it is drawn without.
func parseWarning(_ svg: String) throws -> (Icon, [IconWarning]) {
    var warnings: [IconWarning] = []
    let icon = try IconLoader.parse(Data(svg.utf8), name: "test.svg", warnings: &warnings)
    return (icon, warnings)
}

func iconError(_ svg: String) -> IconError? {
    do {
        _ = try parse(svg)
        return nil
    } catch let e as IconError { return e } catch { return nil }
}

@Test("the subset's elements become pieces with inherited presentation attributes and group transforms")
func subset() throws {
    let icon = try parse(
        """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="#FF0000" stroke-width="2">
          <g transform="translate(2 3) scale(2)">
            <rect x="1" y="1" width="4" height="3" rx="1"/>
            <circle cx="5" cy="5" r="2" fill="#00F" stroke="none"/>
          </g>
          <path d="M0 0 L10 10" stroke-linecap="round"/>
          <line x1="0" y1="1" x2="2" y2="3"/>
          <polyline points="0,0 1,1 2,0"/>
          <polygon points="0 0 4 0 4 4" fill-rule="evenodd" fill="white"/>
          <ellipse cx="3" cy="4" rx="2" ry="1"/>
        </svg>
        """)
    #expect(icon.viewBox == Rect(x: 0, y: 0, width: 24, height: 24))
    #expect(icon.pieces.count == 7)
    #expect(icon.pieces[0].fill == .clear && icon.pieces[0].stroke == ColorRGBA8(r: 255, g: 0, b: 0))
    // translate(2 3) scale(2): the rect's straight top edge starts at x = 2 + 2·(1 + 1), y = 3 + 2·1.
    #expect(icon.pieces[0].path.elements[0] == .move(Point(6, 5)))
    #expect(icon.pieces[0].strokeStyle.lineWidth == 4)  // stroke-width 2 under scale(2)
    #expect(icon.pieces[1].fill == ColorRGBA8(r: 0, g: 0, b: 255) && icon.pieces[1].stroke == .clear)
    #expect(icon.pieces[2].strokeStyle.lineCap == .round && icon.pieces[2].strokeStyle.lineWidth == 2)
    #expect(icon.pieces[5].fillRule == .evenOdd && icon.pieces[5].fill == .white)
    #expect(icon.hash.count == 16)
}

@Test("an element outside the subset is an error naming the file, the line and the element")
func unsupportedElement() throws {
    let e = try #require(
        iconError(
            """
            <svg viewBox="0 0 10 10">
              <path d="M0 0 L1 1"/>
              <foreignObject id="m"/>
            </svg>
            """))
    #expect(e.file == "test.svg" && e.line == 3)
    #expect(e.message.hasPrefix("element <foreignObject> is not in the supported SVG subset"))
}

@Test("an attribute outside the subset is an error naming the attribute and the element")
func unsupportedAttribute() throws {
    let e = try #require(
        iconError("<svg viewBox=\"0 0 10 10\">\n<path d=\"M0 0 L1 1\" lighting-color=\"red\"/>\n</svg>"))
    #expect(
        e.line == 2 && e.message.hasPrefix("attribute 'lighting-color' on <path> is not in the supported SVG subset"))
}

@Test("an entity-expansion bomb and an external entity are refused before parsing")
func hostileDeclarations() throws {
    let bomb = """
        <?xml version="1.0"?>
        <!DOCTYPE svg [
          <!ENTITY a "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa">
          <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
          <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">
          <!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">
        ]>
        <svg viewBox="0 0 10 10"><path d="&d;"/></svg>
        """
    let e = try #require(iconError(bomb))
    #expect(e.line == 2 && e.message.contains("DTD or entity declaration"))
    let external =
        "<!doctype svg [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n<svg viewBox=\"0 0 1 1\"><path d=\"&x;\"/></svg>"
    #expect(try #require(iconError(external)).message.contains("not allowed"))
}

@Test("malformed XML, path data errors and oversized files are errors")
func malformed() throws {
    #expect(
        try #require(iconError("<svg viewBox=\"0 0 10 10\"><path d=\"M0 0\">")).message.hasPrefix("not well-formed XML")
    )
    // Path data past Flipbook's bounds is refused; an error of SVG's grammar is drawn around
    // (IconRecoveryTests).
    let d = try #require(iconError("<svg viewBox=\"0 0 10 10\">\n\n<path d=\"M0 0 L1e10 0\"/></svg>"))
    #expect(d.line == 3 && d.message.contains("path data, character 6"), "\(d)")
    let big = Data(repeating: 0x20, count: IconLoader.maxBytes + 1)
    #expect(throws: IconError.self) { _ = try IconLoader.parse(big, name: "big.svg") }
}

@Test("fitting maps the viewBox into the bounds centred at a uniform scale")
func fitting() throws {
    let icon = try parse("<svg viewBox=\"10 0 20 10\"><path d=\"M10 0 L30 10\"/></svg>")
    let t = icon.fitting(Size(40, 40))
    #expect(t.apply(to: Point(10, 0)) == Point(0, 10))
    #expect(t.apply(to: Point(30, 10)) == Point(40, 30))
}

@Test("an icon path with an arc radius of 1e-200 is refused with the path data's offset")
func extremeArcRadius() {
    let svg = #"<svg viewBox="0 0 24 24"><path d="M0 0 A1e-200 1e-200 0 0 1 10 10"/></svg>"#
    #expect(
        iconError(svg)?.description
            == "test.svg:1: attribute d on <path>: path data, character 6: arc radius 1e-200 is too small: expected 0 (a straight line) or at least 0.000001"
    )
}
