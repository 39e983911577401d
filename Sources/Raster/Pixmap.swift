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
            data[o] = newValue.r
            data[o + 1] = newValue.g
            data[o + 2] = newValue.b
            data[o + 3] = newValue.a
        }
    }

    /// Unpremultiplied RGBA8 bytes, row-major, 4 per pixel: what PNG stores.
    /// Each pixel goes through `PremultipliedRGBA8.unpremultiplied()` (exact rounding).
    /// When every pixel is opaque (any frame drawn over an opaque background) the premultiplied
    /// bytes are already the straight ones: `data` itself is returned, without a copy.
    public func straightRGBA() -> [UInt8] {
        if isOpaque { return data }
        var out = data
        Pixmap.unpremultiplyInPlace(&out)
        return out
    }

    /// True when every pixel has alpha 255 (one pass of 8-byte loads, stopping at the first
    /// pixel that is not).
    public var isOpaque: Bool {
        data.withUnsafeBytes { bytes in
            let words = bytes.count / 8
            var i = 0
            while i < words {
                let w = bytes.loadUnaligned(fromByteOffset: 8 * i, as: UInt64.self)
                // The alpha bytes sit at offsets 3 and 7 of every 8 bytes (memory order).
                var alphas: (UInt8, UInt8) = (0, 0)
                withUnsafeBytes(of: w) { alphas = ($0[3], $0[7]) }
                if alphas.0 & alphas.1 != 255 { return false }
                i += 1
            }
            return bytes.count % 8 == 0 || bytes[bytes.count - 1] == 255
        }
    }

    /// Premultiplied → straight in place, by a 64 KiB table of round(c·255/a) indexed by a·256 + c
    /// (built once, immutable): one load per channel instead of a division.
    static func unpremultiplyInPlace(_ bytes: inout [UInt8]) {
        let table = unpremultiplyTable
        table.withUnsafeBufferPointer { table in
            bytes.withUnsafeMutableBufferPointer { p in
                var i = 0
                while i + 3 < p.count {
                    let a = Int(p[i + 3])
                    if a != 255 {
                        let row = a << 8
                        p[i] = table[row | Int(p[i])]
                        p[i + 1] = table[row | Int(p[i + 1])]
                        p[i + 2] = table[row | Int(p[i + 2])]
                    }
                    i += 4
                }
            }
        }
    }

    /// table[a·256 + c] = `PremultipliedRGBA8.unpremultiply(c, a)` for c ≤ a, 0 for a = 0 (a fully
    /// transparent pixel has no colour) and for c > a (never a valid premultiplied byte).
    static let unpremultiplyTable: [UInt8] = (0..<65536).map { i in
        let a = UInt8(i >> 8)
        let c = UInt8(i & 255)
        return a == 0 || c > a ? 0 : PremultipliedRGBA8.unpremultiply(c, a)
    }

    /// A pixmap around existing bytes (4·width·height of them, premultiplied), without copying.
    init(width: Int, height: Int, adopting data: [UInt8]) {
        precondition(width > 0 && height > 0 && data.count == 4 * width * height)
        self.width = width
        self.height = height
        self.data = data
    }

    private func offset(_ x: Int, _ y: Int) -> Int {
        precondition(
            x >= 0 && x < width && y >= 0 && y < height,
            "pixel (\(x), \(y)) outside \(width)×\(height) pixmap")
        return 4 * (y * width + x)
    }
}
