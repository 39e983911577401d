import Foundation
import Geometry
import Icons
import Testing

/// Each piece a pattern tile draws (its content and the clip that cuts it) carries the tile, so
/// the display list can put tiles on the pixel grid; the shape's silhouette carries none.
@Suite("Pattern tiles marked on their pieces")
struct PatternTileMarkTests {
    @Test("a tile's content and clip pieces carry the tile's unit square in viewBox units; the silhouette does not")
    func marked() throws {
        let drawn = try parse(
            """
            <svg viewBox="0 0 100 100"><g transform="translate(1 2)">
              <pattern id="p" patternUnits="userSpaceOnUse" x="5" width="10" height="10"><rect width="12" height="5"/></pattern>
              <rect x="5" width="20" height="10" fill="url(#p)"/></g>
            </svg>
            """)
        // Two tiles, each a rect and the clip cutting it to the tile, then the silhouette.
        #expect(drawn.pieces.count == 5)
        #expect(
            drawn.pieces[0..<4].map { $0.tile?.toViewBox.tx } == [6, 6, 16, 16]
                && drawn.pieces[0..<4].allSatisfy { $0.tile?.toViewBox.a == 10 && $0.tile?.writtenUpright == true })
        #expect(drawn.pieces[4].tile == nil)
    }

    @Test("a patternTransform that turns, or a turned shape, marks the tile as written turned")
    func turned() throws {
        for (pattern, shape) in [("patternTransform=\"rotate(30)\"", ""), ("", "transform=\"rotate(-30)\"")] {
            let drawn = try parse(
                """
                <svg viewBox="0 0 100 100">
                  <pattern id="p" patternUnits="userSpaceOnUse" width="10" height="10" \(pattern)><rect width="5" height="5"/></pattern>
                  <rect width="10" height="10" fill="url(#p)" \(shape)/>
                </svg>
                """)
            #expect(drawn.pieces.first?.tile?.writtenUpright == false)
        }
    }
}
