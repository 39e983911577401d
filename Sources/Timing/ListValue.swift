import Colors

// CAGradientLayer's animatable lists (`colors`, `locations`): values that are arrays, interpolated
// element by element.

/// A list of values animated element by element (`CAGradientLayer.colors` and `locations`).
///
/// Core Animation interpolates two arrays only when they have the same count; so does this type,
/// and scenes reject animations between lists of different lengths when they load (as `PathValue`
/// does for paths of different structures). `zero` (the empty list) is the additive identity for
/// any count: an additive animation's underlying value and a `byValue`'s missing start.
public struct ListValue<Element: Interpolatable & Hashable>: Hashable, Sendable, Interpolatable {
    public let elements: [Element]

    public init(_ elements: [Element]) { self.elements = elements }

    public var count: Int { elements.count }

    public static var zero: ListValue { ListValue([]) }

    // Lists of different counts never meet after validation; the fallbacks (the right operand,
    // as `AnimatableValue`'s operators do) only guarantee no trap.
    public static func + (a: ListValue, b: ListValue) -> ListValue {
        if a.elements.isEmpty { return b }
        if b.elements.isEmpty { return a }
        guard a.count == b.count else { return b }
        return ListValue(zip(a.elements, b.elements).map { $0 + $1 })
    }

    public static func - (a: ListValue, b: ListValue) -> ListValue {
        if b.elements.isEmpty { return a }
        if a.elements.isEmpty { return b.scaled(by: -1) }
        guard a.count == b.count else { return a }
        return ListValue(zip(a.elements, b.elements).map { $0 - $1 })
    }

    public func scaled(by s: Double) -> ListValue { ListValue(elements.map { $0.scaled(by: s) }) }

    /// The Euclidean distance of the concatenated elements (paced keyframes); 0 between counts
    /// that differ.
    public func distance(to other: ListValue) -> Double {
        guard count == other.count else { return 0 }
        return zip(elements, other.elements).reduce(0) {
            let d = $1.0.distance(to: $1.1)
            return $0 + d * d
        }.squareRoot()
    }
}

/// A colour being animated as a gradient stop: premultiplied sRGB components (r·a, g·a, b·a, a)
/// as Doubles, 0…1 for colours written in a scene (sums, `by` deltas and overshooting springs
/// may leave that range; `straight` clamps).
///
/// Gradient stops interpolate in premultiplied space because the gradient itself does
/// (`Colors.Gradient`): a stop animated from clear to red passes through translucent red, not the
/// translucent dark red that straight components would give, so an animated stop never shows a
/// colour its own gradient could not. Layer colours (`AnimatableColor`) stay straight.
public struct PremultipliedColor: Hashable, Sendable, Interpolatable, CustomStringConvertible {
    public var r: Double, g: Double, b: Double, a: Double

    public init(r: Double, g: Double, b: Double, a: Double) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// A straight colour as written, premultiplied (no rounding: the Doubles are exact products).
    public init(_ c: ColorRGBA8) {
        let a = Double(c.a) / 255
        self.init(r: Double(c.r) / 255 * a, g: Double(c.g) / 255 * a, b: Double(c.b) / 255 * a, a: a)
    }

    /// Back to a straight 8-bit colour: alpha clamped to 0…1, each channel to 0…alpha (a
    /// premultiplied channel above its alpha has no straight colour), divided by alpha, rounded to
    /// nearest. Fully clear is `ColorRGBA8.clear`. Round-trips every opaque `ColorRGBA8` exactly.
    public var straight: ColorRGBA8 {
        let alpha = min(max(a, 0), 1)
        guard alpha > 0 else { return .clear }
        func q(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * 255).rounded()) }
        func channel(_ v: Double) -> UInt8 { q(min(max(v, 0), alpha) / alpha) }
        return ColorRGBA8(r: channel(r), g: channel(g), b: channel(b), a: q(alpha))
    }

    public static let zero = PremultipliedColor(r: 0, g: 0, b: 0, a: 0)
    public static func + (x: PremultipliedColor, y: PremultipliedColor) -> PremultipliedColor {
        PremultipliedColor(r: x.r + y.r, g: x.g + y.g, b: x.b + y.b, a: x.a + y.a)
    }
    public static func - (x: PremultipliedColor, y: PremultipliedColor) -> PremultipliedColor {
        PremultipliedColor(r: x.r - y.r, g: x.g - y.g, b: x.b - y.b, a: x.a - y.a)
    }
    public func scaled(by s: Double) -> PremultipliedColor {
        PremultipliedColor(r: r * s, g: g * s, b: b * s, a: a * s)
    }
    public func distance(to o: PremultipliedColor) -> Double {
        let d = o - self
        return (d.r * d.r + d.g * d.g + d.b * d.b + d.a * d.a).squareRoot()
    }

    public var description: String { straight.hex }
}

extension ListValue where Element == PremultipliedColor {
    /// Straight colours as written (`CAGradientLayer.colors`), each premultiplied.
    public init(premultiplying colors: [ColorRGBA8]) { self.init(colors.map(PremultipliedColor.init)) }

    /// The colours as straight 8-bit values (`PremultipliedColor.straight`), what a gradient draws.
    public var straightColors: [ColorRGBA8] { elements.map(\.straight) }
}

extension ListValue: CustomStringConvertible {
    public var description: String { "[" + elements.map { "\($0)" }.joined(separator: ", ") + "]" }
}
