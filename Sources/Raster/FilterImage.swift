/// One image of a filter's run (Rasterizer+Filters.swift): the filter region's pixels,
/// premultiplied RGBA8 in r, g, b, a order as `Pixmap` holds them, in sRGB or in linear light.
///
/// The colour-space conversions go through 8 bits, as resvg's and librsvg's do (they are where
/// SVG's `color-interpolation-filters` is calibrated): the colour unpremultiplied exactly
/// (`PremultipliedRGBA8.unpremultiply`), looked up in a table of round(255·f(c/255)) (IEC
/// 61966-2-1's transfer functions, the same tables as theirs), premultiplied again exactly.
struct FilterImage {
    let width: Int
    let height: Int
    var bytes: [UInt8]
    /// In linear light (linearRGB) rather than sRGB.
    var linear: Bool

    /// A transparent image.
    init(width: Int, height: Int, linear: Bool = false) {
        self.width = width
        self.height = height
        self.bytes = [UInt8](repeating: 0, count: 4 * width * height)
        self.linear = linear
    }

    init(width: Int, height: Int, bytes: [UInt8], linear: Bool) {
        precondition(bytes.count == 4 * width * height, "filter image of the wrong size")
        self.width = width
        self.height = height
        self.bytes = bytes
        self.linear = linear
    }

    /// This image in linear light (`linear`) or sRGB: the same pixels when it is there already.
    func converted(toLinear target: Bool) -> FilterImage {
        guard target != linear else { return self }
        var out = self
        out.linear = target
        let table = target ? Self.sRGBToLinear : Self.linearToSRGB
        out.bytes.withUnsafeMutableBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: 4) {
                let a = p[i + 3]
                guard a > 0 else { continue }
                for c in i..<(i + 3) {
                    let straight = a == 255 ? p[c] : PremultipliedRGBA8.unpremultiply(p[c], a)
                    let mapped = table[Int(straight)]
                    p[c] = a == 255 ? mapped : mul255(mapped, a)
                }
            }
        }
        return out
    }

    /// Clears every pixel outside `box` (in the image's own coordinates).
    mutating func clear(outside box: IntRect) {
        let (w, h) = (width, height)
        bytes.withUnsafeMutableBufferPointer { p in
            for y in 0..<h {
                let inside = y >= box.y && y < box.maxY
                for x in 0..<w where !(inside && x >= box.x && x < box.maxX) {
                    let o = 4 * (y * w + x)
                    p[o] = 0
                    p[o + 1] = 0
                    p[o + 2] = 0
                    p[o + 3] = 0
                }
            }
        }
    }

    /// The image moved by (dx, dy) whole pixels, transparent where nothing moved in.
    func offset(dx: Int, dy: Int) -> FilterImage {
        var out = FilterImage(width: width, height: height, linear: linear)
        guard abs(dx) < width, abs(dy) < height else { return out }
        let (w, h) = (width, height)
        let columns = max(0, dx)..<min(w, w + dx)
        bytes.withUnsafeBufferPointer { source in
            out.bytes.withUnsafeMutableBufferPointer { target in
                for y in max(0, dy)..<min(h, h + dy) {
                    let from = 4 * ((y - dy) * w + columns.lowerBound - dx)
                    let to = 4 * (y * w + columns.lowerBound)
                    for k in 0..<(4 * columns.count) { target[to + k] = source[from + k] }
                }
            }
        }
        return out
    }

    /// sRGB to linear light, round(255·f(c/255)) with IEC 61966-2-1's transfer function.
    static let sRGBToLinear: [UInt8] = [
        0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1,
        1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3,
        4, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7,
        8, 8, 8, 8, 9, 9, 9, 10, 10, 10, 11, 11, 12, 12, 12, 13,
        13, 13, 14, 14, 15, 15, 16, 16, 17, 17, 17, 18, 18, 19, 19, 20,
        20, 21, 22, 22, 23, 23, 24, 24, 25, 25, 26, 27, 27, 28, 29, 29,
        30, 30, 31, 32, 32, 33, 34, 35, 35, 36, 37, 37, 38, 39, 40, 41,
        41, 42, 43, 44, 45, 45, 46, 47, 48, 49, 50, 51, 51, 52, 53, 54,
        55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70,
        71, 72, 73, 74, 76, 77, 78, 79, 80, 81, 82, 84, 85, 86, 87, 88,
        90, 91, 92, 93, 95, 96, 97, 99, 100, 101, 103, 104, 105, 107, 108, 109,
        111, 112, 114, 115, 116, 118, 119, 121, 122, 124, 125, 127, 128, 130, 131, 133,
        134, 136, 138, 139, 141, 142, 144, 146, 147, 149, 151, 152, 154, 156, 157, 159,
        161, 163, 164, 166, 168, 170, 171, 173, 175, 177, 179, 181, 183, 184, 186, 188,
        190, 192, 194, 196, 198, 200, 202, 204, 206, 208, 210, 212, 214, 216, 218, 220,
        222, 224, 226, 229, 231, 233, 235, 237, 239, 242, 244, 246, 248, 250, 253, 255,
    ]

    /// Linear light to sRGB, round(255·f⁻¹(c/255)).
    static let linearToSRGB: [UInt8] = [
        0, 13, 22, 28, 34, 38, 42, 46, 50, 53, 56, 59, 61, 64, 66, 69,
        71, 73, 75, 77, 79, 81, 83, 85, 86, 88, 90, 92, 93, 95, 96, 98,
        99, 101, 102, 104, 105, 106, 108, 109, 110, 112, 113, 114, 115, 117, 118, 119,
        120, 121, 122, 124, 125, 126, 127, 128, 129, 130, 131, 132, 133, 134, 135, 136,
        137, 138, 139, 140, 141, 142, 143, 144, 145, 146, 147, 148, 148, 149, 150, 151,
        152, 153, 154, 155, 155, 156, 157, 158, 159, 159, 160, 161, 162, 163, 163, 164,
        165, 166, 167, 167, 168, 169, 170, 170, 171, 172, 173, 173, 174, 175, 175, 176,
        177, 178, 178, 179, 180, 180, 181, 182, 182, 183, 184, 185, 185, 186, 187, 187,
        188, 189, 189, 190, 190, 191, 192, 192, 193, 194, 194, 195, 196, 196, 197, 197,
        198, 199, 199, 200, 200, 201, 202, 202, 203, 203, 204, 205, 205, 206, 206, 207,
        208, 208, 209, 209, 210, 210, 211, 212, 212, 213, 213, 214, 214, 215, 215, 216,
        216, 217, 218, 218, 219, 219, 220, 220, 221, 221, 222, 222, 223, 223, 224, 224,
        225, 226, 226, 227, 227, 228, 228, 229, 229, 230, 230, 231, 231, 232, 232, 233,
        233, 234, 234, 235, 235, 236, 236, 237, 237, 238, 238, 238, 239, 239, 240, 240,
        241, 241, 242, 242, 243, 243, 244, 244, 245, 245, 246, 246, 246, 247, 247, 248,
        248, 249, 249, 250, 250, 251, 251, 251, 252, 252, 253, 253, 254, 254, 255, 255,
    ]
}
