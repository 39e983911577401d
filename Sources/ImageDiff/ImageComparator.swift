import PNG

/// How two images are judged equal: a strategy as a value, chosen once and passed down.
///
/// Every comparison computes all the figures of `PixelDifference`; `mode` only decides which of
/// them makes two frames "different".
public struct ImageComparator: Sendable, Equatable, Codable {
    public enum Mode: String, Sendable, Codable, CaseIterable {
        /// Any changed byte (any channel, alpha included) makes the pixel differ. The default for
        /// goldens: Flipbook renders deterministically, so an approved frame is reproduced exactly.
        case exact
        /// pixelmatch's rule: a pixel differs when its YIQ colour distance exceeds `threshold`
        /// and (with `detectAntialiasing`) it is not an anti-aliased edge pixel that merely moved.
        case perceptual
    }

    public var mode: Mode
    /// Perceptual threshold. Unit: a fraction of the largest YIQ colour distance between two
    /// colours (red against cyan; black against white is 0.966), pixelmatch's `threshold`: a
    /// pixel differs when its distance is strictly greater. 0 counts any change, 1 none.
    /// Range 0…1, default 0.1. For grey against grey, `threshold` t lets through steps of up to
    /// `t·264` levels (0.1 → 26 levels of 255), because ΔY carries the whole distance. Used by
    /// `.perceptual` mode and always reported as `perceptualDifferingPixels`.
    public var threshold: Double
    /// Ignore anti-aliased edge pixels in `.perceptual` mode (counted apart as
    /// `antialiasedPixels`). Default true.
    public var detectAntialiasing: Bool

    /// `threshold` must lie within 0…1.
    public init(mode: Mode = .exact, threshold: Double = 0.1, detectAntialiasing: Bool = true) {
        precondition((0...1).contains(threshold), "ImageComparator threshold must be within 0...1, got \(threshold)")
        self.mode = mode
        self.threshold = threshold
        self.detectAntialiasing = detectAntialiasing
    }

    public static let exact = ImageComparator(mode: .exact)
    public static let perceptual = ImageComparator(mode: .perceptual)

    /// "exact" or "perceptual, threshold 0.1, anti-aliasing ignored".
    public var summary: String {
        switch mode {
        case .exact: return "exact (any changed byte counts)"
        case .perceptual:
            return
                "perceptual (YIQ distance threshold \(threshold)\(detectAntialiasing ? ", anti-aliased edges ignored" : ""))"
        }
    }

    /// Compares two images of one size pixel by pixel. The mask has one byte per pixel:
    /// `PixelDifference.same`, `.antialiased`, `.belowThreshold` or `.different` (in the
    /// comparator's mode), which `DiffImages.difference` draws.
    public func compare(_ expected: DecodedImage, _ actual: DecodedImage) -> (PixelDifference, mask: [UInt8]) {
        precondition(
            expected.width == actual.width && expected.height == actual.height,
            "compare needs equal sizes; check them first and report ImageDiffError.sizeMismatch")
        let width = expected.width
        let height = expected.height
        var mask = [UInt8](repeating: PixelDifference.same, count: width * height)
        var result = PixelDifference(width: width, height: height)
        let maxSquared = threshold * threshold * PixelMatch.maxSquaredDistance
        var largestSquared = 0.0
        expected.rgba.withUnsafeBufferPointer { a in
            actual.rgba.withUnsafeBufferPointer { b in
                for y in 0..<height {
                    for x in 0..<width {
                        let pixel = y * width + x
                        let k = pixel * 4
                        if a[k] == b[k] && a[k + 1] == b[k + 1] && a[k + 2] == b[k + 2] && a[k + 3] == b[k + 3] {
                            continue
                        }
                        result.exactDifferingPixels += 1
                        for c in 0..<4 {
                            let d = abs(Int(a[k + c]) - Int(b[k + c]))
                            if d > result.maxChannelDelta { result.maxChannelDelta = d }
                        }
                        let squared = PixelMatch.colorDelta(a, b, k, k, brightnessOnly: false)
                        if squared > largestSquared { largestSquared = squared }
                        var verdict = PixelDifference.belowThreshold
                        if squared > maxSquared {
                            if detectAntialiasing
                                && (PixelMatch.isAntialiased(a, b, x: x, y: y, width: width, height: height)
                                    || PixelMatch.isAntialiased(b, a, x: x, y: y, width: width, height: height))
                            {
                                result.antialiasedPixels += 1
                                verdict = PixelDifference.antialiased
                            } else {
                                result.perceptualDifferingPixels += 1
                                verdict = PixelDifference.different
                            }
                        }
                        if mode == .exact { verdict = PixelDifference.different }
                        mask[pixel] = verdict
                    }
                }
            }
        }
        result.maxPerceptualDistance = (largestSquared / PixelMatch.maxSquaredDistance).squareRoot()
        result.mode = mode
        return (result, mask)
    }
}

/// The figures of one frame comparison.
public struct PixelDifference: Sendable, Equatable, Codable {
    /// Mask values of `ImageComparator.compare`.
    public static let same: UInt8 = 0, belowThreshold: UInt8 = 1, antialiased: UInt8 = 2, different: UInt8 = 3

    public var width: Int
    public var height: Int
    /// Pixels with any changed byte (RGBA).
    public var exactDifferingPixels = 0
    /// Largest change of one channel, 0…255.
    public var maxChannelDelta = 0
    /// Pixels over the perceptual threshold that are not anti-aliasing (when detection is on).
    public var perceptualDifferingPixels = 0
    /// Pixels over the threshold classified as anti-aliased edges (ignored in perceptual mode).
    public var antialiasedPixels = 0
    /// Largest YIQ distance as a fraction of the largest possible (red against cyan), 0…1: the
    /// threshold's unit.
    public var maxPerceptualDistance = 0.0
    /// The mode whose count `differingPixels` returns.
    public var mode: ImageComparator.Mode = .exact

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The count that decides: exact or perceptual, per the comparator's mode.
    public var differingPixels: Int { mode == .exact ? exactDifferingPixels : perceptualDifferingPixels }
    public var differs: Bool { differingPixels > 0 }
    /// `differingPixels` over all pixels, 0…1.
    public var differingFraction: Double { width * height == 0 ? 0 : Double(differingPixels) / Double(width * height) }
}
