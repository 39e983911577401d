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
        guard hex.first == "#" else { return nil }
        var digits = Array(hex.dropFirst())
        guard [3, 4, 6, 8].contains(digits.count),
            digits.allSatisfy({ $0.isHexDigit })
        else { return nil }
        if digits.count <= 4 { digits = digits.flatMap { [$0, $0] } }
        var bytes: [UInt8] = []
        var i = 0
        while i < digits.count {
            guard let v = UInt8(String(digits[i...i + 1]), radix: 16) else { return nil }
            bytes.append(v)
            i += 2
        }
        self.init(r: bytes[0], g: bytes[1], b: bytes[2], a: bytes.count == 4 ? bytes[3] : 255)
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
