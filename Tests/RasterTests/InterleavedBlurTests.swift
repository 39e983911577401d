import CRasterKernels
import Colors
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

    /// A material's colours through the step-1 grid: the four planes blurred one at a time, then
    /// `fb_grid_resolve_material` (the path every σ took before the streamed one).
    private func gridBackdrop(_ pixmap: Pixmap, box: IntRect, _ backdrop: DrawBackdrop) -> [UInt8] {
        var blur = LayerBlur()
        let grid = blur.blurredGrid(of: pixmap, box: box, sigma: backdrop.sigma, clampEdges: true)
        let tint = backdrop.tint.premultiplied
        let p = grid.positions
        var out = [UInt8](repeating: 0, count: 4 * box.width * box.height)
        fb_grid_resolve_material(
            grid.cells, grid.plane, grid.width, p.columns, p.columnWeights, p.rows, p.rowWeights, box.width,
            box.height, Float(backdrop.saturation), Float(tint.r), Float(tint.g), Float(tint.b), Float(tint.a), &out)
        return out
    }

    @Test(
        "a material below σ 8 px, streamed, has the bytes of the step-1 grid's planes: edge pixels repeated, boxes at and inside the canvas edges, every kernel level",
        arguments: [1.2, 3.0, 5.5, 7.9])
    func streamedBackdropMatchesTheGrid(sigma: Double) {
        var random = SplitMix64(seed: UInt64(sigma * 100))
        var pixmap = Pixmap(width: 53, height: 71)
        for i in pixmap.data.indices { pixmap.data[i] = UInt8(truncatingIfNeeded: random.next()) }
        for i in stride(from: 0, to: pixmap.data.count, by: 4) {
            for c in 0..<3 { pixmap.data[i + c] = min(pixmap.data[i + c], pixmap.data[i + 3]) }
        }
        let backdrop = DrawBackdrop(sigma: sigma, saturation: 1.8, tint: ColorRGBA8(r: 240, g: 240, b: 250, a: 150))
        let boxes = [
            IntRect(uncheckedX: 0, y: 0, width: 53, height: 71), IntRect(uncheckedX: 5, y: 9, width: 30, height: 40),
            IntRect(uncheckedX: 40, y: 50, width: 13, height: 21),
        ]
        for box in boxes {
            let expected = gridBackdrop(pixmap, box: box, backdrop)
            for level in kernelLevels {
                fb_force_kernel_level_on_this_thread(level)
                var blur = LayerBlur()
                let colours = blur.backdrop(of: pixmap, box: box, backdrop)
                fb_force_kernel_level_on_this_thread(-1)
                let bytes = colours.withUnsafeBytes { Array($0) }
                #expect(bytes == expected, "σ \(sigma), box \(box), level \(level)")
            }
        }
    }

    @Test(
        "the material resolver gives the scalar pixels at every kernel level, for grid steps 2 to 5 and widths off the vector's multiple",
        arguments: [2, 3, 5])
    func resolverLevelsAgree(step: Int) {
        var random = SplitMix64(seed: UInt64(step) * 7919)
        let (width, height) = (37, 23)
        let (cw, ch) = ((width + step - 1) / step + 4, (height + step - 1) / step + 4)
        let plane = cw * ch
        let cells = (0..<(4 * plane)).map { _ in Float(random.next() % 25_600) / 100 }
        func positions(_ cells: Int, _ count: Int) -> ([Int32], [Float]) {
            var index = [Int32](repeating: 0, count: count)
            var weight = [Float](repeating: 0, count: count)
            fb_grid_positions(cells, step, 2 * step, count, &index, &weight)
            return (index, weight)
        }
        let (ux, fx) = positions(cw, width)
        let (vy, fy) = positions(ch, height)
        func resolve(_ level: Int32) -> [UInt8] {
            var out = [UInt8](repeating: 0, count: 4 * width * height)
            fb_force_kernel_level_on_this_thread(level)
            fb_grid_resolve_material(cells, plane, cw, ux, fx, vy, fy, width, height, 1.8, 200, 210, 230, 140, &out)
            fb_force_kernel_level_on_this_thread(-1)
            return out
        }
        let expected = resolve(Int32(FB_LEVEL_SCALAR))
        #expect(Set(expected).count > 50, "the pixels vary")
        for level in kernelLevels { #expect(resolve(level) == expected, "step \(step), level \(level)") }
    }
}
