import Geometry
import Raster
import Testing

@testable import Shapes

// Stroke outlines measured by the area Raster fills from them (Σ coverage, exact area for
// polygons up to Float rounding, ~1e-4 px² here), against areas computed by hand.
// Tolerances: 1e-3 px² where the outline is exactly a polygon (straight segments, miter and
// bevel joins, butt and square caps); where a round cap, join or a circle is flattened, the
// chords (sagitta ≤ 0.001 px, the tolerance passed below) lose at most 0.001 × its perimeter.

func area(_ path: Path, size: Int = 96) -> Double {
    coverage(of: path, canvasWidth: size, canvasHeight: size).sum
}

func line(_ points: [Point], closed: Bool = false) -> Path {
    var p = Path([.move(points[0])])
    for q in points.dropFirst() { p.line(to: q) }
    if closed { p.close() }
    return p
}

func stroked(_ path: Path, _ style: StrokeStyle) -> Path {
    Stroker.outline(of: path, style: style, tolerance: 0.001)
}

@Test("a stroked straight line covers length × width, rotated or not")
func straightLineArea() {
    let flat = stroked(line([Point(10, 20), Point(50, 20)]), StrokeStyle(lineWidth: 6))
    #expect(abs(area(flat) - 240) < 1e-3)
    let a = Angle.degrees(31).unitVector
    let tilted = stroked(line([Point(20, 20), Point(20, 20) + a * 40]), StrokeStyle(lineWidth: 6))
    // Off the axes the fixed-point grid (Raster README) moves the area by ≤ (1 + √2)/2048 px² per
    // px of perimeter (92 px here: 0.11); measured 0.013.
    #expect(abs(area(tilted) - 240) < 0.11)
}

@Test("square caps add width²/2 at each end and round caps a disk of the width, π·w²/4")
func capAreas() {
    let l = line([Point(20, 30), Point(60, 30)])
    #expect(abs(area(stroked(l, StrokeStyle(lineWidth: 6, lineCap: .square))) - 46 * 6) < 1e-3)
    let round = area(stroked(l, StrokeStyle(lineWidth: 6, lineCap: .round)))
    #expect(abs(round - (240 + Double.pi * 36 / 4)) < 0.02)
}

@Test("a right-angle corner: miter fills the square corner, bevel cuts half of it, round a quarter disk")
func joinAreas() {
    let corner = line([Point(10, 10), Point(50, 10), Point(50, 40)])
    // Horizontal arm [10, 52] × [8, 12] and vertical arm [48, 52] × [12, 40]: 168 + 112.
    #expect(abs(area(stroked(corner, StrokeStyle(lineWidth: 4, lineJoin: .miter))) - 280) < 1e-3)
    #expect(abs(area(stroked(corner, StrokeStyle(lineWidth: 4, lineJoin: .bevel))) - 278) < 1e-3)
    #expect(abs(area(stroked(corner, StrokeStyle(lineWidth: 4, lineJoin: .round))) - (276 + Double.pi)) < 0.01)
    // The right angle's miter ratio is 1/sin 45° = √2: a limit below it bevels.
    #expect(abs(area(stroked(corner, StrokeStyle(lineWidth: 4, lineJoin: .miter, miterLimit: 1.4))) - 278) < 1e-3)
    #expect(abs(area(stroked(corner, StrokeStyle(lineWidth: 4, lineJoin: .miter, miterLimit: 1.42))) - 280) < 1e-3)
}

@Test("a closed square stroked with miters is the frame between two squares")
func closedSquare() {
    let square = line([Point(20, 20), Point(60, 20), Point(60, 60), Point(20, 60)], closed: true)
    #expect(abs(area(stroked(square, StrokeStyle(lineWidth: 4))) - (44 * 44 - 36 * 36)) < 1e-3)
}

/// A circle of four cubics (Core Graphics' k = 0.5523 control distance; its radius is exact
/// to 2.7e-4 relative, which the tolerance below allows for).
func circlePath(_ c: Point, _ r: Double) -> Path {
    let k = 4 * (2.0.squareRoot() - 1) / 3 * r
    var p = Path([.move(Point(c.x + r, c.y))])
    p.cubic(to: Point(c.x, c.y + r), control1: Point(c.x + r, c.y + k), control2: Point(c.x + k, c.y + r))
    p.cubic(to: Point(c.x - r, c.y), control1: Point(c.x - k, c.y + r), control2: Point(c.x - r, c.y + k))
    p.cubic(to: Point(c.x, c.y - r), control1: Point(c.x - r, c.y - k), control2: Point(c.x - k, c.y - r))
    p.cubic(to: Point(c.x + r, c.y), control1: Point(c.x + k, c.y - r), control2: Point(c.x + r, c.y - k))
    p.close()
    return p
}

@Test("a stroked circle is an annulus, and strokeEnd 0.5 or strokeStart 0.25 to strokeEnd 0.75 draws half of it")
func ringAndTrim() {
    let ring = circlePath(Point(40, 40), 20)
    let full = Double.pi * (22 * 22 - 18 * 18)
    #expect(abs(area(stroked(ring, StrokeStyle(lineWidth: 4))) - full) / full < 5e-4)
    let half = area(stroked(ring, StrokeStyle(lineWidth: 4, strokeEnd: 0.5)))
    #expect(abs(half - full / 2) / full < 5e-4)
    let middle = area(stroked(ring, StrokeStyle(lineWidth: 4, strokeStart: 0.25, strokeEnd: 0.75)))
    #expect(abs(middle - full / 2) / full < 5e-4)
    #expect(stroked(ring, StrokeStyle(lineWidth: 4, strokeStart: 0.6, strokeEnd: 0.6)).isEmpty)
}

@Test("dashes take their lengths from the pattern and the phase; an odd pattern repeats")
func dashes() {
    let l = line([Point(10, 30), Point(50, 30)])
    // On while (s + 3) mod 10 < 6: [0, 3], [7, 13], [17, 23], [27, 33], [37, 40]: 24 long.
    #expect(abs(area(stroked(l, StrokeStyle(lineWidth: 6, lineDashPattern: [6, 4], lineDashPhase: 3))) - 144) < 1e-3)
    // [5] is [5, 5]: four dashes of 5.
    #expect(abs(area(stroked(l, StrokeStyle(lineWidth: 6, lineDashPattern: [5]))) - 120) < 1e-3)
    // A negative phase counts back: (s − 2) mod 10 < 5 → [2, 7], [12, 17], [22, 27], [32, 37].
    #expect(abs(area(stroked(l, StrokeStyle(lineWidth: 6, lineDashPattern: [5, 5], lineDashPhase: -2))) - 120) < 1e-3)
    // Square caps on every dash: [0, 5], [13, 18], [26, 31], [39, 40], each 3 longer at both ends.
    #expect(
        abs(
            area(stroked(l, StrokeStyle(lineWidth: 6, lineCap: .square, lineDashPattern: [5, 8]))) - (11 + 11 + 11 + 7)
                * 6) < 1e-3)
}

@Test("a dash pattern restarts at each subpath, its phase applied again, as Core Graphics and SVG dash")
func dashesRestartPerSubpath() {
    // Two 13 pt lines, [5, 5]: each dashed [0, 5] and [10, 13], 8 pt on. Carried over from the
    // first, the second would start 3 pt into a gap: [7, 12], 5 pt.
    let two = Path([.move(Point(10, 30)), .line(Point(23, 30)), .move(Point(10, 60)), .line(Point(23, 60))])
    #expect(abs(area(stroked(two, StrokeStyle(lineWidth: 2, lineDashPattern: [5, 5]))) - 2 * 16) < 1e-3)
    // The phase is applied to each: 2 in → [0, 3] and [8, 13] on each, 8 pt again.
    #expect(
        abs(area(stroked(two, StrokeStyle(lineWidth: 2, lineDashPattern: [5, 5], lineDashPhase: 2))) - 2 * 16) < 1e-3)
    // strokeEnd still measures the whole path: 0.75 of 26 pt ends 6.5 pt into the second line.
    #expect(
        abs(area(stroked(two, StrokeStyle(lineWidth: 2, lineDashPattern: [5, 5], strokeEnd: 0.75))) - 2 * (8 + 5))
            < 1e-3)
}

@Test(
    "a path's subpaths stroke as one region: one retraced covers its area once, and two meeting with round caps cover their union"
)
func subpathsStrokeAsTheirUnion() {
    // 40 × 6 on half pixels: summed before the coverage fold, the two copies' edge rows (0.5 px
    // each) would count twice, 280 instead of 240.
    let twice = Path([.move(Point(10, 20.5)), .line(Point(50, 20.5)), .move(Point(10, 20.5)), .line(Point(50, 20.5))])
    #expect(abs(area(stroked(twice, StrokeStyle(lineWidth: 6))) - 240) < 1e-3)
    // Stroked icon sets' corner, `M9 4.2V9M9 9H4.2` at 4×: arms [33, 39] × [16.8, 36] and
    // [16.8, 36] × [33, 39] (115.2 each, 9 shared), their far caps a disk of radius 3 between them,
    // and of the two caps at the corner only the quadrant outside both arms: 221.4 + 9π + 9π/4.
    // It is the area of one subpath turning there with a round join.
    let corner = Path([
        .move(Point(36, 16.8)), .line(Point(36, 36)), .move(Point(36, 36)), .line(Point(16.8, 36)),
    ])
    let round = StrokeStyle(lineWidth: 6, lineCap: .round, lineJoin: .round)
    let expected = 221.4 + 9 * Double.pi * 1.25
    #expect(abs(area(stroked(corner, round)) - expected) < 0.02)
    #expect(abs(area(stroked(line([Point(36, 16.8), Point(36, 36), Point(16.8, 36)]), round)) - expected) < 0.02)
}

@Test("a subpath of one point draws a disk with round caps and nothing with butt caps")
func dots() {
    let point = Path([.move(Point(30, 30)), .line(Point(30, 30))])
    #expect(abs(area(stroked(point, StrokeStyle(lineWidth: 6, lineCap: .round))) - Double.pi * 9) < 0.02)
    #expect(stroked(point, StrokeStyle(lineWidth: 6)).isEmpty)
}

@Test("zero width, a non-finite point or an empty path stroke nothing")
func nothingToStroke() {
    let l = line([Point(10, 30), Point(50, 30)])
    #expect(stroked(l, StrokeStyle(lineWidth: 0)).isEmpty)
    #expect(stroked(line([Point(10, 30), Point(.nan, 30)]), StrokeStyle(lineWidth: 2)).isEmpty)
    #expect(stroked(Path(), StrokeStyle(lineWidth: 2)).isEmpty)
}

@Test("a stroke wider than its circle's diameter fills the whole disk of radius r + w/2")
func strokeSwallowsTheHole() {
    let small = circlePath(Point(40, 40), 2)
    let expected = Double.pi * 25
    #expect(abs(area(stroked(small, StrokeStyle(lineWidth: 6))) - expected) / expected < 1e-3)
}

@Test("a sharp turn with a miter limit of 10 bevels beyond it and miters within it")
func sharpTurns() {
    // Turning back by 170°: the ratio 1/sin(5°) = 11.5 exceeds 10, so the corner is bevelled.
    let tip = Point(50, 40)
    let dir = Angle.degrees(170).unitVector
    let sharp = line([Point(10, 40), tip, tip + dir * 40])
    let bevel = area(stroked(sharp, StrokeStyle(lineWidth: 2, lineJoin: .bevel)))
    #expect(abs(area(stroked(sharp, StrokeStyle(lineWidth: 2, lineJoin: .miter))) - bevel) < 1e-6)
    #expect(area(stroked(sharp, StrokeStyle(lineWidth: 2, lineJoin: .miter, miterLimit: 12))) > bevel + 1)
}

@Test("a closed path's dashes follow it round, and a pattern finer than the dash limit strokes solid")
func closedDashesAndLimit() {
    let square = line([Point(20, 20), Point(60, 20), Point(60, 60), Point(20, 60)], closed: true)
    // Perimeter 160 with [10, 10]: 8 dashes of 10 with butt caps; two straddle no corner.
    let dashed = area(stroked(square, StrokeStyle(lineWidth: 2, lineDashPattern: [10, 10])))
    #expect(abs(dashed - 8 * 10 * 2) < 1e-3)
    // 160 / 0.001 × 2 > 100,000 dashes: solid, the whole frame between two squares.
    let fine = area(stroked(square, StrokeStyle(lineWidth: 2, lineDashPattern: [0.0005, 0.0005])))
    #expect(abs(fine - (42 * 42 - 38 * 38)) < 1e-3, "\(fine)")
}

@Test(
    "zero-length dashes draw dotted lines: a disk per dash with round caps, a square turned with the line with square caps, nothing with butt caps"
)
func dottedLines() {
    // A dot every 10 pt along 40 pt: at 0, 10, 20 and 30 (dashes start before the end, as
    // dashes of any length do).
    let l = line([Point(10, 30), Point(50, 30)])
    let round = stroked(l, StrokeStyle(lineWidth: 4, lineCap: .round, lineDashPattern: [0, 10]))
    #expect(abs(area(round) - 4 * Double.pi * 4) < 0.05)
    #expect(stroked(l, StrokeStyle(lineWidth: 4, lineDashPattern: [0, 10])).isEmpty)
    // On a 45° line the square is turned 45°: the same area, its corners 2√2 out along the axes
    // where an axis-aligned square's would be 2.
    let diagonal = line([Point(20, 20), Point(60, 60)])
    let square = stroked(diagonal, StrokeStyle(lineWidth: 4, lineCap: .square, lineDashPattern: [0, 100]))
    #expect(abs(area(square) - 16) < 0.01)
    let xs = square.elements.compactMap { element -> Double? in
        switch element {
        case .move(let p), .line(let p): return abs(p.x - 20)
        default: return nil
        }
    }
    #expect(abs((xs.max() ?? 0) - 2 * 2.0.squareRoot()) < 1e-5)
}
