/// A width × height image of premultiplied RGBA8 pixels: what the rasterizer draws into
/// (tiny-skia's `Pixmap`).
///
/// Storage: `data` holds 4 bytes per pixel in r, g, b, a order, rows top to bottom, no padding
/// between rows, so pixel (x, y) starts at byte 4·(y·width + x). Bytes rather than packed
/// `UInt32` keep the layout independent of endianness and identical to what PNG wants apart from
/// the premultiplication. Every pixel satisfies r, g, b ≤ a: `data` is read-only from outside and
/// all writes go through `PremultipliedRGBA8`.
public struct Pixmap: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public internal(set) var data: [UInt8]

    /// A transparent pixmap; width and height must be positive.
    public init(width: Int, height: Int) {
        precondition(width > 0 && height > 0, "pixmap size must be positive, got \(width)×\(height)")
        let (count, overflow) = width.multipliedReportingOverflow(by: height * 4)
        precondition(!overflow, "pixmap \(width)×\(height) is too large")
        self.width = width
        self.height = height
        self.data = [UInt8](repeating: 0, count: count)
    }

    /// A pixmap filled with `background`.
    public init(width: Int, height: Int, background: ColorRGBA8) {
        self.init(width: width, height: height)
        fill(background)
    }

    /// Sets every pixel to `color` (premultiplied first).
    public mutating func fill(_ color: ColorRGBA8) {
        let p = PremultipliedRGBA8(color)
        // One 4-byte store per pixel, the pattern assembled in memory order.
        withUnsafeMutablePixels { pixels, _ in pixels.update(repeating: p.packed) }
    }

    /// Calls `body` with the pixels as `UInt32`s holding each pixel's four bytes in memory order
    /// (see `PremultipliedRGBA8.packed`), row-major, and the row length. The storage is 4-byte
    /// aligned (array storage is 16-byte aligned and every pixel starts at a multiple of 4).
    mutating func withUnsafeMutablePixels<R>(
        _ body: (UnsafeMutableBufferPointer<UInt32>, Int) throws -> R
    ) rethrows -> R {
        let width = self.width
        return try data.withUnsafeMutableBytes { bytes in
            try bytes.withMemoryRebound(to: UInt32.self) { try body($0, width) }
        }
    }

    /// The pixel at (x, y); both must be inside the pixmap.
    public subscript(x x: Int, y y: Int) -> PremultipliedRGBA8 {
        get {
            let o = offset(x, y)
            return PremultipliedRGBA8(unchecked: data[o], data[o + 1], data[o + 2], data[o + 3])
        }
        set {
            let o = offset(x, y)
            data[o] = newValue.r; data[o + 1] = newValue.g; data[o + 2] = newValue.b
            data[o + 3] = newValue.a
        }
    }

    /// Unpremultiplied RGBA8 bytes, row-major, 4 per pixel: what PNG stores.
    /// Each pixel goes through `PremultipliedRGBA8.unpremultiplied()` (exact rounding).
    public func straightRGBA() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: data.count)
        data.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                var i = 0
                while i < src.count {
                    let a = src[i + 3]
                    if a == 255 {
                        dst[i] = src[i]; dst[i + 1] = src[i + 1]; dst[i + 2] = src[i + 2]; dst[i + 3] = 255
                    } else if a != 0 {
                        dst[i] = PremultipliedRGBA8.unpremultiply(src[i], a)
                        dst[i + 1] = PremultipliedRGBA8.unpremultiply(src[i + 1], a)
                        dst[i + 2] = PremultipliedRGBA8.unpremultiply(src[i + 2], a)
                        dst[i + 3] = a
                    }
                    i += 4
                }
            }
        }
        return out
    }

    private func offset(_ x: Int, _ y: Int) -> Int {
        precondition(x >= 0 && x < width && y >= 0 && y < height,
                     "pixel (\(x), \(y)) outside \(width)×\(height) pixmap")
        return 4 * (y * width + x)
    }
}
