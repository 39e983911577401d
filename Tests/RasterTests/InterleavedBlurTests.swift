import CRasterKernels
import Determinism
import Testing

@testable import Raster

/// `fb_blur_rgba` (a layer blur's exact path: four channels interleaved, rows streamed in strips)
/// against its definition: each channel's bytes as one Float plane through `fb_blur_separable`,
/// alpha first, rounded as Swift rounds and each colour held to the new alpha.
@Suite("Interleaved layer blur")
struct InterleavedBlurTests {
    /// The definition, one plane at a time.
    private func reference(
        _ pixels: [UInt8], width w: Int, height h: Int, kernel: [Float], k: Int, active: Range<Int>
    ) -> [UInt8] {
        var out = pixels
        var plane = [Float](repeating: 0, count: w * h)
        var temp = [Float](repeating: 0, count: w * h)
        for channel in [3, 0, 1, 2] {
            for i in 0..<(w * h) { plane[i] = Float(pixels[4 * i + channel]) }
            fb_blur_separable(&plane, &temp, w, h, kernel, k, active.lowerBound, active.upperBound, 0, w, 0, h)
            for i in 0..<(w * h) {
                var value = UInt8(min(max(plane[i], 0), 255) + 0.5)
                if channel != 3 { value = min(value, out[4 * i + 3]) }
                out[4 * i + channel] = value
            }
        }
        return out
    }

    @Test(
        "the interleaved, streamed blur has the bits of blurring each channel's plane, at every kernel level, across strips and partial active rows",
        arguments: [(37, 75, 1.2), (64, 33, 3.0), (101, 130, 2.5), (9, 70, 4.0)])
    func interleavedMatchesPlanes(width w: Int, height h: Int, sigma: Double) {
        var random = SplitMix64(seed: UInt64(w * 1000 + h))
        let k = Int((LayerBlur.reach * sigma).rounded(.up))
        let kernel = gaussianKernel(sigma: sigma, halfWidth: k)
        for active in [0..<h, (h / 5)..<(h - h / 3)] {
            // Premultiplied pixels (each colour ≤ its alpha), with transparent and opaque runs.
            var pixels = [UInt8](repeating: 0, count: 4 * w * h)
            for i in 0..<(w * h) {
                let a = UInt8(truncatingIfNeeded: random.next() % 3 == 0 ? 0 : random.next() % 256)
                for c in 0..<3 { pixels[4 * i + c] = a == 0 ? 0 : UInt8(random.next() % (UInt64(a) + 1)) }
                pixels[4 * i + 3] = a
            }
            let expected = reference(pixels, width: w, height: h, kernel: kernel, k: k, active: active)
            for level in kernelLevels {
                var blurred = pixels
                var scratch = [Float](repeating: .nan, count: fb_blur_rgba_scratch_count(w, k))
                fb_force_kernel_level_on_this_thread(level)
                fb_blur_rgba(&blurred, 4 * w, w, h, kernel, k, active.lowerBound, active.upperBound, &scratch)
                fb_force_kernel_level_on_this_thread(-1)
                #expect(blurred == expected, "\(w)×\(h), σ \(sigma), active \(active), \(level)")
            }
        }
    }
}
