import Colors
import Foundation
import Geometry
import Icons
import Testing

/// `context-fill` and `context-stroke`: the paint of the shape a marker is drawn on, or of the
/// `<use>` whose copy paints with them, gradients in the context element's own space and box.
@Suite("Context paint")
struct ContextPaintTests {
    private let blue = ColorRGBA8(r: 0, g: 0, b: 255, a: 255)
    private let green = ColorRGBA8(r: 0, g: 128, b: 0, a: 255)

    private func icon(_ body: String, warnings: inout [IconWarning]) throws -> Icon {
        try IconLoader.parse(
            Data(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" viewBox=\"0 0 100 100\">\(body)</svg>"
                    .utf8), name: "context.svg", warnings: &warnings)
    }

    private func icon(_ body: String) throws -> Icon {
        var warnings: [IconWarning] = []
        return try icon(body, warnings: &warnings)
    }

    @Test("a copy paints with its use's fill and stroke, swapped where it asks")
    func inUse() throws {
        let drawn = try icon(
            """
            <defs><rect id="r" width="10" height="10" fill="context-stroke" stroke="context-fill"/></defs>
            <use href="#r" fill="blue" stroke="green"/>
            """)
        #expect(drawn.pieces.map(\.fill) == [green])
        #expect(drawn.pieces.map(\.stroke) == [blue])
    }

    @Test("a use's own context paint is its outer use's, so nested copies reach the outermost paints")
    func nestedUse() throws {
        let drawn = try icon(
            """
            <defs><rect id="r" width="10" height="10" fill="context-stroke" stroke="context-fill"/></defs>
            <use id="inner" href="#r" fill="context-fill" stroke="context-stroke"/>
            <use xlink:href="#inner" fill="blue" stroke="green"/>
            """)
        // The first piece is the inner use drawn where it stands, with no context: nothing.
        #expect(drawn.pieces.map(\.fill) == [.clear, green])
        #expect(drawn.pieces.map(\.stroke) == [.clear, blue])
    }

    @Test("a marker paints with the shape it marks")
    func inMarker() throws {
        let drawn = try icon(
            """
            <marker id="m" overflow="visible"><rect width="2" height="2" fill="context-stroke"/></marker>
            <path d="M 10 10 H 50" fill="green" stroke="blue" marker-end="url(#m)"/>
            """)
        #expect(drawn.pieces.last?.fill == blue)
    }

    @Test("outside a marker or a use, context paint is none, with a warning")
    func withoutContext() throws {
        var warnings: [IconWarning] = []
        let drawn = try icon("<rect width=\"10\" height=\"10\" fill=\"context-fill\"/>", warnings: &warnings)
        #expect(drawn.pieces.map(\.fills) == [false])
        #expect(warnings.map(\.message) == ["fill=\"context-fill\" outside a marker or a <use> paints nothing"])
    }

    @Test("a use's gradient in bounding-box units spans the copy's whole box, not each shape's")
    func gradientInUse() throws {
        let drawn = try icon(
            """
            <linearGradient id="g"><stop offset="0" stop-color="white"/><stop offset="1" stop-color="black"/></linearGradient>
            <defs><g id="shapes">
              <rect width="10" height="10" fill="context-fill"/>
              <rect x="90" y="40" width="10" height="10" fill="none"/>
            </g></defs>
            <use href="#shapes" fill="url(#g)"/>
            """)
        #expect(drawn.pieces.count == 2)
        #expect(drawn.pieces[0].fillGradient?.toViewBox == AffineTransform(a: 100, b: 0, c: 0, d: 50, tx: 0, ty: 0))
    }

    @Test("a marker's gradient keeps the marked shape's box and space")
    func gradientOnMarker() throws {
        let drawn = try icon(
            """
            <linearGradient id="g"><stop offset="0" stop-color="white"/><stop offset="1" stop-color="black"/></linearGradient>
            <marker id="m" overflow="visible"><rect width="2" height="2" fill="context-fill"/></marker>
            <path d="M 10 10 H 50 V 30" fill="url(#g)" marker-end="url(#m)"/>
            """)
        let marker = try #require(drawn.pieces.last)
        #expect(marker.fillGradient?.toViewBox == AffineTransform(a: 40, b: 0, c: 0, d: 20, tx: 10, ty: 10))
    }
}
