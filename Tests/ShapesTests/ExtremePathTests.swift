import Geometry
import Raster
import Testing

@testable import Shapes

// Finite but extreme numbers in path data and stroke styles: refused with the place they occur,
// or drawn without trapping where they are legal.

@Test(
    "arc radii too small and numbers too large for the arc conversion are refused at their offset",
    arguments: [
        (
            "M0 0 A1e-200 1e-200 0 0 1 10 10", 6,
            "arc radius 1e-200 is too small: expected 0 (a straight line) or at least 0.000001"
        ),
        (
            "M0 0 A5 5e-324 0 0 1 10 10", 8,
            "arc radius 5e-324 is too small: expected 0 (a straight line) or at least 0.000001"
        ),
        ("M0 0 A 5 5 0 0 1 1e155 0", 17, "number '1e155' is out of range: expected a magnitude of at most 1e9"),
        ("M0 0 L-1e300 0", 6, "number '-1e300' is out of range: expected a magnitude of at most 1e9"),
    ])
func extremePathNumbers(input: String, offset: Int, message: String) {
    #expect(throws: SVGPathError(offset: offset, message: message)) { _ = try SVGPathData.parse(input) }
}

@Test("the limits themselves parse: radius 0.000001, coordinates ±1e9, endpoints a denormal apart")
func pathNumbersAtTheLimits() throws {
    let tiny = try SVGPathData.parse("M0 0 A0.000001 0.000001 0 0 1 10 10")
    #expect(tiny.isFinite && tiny.elements.count >= 2)
    let far = try SVGPathData.parse("M-1e9 -1e9 A1e9 1e9 0 1 1 1e9 1e9")
    #expect(far.isFinite && far.elements.count >= 2)
    // The chord's squares underflow to 0: a line, not a 0 / 0 centre.
    let close = try SVGPathData.parse("M0 0 A5 5 0 0 1 5e-324 0")
    #expect(close.elements == [.move(Point(0, 0)), .line(Point(5e-324, 0))])
}

@Test("round caps and joins 1e14 and 1e15 wide stroke without trapping and cover the canvas around them")
func hugeRoundStrokes() {
    for width in [1e14, 1e15] {
        // A round cap beyond the canvas' right edge: the canvas lies inside its half disk.
        let cap = Stroker.outline(
            of: line([Point(-100, 16), Point(40, 16)]), style: StrokeStyle(lineWidth: width, lineCap: .round),
            tolerance: 0.005)
        // A round join at the canvas' centre: its outer quarter (x > 16, y < 16) is the join's disk.
        let join = Stroker.outline(
            of: line([Point(-100, 16), Point(16, 16), Point(16, 200)]),
            style: StrokeStyle(lineWidth: width, lineJoin: .round), tolerance: 0.005)
        for outline in [cap, join] {
            #expect(outline.isFinite && !outline.isEmpty)
            #expect(area(outline, size: 32) == 32 * 32, "width \(width)")
        }
    }
}

/// The outline of an ellipse `width` × 90 stroked with round caps and a dash `pattern`, after
/// checking it is finite and not empty.
func dashedEllipseOutline(width: Double, lineWidth: Double, pattern: [Double], tolerance: Double) -> Path {
    let ellipse = ShapePaths.ellipse(in: Rect(x: 0, y: 0, width: width, height: 90))
    let style = StrokeStyle(lineWidth: lineWidth, lineCap: .round, lineDashPattern: pattern)
    let outline = Stroker.outline(of: ellipse, style: style, tolerance: tolerance)
    #expect(outline.isFinite && !outline.isEmpty)
    return outline
}

@Test(
    "a dashed ellipse 1e154 wide with round caps outlines in bounded points: at most 4,096 a turn, and covers the canvas"
)
func hugeDashedEllipseIsBounded() {
    // The ellipse of the bundled shapes scene, dashed [63, 8]: about 15 dashes, each with two
    // half-turn caps, and the flattened curve's hundreds of small joins between them.
    let outline = dashedEllipseOutline(width: 400, lineWidth: 1e154, pattern: [63, 8], tolerance: 0.0025)
    // Caps: 15 dashes × 2 half turns; joins: about one turn per side, two sides; one more point an arc.
    let points = outline.elements.count
    #expect(points < 4096 * (15 + 2) + 20_000, "\(points) points")
    #expect(area(outline, size: 32) == 32 * 32)
}

@Test(
    "a dashed ellipse 1e19 wide with 1,650 round-capped dashes shares the round-point budget: under 2^19 points, canvas covered"
)
func manyHugeDashesShareTheRoundPointBudget() {
    // The render fuzzer's case: an ellipse 16,384 wide dashed [12, 8] makes about 1,650 dashes,
    // whose half-turn caps at 4,096 chords a turn would take 6.8 M points (a 117 MB path).
    let outline = dashedEllipseOutline(width: 16384, lineWidth: 1e19, pattern: [12, 8], tolerance: 0.0018)
    // The round parts within the budget, plus the dashes' own points (at most 4 × 1,024 chords
    // of the flattened ellipse, twice, and a handful a dash).
    let points = outline.elements.count
    #expect(points <= Stroker.roundPointBudget + 2 * 4 * 1024 + 4 * 1650, "\(points) points")
    #expect(points > Stroker.roundPointBudget / 2, "\(points) points: the budget is spent, not undercut")
    #expect(area(outline, size: 32) == 32 * 32)
}

@Test("an ordinary dashed stroke is outlined the same with the round-point budget in place: 8 px round-capped dots")
func ordinaryDashesKeepTheirChords() {
    // 8 px wide at 0.005 px needs 2·acos(1 − 0.005/4) ≈ 0.1 rad chords: 63 a turn, far under
    // 4,096, so the budget changes nothing: each zero-length dash is a 63-gon.
    let line = line([Point(0, 0), Point(400, 0)])
    let style = StrokeStyle(lineWidth: 8, lineCap: .round, lineDashPattern: [0, 20])
    let outline = Stroker.outline(of: line, style: style, tolerance: 0.005)
    // 20 dots (at 0, 20, …, 380; a dash starting at the path's end is past it), each a contour
    // of 63 points: a move, 62 lines and a close.
    let moves = outline.elements.filter { if case .move = $0 { return true } else { return false } }
    #expect(moves.count == 20)
    #expect(outline.elements.count == 20 * 64)
}
