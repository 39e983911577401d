#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The frames `PNGBenchmark` encodes: synthetic stand-ins for Flipbook's output, drawn here so the
/// benchmark needs no other module.
///
/// Shapes are rotated rounded rectangles with a 1-px anti-aliased edge: coverage is
/// clamp(0.5 − d, 0, 1) with d the signed distance from the pixel centre to the outline, which
/// matches a box-filtered edge to within a few percent. That is close enough to the rasterizer's
/// output for compression purposes: what matters is long flat runs broken by AA ramps.
extension PNGBenchmark {
    /// One benchmark frame.
    public enum Frame: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
        /// A typical screen: opaque #F2F2F7 background, a white navigation bar with a hairline,
        /// three white grouped-list cards and four rotated coloured rounded rectangles, one of
        /// them translucent. Mostly flat colour with anti-aliased edges.
        case flat
        /// The hard case for contrast: a vertical gradient background under 150 overlapping
        /// translucent rotated rounded rectangles (seeded, so always the same pixels).
        case busy

        public var description: String { rawValue }
    }

    /// Frame size in pixels: an iPhone SE (1st generation) screen at 2×.
    public static let frameWidth = 640
    public static let frameHeight = 1136

    /// The straight-alpha RGBA8 pixels of `frame`, `frameWidth × frameHeight × 4` bytes.
    public static func pixels(of frame: Frame) -> [UInt8] {
        var canvas = Canvas(width: frameWidth, height: frameHeight)
        switch frame {
        case .flat:
            canvas.fill(Shape.RGBA(0xF2, 0xF2, 0xF7, 1))
            canvas.draw(Shape(x: 0, y: 0, width: 640, height: 128, radius: 0, degrees: 0, color: .init(255, 255, 255, 1)))
            canvas.draw(Shape(x: 0, y: 128, width: 640, height: 1, radius: 0, degrees: 0, color: .init(0xC6, 0xC6, 0xC8, 1)))
            for row in 0..<3 {
                let top = 176 + Double(row) * 200
                canvas.draw(Shape(x: 32, y: top, width: 576, height: 168, radius: 20, degrees: 0, color: .init(255, 255, 255, 1)))
            }
            canvas.draw(Shape(x: 90, y: 300, width: 220, height: 140, radius: 24, degrees: 12, color: .init(0x00, 0x7A, 0xFF, 1)))
            canvas.draw(Shape(x: 360, y: 520, width: 180, height: 180, radius: 36, degrees: -30, color: .init(0x34, 0xC7, 0x59, 1)))
            canvas.draw(Shape(x: 140, y: 800, width: 260, height: 120, radius: 16, degrees: 45, color: .init(0xFF, 0x95, 0x00, 1)))
            canvas.draw(Shape(x: 300, y: 880, width: 240, height: 200, radius: 28, degrees: 7, color: .init(0x58, 0x56, 0xD6, 0.6)))
        case .busy:
            for y in 0..<frameHeight {
                let t = Double(y) / Double(frameHeight - 1)
                let color = Shape.RGBA(40 + 180 * t, 90 + 60 * t, 200 - 120 * t, 1)
                canvas.draw(Shape(x: 0, y: Double(y), width: Double(frameWidth), height: 1, radius: 0, degrees: 0, color: color))
            }
            var random = SplitMix64(seed: 0x5EED_F11B_000C)
            for _ in 0..<150 {
                let width = 20 + random.unit() * 280
                let height = 20 + random.unit() * 280
                canvas.draw(Shape(
                    x: random.unit() * Double(frameWidth) - width / 2,
                    y: random.unit() * Double(frameHeight) - height / 2,
                    width: width, height: height,
                    radius: random.unit() * min(width, height) / 2,
                    degrees: random.unit() * 180,
                    color: .init(random.unit() * 255, random.unit() * 255, random.unit() * 255, 0.3 + random.unit() * 0.5)))
            }
        }
        return canvas.rgba
    }
}

/// A rounded rectangle given by its unrotated top-left corner and size, rotated about its centre.
private struct Shape {
    struct RGBA {
        var r, g, b, a: Double
        init(_ r: Double, _ g: Double, _ b: Double, _ a: Double) {
            (self.r, self.g, self.b, self.a) = (r, g, b, a)
        }
    }
    var x, y, width, height, radius, degrees: Double
    var color: RGBA
}

/// An opaque canvas; shapes are composited source-over in straight alpha, which is exact here
/// because the destination is always opaque.
private struct Canvas {
    let width: Int
    let height: Int
    var rgba: [UInt8]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        rgba = [UInt8](repeating: 255, count: width * height * 4)
    }

    mutating func fill(_ color: Shape.RGBA) {
        for i in stride(from: 0, to: rgba.count, by: 4) {
            rgba[i] = UInt8(color.r.rounded())
            rgba[i + 1] = UInt8(color.g.rounded())
            rgba[i + 2] = UInt8(color.b.rounded())
        }
    }

    mutating func draw(_ shape: Shape) {
        let centreX = shape.x + shape.width / 2
        let centreY = shape.y + shape.height / 2
        let angle = shape.degrees * .pi / 180
        let (cosine, sine) = (cos(angle), sin(angle))
        let halfWidth = shape.width / 2
        let halfHeight = shape.height / 2
        let radius = min(shape.radius, halfWidth, halfHeight)
        // The circumscribed circle plus one pixel of AA ramp bounds every touched pixel.
        let reach = (halfWidth * halfWidth + halfHeight * halfHeight).squareRoot() + 1
        let x0 = max(0, Int((centreX - reach).rounded(.down)))
        let x1 = min(width - 1, Int((centreX + reach).rounded(.up)))
        let y0 = max(0, Int((centreY - reach).rounded(.down)))
        let y1 = min(height - 1, Int((centreY + reach).rounded(.up)))
        guard x0 <= x1, y0 <= y1 else { return }
        for py in y0...y1 {
            for px in x0...x1 {
                let dx = Double(px) + 0.5 - centreX
                let dy = Double(py) + 0.5 - centreY
                // Into the shape's frame, then the rounded-box signed distance (Quílez).
                let u = abs(dx * cosine + dy * sine) - halfWidth + radius
                let v = abs(-dx * sine + dy * cosine) - halfHeight + radius
                let outside = (max(u, 0) * max(u, 0) + max(v, 0) * max(v, 0)).squareRoot()
                let distance = outside + min(max(u, v), 0) - radius
                let alpha = min(max(0.5 - distance, 0), 1) * shape.color.a
                guard alpha > 0 else { continue }
                let i = (py * width + px) * 4
                rgba[i] = blend(rgba[i], shape.color.r, alpha)
                rgba[i + 1] = blend(rgba[i + 1], shape.color.g, alpha)
                rgba[i + 2] = blend(rgba[i + 2], shape.color.b, alpha)
            }
        }
    }

    private func blend(_ destination: UInt8, _ source: Double, _ alpha: Double) -> UInt8 {
        UInt8((source * alpha + Double(destination) * (1 - alpha)).rounded())
    }
}

/// SplitMix64 (Steele, Lea, Flood 2014): tiny, seedable, identical on every platform.
private struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1) from the top 53 bits.
    mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }
}
