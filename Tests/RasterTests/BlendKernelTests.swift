import CRasterKernels
import Determinism
import Testing

@testable import Raster

/// Premultiplied colours (r, g, b ≤ a) packed in memory order, from a seeded generator.
private func premultipliedPixels(_ random: inout SplitMix64, count: Int) -> [UInt32] {
    (0..<count).map { _ in
        let a = UInt32(random.next() % 256)
        func channel() -> UInt32 { a == 0 ? 0 : UInt32(random.next() % UInt64(a + 1)) }
        let bytes: [UInt8] = [UInt8(channel()), UInt8(channel()), UInt8(channel()), UInt8(a)]
        return bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
    }
}

/// round(d·(255 − a)/255) + s per byte: the definition (`sourceOver`), written out by division.
private func sourceOverByDivision(_ source: UInt32, _ destination: UInt32) -> UInt32 {
    let s = withUnsafeBytes(of: source) { Array($0) }
    let d = withUnsafeBytes(of: destination) { Array($0) }
    let inverse = 255 - Int(s[3])
    let out = (0..<4).map { UInt8(Int(s[$0]) + (Int(d[$0]) * inverse + 127) / 255) }
    return out.withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
}

/// The span blends this CPU runs, by name.
private func spanBlends() -> [(String, (UnsafeMutablePointer<UInt32>, Int, UInt32) -> Void)] {
    [("scalar", { fb_blend_run_scalar($0, $1, $2) }), ("SSE2", { fb_blend_run_sse2($0, $1, $2) })]
        + (fb_cpu_has_avx2() ? [("AVX2", { fb_blend_run_avx2($0, $1, $2) })] : [])
        + (fb_cpu_level() >= FB_LEVEL_AVX512 ? [("AVX-512", { fb_blend_run_avx512($0, $1, $2) })] : [])
}

@Test(
    "the scalar, SSE2, AVX2 and AVX-512 span blends give the definition's bytes for every length 0…67 and offset 0…15, opaque and clear colours included"
)
func blendKernelsMatchTheDefinition() {
    var random = SplitMix64(seed: 0xB1E2_D000)
    for length in 0..<68 {
        for offset in 0..<16 {
            var colour = premultipliedPixels(&random, count: 1)[0]
            // The AVX-512 blend stores opaque colours and skips clear ones itself.
            if offset == 14 { colour = 0xFF33_2211 }
            if offset == 15 { colour = 0 }
            let original = premultipliedPixels(&random, count: length + 32)
            var expected = original
            for i in offset..<offset + length { expected[i] = sourceOverByDivision(colour, original[i]) }
            for (name, kernel) in spanBlends() {
                var pixels = original
                pixels.withUnsafeMutableBufferPointer { kernel($0.baseAddress! + offset, length, colour) }
                #expect(pixels == expected, "\(name), length \(length) offset \(offset)")
            }
        }
    }
}

@Test("each span blend gives the definition's bytes for every source alpha over every destination byte")
func blendKernelsAreExactForEveryOperandPair() {
    // Pixel v of the run holds byte values v, 255 − v, 7v mod 256 and v: with all 256 alphas that
    // is every (destination byte, 255 − alpha) pair the rounding of a·b/255 can meet, in each kernel.
    let destination: [UInt32] = (0..<256).map { v in
        let bytes: [UInt8] = [UInt8(v), UInt8(255 - v), UInt8((v * 7) & 255), UInt8(v)]
        return bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
    }
    for alpha in 0..<256 {
        let bytes: [UInt8] = [UInt8(alpha / 2), UInt8(alpha), 0, UInt8(alpha)]
        let colour = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
        let expected = destination.map { sourceOverByDivision(colour, $0) }
        for (name, kernel) in spanBlends() {
            var pixels = destination
            pixels.withUnsafeMutableBufferPointer { kernel($0.baseAddress!, 256, colour) }
            #expect(pixels == expected, "\(name), alpha \(alpha)")
        }
    }
}

/// The instruction-set levels this CPU can run, forced one at a time in the tests below.
let kernelLevels: [Int32] = Array(Int32(FB_LEVEL_SCALAR)...fb_cpu_level())

/// Renders `list` on this thread with the kernels of `level` (capped at this CPU's), whatever the
/// CPU would choose.
func render(_ list: DisplayList, kernelLevel level: Int32) -> Pixmap {
    fb_force_kernel_level_on_this_thread(level)
    defer { fb_force_kernel_level_on_this_thread(-1) }
    #expect(fb_current_kernel_level() == level)
    return Rasterizer.render(list)
}

@Test(
    "every instruction-set level (scalar, SSE2, AVX2, AVX-512 where the CPU has them) gives this CPU's bytes, borders, clips and shadows included",
    arguments: [UInt64(31), 32, 33, 34])
func everyKernelLevelGivesTheSameBytes(seed: UInt64) {
    // busyList has borders (holes), opaque and translucent paints and shapes off the canvas;
    // randomList adds shadows and clips; the larger canvas gives long spans, the masked tails and
    // many one-row corner chords.
    var random = SplitMix64(seed: seed)
    let lists = [
        busyList(seed: seed), busyList(seed: seed, width: 640, height: 360),
        randomList(&random, width: 320, height: 200, background: .white, count: 40),
    ]
    for list in lists {
        let expected = Rasterizer.render(list)
        for level in kernelLevels {
            #expect(firstDifference(expected, render(list, kernelLevel: level)) == nil, "level \(level)")
        }
    }
}

@Test(
    "the SSE2, AVX2 and AVX-512 edge-pixel kernels give the scalar one's pixels, cells and sum for every length 0…70 and offset 0…15, both fill rules"
)
func edgeRunKernelsMatchTheScalarOne() {
    var random = SplitMix64(seed: 0xED6E_0001)
    typealias Kernel = (
        UnsafeMutablePointer<Int32>, UnsafeMutablePointer<UInt32>, Int, Int32, UnsafePointer<UInt32>, Bool
    ) -> Int32
    let level = fb_cpu_level()
    let kernels: [(String, Kernel)] =
        [("SSE2", { fb_edge_run_sse2($0, $1, $2, $3, $4, $5) })]
        + (level >= FB_LEVEL_AVX2 ? [("AVX2", { fb_edge_run_avx2($0, $1, $2, $3, $4, $5) })] : [])
        + (level >= FB_LEVEL_AVX512 ? [("AVX-512", { fb_edge_run_avx512($0, $1, $2, $3, $4, $5) })] : [])
    let full = Int64(FB_CELL_FULL)
    for evenOdd in [false, true] {
        for length in 0...70 {
            for offset in 0..<16 {
                // A colour table as a translucent paint builds it, random pixels, and cells whose
                // running sums wander over several windings of either sign (and past ±1 pixel).
                let table = premultipliedPixels(&random, count: 256)
                let pixels = premultipliedPixels(&random, count: length + 32)
                let cells = (0..<length + 32).map { _ in Int32(Int64(random.next() % UInt64(4 * full + 1)) - 2 * full) }
                let start = Int32(Int64(random.next() % UInt64(6 * full + 1)) - 3 * full)
                var expectedPixels = pixels
                var expectedCells = cells
                let expectedSum = expectedCells.withUnsafeMutableBufferPointer { c in
                    expectedPixels.withUnsafeMutableBufferPointer { p in
                        fb_edge_run_scalar(
                            c.baseAddress! + offset, p.baseAddress! + offset, length, start, table, evenOdd)
                    }
                }
                #expect(expectedCells[offset..<offset + length].allSatisfy { $0 == 0 })
                for (name, kernel) in kernels {
                    var p = pixels
                    var c = cells
                    let sum = table.withUnsafeBufferPointer { t in
                        c.withUnsafeMutableBufferPointer { c in
                            p.withUnsafeMutableBufferPointer { p in
                                kernel(
                                    c.baseAddress! + offset, p.baseAddress! + offset, length, start, t.baseAddress!,
                                    evenOdd)
                            }
                        }
                    }
                    #expect(
                        p == expectedPixels && c == expectedCells && sum == expectedSum,
                        "\(name), length \(length) offset \(offset) evenOdd \(evenOdd)")
                }
            }
        }
    }
}

@Test(
    "the shaded blend gives the scalar loop's bytes at every kernel level: premultiplied sources over any pixels, any coverage and opacity, length 0…40"
)
func shadedBlendIsTheSameAtEveryLevel() {
    var random = SplitMix64(seed: 0x5_4ADE)
    for length in 0...40 {
        for trial in 0..<24 {
            // Shaders give premultiplied colours (shade_kernels.c, rule 2), alpha 0 and 255 among
            // them; the pixels under them may hold any bytes.
            let source = premultipliedPixels(&random, count: length)
            let original = (0..<length + 3).map { _ in UInt32(truncatingIfNeeded: random.next()) }
            let offset = trial % 3
            let edgeValues: [UInt32] = [0, 1, 128, 254, 255]
            let cf = trial < 5 ? edgeValues[trial] : UInt32(random.next() % 256)
            let opacity = trial < 5 ? 255 : (trial < 10 ? edgeValues[trial - 5] : UInt32(random.next() % 256))
            let border = UInt32(truncatingIfNeeded: random.next())
            let cb: UInt32 = trial % 4 == 3 ? UInt32(random.next() % 256) : 0
            var outputs: [[UInt32]] = []
            for level in kernelLevels {
                fb_force_kernel_level_on_this_thread(level)
                var pixels = original
                pixels.withUnsafeMutableBufferPointer { p in
                    source.withUnsafeBufferPointer { s in
                        fb_blend_shaded(p.baseAddress! + offset, s.baseAddress, length, cf, border, cb, opacity)
                    }
                }
                outputs.append(pixels)
            }
            fb_force_kernel_level_on_this_thread(-1)
            for (level, pixels) in zip(kernelLevels, outputs) {
                #expect(
                    pixels == outputs[0],
                    "level \(level), length \(length), cf \(cf), cb \(cb), opacity \(opacity)")
            }
        }
    }
}

@Test("RasterKernels.blend composites a colour over a box clipped to the pixmap, at every level, and nothing beside it")
func blendOverABoxIsSourceOverInsideIt() throws {
    var random = SplitMix64(seed: 0xB0C5)
    let (width, height) = (23, 9)
    let original = premultipliedPixels(&random, count: width * height)
    var background = Pixmap(width: width, height: height)
    background.withUnsafeMutablePixels { pixels, _ in for i in 0..<pixels.count { pixels[i] = original[i] } }
    let colour = PremultipliedRGBA8(packed: 0xA0_30_50_10)
    // Reaching past the right and bottom edges: the part inside is blended, rows of 3 to 20 pixels.
    for box in [IntRect(x: 4, y: 2, width: 30, height: 20)!, IntRect(x: 20, y: 0, width: 3, height: 9)!] {
        var expected = original
        for y in box.y..<min(box.maxY, height) {
            for x in box.x..<min(box.maxX, width) {
                expected[y * width + x] = sourceOverByDivision(colour.packed, original[y * width + x])
            }
        }
        for level in Array(Int32(FB_LEVEL_SCALAR)...fb_cpu_level()) {
            fb_force_kernel_level_on_this_thread(level)
            defer { fb_force_kernel_level_on_this_thread(-1) }
            var pixmap = background
            RasterKernels.blend(colour, over: box, in: &pixmap)
            let got = pixmap.withUnsafeMutablePixels { pixels, _ in Array(pixels) }
            #expect(got == expected, "level \(level), \(box)")
        }
    }
}
