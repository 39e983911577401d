import Foundation
import Geometry
import Testing

@testable import Icons

/// SVG strokes in the element's user space and then transforms the stroke, so a transform that
/// stretches unevenly makes the stroke's sides unequal; one that keeps shapes scales it evenly.
@Suite("Strokes under uneven transforms")
struct UnevenStrokeTests {
    /// The stroke outline's area: the signed areas of its contours (outer and inner loops wind
    /// opposite ways), in viewBox units.
    static func strokeArea(_ svg: String) throws -> Double {
        let icon = try IconLoader.parse(Data(svg.utf8), name: "t.svg")
        let piece = try #require(icon.pieces.first)
        return piece.strokeOutline(tolerance: 1e-4).flattenedSubpaths(tolerance: 1e-4).reduce(0) { sum, sub in
            let p = sub.points
            var twice = 0.0
            for k in p.indices { twice += p[k].x * p[(k + 1) % p.count].y - p[(k + 1) % p.count].x * p[k].y }
            return sum + twice / 2
        }.magnitude
    }

    @Test(
        "a rect under scale(4 1) gets sides 4× as thick as its top and bottom: the area of the stroke in user space, scaled"
    )
    func scaleStretchesTheStroke() throws {
        // User space: a 10 × 40 rect stroked 5 wide is the ring [7.5, 22.5] × [7.5, 52.5] less
        // [12.5, 17.5] × [12.5, 47.5]: 15·45 − 5·35 = 500; ×4 in x is 2,000. The mean-scale
        // stroke (10 wide about the scaled rect) would be 50·50 − 30·30 = 1,600.
        let area = try Self.strokeArea(
            """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 60">
              <rect x="10" y="10" width="10" height="40" transform="scale(4 1)" fill="none" stroke="#000" stroke-width="5"/>
            </svg>
            """)
        #expect(abs(area - 2000) < 1e-6, "\(area)")
    }

    @Test("a rotation with a uniform scale still strokes evenly in viewBox units, as before")
    func similarityStrokesEvenly() throws {
        // scale(2): the rect is 20 × 80 with a stroke 10 wide: 30·90 − 10·70 = 2,000.
        let area = try Self.strokeArea(
            """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 120">
              <rect x="10" y="10" width="10" height="40" transform="scale(2)" fill="none" stroke="#000" stroke-width="5"/>
            </svg>
            """)
        #expect(abs(area - 2000) < 1e-6, "\(area)")
        let icon = try IconLoader.parse(
            Data(
                """
                <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 120">
                  <rect x="10" y="10" width="10" height="40" transform="rotate(30) scale(2)" fill="none" stroke="#000" stroke-width="5"/>
                </svg>
                """.utf8), name: "t.svg")
        #expect(icon.pieces.first?.strokeSpace == nil && icon.pieces.first?.strokeStyle.lineWidth == 10)
    }
}
