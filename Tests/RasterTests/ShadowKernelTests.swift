import CRasterKernels
import Determinism
import Testing

@testable import Raster

// The shadow's C kernels (shadow_kernels.c) against the Swift definitions they replaced: the
// blur's Σ_j w_j·input summed in the order of j with every product and sum rounded to Float, and
// the composite's colour·c·opacity source-over, at every instruction-set level this CPU runs.

/// Shadow.swift's blur before the kernel, element by element: the bits every level must give.
private func referenceBlur(
    _ mask: [Float], width: Int, height: Int, weights: [Float], k: Int, active: Range<Int>
) -> [Float] {
    var temp = [Float](repeating: 0, count: width * height)
    for y in active {
        for j in 0...(2 * k) {
            let shift = j - k
            for x in max(0, -shift)..<min(width, width - shift) {
                let product = weights[j] * mask[y * width + x + shift]
                temp[y * width + x] = temp[y * width + x] + product
            }
        }
    }
    var out = [Float](repeating: 0, count: width * height)
    for y in 0..<height {
        for j in 0...(2 * k) where active.contains(y + j - k) {
            for x in 0..<width {
                let product = weights[j] * temp[(y + j - k) * width + x]
                out[y * width + x] = out[y * width + x] + product
            }
        }
    }
    return out
}

@Test(
    "the blur kernel gives the reference's bits at every instruction-set level, odd widths and masked tails included",
    arguments: [UInt64(1), 2, 3, 4])
func blurKernelMatchesReference(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let k = 1 + Int(random.next() % 24)
    let width = 2 * k + 1 + Int(random.next() % 170)  // wide enough for the kernels' 64-float blocks
    let height = 2 * k + 1 + Int(random.next() % 30)
    let active = k..<(height - k)
    var mask = [Float](repeating: 0, count: width * height)
    // Odd seeds fill whole rows, so the columns within k of a row's ends (the kernel's zero-padded
    // edges) sum real values; even seeds keep a k-wide empty border, as a shadow's mask has.
    let margin = seed % 2 == 1 ? 0 : k
    for y in active {
        for x in margin..<(width - margin) { mask[y * width + x] = Float(random.next() % 256) / 255 }
    }
    let raw = (0...(2 * k)).map { _ in Float(random.next() % 1000 + 1) }
    let total = raw.reduce(0, +)
    let weights = raw.map { $0 / total }
    let expected = referenceBlur(mask, width: width, height: height, weights: weights, k: k, active: active)
    // Every output, and a window of them (the part of a shadow's mask on the canvas): the window's
    // outputs have the same bits as when every output is computed.
    let x0 = Int(random.next() % UInt64(width))
    let y0 = Int(random.next() % UInt64(height))
    let windows = [
        (0..<width, 0..<height),
        (
            x0..<(x0 + 1 + Int(random.next() % UInt64(width - x0))),
            y0..<(y0 + 1 + Int(random.next() % UInt64(height - y0)))
        ),
    ]
    for level in kernelLevels {
        fb_force_kernel_level_on_this_thread(level)
        defer { fb_force_kernel_level_on_this_thread(-1) }
        for (columns, rows) in windows {
            var blurred = mask
            var temp = [Float](repeating: .nan, count: width * height)  // overwritten, never read first
            blurred.withUnsafeMutableBufferPointer { m in
                temp.withUnsafeMutableBufferPointer { t in
                    weights.withUnsafeBufferPointer { w in
                        fb_blur_separable(
                            m.baseAddress!, t.baseAddress!, width, height, w.baseAddress!, k, active.lowerBound,
                            active.upperBound, columns.lowerBound, columns.upperBound, rows.lowerBound, rows.upperBound)
                    }
                }
            }
            let differing = rows.flatMap { y in columns.map { y * width + $0 } }.filter {
                blurred[$0].bitPattern != expected[$0].bitPattern
            }
            #expect(
                differing.isEmpty,
                "level \(level), k \(k), \(width)×\(height), outputs \(columns) × \(rows): \(differing.count) values differ, the first at \(differing.first ?? 0)"
            )
        }
    }
}

@Test(
    "the blurred-mask composite equals colour·c·opacity source-over per pixel, clipped and not, at every level",
    arguments: [UInt64(5), 6, 7])
func blurredCompositeMatchesPerPixelDefinition(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let count = 1 + Int(random.next() % 300)
    // Values over 1 (a blur's rounding), exact zeros and full coverage all occur.
    let blurred = (0..<count).map { _ -> Float in
        switch random.next() % 4 {
        case 0: 0
        case 1: 1 + Float(random.next() % 100) / 1e6
        default: Float(random.next() % 10_000) / 10_000
        }
    }
    let clip = (0..<count).map { _ in Float(random.next() % 1001) / 1000 }
    let pixels = (0..<count).map { _ -> UInt32 in
        let a = UInt8(random.next() % 256)
        let c = { UInt8(random.next() % (UInt64(a) + 1)) }
        return PremultipliedRGBA8(unchecked: c(), c(), c(), a).packed
    }
    for (colour, opacity) in [
        (PremultipliedRGBA8(unchecked: 0, 0, 0, 255), UInt8(255)),
        (PremultipliedRGBA8(unchecked: 20, 40, 60, 90), UInt8(200)),
    ] {
        for clipped in [false, true] {
            let expected = (0..<count).map { i -> UInt32 in
                var v = min(blurred[i], 1)
                if clipped { v *= clip[i] }
                let c = coverageByte(v)
                guard c > 0 else { return pixels[i] }
                let layer = colour.scaled(by: c).scaled(by: opacity)
                return layer.packed &+ mul255Lanes(pixels[i], UInt32(255 - layer.a))
            }
            for level in kernelLevels {
                fb_force_kernel_level_on_this_thread(level)
                defer { fb_force_kernel_level_on_this_thread(-1) }
                var out = pixels
                var bytes = [UInt8](repeating: 0, count: count)
                out.withUnsafeMutableBufferPointer { p in
                    bytes.withUnsafeMutableBufferPointer { b in
                        fb_composite_blurred_row(
                            p.baseAddress!, blurred, clipped ? clip : nil, count, colour.packed, UInt32(opacity),
                            b.baseAddress!)
                    }
                }
                let differing = (0..<count).filter { out[$0] != expected[$0] }
                #expect(
                    differing.isEmpty,
                    "level \(level), clipped \(clipped), opacity \(opacity): \(differing.count) pixels differ, the first at \(differing.first ?? 0)"
                )
            }
        }
    }
}
