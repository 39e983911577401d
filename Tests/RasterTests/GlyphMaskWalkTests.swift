import CRasterKernels
import Foundation
import Testing

/// The glyph miss path walks a mask's chords 8 at a time with AVX2 (glyph_cache.c's
/// `gc_chords_avx2`, `gc_tall_edge_avx2`) and maps the outline 4 points a step; the scalar walk is
/// the definition. Polygons chosen to reach every lane case: chords inside one cell, across two
/// cells, across one row boundary, edges over many rows (vertical stems and slanted ones), pieces
/// over three or more cells (long shallow edges), contours of fewer than 8 and of 8k + r chords.
@Suite("Glyph mask walk")
struct GlyphMaskWalkTests {
    /// A closed polygon per contour, in outline units (y down), with its contour ends.
    struct Outline {
        var points: [Double] = []
        var ends: [Int32] = []

        mutating func contour(_ p: [(Double, Double)]) {
            for (x, y) in p {
                points.append(x)
                points.append(y)
            }
            ends.append(Int32(points.count / 2))
        }
    }

    static let outlines: [Outline] = {
        var n = Outline()  // an "N": two vertical stems and a long diagonal
        n.contour([(0, 0), (3, 0), (17, 24), (17, 0), (20, 0), (20, 30), (17, 30), (3, 6), (3, 30), (0, 30)])
        var ring = Outline()  // two circles of short chords (a flattened "O"), opposite windings
        for (radius, sign) in [(14.0, 1.0), (9.0, -1.0)] {
            let count = radius == 14 ? 157 : 101
            ring.contour(
                (0..<count).map { i in
                    let a = sign * 2 * Double.pi * Double(i) / Double(count)
                    return (15 + radius * cos(a), 15 + radius * sin(a))
                })
        }
        var sliver = Outline()  // long shallow edges and a tiny triangle (fewer than 8 chords)
        sliver.contour([(0, 0), (40, 1.3), (40, 2.1), (0, 0.4)])
        sliver.contour([(5, 5), (5.3, 5.1), (5.1, 5.6)])
        var star = Outline()  // a seeded random star: chords of every length and slope
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        star.contour(
            (0..<83).map { i in
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let r = 4 + Double(seed >> 40) / Double(1 << 24) * 14
                let a = 2 * Double.pi * Double(i) / 83
                return (18 + r * cos(a), 18 + r * sin(a))
            })
        return [n, ring, sliver, star]
    }()

    static func mask(_ outline: Outline, _ t: fb_glyph_transform, baseline: Bool) -> (geometry: [Int32], bytes: [UInt8])
    {
        var xs = [Double]()
        var ys = [Double]()
        for i in stride(from: 0, to: outline.points.count, by: 2) {
            xs.append(outline.points[i])
            ys.append(outline.points[i + 1])
        }
        return outline.points.withUnsafeBufferPointer { points in
            outline.ends.withUnsafeBufferPointer { ends in
                var o = fb_glyph_outline(
                    points: points.baseAddress, ends: ends.baseAddress, contours: ends.count, min_x: xs.min()!,
                    min_y: ys.min()!, max_x: xs.max()!, max_y: ys.max()!)
                var geometry = [Int32](repeating: 0, count: 4)
                let size = fb_glyph_mask_compute(&o, t, &geometry, nil, 0)
                var bytes = [UInt8](repeating: 0, count: max(size, 1))
                fb_use_baseline_kernels_on_this_thread(baseline)
                _ = fb_glyph_mask_compute(&o, t, &geometry, &bytes, size)
                fb_use_baseline_kernels_on_this_thread(false)
                return (geometry, bytes)
            }
        }
    }

    @Test("masks walked in AVX2 lanes equal the scalar walk's at every scale, angle, shear and phase")
    func lanesEqualScalar() {
        var compared = 0
        var inked = 0
        for (index, outline) in Self.outlines.enumerated() {
            for scale in [0.35, 1, 1.7, 4.5] {
                for step in 0..<24 {
                    let angle = Double(step) * 15.5 * Double.pi / 180
                    let shear = step % 3 == 0 ? 0.3 : 0
                    let t = fb_glyph_transform(
                        a: scale * cos(angle), b: scale * sin(angle), c: scale * (shear - sin(angle)),
                        d: scale * cos(angle), tx: Double((step * 23 + index * 7) % 64) / 64,
                        ty: Double((step * 11 + index * 5) % 64) / 64)
                    let scalar = Self.mask(outline, t, baseline: true)
                    let lanes = Self.mask(outline, t, baseline: false)
                    #expect(scalar.geometry == lanes.geometry)
                    #expect(scalar.bytes == lanes.bytes, "outline \(index), scale \(scale), step \(step)")
                    compared += 1
                    if scalar.bytes.contains(where: { $0 != 0 }) { inked += 1 }
                }
            }
        }
        #expect(compared == 384)
        #expect(inked == 384)
    }
}
