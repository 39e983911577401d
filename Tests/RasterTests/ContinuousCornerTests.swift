import Geometry
import Testing

@testable import Raster

/// `cornerCurve: continuous` against the published control points of iOS 7's
/// `UIBezierPath(roundedRect:cornerRadius:)` (PaintCode, "Code for iOS 7 rounded rectangles",
/// 2014), written out here independently of `CornerProfile`.
@Suite("Continuous corners")
struct ContinuousCornerTests {
    /// The top-right corner of a box whose top-right corner is at (0, 0), in units of the radius:
    /// the outline comes along the top side (x < 0, y = 0) and leaves down the right side (x = 0).
    /// (x, y) = (−a, b) for PaintCode's topRight(a, b).
    static let cubics: [[(Double, Double)]] = [
        [(1.52866483, 0), (1.08849323, 0), (0.86840689, 0), (0.66993427, 0.065496)],
        [(0.66993427, 0.065496), (0.66993427, 0.065496), (0.63149399, 0.074911), (0.63149399, 0.074911)],
        [(0.63149399, 0.074911), (0.37282392, 0.16905899), (0.16905899, 0.37282392), (0.074911, 0.63149399)],
        [(0.074911, 0.63149399), (0.074911, 0.63149399), (0.065496, 0.66993427), (0.065496, 0.66993427)],
        [(0.065496, 0.66993427), (0, 0.86840689), (0, 1.08849323), (0, 1.52866483)],
    ]

    /// The reference corner as dense points in pixels (radius `r`, corner at `corner`).
    static func reference(radius r: Double, corner: Point) -> [Point] {
        var points: [Point] = []
        for c in cubics {
            for i in 0...2000 {
                let u = Double(i) / 2000
                let v = 1 - u
                let w = [v * v * v, 3 * v * v * u, 3 * v * u * u, u * u * u]
                let a = zip(w, c).reduce(0) { $0 + $1.0 * $1.1.0 }
                let b = zip(w, c).reduce(0) { $0 + $1.0 * $1.1.1 }
                points.append(Point(corner.x - a * r, corner.y + b * r))
            }
        }
        return points
    }

    static func distance(_ p: Point, toPolyline line: [Point]) -> Double {
        var best = Double.infinity
        for (a, b) in zip(line, line.dropFirst()) {
            let (dx, dy) = (b.x - a.x, b.y - a.y)
            let length2 = dx * dx + dy * dy
            let t = length2 > 0 ? min(max(((p.x - a.x) * dx + (p.y - a.y) * dy) / length2, 0), 1) : 0
            let (ex, ey) = (a.x + t * dx - p.x, a.y + t * dy - p.y)
            best = min(best, (ex * ex + ey * ey).squareRoot())
        }
        return best
    }

    @Test("every outline vertex of a continuous corner lies on the published curve, within the flattening tolerance")
    func outlineFollowsTheControlPoints() {
        let r = 20.0
        let shape = RoundedRect(
            size: Size(200, 120), cornerRadius: r, cornerCurve: .continuous, transform: .identity)
        var outline: [Point] = []
        shape.flattenedOutline(into: &outline)
        let corner = Point(100, -60)
        let near = outline.filter { $0.x >= 100 - 1.53 * r && $0.y <= -60 + 1.53 * r }
        #expect(near.count > 20)
        let reference = Self.reference(radius: r, corner: corner)
        let worst = near.map { Self.distance($0, toPolyline: reference) }.max() ?? .infinity
        // The chords' own sagitta bound (0.005 px) plus the reference polyline's.
        #expect(worst < 0.006, "worst vertex \(worst) px off the curve")
        // The curve leaves the top side 1.52866483·r before the corner, and meets the right side as far below it.
        #expect(near.contains { abs($0.x - (100 - 1.52866483 * r)) < 1e-9 && $0.y == -60 })
        #expect(near.contains { $0.x == 100 && abs($0.y - (-60 + 1.52866483 * r)) < 1e-9 })
        // Nothing of the corner pokes outside the box or inside the circular corner's straight sides.
        #expect(outline.allSatisfy { abs($0.x) <= 100 + 1e-9 && abs($0.y) <= 60 + 1e-9 })
    }

    @Test("every corner of the box is the same curve, turned; masked-out corners stay square")
    func cornersAreSymmetric() {
        let shape = RoundedRect(
            size: Size(100, 100), cornerRadius: 10, maskedCorners: [.topRight, .bottomLeft], cornerCurve: .continuous,
            transform: .identity)
        var outline: [Point] = []
        shape.flattenedOutline(into: &outline)
        #expect(outline.contains(Point(50, 50)) && outline.contains(Point(-50, -50)))
        let topRight = Set(
            outline.filter { $0.x > 0 && $0.y < 0 }.map { "\(($0.x * 1e6).rounded()),\((-$0.y * 1e6).rounded())" })
        let bottomLeft = Set(
            outline.filter { $0.x < 0 && $0.y > 0 }.map { "\((-$0.x * 1e6).rounded()),\(($0.y * 1e6).rounded())" })
        #expect(topRight.count > 10)
        #expect(topRight == bottomLeft)
    }

    @Test(
        "where two continuous corners do not fit on a side, the curve blends toward the circle and reaches exactly half the side; at half the side it is the circle"
    )
    func tightCornersBlendToTheCircle() {
        // 100 × 60, radius 25: 1.528·25 = 38.2 > 30, so each corner reaches 30 along each side.
        var outline: [Point] = []
        RoundedRect(size: Size(100, 60), cornerRadius: 25, cornerCurve: .continuous, transform: .identity)
            .flattenedOutline(into: &outline)
        let top = outline.filter { $0.y == -30 }.map(\.x).sorted()
        #expect(top.first.map { abs($0 - -20) < 1e-9 } == true && top.last.map { abs($0 - 20) < 1e-9 } == true)
        let right = outline.filter { $0.x == 50 }.map(\.y).sorted()
        #expect(right.first.map { abs($0 - 0) < 1e-9 } == true)
        // A capsule: continuous and circular corners are the same outline.
        var capsule: [Point] = []
        var circular: [Point] = []
        RoundedRect(size: Size(100, 60), cornerRadius: 30, cornerCurve: .continuous, transform: .identity)
            .flattenedOutline(into: &capsule)
        RoundedRect(size: Size(100, 60), cornerRadius: 30, transform: .identity).flattenedOutline(into: &circular)
        #expect(capsule == circular)
    }

    @Test(
        "a continuous corner leaves 0.2247·r² of its square uncovered, the circle 0.2146·r² (areas of the published curve and of a quarter disk)"
    )
    func continuousLeavesMoreOfTheCorner() {
        func ink(_ curve: CornerCurve) -> Int {
            var list = DisplayList(width: 60, height: 60, background: .white)
            var rect = DrawRect(
                size: Size(60, 60), cornerRadius: 18, transform: AffineTransform(translationX: 30, y: 30), fill: .black)
            rect.cornerCurve = curve
            list.rects = [rect]
            let pixmap = Rasterizer.render(list)
            var ink = 0
            for y in 0..<60 { for x in 0..<60 { ink += 255 - Int(pixmap[x: x, y: y].r) } }
            return ink
        }
        // Each corner's uncovered area in r² (the shoelace area between the box's corner and the
        // cubics above, integrated at 10,000 points, against 1 − π/4), over 4 corners at r = 18 (1.528·r fits in half the side),
        // in 8-bit levels. The continuous corner's chords lie within 0.005 px of its ~1.9·r of
        // arc (the circle's are placed to keep its area exactly), so its area may be off by up to
        // 4 · 0.005 · 1.9 · 18 px² = 0.68 px², 175 levels; per-pixel rounding adds ±0.5 a pixel on
        // ~250 edge pixels (~5 levels typical).
        let expected = 4 * (0.2247025 - (1 - Double.pi / 4)) * 324 * 255
        let difference = Double(ink(.circular) - ink(.continuous))
        #expect(abs(difference - expected) < 180, "\(difference) levels against \(expected)")
    }
}
