import Geometry
import Raster
import Shapes
import Testing

@Test("absolute and relative commands give the same path")
func absoluteAndRelative() throws {
    let absolute = try SVGPathData.parse("M10 20 L30 20 H40 V50 C40 60 30 70 20 70 S0 60 10 50 Q15 40 20 35 T30 30 Z")
    let relative = try SVGPathData.parse(
        "m10 20 l20 0 h10 v30 c0 10 -10 20 -20 20 s-20 -10 -10 -20 q5 -10 10 -15 t10 -5 z")
    #expect(absolute == relative)
    #expect(absolute.elements.count == 9)
    #expect(absolute.elements[2] == .line(Point(40, 20)))
    // S reflects the previous cubic's second control point about the current point.
    #expect(absolute.elements[5] == .cubic(Point(10, 70), Point(0, 60), Point(10, 50)))
    // T reflects the previous quadratic's control point.
    #expect(absolute.elements[7] == .quad(Point(25, 30), Point(30, 30)))
}

@Test("numbers may run together as SVG allows, and a move's extra pairs are lines")
func compactNumbers() throws {
    let p = try SVGPathData.parse("M.5.5-1-1e1,2E-1 10 10 20")
    #expect(p.elements == [.move(Point(0.5, 0.5)), .line(Point(-1, -10)), .line(Point(0.2, 10)), .line(Point(10, 20))])
    let m = try SVGPathData.parse("m1 1 2 2")
    #expect(m.elements == [.move(Point(1, 1)), .line(Point(3, 3))])
}

@Test("a half-circle arc becomes two cubics that end on the end point and bound a half disk")
func arcs() throws {
    let p = try SVGPathData.parse("M10 50 A40 40 0 0 1 90 50 Z")
    #expect(p.elements.count == 4)
    #expect(p.elements[2] == .cubic(p.elements[2].controls.0, p.elements[2].controls.1, Point(90, 50)))
    // Sweep 1 with y down goes through the top: area π·40²/2 above y = 50.
    let area = coverage(of: p, canvasWidth: 100, canvasHeight: 100).sum
    #expect(abs(area - Double.pi * 1600 / 2) < 1)
    // Radii too small are scaled up (F.6.6); flags as single digits without separators.
    let small = try SVGPathData.parse("M10 50a1 1 0 1010 0")
    #expect(small.elements.count >= 2)
}

@Test(
    "malformed path data names the character offset",
    arguments: [
        ("L10 10", 0, "must start with a move"),
        ("M10 10 L20", 10, "expected a number, found the end"),
        ("M10 10 X20 20", 7, "unknown path command 'X'"),
        ("M10 10 L20 # 5", 11, "expected a number"),
        ("M0 0 A5 5 0 2 1 10 10", 12, "arc flag"),
        ("M0 0 Z 5 5", 7, "expected a command after Z"),
        ("M1e999 0", 1, "out of range"),
    ])
func malformedPathData(input: String, offset: Int, message: String) {
    #expect {
        _ = try SVGPathData.parse(input)
    } throws: { error in
        guard let e = error as? SVGPathError else { return false }
        return e.offset == offset && e.message.contains(message)
    }
}

@Test("path data longer than the limit is refused before parsing")
func tooLong() {
    let long = "M0 0" + String(repeating: " L1 1", count: SVGPathData.maxLength / 5 + 1)
    #expect(throws: SVGPathError.self) { _ = try SVGPathData.parse(long) }
}

@Test("ellipse, polygon and star helpers fill their expected areas")
func helpers() {
    let rect = Rect(x: 10, y: 10, width: 60, height: 40)
    let ellipse = coverage(of: ShapePaths.ellipse(in: rect), canvasWidth: 80, canvasHeight: 60).sum
    #expect(abs(ellipse - Double.pi * 30 * 20) / (Double.pi * 600) < 5e-4)  // the cubic circle's 2.7e-4
    let square = Rect(x: 10, y: 10, width: 40, height: 40)
    let hexagon = coverage(of: ShapePaths.polygon(sides: 6, in: square), canvasWidth: 60, canvasHeight: 60).sum
    // The fixed-point grid (Raster README) moves an area by ≤ (1 + √2)/2048 px² per px of
    // perimeter: 0.15 for these two (~120 px); measured 0.012 and 0.017.
    #expect(abs(hexagon - 3 * 3.0.squareRoot() / 2 * 400) < 0.15)
    // A star with inner radius r·cos72°/cos36° is the pentagram's outline: 10 triangles.
    let inner = Angle.degrees(72).cos / Angle.degrees(36).cos
    let star = coverage(
        of: ShapePaths.star(points: 5, innerRadius: inner, in: square), canvasWidth: 60, canvasHeight: 60
    ).sum
    let expected = 10 * 0.5 * 20 * 20 * inner * Angle.degrees(36).sin
    #expect(abs(star - expected) < 0.15)
}

extension Path.Element {
    var controls: (Point, Point) {
        if case .cubic(let a, let b, _) = self { return (a, b) }
        return (.zero, .zero)
    }
}
