import CPolygonUnion
import Geometry

/// The union of polygons filled non-zero, as polygons that no longer overlap: Clipper's
/// (Debian's libpolyclipping) through the CPolygonUnion shim.
///
/// Why: the rasterizer sums windings over a pixel before folding them into coverage (Raster's
/// README, General paths), exact wherever a pixel holds one edge but over-covering where two
/// contours' edges overlap in it. A stroke of several pieces is the union of their outlines (Core
/// Graphics and SVG stroke a path as one region): two subpaths meeting at a corner with round
/// caps, or one retraced, would otherwise draw their shared edges darker (stroked icon sets are
/// full of both).
///
/// Clipper takes integer coordinates: the contours are centred on their bounds' middle and scaled
/// by a power of two that brings their half-extent within Clipper's fast range (±2^30), so a 24-unit
/// icon keeps about 1e-8 units and any finite outline 29 bits of its extent.
///
/// Bounded work: Clipper's time grows with the edge crossings it resolves, quadratic in the points
/// where every edge crosses every other (a dashed ellipse stroked 1e19 wide, whose 1,650 dashes'
/// caps all overlap: minutes). So contours are united only when they have at most `pointLimit`
/// points and the edge pairs that could cross, those of contours whose bounds overlap (a contour
/// with itself included), number at most `crossingBudget`; beyond that the outline is filled as
/// it is, its overlaps summed, as before. A Heroicons stroke at 48 px has about 1,000 points.
enum PolygonUnion {
    static let pointLimit = 8_192
    static let crossingBudget = 1 << 22

    /// The union of `contours` (each at least three points, implicitly closed), or nil when the
    /// points are not all finite, their extent is zero, the work would exceed the bounds above,
    /// or Clipper fails.
    static func nonZero(_ contours: [[Point]]) -> [[Point]]? {
        guard contours.reduce(0, { $0 + $1.count }) <= pointLimit else { return nil }
        var boxes: [Box] = []
        boxes.reserveCapacity(contours.count)
        for contour in contours {
            var box = Box()
            for p in contour {
                guard p.x.isFinite, p.y.isFinite else { return nil }
                box.add(p)
            }
            boxes.append(box)
        }
        guard crossingsAreBounded(contours, boxes: boxes) else { return nil }
        var all = Box()
        for box in boxes {
            all.add(box.lo)
            all.add(box.hi)
        }
        let (lo, hi) = (all.lo, all.hi)
        let mid = Point(lo.x / 2 + hi.x / 2, lo.y / 2 + hi.y / 2)
        let half = max(hi.x / 2 - lo.x / 2, hi.y / 2 - lo.y / 2)
        guard half > 0, half.isFinite else { return nil }
        // A power of two, so that scaling back is exact: half = m · 2^e with 1 ≤ m < 2, so
        // half · 2^(28 − e) < 2^29, inside Clipper's ±(2^30 − 1) after any rounding.
        let scale = Double(sign: .plus, exponent: 28 - half.exponent, significand: 1)
        guard scale.isFinite, scale > 0 else { return nil }
        var xy: [Int64] = []
        xy.reserveCapacity(2 * contours.reduce(0) { $0 + $1.count })
        var counts: [Int32] = []
        for contour in contours {
            for p in contour {
                xy.append(Int64(((p.x - mid.x) * scale).rounded()))
                xy.append(Int64(((p.y - mid.y) * scale).rounded()))
            }
            counts.append(Int32(contour.count))
        }
        guard let result = cpu_union_nonzero(xy, counts, Int32(counts.count)) else { return nil }
        defer { cpu_result_free(result) }
        var outCounts = [Int32](repeating: 0, count: Int(cpu_result_contour_count(result)))
        var outXY = [Int64](repeating: 0, count: 2 * Int(cpu_result_point_count(result)))
        cpu_result_copy(result, &outCounts, &outXY)
        let inverse = 1 / scale
        var united: [[Point]] = []
        united.reserveCapacity(outCounts.count)
        var at = 0
        for count in outCounts {
            var contour: [Point] = []
            contour.reserveCapacity(Int(count))
            for _ in 0..<Int(count) {
                contour.append(Point(Double(outXY[at]) * inverse + mid.x, Double(outXY[at + 1]) * inverse + mid.y))
                at += 2
            }
            united.append(contour)
        }
        return united
    }

    /// A contour's bounds, edges included (contours that only touch can still share edges).
    private struct Box {
        var lo = Point(.infinity, .infinity)
        var hi = Point(-.infinity, -.infinity)

        mutating func add(_ p: Point) {
            lo = Point(min(lo.x, p.x), min(lo.y, p.y))
            hi = Point(max(hi.x, p.x), max(hi.y, p.y))
        }

        func meets(_ other: Box) -> Bool {
            lo.x <= other.hi.x && other.lo.x <= hi.x && lo.y <= other.hi.y && other.lo.y <= hi.y
        }
    }

    /// Whether the edge pairs of contours whose bounds meet number at most `crossingBudget`.
    private static func crossingsAreBounded(_ contours: [[Point]], boxes: [Box]) -> Bool {
        var pairs = 0
        for i in contours.indices {
            for j in i..<contours.count where boxes[i].meets(boxes[j]) {
                pairs += contours[i].count * contours[j].count
                if pairs > crossingBudget { return false }
            }
        }
        return true
    }
}
