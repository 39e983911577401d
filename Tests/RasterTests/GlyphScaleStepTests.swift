import CRasterKernels
import Geometry
import Testing

@testable import Raster

/// The glyph cache's C store finds a kept outline by the scale step it computes itself
/// (`fb_glyph_scale_step`); it must be the step Swift flattened that outline for
/// (`GlyphOutlines.scaleStep`), or a glyph would be drawn from an outline flattened too coarsely.
@Suite("Glyph scale steps")
struct GlyphScaleStepTests {
    static func cStep(_ t: AffineTransform) -> Int? {
        var step: Int32 = 0
        return fb_glyph_scale_step(t.a, t.b, t.c, t.d, &step) ? Int(step) : nil
    }

    @Test("C and Swift give the same step for font-unit scales, turns, shears, steps' edges and degenerate maps")
    func sameStepAsSwift() {
        var transforms: [AffineTransform] = [
            AffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0),
            AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0),
            AffineTransform(a: .infinity, b: 0, c: 0, d: 1, tx: 0, ty: 0),
            AffineTransform(a: 1e-300, b: 0, c: 0, d: 1e-300, tx: 0, ty: 0),
            AffineTransform(a: 1e300, b: 0, c: 0, d: 1e300, tx: 0, ty: 0),
            AffineTransform(a: 5e-324, b: 0, c: 0, d: 0, tx: 0, ty: 0),
        ]
        // Exactly at and next to the quarter steps 2^(k/4), where the rounding up is decided.
        for s in [1.0, 1.189207115002721, 1.4142135623730951, 1.681792830507429, 2, 0.5, 0.034] {
            for v in [s, s.nextUp, s.nextDown] {
                transforms.append(AffineTransform(a: v, b: 0, c: 0, d: -v, tx: 0, ty: 0))
            }
        }
        var seed: UInt64 = 0x5CA1_E57E_9000_0017
        func unit() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53)
        }
        for _ in 0..<2000 {
            let scale = 0.001 * (1 + 200 * unit())
            let turn = AffineTransform(rotation: .radians(2 * .pi * unit()))
            let shear = AffineTransform(a: 1, b: 0, c: unit() - 0.5, d: 1, tx: 0, ty: 0)
            transforms.append(
                AffineTransform(a: scale, b: 0, c: 0, d: -scale * (0.5 + unit()), tx: 0, ty: 0)
                    .concatenating(shear).concatenating(turn))
        }
        var mismatches = 0
        for t in transforms where Self.cStep(t) != GlyphOutlines.scaleStep(t) { mismatches += 1 }
        #expect(mismatches == 0)
        #expect(Self.cStep(AffineTransform(a: 0.034, b: 0, c: 0, d: -0.034, tx: 0, ty: 0)) == -19)
    }
}
