import CRasterKernels
import Determinism
import Testing

/// The glyph-mask blit's SIMD paths (SSE2, and AVX2 and AVX-512 where the CPU has them) against the scalar
/// definition `fb_blit_mask`, byte for byte.
@Suite("Glyph mask blit")
struct GlyphMaskBlitTests {
    /// A random mask with zero runs, full runs and partial bytes, over random premultiplied pixels.
    static func compare(seed: UInt64, level: Int32) -> (equal: Bool, touched: Int) {
        var rng = SplitMix64(seed: seed)
        let width = 1 + Int(rng.unit() * 70)
        let height = 1 + Int(rng.unit() * 20)
        let stride = width + Int(rng.unit() * 5)
        var mask = [UInt8](repeating: 0, count: stride * height)
        for i in mask.indices {
            let u = rng.unit()
            mask[i] = u < 0.35 ? 0 : u < 0.6 ? 255 : UInt8(rng.unit() * 256)
        }
        var extents = [UInt16](repeating: 0, count: 2 * height)
        for y in 0..<height {
            let a = Int(rng.unit() * Double(width + 1))
            let b = Int(rng.unit() * Double(width + 1))
            extents[2 * y] = UInt16(min(a, b))
            extents[2 * y + 1] = UInt16(max(a, b))
            for x in 0..<width where x < min(a, b) || x >= max(a, b) { mask[y * stride + x] = 0 }
        }
        func premultiplied(_ rng: inout SplitMix64) -> UInt32 {
            let a = UInt32(rng.unit() < 0.5 ? 255 : rng.unit() * 256)
            let c = (0..<3).map { _ in UInt32(rng.unit() * Double(a + 1)) }
            return c[0] | c[1] << 8 | c[2] << 16 | a << 24
        }
        let pixelStride = width + 3
        let pixels = (0..<pixelStride * height).map { _ in premultiplied(&rng) }
        let fill = premultiplied(&rng)
        let opacity = UInt32(rng.unit() < 0.5 ? 255 : rng.unit() * 256)
        // Blit a window: skip `column` mask columns, as a glyph cut by the canvas's left edge.
        let column = Int(rng.unit() * Double(width / 2))
        let blitWidth = width - column
        var expected = pixels
        var actual = pixels
        expected.withUnsafeMutableBufferPointer { p in
            mask.withUnsafeBufferPointer { m in
                fb_blit_mask(
                    p.baseAddress!, pixelStride, m.baseAddress! + column, stride, blitWidth, height, fill, opacity)
            }
        }
        fb_force_kernel_level_on_this_thread(level)
        defer { fb_force_kernel_level_on_this_thread(-1) }
        actual.withUnsafeMutableBufferPointer { p in
            mask.withUnsafeBufferPointer { m in
                extents.withUnsafeBufferPointer { e in
                    fb_blit_glyph_mask(
                        p.baseAddress!, pixelStride, m.baseAddress!, stride, e.baseAddress!, column,
                        blitWidth, height, fill, opacity)
                }
            }
        }
        return (expected == actual, zip(pixels, expected).filter { $0 != $1 }.count)
    }

    @Test(
        "the SIMD glyph blit writes fb_blit_mask's bytes for 400 random masks, paints and opacities, at each level",
        arguments: [FB_LEVEL_SSE2, FB_LEVEL_AVX2, FB_LEVEL_AVX512])
    func matchesScalar(level: Int32) {
        var touched = 0
        for seed in 0..<400 as Range<UInt64> {
            let r = Self.compare(seed: seed, level: level)
            #expect(r.equal, "seed \(seed)")
            touched += r.touched
        }
        #expect(touched > 10_000)
    }
}
