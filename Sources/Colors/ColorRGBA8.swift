/// An 8-bit sRGB colour with straight (non-premultiplied) alpha: what users write in scene files
/// ("#FF9500CC") and what PNG stores.
public struct ColorRGBA8: Hashable, Sendable, CustomStringConvertible {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    public static let black = ColorRGBA8(r: 0, g: 0, b: 0)
    public static let white = ColorRGBA8(r: 255, g: 255, b: 255)
    public static let clear = ColorRGBA8(r: 0, g: 0, b: 0, a: 0)

    /// Parses `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA` (case-insensitive); nil for anything else.
    public init?(hex: String) {
        // On the UTF-8 bytes: a scene may hold a colour for each of many thousands of items.
        var utf8 = hex.utf8.makeIterator()
        guard utf8.next() == UInt8(ascii: "#") else { return nil }
        var n = SIMD8<UInt8>(repeating: 0)
        var count = 0
        while let byte = utf8.next() {
            guard count < 8, let nibble = Self.nibble(byte) else { return nil }
            n[count] = nibble
            count += 1
        }
        switch count {
        case 3, 4: self.init(r: n[0] * 17, g: n[1] * 17, b: n[2] * 17, a: count == 4 ? n[3] * 17 : 255)
        case 6, 8:
            self.init(
                r: n[0] << 4 | n[1], g: n[2] << 4 | n[3], b: n[4] << 4 | n[5], a: count == 8 ? n[6] << 4 | n[7] : 255)
        default: return nil
        }
    }

    private static func nibble(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque.
    public var hex: String {
        func h(_ v: UInt8) -> String {
            let s = String(v, radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + h(r) + h(g) + h(b) + (a == 255 ? "" : h(a))
    }

    public var description: String { hex }
}
