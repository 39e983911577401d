import Geometry
import Testing

@Suite("Geometry")
struct GeometryTests {
    @Test("a rotation turns the x axis clockwise on screen (y down)")
    func rotationIsClockwise() {
        let p = AffineTransform(rotation: .degrees(90)).apply(to: Point(1, 0))
        #expect(abs(p.x) < 1e-15 && abs(p.y - 1) < 1e-15)
    }

    @Test("concatenating applies the left transform first, like CGAffineTransformConcat")
    func concatenationOrder() {
        let scaleThenMove = AffineTransform(scaleX: 2, y: 2).concatenating(AffineTransform(translationX: 10, y: 0))
        #expect(scaleThenMove.apply(to: Point(1, 1)) == Point(12, 2))
        let moveThenScale = AffineTransform(translationX: 10, y: 0).concatenating(AffineTransform(scaleX: 2, y: 2))
        #expect(moveThenScale.apply(to: Point(1, 1)) == Point(22, 2))
    }

    @Test("the inverse undoes the transform, and a singular transform has none")
    func inverse() throws {
        let t = AffineTransform(rotation: .radians(0.3)).concatenating(AffineTransform(translationX: 5, y: -7))
            .scaledBy(x: 2, y: 3)
        let inv = try #require(t.inverted)
        let p = inv.apply(to: t.apply(to: Point(1.5, -2.25)))
        #expect(abs(p.x - 1.5) < 1e-12 && abs(p.y + 2.25) < 1e-12)
        #expect(AffineTransform(scaleX: 0, y: 1).inverted == nil)
    }

    @Test("rotationAngle reads atan2(b, a) as UIKit Dynamics does")
    func rotationAngle() {
        let t = AffineTransform(rotation: .radians(-0.75)).scaledBy(x: 3, y: 3)
        #expect(abs(t.rotationAngle.radians + 0.75) < 1e-15)
    }

    @Test("the bounding box of a square turned 45° is √2 times wider (the view frame formula)")
    func boundingBoxOfRotatedSquare() {
        let box = boundingBox(
            of: Rect(center: .zero, size: Size(60, 60)), under: AffineTransform(rotation: .degrees(45)))
        #expect(abs(box.width - 60 * 2.0.squareRoot()) < 1e-12)
        #expect(abs(box.midX) < 1e-12 && abs(box.midY) < 1e-12)
    }

    @Test("rect intersection and overlap follow CGRect: touching edges do not intersect")
    func rectIntersection() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(a.intersection(Rect(x: 5, y: 5, width: 10, height: 10)) == Rect(x: 5, y: 5, width: 5, height: 5))
        #expect(a.intersects(Rect(x: 10, y: 0, width: 5, height: 5)) == false)
        #expect(a.intersection(Rect(x: 20, y: 20, width: 1, height: 1)) == .null)
        #expect(a.union(.null) == a)
    }

    @Test("degrees and radians convert exactly at the right angles")
    func angleUnits() {
        #expect(Angle.degrees(180).radians == .pi)
        #expect(Angle.radians(.pi / 2).degrees == 90)
    }
}

@Suite("Path")
struct PathTests {
    @Test("applying a transform maps every on-curve and control point and keeps close")
    func applyingTransform() {
        var path = Path()
        path.move(to: Point(0, 0))
        path.quad(to: Point(2, 0), control: Point(1, 1))
        path.cubic(to: Point(4, 4), control1: Point(3, 0), control2: Point(4, 1))
        path.close()
        let moved = path.applying(AffineTransform(translationX: 10, y: 20))
        #expect(
            moved.elements == [
                .move(Point(10, 20)), .quad(Point(11, 21), Point(12, 20)),
                .cubic(Point(13, 20), Point(14, 21), Point(14, 24)), .close,
            ])
    }

    @Test("control-point bounds hold every point, and an empty path has the null rect")
    func controlPointBounds() {
        var path = Path()
        path.move(to: Point(1, 2))
        path.cubic(to: Point(3, 1), control1: Point(-1, 5), control2: Point(4, -3))
        #expect(path.controlPointBounds == Rect(x: -1, y: -3, width: 5, height: 8))
        #expect(Path().controlPointBounds == .null)
        #expect(!Path([.move(Point(.nan, 0))]).isFinite)
    }

    @Test("bounds hold the outline itself: a quad's apex and a cubic's extremes, not their control points")
    func exactBounds() {
        // The quad (0, 0) → (2, 0) with control (1, 2) peaks at y = 1; the cubic from (2, 0) to
        // (4, 0) with controls (2, −3) and (4, −3) dips to y = −2.25 at t = 1/2.
        var path = Path([
            .move(Point(0, 0)), .quad(Point(1, 2), Point(2, 0)), .cubic(Point(2, -3), Point(4, -3), Point(4, 0)),
        ])
        #expect(path.bounds == Rect(x: 0, y: -2.25, width: 4, height: 3.25))
        // A cubic whose x turns twice, against dense sampling (within the sampling's error).
        path = Path([.move(Point(0, 0)), .cubic(Point(3, 0), Point(-2, 1), Point(1, 1))])
        var minX = Double.infinity
        var maxX = -Double.infinity
        for k in 0...100_000 {
            let t = Double(k) / 100_000
            let u = 1 - t
            let x = 3 * u * u * t * 3 + 3 * u * t * t * -2 + t * t * t
            minX = min(minX, x)
            maxX = max(maxX, x)
        }
        #expect(abs(path.bounds.minX - minX) < 1e-8 && abs(path.bounds.maxX - maxX) < 1e-8 && path.bounds.minX <= minX)
        #expect(path.bounds.minY == 0 && path.bounds.maxY == 1)
        #expect(Path().bounds == .null)
    }
}
