import Geometry
import Raster
import Testing

// Paths against the supersampled reference (`coverageReference(of: Path, ...)`, exact intervals
// along x on 256 strips per pixel row), which shares no code with the fast path.
//
// Tolerance 2/255 per pixel, and why: the fast path flattens curves to 0.005 px
// (`PathFlattening.tolerance`), so its boundary sits up to 0.005 px inside a convex arc and a
// pixel crossed by up to √2 px of boundary loses up to 0.007 (1.8/255); the reference adds at
// most 1/512 where the boundary runs nearly horizontally through a strip. Polygons (no
// flattening) are held to 1/255. Pixels near a self-crossing of the outline are excluded from
// the per-pixel bound (the accumulation sums windings of the pixel before folding, a known
// property of area accumulation, see `coverage(of: Path, ...)`), and held to a mean bound instead
// (0.5/255 over the 32 × 32 canvas).
let pathTolerance: Float = 2 / 255

/// Core Graphics' four-cubic circle (control distance k·r, k = 4(√2 − 1)/3), clockwise on screen
/// (y down) when `clockwise`, else counter-clockwise.
func circle(_ cx: Double, _ cy: Double, _ r: Double, clockwise: Bool = true) -> Path {
    let k = 4 * (2.0.squareRoot() - 1) / 3 * r
    let s: Double = clockwise ? 1 : -1
    var p = Path()
    p.move(to: Point(cx + r, cy))
    p.cubic(to: Point(cx, cy + s * r), control1: Point(cx + r, cy + s * k), control2: Point(cx + k, cy + s * r))
    p.cubic(to: Point(cx - r, cy), control1: Point(cx - k, cy + s * r), control2: Point(cx - r, cy + s * k))
    p.cubic(to: Point(cx, cy - s * r), control1: Point(cx - r, cy - s * k), control2: Point(cx - k, cy - s * r))
    p.cubic(to: Point(cx + r, cy), control1: Point(cx + k, cy - s * r), control2: Point(cx + r, cy - s * k))
    p.close()
    return p
}

/// A five-pointed star drawn as one self-intersecting pentagram (vertex i to vertex i + 2), and
/// the five points where its edges cross.
func pentagram(_ cx: Double, _ cy: Double, _ r: Double, degrees: Double = 0) -> (Path, [Point]) {
    func vertex(_ i: Int) -> Point {
        let a = Angle.degrees(degrees - 90 + 144 * Double(i))
        return Point(cx + r * a.cos, cy + r * a.sin)
    }
    var p = Path()
    p.move(to: vertex(0))
    for i in 1..<5 { p.line(to: vertex(i)) }
    p.close()
    // The inner pentagon's corners lie at r·cos 72°/cos 36° on the bisectors between star points.
    let inner = r * Angle.degrees(72).cos / Angle.degrees(36).cos
    let crossings = (0..<5).map { i -> Point in
        let a = Angle.degrees(degrees - 90 + 36 + 72 * Double(i))
        return Point(cx + inner * a.cos, cy + inner * a.sin)
    }
    return (p, crossings)
}

/// Largest difference outside 2 px of any point of `excluded`, and the mean difference over all.
func compare(_ fast: CoverageMask, _ reference: CoverageMask, size: Int, excluding excluded: [Point] = [])
    -> (worst: Float, at: (Int, Int), mean: Double)
{
    var worst: Float = 0
    var at = (0, 0)
    var total = 0.0
    for y in 0..<size {
        for x in 0..<size {
            let d = abs(fast[x: x, y: y] - reference[x: x, y: y])
            total += Double(d)
            let centre = Point(Double(x) + 0.5, Double(y) + 0.5)
            if excluded.contains(where: { $0.distance(to: centre) < 2 }) { continue }
            if d > worst {
                worst = d
                at = (x, y)
            }
        }
    }
    return (worst, at, total / Double(size * size))
}

struct PathCase: Sendable {
    var name: String
    var path: Path
    var transform = AffineTransform.identity
    var rule = FillRule.nonZero
    var clips: [RoundedRect] = []
    var crossings: [Point] = []
    var tolerance = pathTolerance
}

let pathCases: [PathCase] = {
    let rotate = AffineTransform(rotation: .degrees(17)).concatenating(AffineTransform(translationX: 3.3, y: -2.1))
    var quad = Path()
    quad.move(to: Point(3.2, 20.5))
    quad.quad(to: Point(28.7, 19.1), control: Point(14.1, -6.3))
    quad.quad(to: Point(3.2, 20.5), control: Point(17.4, 31.2))
    quad.close()
    var blob = Path()
    blob.move(to: Point(4.1, 9.3))
    blob.cubic(to: Point(27.6, 12.2), control1: Point(9.7, -4.8), control2: Point(30.2, 1.3))
    blob.cubic(to: Point(6.3, 28.4), control1: Point(24.1, 35.7), control2: Point(18.2, 12.6))
    blob.close()
    // A half annulus from cubic arcs (two quarter arcs each way), the outline of a thick arc stroke.
    var arc = circle(16.2, 16.7, 12.3)
    arc.append(circle(16.2, 16.7, 7.1, clockwise: false))
    var sameWay = circle(16.2, 16.7, 12.3)
    sameWay.append(circle(16.2, 16.7, 7.1))
    var overlapping = circle(12.3, 14.1, 8.6)
    overlapping.append(circle(19.8, 17.2, 9.1))
    let meets = circleIntersections(Point(12.3, 14.1), 8.6, Point(19.8, 17.2), 9.1)
    var concave = Path()
    for (i, p) in [Point(2.3, 3.1), Point(29.4, 4.7), Point(15.2, 14.9), Point(28.1, 29.6), Point(3.7, 27.2)]
        .enumerated()
    {
        if i == 0 { concave.move(to: p) } else { concave.line(to: p) }
    }
    var open = Path()
    open.move(to: Point(4.2, 4.4))
    open.line(to: Point(27.9, 8.3))
    open.line(to: Point(9.1, 28.6))
    let (star, crossings) = pentagram(16.3, 16.9, 14.2, degrees: 3)
    let clip = RoundedRect(
        size: Size(22, 17), cornerRadius: 5,
        transform: AffineTransform(rotation: .degrees(-11)).concatenating(AffineTransform(translationX: 16.4, y: 15.8)))
    let clip2 = RoundedRect(
        size: Size(30, 12), cornerRadius: 6, transform: AffineTransform(translationX: 15.1, y: 18.3))
    return [
        PathCase(name: "circle of cubics", path: circle(16.3, 15.8, 11.7)),
        PathCase(name: "circle of cubics, even-odd", path: circle(16.3, 15.8, 11.7), rule: .evenOdd),
        PathCase(name: "small circle", path: circle(9.4, 11.2, 1.3)),
        PathCase(name: "quadratic lens", path: quad),
        PathCase(name: "cubic blob, rotated", path: blob, transform: rotate),
        PathCase(name: "annulus of opposite contours, non-zero", path: arc),
        PathCase(name: "annulus of same-way contours, even-odd", path: sameWay, rule: .evenOdd),
        PathCase(name: "same-way contours, non-zero fills the hole", path: sameWay),
        PathCase(name: "overlapping circles, non-zero", path: overlapping, crossings: meets),
        PathCase(name: "overlapping circles, even-odd", path: overlapping, rule: .evenOdd, crossings: meets),
        PathCase(name: "concave polygon", path: concave, tolerance: 1 / 255),
        PathCase(name: "open contour filled as closed", path: open, tolerance: 1 / 255),
        PathCase(name: "pentagram, non-zero", path: star, crossings: crossings),
        PathCase(name: "pentagram, even-odd", path: star, rule: .evenOdd, crossings: crossings),
        PathCase(name: "pentagram clipped by a rotated rounded rect", path: star, clips: [clip], crossings: crossings),
        PathCase(
            name: "pentagram, even-odd, two nested clips", path: star, rule: .evenOdd, clips: [clip, clip2],
            crossings: crossings),
        PathCase(name: "circle larger than the canvas", path: circle(10.1, 40.3, 35.2)),
    ]
}()

/// The two points where two circles' outlines meet.
func circleIntersections(_ a: Point, _ ra: Double, _ b: Point, _ rb: Double) -> [Point] {
    let d = a.distance(to: b)
    let along = (ra * ra - rb * rb + d * d) / (2 * d)
    let h = (ra * ra - along * along).squareRoot()
    let u = (b - a) * (1 / d)
    let m = a + u * along
    return [m + Point(-u.y, u.x) * h, m - Point(-u.y, u.x) * h]
}

@Test("path coverage matches the supersampled reference within its tolerance", arguments: pathCases.map(\.name))
func pathMatchesReference(name: String) throws {
    let c = try #require(pathCases.first { $0.name == name })
    let fast = coverage(
        of: c.path, transform: c.transform, fillRule: c.rule, clippedTo: c.clips,
        canvasWidth: 32, canvasHeight: 32)
    var reference = coverageReference(
        of: c.path, transform: c.transform, fillRule: c.rule,
        canvasWidth: 32, canvasHeight: 32)
    if let first = c.clips.first {
        // Clipped paths are defined as path coverage × the clip region's coverage (see
        // `coverage(of: Path, ...)`): the reference is the product of the two references.
        let region = coverageReference(
            of: first, clippedTo: Array(c.clips.dropFirst()), canvasWidth: 32, canvasHeight: 32)
        reference = CoverageMask(box: reference.box, values: zip(reference.values, region.values).map { $0 * $1 })
    }
    let d = compare(fast, reference, size: 32, excluding: c.crossings.map { c.transform.apply(to: $0) })
    #expect(d.worst <= c.tolerance, "differs by \(d.worst * 255)/255 at \(d.at)")
    // Everywhere, crossings included: the mean stays far below one level.
    #expect(d.mean <= 0.5 / 255, "mean difference \(d.mean * 255)/255")
}

@Test(
    "a polygon's total coverage is its vertices' shoelace area on the 1/1024 px grid within 1/2048 px² per row crossed, for both fill rules of a simple outline"
)
func polygonAreaIsExact() {
    let points = [Point(2.3, 3.1), Point(29.4, 4.7), Point(15.2, 14.9), Point(28.1, 29.6), Point(3.7, 27.2)]
    var path = Path([.move(points[0])])
    for p in points.dropFirst() { path.line(to: p) }
    path.close()
    // The integer cells sum exactly; what moves the area is the vertices' rounding to the grid and
    // each row crossing's, by ≤ 1/2048 px sideways: ≤ 1/2048 px² per row an edge crosses.
    let crossings = points.indices.reduce(0.0) {
        $0 + abs(points[($1 + 1) % points.count].y - points[$1].y).rounded(.up) + 1
    }
    let grid = points.map { Point(($0.x * 1024).rounded() / 1024, ($0.y * 1024).rounded() / 1024) }
    var area = 0.0
    for (i, p) in grid.enumerated() {
        let q = grid[(i + 1) % grid.count]
        area += p.x * q.y - q.x * p.y
    }
    area = abs(area) / 2
    for rule in FillRule.allCases {
        let sum = coverage(of: path, fillRule: rule, canvasWidth: 32, canvasHeight: 32).sum
        #expect(abs(sum - area) <= crossings / 2048, "\(rule): \(sum) vs \(area)")
    }
}

@Test("a path with a non-finite point, an empty path and one off the canvas cover nothing")
func degeneratePathsCoverNothing() {
    var bad = circle(10, 10, 5)
    bad.line(to: Point(.nan, 3))
    let offCanvas = circle(-40, 10, 5)
    for path in [bad, Path(), offCanvas] {
        #expect(coverage(of: path, canvasWidth: 16, canvasHeight: 16).sum == 0)
    }
}

@Test("curves wholly off one side of the canvas become chords without changing any coverage")
func offCanvasCurvesAreChords() {
    // A huge circle mostly off the canvas: three of its quarters lie wholly left of, above or
    // below the canvas and are drawn as chords; only the right one is flattened. The reference
    // samples the true circle.
    let big = circle(-300.2, 12.4, 310.7)
    let fast = coverage(of: big, canvasWidth: 24, canvasHeight: 24)
    let reference = coverageReference(of: big, canvasWidth: 24, canvasHeight: 24)
    #expect(compare(fast, reference, size: 24).worst <= pathTolerance)
}
