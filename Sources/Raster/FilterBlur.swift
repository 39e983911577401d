/// `feGaussianBlur` on a filter image (FilterImage.swift), separably, rows then columns, each
/// axis with its own σ in pixels.
///
/// From σ = 2 px on, as Filter Effects 1 allows: three box blurs of d = ⌊σ·3·√(2π)/4 + 0.5⌋
/// pixels (for an even d, two of d centred half a pixel either side and one of d + 1), each an
/// integer sum rounded once to the byte, so any σ costs the same and gives the same bytes on
/// every machine. The three boxes are the Gaussian within 3 % (the spec's figure): on a blurred
/// edge within 7 levels of the exact profile (FilterTests), as resvg's box blur is. Below σ = 2 the
/// boxes would be too coarse: the shadows' kernel (`gaussianKernel`, the Gaussian integrated
/// over each pixel, to ⌈4σ⌉ each side) is applied directly, its weighted sums in a fixed order.
/// Outside the image counts as transparent (the filter region clips what a blur reads).
enum FilterBlur {
    /// σ below this many pixels on an axis is no blur there (as resvg: a kernel narrower than a
    /// pixel changes nothing a byte can show).
    static let minimumSigma = 0.05
    /// σ is capped at this many pixels: past the region's size a wider blur only spreads the
    /// same sum thinner, and the cap keeps the box width an exact `Int`.
    static let maximumSigma = 100_000.0

    static func blur(_ image: inout FilterImage, sigmaX: Double, sigmaY: Double) {
        let sx = sigmaX.isFinite ? min(sigmaX, maximumSigma) : 0
        let sy = sigmaY.isFinite ? min(sigmaY, maximumSigma) : 0
        if sx >= minimumSigma { blurLines(&image, horizontal: true, sigma: sx) }
        if sy >= minimumSigma { blurLines(&image, horizontal: false, sigma: sy) }
    }

    /// The box width for σ (Filter Effects 1, feGaussianBlur).
    static func boxWidth(sigma: Double) -> Int {
        Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
    }

    /// Each row (or column) of the image blurred by σ along it.
    private static func blurLines(_ image: inout FilterImage, horizontal: Bool, sigma: Double) {
        let (w, h) = (image.width, image.height)
        let count = horizontal ? w : h
        let lines = horizontal ? h : w
        let step = horizontal ? 4 : 4 * w
        let kernel: [Float]? = sigma < 2 ? gaussianKernel(sigma: sigma, halfWidth: Int((4 * sigma).rounded(.up))) : nil
        let d = boxWidth(sigma: sigma)
        var line = [Int](repeating: 0, count: 4 * count)
        var scratch = [Int](repeating: 0, count: 4 * (count + 1))
        image.bytes.withUnsafeMutableBufferPointer { p in
            for l in 0..<lines {
                let start = horizontal ? 4 * l * w : 4 * l
                var any = false
                for i in 0..<count {
                    for c in 0..<4 {
                        line[4 * i + c] = Int(p[start + i * step + c])
                        any = any || line[4 * i + c] != 0
                    }
                }
                guard any else { continue }
                if let kernel {
                    convolve(&line, kernel: kernel)
                } else if d % 2 == 1 {
                    for _ in 0..<3 { box(&line, below: d / 2, above: d / 2, prefix: &scratch) }
                } else {
                    box(&line, below: d / 2, above: d / 2 - 1, prefix: &scratch)
                    box(&line, below: d / 2 - 1, above: d / 2, prefix: &scratch)
                    box(&line, below: d / 2, above: d / 2, prefix: &scratch)
                }
                for i in 0..<count {
                    for c in 0..<4 { p[start + i * step + c] = UInt8(clamping: line[4 * i + c]) }
                }
            }
        }
        // Rounding each channel on its own keeps r, g, b ≤ a: every pass is the same positive
        // weighted sum of the channels, rounded by the same monotone rule.
    }

    /// One box pass over a line of 4-channel pixels: each becomes the rounded mean of the pixels
    /// from `below` before it to `above` after it (transparent beyond the line's ends).
    private static func box(_ line: inout [Int], below: Int, above: Int, prefix: inout [Int]) {
        let n = line.count / 4
        let width = below + above + 1
        guard width > 1 else { return }
        for c in 0..<4 { prefix[c] = 0 }
        for i in 0..<n {
            for c in 0..<4 { prefix[4 * (i + 1) + c] = prefix[4 * i + c] + line[4 * i + c] }
        }
        for i in 0..<n {
            let lo = max(i - below, 0)
            let hi = min(i + above + 1, n)
            for c in 0..<4 {
                let sum = prefix[4 * hi + c] - prefix[4 * lo + c]
                line[4 * i + c] = (2 * sum + width) / (2 * width)
            }
        }
    }

    /// A line of 4-channel pixels convolved with `kernel` (odd length, centred), each sum taken
    /// in index order and rounded to the byte.
    private static func convolve(_ line: inout [Int], kernel: [Float]) {
        let n = line.count / 4
        let k = kernel.count / 2
        let source = line
        for i in 0..<n {
            for c in 0..<4 {
                var sum: Float = 0
                for j in max(-k, -i)...min(k, n - 1 - i) {
                    sum += kernel[j + k] * Float(source[4 * (i + j) + c])
                }
                line[4 * i + c] = Int((sum + 0.5).rounded(.down))
            }
        }
    }
}
