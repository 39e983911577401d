/// The EXIF `Orientation` tag (0x0112) of a JPEG: how the stored pixels must be turned to stand
/// upright, as every photo viewer and `UIImage` applies it.
///
/// Read from the first APP1 segment that starts "Exif\0\0": its TIFF header (byte order II or MM),
/// then IFD0's entries; every offset is bounds-checked, and anything missing or malformed means 1
/// (as stored).
struct EXIFOrientation: Equatable {
    /// 1…8, TIFF's values: 1 upright, 2 mirrored, 3 upside down, 4 flipped vertically,
    /// 5 transposed, 6 turned 90° clockwise to display, 7 transversed, 8 turned 90° anticlockwise.
    let value: Int

    static func read(from jpeg: [UInt8]) -> EXIFOrientation {
        var i = 2  // after SOI
        while i + 4 <= jpeg.count, jpeg[i] == 0xFF {
            let marker = jpeg[i + 1]
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) {
                i += 2
                continue
            }
            if marker == 0xDA || marker == 0xD9 { break }  // image data: no metadata after it
            let length = Int(jpeg[i + 2]) << 8 | Int(jpeg[i + 3])
            guard length >= 2, i + 2 + length <= jpeg.count else { break }
            let body = i + 4
            let end = i + 2 + length
            if marker == 0xE1, end - body >= 6, Array(jpeg[body..<body + 6]) == [0x45, 0x78, 0x69, 0x66, 0, 0] {
                return EXIFOrientation(value: tiffOrientation(Array(jpeg[body + 6..<end])) ?? 1)
            }
            i = end
        }
        return EXIFOrientation(value: 1)
    }

    /// The Orientation entry of IFD0 of a TIFF structure.
    private static func tiffOrientation(_ tiff: [UInt8]) -> Int? {
        guard tiff.count >= 8 else { return nil }
        let little: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= tiff.count else { return nil }
            return little ? Int(tiff[at]) | Int(tiff[at + 1]) << 8 : Int(tiff[at]) << 8 | Int(tiff[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let a = u16(at), let b = u16(at + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        guard u16(2) == 42, let ifd = u32(4), let count = u16(ifd) else { return nil }
        for k in 0..<count {
            let entry = ifd + 2 + 12 * k
            guard let tag = u16(entry) else { return nil }
            // SHORT (type 3), count 1: the value sits in the entry's first two value bytes.
            if tag == 0x0112, u16(entry + 2) == 3, let v = u16(entry + 8), (1...8).contains(v) { return v }
        }
        return nil
    }

    /// The pixels turned upright: (width, height, rgba) of the displayed image.
    func apply(to rgba: [UInt8], width w: Int, height h: Int) -> (Int, Int, [UInt8]) {
        guard value != 1 else { return (w, h, rgba) }
        let swaps = value >= 5
        let dw = swaps ? h : w
        let dh = swaps ? w : h
        var out = [UInt8](repeating: 0, count: rgba.count)
        // Displayed (x, y) ← stored (sx, sy).
        for y in 0..<dh {
            for x in 0..<dw {
                let (sx, sy): (Int, Int)
                switch value {
                case 2: (sx, sy) = (w - 1 - x, y)
                case 3: (sx, sy) = (w - 1 - x, h - 1 - y)
                case 4: (sx, sy) = (x, h - 1 - y)
                case 5: (sx, sy) = (y, x)
                case 6: (sx, sy) = (y, h - 1 - x)
                case 7: (sx, sy) = (w - 1 - y, h - 1 - x)
                default: (sx, sy) = (w - 1 - y, x)  // 8
                }
                let d = 4 * (y * dw + x)
                let s = 4 * (sy * w + sx)
                out[d] = rgba[s]
                out[d + 1] = rgba[s + 1]
                out[d + 2] = rgba[s + 2]
                out[d + 3] = rgba[s + 3]
            }
        }
        return (dw, dh, out)
    }
}
