import Colors
import Foundation
import Geometry
import Icons
import Testing

/// `<pattern>` paint servers: the tiles that reach a shape, each a copy of the pattern's content,
/// composited as one group masked by the shape.
@Suite("Pattern paint servers")
struct PatternTests {
    private func icon(_ body: String, viewBox: String = "0 0 100 100") throws -> Icon {
        try IconLoader.parse(
            Data("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"\(viewBox)\">\(body)</svg>".utf8),
            name: "pattern.svg")
    }

    @Test("a pattern fill draws one copy of its content per tile the shape reaches, masked by the shape")
    func tiles() throws {
        let drawn = try icon(
            """
            <pattern id="p" patternUnits="userSpaceOnUse" width="10" height="10"><rect width="5" height="5" fill="red"/></pattern>
            <rect width="30" height="10" fill="url(#p)"/>
            """)
        #expect(drawn.pieces.count == 4)
        #expect(drawn.pieces[0..<3].map(\.path.bounds) == [0, 10, 20].map { Rect(x: $0, y: 0, width: 5, height: 5) })
        #expect(drawn.pieces[0].fill == ColorRGBA8(r: 255, g: 0, b: 0, a: 255))
        // The last piece is the shape's silhouette, masking the three tiles.
        #expect(drawn.pieces[3].path.bounds == Rect(x: 0, y: 0, width: 30, height: 10))
        #expect(drawn.groups == [IconGroup(pieces: 0..<3, opacity: 1, mask: 3..<4)])
    }

    @Test("bounding-box units lay the tiles and the content on the shape's box, and x and y move the grid")
    func boundingBoxUnits() throws {
        let drawn = try icon(
            """
            <pattern id="p" width="0.5" height="1" x="0.25" patternContentUnits="objectBoundingBox"><rect width="0.25" height="1"/></pattern>
            <rect x="10" width="40" height="20" fill="url(#p)"/>
            """)
        // Tiles 20 wide from x = 10 + 0.25·40 = 20: the one before it reaches the shape too.
        #expect(
            drawn.pieces.prefix(3).map(\.path.bounds) == [0, 20, 40].map { Rect(x: $0, y: 0, width: 10, height: 20) })
        #expect(drawn.groups.last?.opacity == 1)
    }

    @Test("content reaching outside its tile is cut to the tile, unless overflow is visible")
    func clippedTiles() throws {
        let body = "<circle cx=\"5\" cy=\"5\" r=\"8\"/></pattern><rect width=\"20\" height=\"10\" fill=\"url(#p)\"/>"
        let cut = try icon("<pattern id=\"p\" patternUnits=\"userSpaceOnUse\" width=\"10\" height=\"10\">" + body)
        // Two tiles, each clipped (a group masked by its tile), then the shape's mask group.
        #expect(cut.groups.count == 3)
        #expect(cut.groups.filter { $0.mask?.count == 1 && $0.pieces.count == 1 }.count == 2)
        let visible = try icon(
            "<pattern id=\"p\" patternUnits=\"userSpaceOnUse\" width=\"10\" height=\"10\" overflow=\"visible\">" + body)
        #expect(visible.groups.count == 1)
    }

    @Test("fill-opacity fades the pattern as one group; a stroke with a pattern is masked by its outline")
    func opacityAndStroke() throws {
        let drawn = try icon(
            """
            <pattern id="p" patternUnits="userSpaceOnUse" width="100" height="100"><rect width="100" height="100"/></pattern>
            <rect x="10" y="10" width="20" height="20" fill="url(#p)" fill-opacity="0.5" stroke="url(#p)" stroke-width="4"/>
            """)
        #expect(drawn.groups.map(\.opacity) == [0.5, 1])
        // The stroke's mask is its outline: 2 units out from the rect on every side.
        let strokeMask = try #require(drawn.groups.last?.mask)
        #expect(drawn.pieces[strokeMask.lowerBound].path.bounds == Rect(x: 8, y: 8, width: 24, height: 24))
    }

    @Test("a tile too small for its shape is refused, naming the limit")
    func tileLimit() throws {
        let message: String
        do {
            _ = try icon(
                "<pattern id=\"tiny\" patternUnits=\"userSpaceOnUse\" width=\"0.5\" height=\"0.5\"><rect width=\"0.1\" height=\"0.1\"/></pattern><rect width=\"100\" height=\"100\" fill=\"url(#tiny)\"/>"
            )
            message = "loaded"
        } catch {
            message = "\(error)"
        }
        #expect(message.hasPrefix("pattern.svg"))
        #expect(message.contains("the pattern #tiny would draw 40000 tiles over its shape; expected at most 4096"))
    }

    @Test("a pattern used inside its own content paints nothing there; one without content or area paints nothing")
    func degenerate() throws {
        let recursive = try icon(
            """
            <pattern id="p" patternUnits="userSpaceOnUse" width="50" height="50"><rect width="50" height="50" fill="url(#p)" stroke="green"/></pattern>
            <rect width="50" height="50" fill="url(#p)"/>
            """)
        // One tile: the inner rect's stroke only (its fill would be the pattern itself).
        #expect(recursive.pieces.first?.fills == false && recursive.pieces.first?.strokes == true)
        let empty = try icon(
            "<pattern id=\"e\" width=\"0\" height=\"1\"><rect width=\"1\" height=\"1\"/></pattern><rect width=\"50\" height=\"50\" fill=\"url(#e)\"/>"
        )
        #expect(empty.pieces.isEmpty)
    }
}
