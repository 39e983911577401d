import Geometry
import Testing

@testable import Raster

/// Corner flattening keeps areas exact and the integer cells sum exactly; what moves Σ coverage
/// is the fixed-point grid (1/FB_CELL_ONE = 1/1024 px): vertices and each edge's row crossings
/// are rounded to it, ≤ 1/2048 px each way, so the area moves by at most (1 + √2)/2048 px² per
/// pixel of perimeter (the signs are random, so far less in practice: measured ≤ 0.025 px² on
/// these shapes, where the bound is ~0.24).
func areaTolerance(perimeter: Double) -> Double { perimeter * (1 + 2.0.squareRoot()) / 2048 + 1e-6 }

/// A rounded rect's perimeter in pixels, at most: 2(w + h) stretched by the transform.
func perimeterBound(_ s: RoundedRect) -> Double { 2 * (s.width + s.height) * s.transform.maximumStretch }

@Test("a rounded rect's area is w·h − (4 − π)·r², scaled by the transform's determinant")
func areaFormula() {
    let r = shape(30, 20, radius: 4, degrees: 33, centre: 0, 0)
    #expect(abs(r.area - (600 - (4 - Double.pi) * 16)) < 1e-9)
    let scaled = RoundedRect(
        size: Size(30, 20), cornerRadius: 4,
        transform: AffineTransform(scaleX: 2, y: -0.5))
    #expect(abs(scaled.area - r.area) < 1e-9)
    // Radius above min(w, h)/2 is clamped: a 30 × 20 box with radius 10 is a stadium.
    let stadium = shape(30, 20, radius: 50, centre: 0, 0)
    #expect(stadium.cornerRadius == 10)
    #expect(abs(stadium.area - (10 * 20 + Double.pi * 100)) < 1e-9)
}

@Test(
    "coverage sums to the exact area for rotated shapes at sub-pixel positions",
    arguments: [0, 45, 90, 17, 0.001, -123.4], [0, 0.4, 7.3, 20.25])
func coverageSumsToArea(degrees: Double, radius: Double) {
    let s = shape(60.3, 40.5, radius: radius, degrees: degrees, centre: 50.37, 49.81)
    let mask = coverage(of: s, canvasWidth: 100, canvasHeight: 100)
    #expect(abs(mask.sum - s.area) < areaTolerance(perimeter: perimeterBound(s)), "sum \(mask.sum), area \(s.area)")
}

@Test("coverage sums to the exact area under non-uniform scale, shear and mirroring")
func coverageSumsUnderGeneralTransforms() {
    let transforms = [
        AffineTransform(scaleX: 2.5, y: 0.7),
        AffineTransform(a: 1, b: 0.3, c: -0.8, d: 1.2, tx: 0, ty: 0),
        AffineTransform(scaleX: -1, y: 1).rotated(by: .degrees(21)),
    ]
    for t in transforms {
        let s = RoundedRect(
            size: Size(20, 14), cornerRadius: 5,
            transform: t.concatenating(AffineTransform(translationX: 40.2, y: 39.9)))
        let mask = coverage(of: s, canvasWidth: 80, canvasHeight: 80)
        #expect(
            abs(mask.sum - s.area) < areaTolerance(perimeter: perimeterBound(s)),
            "\(t): sum \(mask.sum), area \(s.area)")
    }
}

@Test("sub-pixel shapes cover their tiny area within the fixed-point grid's bound")
func subPixelShapesSum() {
    for (w, h, r) in [(0.3, 0.3, 0.0), (0.3, 0.3, 0.15), (0.05, 2.0, 0.02), (1e-3, 1e-3, 0.0)] {
        let s = shape(w, h, radius: r, degrees: 29, centre: 4.51, 4.48)
        let mask = coverage(of: s, canvasWidth: 8, canvasHeight: 8)
        #expect(
            abs(mask.sum - s.area) < areaTolerance(perimeter: perimeterBound(s)),
            "\(w)×\(h) r \(r): sum \(mask.sum), area \(s.area)")
    }
}

@Test(
    "clipping to the canvas leaves the coverage of on-canvas pixels unchanged",
    arguments: [
        (-20.0, 24.0), (70.0, 24.0), (24.0, -20.0), (24.0, 70.0), (-15.0, -15.0), (66.0, 66.0),
    ])
func clippingPreservesOnCanvasCoverage(cx: Double, cy: Double) {
    // The same shape drawn 100 px further right and down on a canvas big enough to hold it
    // whole: pixel (x, y) of the small canvas must match pixel (x + 100, y + 100).
    let s = shape(50, 30, radius: 9, degrees: 23, centre: cx, cy)
    let shifted = shape(50, 30, radius: 9, degrees: 23, centre: cx + 100, cy + 100)
    let clipped = coverage(of: s, canvasWidth: 48, canvasHeight: 48)
    let whole = coverage(of: shifted, canvasWidth: 250, canvasHeight: 250)
    #expect(abs(whole.sum - shifted.area) < areaTolerance(perimeter: perimeterBound(shifted)))
    var worst: Float = 0
    for y in 0..<48 {
        for x in 0..<48 { worst = max(worst, abs(clipped[x: x, y: y] - whole[x: x + 100, y: y + 100])) }
    }
    // A cut at the canvas edge is rounded to the 1/1024 px grid on its own, where the unclipped
    // walk rounds its row crossings: ≤ 1/1024 px of boundary apart, so ≤ 1/1024 of a pixel.
    #expect(worst <= 1.0 / 1024)
}

@Test("a shape partly off canvas covers the area the reference finds on canvas")
func partlyOffCanvasSumMatchesReference() {
    // The reference's sum errs only where the boundary runs nearly horizontally through a
    // sub-row (≤ 1/512 px² per px of such boundary); rotated shapes have almost none, so 1e-3 px².
    for (cx, cy, degrees) in [(-10.0, 20.0, 17.0), (45.0, 3.0, 61.0), (30.0, 47.0, -38.0)] {
        let s = shape(40, 25, radius: 8, degrees: degrees, centre: cx, cy)
        let fast = coverage(of: s, canvasWidth: 48, canvasHeight: 48).sum
        let reference = coverageReference(of: s, canvasWidth: 48, canvasHeight: 48).sum
        #expect(
            abs(fast - reference) < 1e-3 + areaTolerance(perimeter: perimeterBound(s)),
            "fast \(fast), reference \(reference)")
        #expect(fast < s.area - 1)
    }
}
