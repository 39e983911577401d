import PNG

/// The pictures of a comparison: the difference image, the expected | difference | actual
/// triptych, and the heat strip of a sequence. All straight RGBA8, ready for `PNG.encode`.
public enum DiffImages {
    /// Colours of the difference image (pixelmatch's): red for a differing pixel, yellow for an
    /// anti-aliased one that was ignored, orange for a change below the perceptual threshold;
    /// unchanged pixels show the expected image as faint grey so the change can be located.
    static let red: (UInt8, UInt8, UInt8) = (255, 0, 0)
    static let yellow: (UInt8, UInt8, UInt8) = (255, 200, 0)
    static let orange: (UInt8, UInt8, UInt8) = (255, 150, 90)

    public static func difference(expected: DecodedImage, mask: [UInt8]) -> DecodedImage {
        precondition(mask.count == expected.width * expected.height, "one mask byte per pixel")
        var out = [UInt8](repeating: 255, count: mask.count * 4)
        for pixel in mask.indices {
            let k = pixel * 4
            let colour: (UInt8, UInt8, UInt8)
            switch mask[pixel] {
            case PixelDifference.different: colour = red
            case PixelDifference.antialiased: colour = yellow
            case PixelDifference.belowThreshold: colour = orange
            default:
                // Brightness of the expected pixel over white, faded to 10 %: a ghost of the scene.
                let r = Double(expected.rgba[k])
                let g = Double(expected.rgba[k + 1])
                let b = Double(expected.rgba[k + 2])
                let alpha = Double(expected.rgba[k + 3]) / 255
                let luma = PixelMatch.blend(PixelMatch.y(r, g, b), alpha)
                let v = UInt8(max(0, min(255, 255 + (luma - 255) * 0.1)).rounded())
                colour = (v, v, v)
            }
            out[k] = colour.0
            out[k + 1] = colour.1
            out[k + 2] = colour.2
        }
        return DecodedImage(width: expected.width, height: expected.height, rgba: out)
    }

    /// Expected, difference and actual side by side, separated by `gap` pixels of mid grey.
    public static func triptych(_ images: [DecodedImage], gap: Int = 8) -> DecodedImage {
        precondition(!images.isEmpty, "a triptych needs images")
        let height = images.map(\.height).max() ?? 0
        let width = images.map(\.width).reduce(0, +) + gap * (images.count - 1)
        var out = [UInt8](repeating: 128, count: width * height * 4)
        for p in 0..<(width * height) { out[p * 4 + 3] = 255 }
        var left = 0
        for image in images {
            for y in 0..<image.height {
                let source = y * image.width * 4
                let target = (y * width + left) * 4
                out.replaceSubrange(
                    target..<(target + image.width * 4), with: image.rgba[source..<(source + image.width * 4)])
            }
            left += image.width + gap
        }
        return DecodedImage(width: width, height: height, rgba: out)
    }

    /// One column per frame, left to right in time. Colours (the HTML legend repeats them):
    /// light grey = same; red, stronger with more differing pixels (relative to the worst frame,
    /// on a square-root scale so a few pixels stay visible) = differs; purple = differs, but the
    /// expected pixels are not stored (hash only); black = the frame exists on one side only;
    /// pale yellow = differs only below the threshold or in anti-aliasing.
    public static func heatStrip(_ frames: [FrameOutcome], cellWidth: Int? = nil, height: Int = 24) -> DecodedImage {
        let count = max(1, frames.count)
        let cell = cellWidth ?? max(2, min(16, 960 / count))
        let worst = frames.compactMap { $0.pixels?.differingFraction }.max() ?? 0
        var out = [UInt8](repeating: 255, count: cell * count * height * 4)
        for (column, frame) in frames.enumerated() {
            let colour = heatColour(frame, worst: worst)
            for y in 0..<height {
                for x in (column * cell)..<((column + 1) * cell) {
                    let k = (y * cell * count + x) * 4
                    // A one-pixel white gap between cells once they are wide enough to read.
                    let gap = cell >= 4 && x == (column + 1) * cell - 1
                    out[k] = gap ? 255 : colour.0
                    out[k + 1] = gap ? 255 : colour.1
                    out[k + 2] = gap ? 255 : colour.2
                }
            }
        }
        return DecodedImage(width: cell * count, height: height, rgba: out)
    }

    static func heatColour(_ frame: FrameOutcome, worst: Double) -> (UInt8, UInt8, UInt8) {
        switch frame.status {
        case .same: return (229, 229, 234)
        case .withinTolerance: return (255, 236, 150)
        case .onlyExpected, .onlyActual: return (0, 0, 0)
        case .different:
            guard let pixels = frame.pixels else { return (130, 60, 200) }
            let t = worst > 0 ? (pixels.differingFraction / worst).squareRoot() : 1
            let level = 0.25 + 0.75 * t
            let other = UInt8((255 * (1 - level)).rounded())
            return (255, other, other)
        }
    }
}
