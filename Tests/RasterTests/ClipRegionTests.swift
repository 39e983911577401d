import Geometry
import Testing

@testable import Raster

/// `ClipRegion.intersect` returns a subject well inside the region as it is (its shortcut), and
/// cuts one that reaches an edge as Sutherland–Hodgman always did.
@Suite("Clip regions")
struct ClipRegionTests {
    static func region() -> ClipRegion {
        var region = ClipRegion()
        region.set(
            [ClipShape(size: Size(200, 100), cornerRadius: 0, transform: AffineTransform(translationX: 150, y: 80))],
            canvasWidth: 400, canvasHeight: 200)
        return region
    }

    @Test("a polygon inside the region comes back point for point; one touching or crossing an edge is cut")
    func insideIsKept() {
        let region = Self.region()
        var out: [Point] = []
        var scratch: [Point] = []
        let inside = [Point(60, 40), Point(240, 31), Point(239.5, 129.9), Point(51, 120)]
        region.intersect(inside, into: &out, scratch: &scratch)
        #expect(out == inside)
        // On the edge x = 50: no room to spare, so the cut runs, and keeps what is inside.
        let touching = [Point(50, 40), Point(240, 40), Point(240, 120), Point(50, 120)]
        region.intersect(touching, into: &out, scratch: &scratch)
        #expect(abs(signedArea(out)) == abs(signedArea(touching)))
        let crossing = [Point(20, 40), Point(240, 40), Point(240, 120), Point(20, 120)]
        region.intersect(crossing, into: &out, scratch: &scratch)
        #expect(abs(abs(signedArea(out)) - 190 * 80) < 1e-9)
        #expect(out.allSatisfy { $0.x >= 50 - 1e-9 })
    }
}
