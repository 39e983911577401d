import Foundation
import Geometry
import Raster
import Testing

@testable import Icons

/// `<defs>`, `<use>` and `<symbol>`, as Sketch and Figma exports and sprite sheets write them: a
/// copy draws exactly what the same element written in place draws.
@Suite("Definitions, <use> and <symbol>")
struct UseAndSymbolTests {
    @Test("a <use> of a path in <defs> draws it translated by x and y after the use's transform, in the use's paint")
    func useOfAPath() throws {
        let used = try parse(
            """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
              <defs><path id="p" d="M0 0H4V4Z"/></defs>
              <use href="#p" x="2" y="3" fill="red" transform="scale(2)"/>
            </svg>
            """)
        let inPlace = try parse(
            """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
              <path d="M0 0H4V4Z" fill="red" transform="scale(2) translate(2 3)"/>
            </svg>
            """)
        #expect(used.pieces == inPlace.pieces)
        #expect(used.pieces.first?.path.elements.first == .move(Point(4, 6)))
    }

    @Test(
        "a symbol defined after its use (as Figma places <defs>), through xlink:href, fits its viewBox into the use's width and height, twice"
    )
    func symbolFittedAfterItsUse() throws {
        let icon = try parse(
            """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 48 24">
              <g fill="#00F"><use xlink:href="#dot" x="24" width="24" height="24"/></g>
              <use xlink:href="#dot" width="12" height="24"/>
              <defs><symbol id="dot" viewBox="0 0 12 12"><circle cx="6" cy="6" r="5"/></symbol></defs>
            </svg>
            """)
        #expect(icon.pieces.count == 2)
        // ×2 and 24 to the right: the circle at (36, 12), radius 10, blue from the group.
        let first = icon.pieces[0].path.controlPointBounds
        #expect(abs(first.minX - 26) < 1e-9 && abs(first.maxX - 46) < 1e-9 && abs(first.minY - 2) < 1e-9)
        #expect(icon.pieces[0].fill == ColorRGBA8(r: 0, g: 0, b: 255))
        // 12 × 24 meets at ×1, centred down: (6, 12), radius 5, black.
        let second = icon.pieces[1].path.controlPointBounds
        #expect(abs(second.minX - 1) < 1e-9 && abs(second.maxX - 11) < 1e-9 && abs(second.minY - 7) < 1e-9)
        #expect(icon.pieces[1].fill == .black)
    }

    @Test(
        "a symbol whose content reaches outside its viewport is clipped to it, as SVG clips; with overflow=\"visible\" it is drawn whole"
    )
    func symbolViewportClips() throws {
        let symbol = { (overflow: String) in
            """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200">
              <symbol id="s" viewBox="-100 -100 200 200"\(overflow)><rect x="20" y="20" width="160" height="160"/></symbol>
              <use href="#s" width="100" height="100"/>
            </svg>
            """
        }
        let clipped = try parse(symbol(""))
        #expect(clipped.groups == [IconGroup(pieces: 0..<1, opacity: 1, mask: 1..<2)])
        #expect(clipped.pieces[1].path.controlPointBounds == Rect(x: 0, y: 0, width: 100, height: 100))
        // Visible: the viewBox's (−100, −100) at the use's origin, ×0.5: the rect at (60, 60)–(140, 140).
        let icon = try parse(symbol(" overflow=\"visible\""))
        #expect(icon.groups.isEmpty)
        let box = try #require(icon.pieces.first).path.controlPointBounds
        #expect(box == Rect(x: 60, y: 60, width: 80, height: 80))
    }

    @Test("what a shape element contains is not drawn, as SVG draws no child of a <rect>")
    func childrenOfShapes() throws {
        let icon = try parse(
            """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
              <rect width="10" height="10" fill="green"><rect width="20" height="20" fill="red"/></rect>
            </svg>
            """)
        #expect(icon.pieces.count == 1 && icon.pieces[0].fill == ColorRGBA8(r: 0, g: 128, b: 0))
    }

    @Test("definitions nothing uses, and a symbol outside a use, draw nothing")
    func unusedDefinitions() throws {
        let icon = try parse(
            """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">
              <defs><path id="p" d="M0 0H4V4Z"/><linearGradient id="g"><stop offset="0"/></linearGradient></defs>
              <symbol id="s"><rect width="4" height="4"/></symbol>
              <rect x="1" y="1" width="2" height="2"/>
            </svg>
            """)
        #expect(icon.pieces.count == 1)
    }

    @Test(
        "a use of a missing id, of another file, and copies past the element budget are refused in words",
        arguments: [
            ("<use href=\"#nowhere\"/>", "test.svg:1: <use> of #nowhere: no element has id=\"nowhere\""),
            (
                "<use href=\"other.svg#a\"/>",
                "test.svg:1: <use> needs href=\"#id\" (or xlink:href) naming an element of this file; other files are not loaded"
            ),
        ])
    func refusals(body: String, message: String) throws {
        let error = try refusal(of: body)
        #expect(error.description == message, "\(error.description)")
    }

    @Test("a chain of 3,000 uses, each copying the next, stops at 32 nested copies: the stack stays bounded")
    func useChain() throws {
        var body = ""
        for k in 0..<3000 { body += "<g id=\"a\(k)\"><use href=\"#a\(k + 1)\"/></g>" }
        let error = try refusal(of: body + "<path id=\"a3000\" d=\"M0 0H1V1Z\"/>")
        #expect(error.message.hasPrefix("<use> of #a33 copies inside 32 other copies"), "\(error)")
    }

    @Test("uses of uses that would copy 10^5 elements stop at the element budget: no exponential blow-up")
    func useBomb() throws {
        var defs = "<path id=\"a0\" d=\"M0 0H1V1Z\"/>"
        for level in 1...5 {
            defs += "<g id=\"a\(level)\">" + String(repeating: "<use href=\"#a\(level - 1)\"/>", count: 10) + "</g>"
        }
        let error = try refusal(of: "<defs>\(defs)</defs><use href=\"#a5\"/>")
        #expect(error.message.hasPrefix("more than 10000 elements, counting each copy <use> makes"), "\(error)")
    }
}
