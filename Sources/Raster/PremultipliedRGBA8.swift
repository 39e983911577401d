/// An 8-bit sRGB colour with premultiplied alpha: what blending and `Pixmap` use
/// (tiny-skia's `PremultipliedColorU8`).
///
/// Invariant: r, g, b ≤ a. It holds by construction: the only ways in are premultiplying a
/// `ColorRGBA8`, the failable initializer, and this module's blends, which preserve it
/// (mul255 is monotone, so c ≤ a implies mul255(c, x) ≤ mul255(a, x), and source-over adds
/// at most 255 − src.a to src.a).
public struct PremultipliedRGBA8: Hashable, Sendable, CustomStringConvertible {
    public let r: UInt8, g: UInt8, b: UInt8, a: UInt8

    /// Nil unless r, g, b ≤ a.
    public init?(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        guard r <= a, g <= a, b <= a else { return nil }
        self.init(unchecked: r, g, b, a)
    }

    /// Premultiplies with exact rounding: each channel becomes round(c·a/255) (`mul255`).
    public init(_ color: ColorRGBA8) {
        self.init(
            unchecked: mul255(color.r, color.a), mul255(color.g, color.a),
            mul255(color.b, color.a), color.a)
    }

    /// For blends that preserve the invariant by their arithmetic; checked in debug builds.
    @inline(__always)
    init(unchecked r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) {
        assert(r <= a && g <= a && b <= a, "premultiplied colour with a channel above alpha")
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// The four bytes in memory order (r, g, b, a at increasing addresses), as a pixmap stores
    /// them: what the packed blends load and store.
    var packed: UInt32 {
        var value: UInt32 = 0
        withUnsafeMutableBytes(of: &value) {
            $0[0] = r
            $0[1] = g
            $0[2] = b
            $0[3] = a
        }
        return value
    }

    /// The inverse of `packed`, for blends that work on packed pixels and preserve the invariant.
    @inline(__always)
    init(packed: UInt32) {
        var value = packed
        let bytes = withUnsafeBytes(of: &value) { ($0[0], $0[1], $0[2], $0[3]) }
        self.init(unchecked: bytes.0, bytes.1, bytes.2, bytes.3)
    }

    public static let transparent = PremultipliedRGBA8(unchecked: 0, 0, 0, 0)

    /// Unpremultiplies with exact rounding: each channel becomes round(c·255/a), halves up;
    /// a = 0 gives all zeros (a fully transparent pixel has no colour to recover).
    ///
    /// `PremultipliedRGBA8(p.unpremultiplied()) == p` for every valid p: the unpremultiplied value
    /// is within 1/2 of c·255/a, so premultiplying moves it back by less than a/510 ≤ 1/2.
    /// The other way round loses precision when a < 255 (fewer than 256 levels survive).
    public func unpremultiplied() -> ColorRGBA8 {
        switch a {
        case 0: return .clear
        case 255: return ColorRGBA8(r: r, g: g, b: b, a: 255)
        default:
            return ColorRGBA8(
                r: Self.unpremultiply(r, a), g: Self.unpremultiply(g, a),
                b: Self.unpremultiply(b, a), a: a)
        }
    }

    /// round(c·255/a) = ⌊(510·c + a) / (2a)⌋ for 0 < a, c ≤ a; the result is at most 255.
    @inline(__always)
    static func unpremultiply(_ c: UInt8, _ a: UInt8) -> UInt8 {
        UInt8(truncatingIfNeeded: (510 * UInt32(c) + UInt32(a)) / (2 * UInt32(a)))
    }

    public var description: String { "premultiplied(\(r), \(g), \(b), \(a))" }
}

extension ColorRGBA8 {
    /// This colour premultiplied by its alpha, exactly rounded.
    public var premultiplied: PremultipliedRGBA8 { PremultipliedRGBA8(self) }
}
