import Determinism
import Geometry
import Raster
import Testing

/// The fast path and the reference must agree within one 8-bit level: the fast path is within
/// ~0.002 of exact (flattening), the reference within 1/512 per nearly horizontal edge.
let levelTolerance: Float = 1 / 255

@Test("fast coverage matches the reference within 1/255 on 200 seeded random shapes")
func randomShapesMatchReference() {
    var random = SplitMix64(seed: 0x5EED_0000_0001)
    var worst: (Float, Int) = (0, -1)
    for n in 0..<200 {
        let w = random.uniform(0.2, 40)
        let h = random.uniform(0.2, 40)
        // One shape in five has square corners; the others a radius anywhere up to the maximum.
        let r = random.unit() < 0.2 ? 0 : random.uniform(0, min(w, h) / 2)
        let s = shape(
            w, h, radius: r, degrees: random.uniform(-180, 180),
            centre: random.uniform(-10, 58), random.uniform(-10, 58))
        let d = maxDifference(
            coverage(of: s, canvasWidth: 48, canvasHeight: 48),
            coverageReference(of: s, canvasWidth: 48, canvasHeight: 48),
            width: 48, height: 48)
        if d.0 > worst.0 { worst = (d.0, n) }
    }
    #expect(worst.0 <= levelTolerance, "shape \(worst.1) differs by \(worst.0 * 255)/255")
}

/// Edge cases by name, each on a 24 × 24 canvas.
let edgeCases: [(String, RoundedRect)] = [
    ("0.3 px square", shape(0.3, 0.3, centre: 12.4, 12.7)),
    ("0.3 px disk", shape(0.3, 0.3, radius: 0.15, degrees: 10, centre: 12.5, 12.5)),
    ("0.3 px wide line", shape(0.3, 18, degrees: 0.001, centre: 12.85, 12)),
    ("hairline across a pixel border", shape(0.3, 18, centre: 12, 12)),
    ("square corners at 0°", shape(15.3, 9.7, centre: 11.6, 12.2)),
    ("maximum radius (stadium)", shape(15.3, 9.7, radius: 100, degrees: 0, centre: 11.6, 12.2)),
    ("maximum radius (disk)", shape(15.3, 15.3, radius: 7.65, centre: 11.6, 12.2)),
    ("45°", shape(15, 10, radius: 3, degrees: 45, centre: 12, 12)),
    ("90°", shape(15, 10, radius: 3, degrees: 90, centre: 12.3, 11.9)),
    ("0.001°", shape(20, 6, radius: 2, degrees: 0.001, centre: 12.1, 12.05)),
    ("1e-9°", shape(20, 6, radius: 0, degrees: 1e-9, centre: 12.1, 12.05)),
    ("89.999°", shape(20, 6, radius: 2, degrees: 89.999, centre: 12.1, 12.05)),
    ("partly off the left", shape(20, 10, radius: 4, degrees: 12, centre: -3.3, 12)),
    ("partly off the right", shape(20, 10, radius: 4, degrees: 12, centre: 26.7, 12)),
    ("partly off the top", shape(20, 10, radius: 4, degrees: 12, centre: 12, -1.2)),
    ("partly off the bottom", shape(20, 10, radius: 4, degrees: 12, centre: 12, 25.1)),
    ("larger than the canvas", shape(100, 90, radius: 30, degrees: 8, centre: 12, 12)),
    ("wholly off the left", shape(10, 10, radius: 2, degrees: 30, centre: -9, 12)),
    ("wholly off the bottom right", shape(10, 10, radius: 2, degrees: 30, centre: 40, 40)),
    ("far away and huge", shape(1e5, 1e5, radius: 1e3, degrees: 3, centre: -5e4 + 10, 12)),
    (
        "non-uniform scale",
        RoundedRect(
            size: Size(10, 10), cornerRadius: 5,
            transform: AffineTransform(scaleX: 2, y: 0.5)
                .concatenating(AffineTransform(translationX: 12.2, y: 11.7)))
    ),
    (
        "mirrored",
        RoundedRect(
            size: Size(14, 9), cornerRadius: 4,
            transform: AffineTransform(scaleX: -1, y: 1).rotated(by: .degrees(20))
                .concatenating(AffineTransform(translationX: 12.2, y: 11.7)))
    ),
]

@Test(
    "fast coverage matches the reference within 1/255 on edge cases",
    arguments: edgeCases.map(\.0))
func edgeCaseMatchesReference(name: String) throws {
    let s = try #require(edgeCases.first { $0.0 == name }?.1)
    let d = maxDifference(
        coverage(of: s, canvasWidth: 24, canvasHeight: 24),
        coverageReference(of: s, canvasWidth: 24, canvasHeight: 24),
        width: 24, height: 24)
    #expect(d.0 <= levelTolerance, "differs by \(d.0 * 255)/255 at (\(d.1), \(d.2))")
}

@Test("border coverage matches the reference's outer minus inner within 1/255")
func borderMatchesReference() {
    var random = SplitMix64(seed: 0x5EED_0000_0002)
    for _ in 0..<40 {
        let w = random.uniform(2, 40)
        let h = random.uniform(2, 40)
        let outer = shape(
            w, h, radius: random.uniform(0, min(w, h) / 2),
            degrees: random.uniform(-180, 180),
            centre: random.uniform(0, 48), random.uniform(0, 48))
        let hole = outer.inset(by: random.uniform(0.2, 6))
        let fast = coverage(of: outer, minus: hole, canvasWidth: 48, canvasHeight: 48)
        let outerReference = coverageReference(of: outer, canvasWidth: 48, canvasHeight: 48)
        let innerReference = hole.map { coverageReference(of: $0, canvasWidth: 48, canvasHeight: 48) }
        var worst: Float = 0
        for y in 0..<48 {
            for x in 0..<48 {
                let expected = max(outerReference[x: x, y: y] - (innerReference?[x: x, y: y] ?? 0), 0)
                worst = max(worst, abs(fast[x: x, y: y] - expected))
            }
        }
        #expect(worst <= levelTolerance, "\(outer), hole \(String(describing: hole)): \(worst * 255)/255")
    }
}

@Test("the reference is within 1/512 of the exact coverage of an axis-aligned rectangle")
func referenceErrorBound() {
    // Exact coverage of [x0, x1] × [y0, y1]: the product of the overlaps on each axis.
    let (x0, x1, y0, y1) = (3.3, 17.81, 2.123, 9.9996)
    let s = RoundedRect(
        size: Size(x1 - x0, y1 - y0), cornerRadius: 0,
        transform: AffineTransform(translationX: (x0 + x1) / 2, y: (y0 + y1) / 2))
    let reference = coverageReference(of: s, canvasWidth: 20, canvasHeight: 12)
    var worst = 0.0
    for y in 0..<12 {
        for x in 0..<20 {
            let ox = max(0, min(x1, Double(x + 1)) - max(x0, Double(x)))
            let oy = max(0, min(y1, Double(y + 1)) - max(y0, Double(y)))
            worst = max(worst, abs(Double(reference[x: x, y: y]) - ox * oy))
        }
    }
    #expect(worst <= 1.0 / 512)
}

@Test(
    "masked corners: only the listed corners are rounded, matching the reference within 1/255 on 60 seeded shapes, with the exact area"
)
func maskedCornersMatchReference() {
    var random = SplitMix64(seed: 0x5EED_0000_0003)
    let masks: [CornerMask] = [
        [], [.topLeft, .topRight], [.bottomLeft], [.topRight, .bottomRight, .bottomLeft], .all,
    ]
    for n in 0..<60 {
        let w = random.uniform(4, 40)
        let h = random.uniform(4, 40)
        let mask = masks[n % masks.count]
        let s = RoundedRect(
            size: Size(w, h), cornerRadius: random.uniform(0.5, min(w, h) / 2), maskedCorners: mask,
            transform: AffineTransform(rotation: .degrees(random.uniform(-180, 180)))
                .concatenating(AffineTransform(translationX: random.uniform(0, 48), y: random.uniform(0, 48))))
        let fast = coverage(of: s, canvasWidth: 48, canvasHeight: 48)
        let d = maxDifference(fast, coverageReference(of: s, canvasWidth: 48, canvasHeight: 48), width: 48, height: 48)
        #expect(d.0 <= levelTolerance, "shape \(n) (\(mask)) differs by \(d.0 * 255)/255 at (\(d.1), \(d.2))")
    }
    // A bottom sheet: top corners rounded, bottom square. Its area loses two quarter-disk cut-offs.
    let sheet = RoundedRect(
        size: Size(20, 10), cornerRadius: 4, maskedCorners: [.topLeft, .topRight],
        transform: AffineTransform(translationX: 12, y: 12))
    #expect(abs(sheet.area - (200 - 2 * (1 - Double.pi / 4) * 16)) < 1e-12)
    let mask = coverage(of: sheet, canvasWidth: 24, canvasHeight: 24)
    #expect(mask[x: 2, y: 7] == 0 && mask[x: 2, y: 16] == 1, "top-left corner cut, bottom-left square")
}
