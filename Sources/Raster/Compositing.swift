// Compositing: how one layer's paint and coverage become pixels.
//
// Model: Core Animation's, as UIKit, browsers and Cairo do it: premultiplied RGBA8, blended in
// the sRGB-encoded values themselves (no linearisation), every product exactly rounded by
// `mul255`. Rounding order, fixed so that every renderer following it gets the same bytes:
//   1. coverage → byte: cf = round(fill coverage·255), cb = round(border coverage·255);
//   2. fill·cf and border·cb, per channel;
//   3. layer = border·cb over fill·cf (source-over);
//   4. layer·opacity, with opacity as a byte round(opacity·255) (group opacity: border and fill
//      are combined first and faded together, so a faded layer never shows its fill through an
//      opaque border);
//   5. pixel = layer source-over pixel.
// Folding coverage and opacity into one factor first would save a rounding but change bytes
// relative to that order; the order above is the specification.

extension PremultipliedRGBA8 {
    /// This colour times an 8-bit fraction (coverage or opacity), each channel exactly rounded.
    @inline(__always)
    public func scaled(by fraction: UInt8) -> PremultipliedRGBA8 {
        PremultipliedRGBA8(
            unchecked: mul255(r, fraction), mul255(g, fraction),
            mul255(b, fraction), mul255(a, fraction))
    }
}

/// Skia's `SrcOver`: `source` drawn over `destination`, s + d·(255 − s.a)/255 per channel,
/// exactly rounded. Opaque sources replace the destination; transparent ones leave it as is.
@inline(__always)
public func sourceOver(_ source: PremultipliedRGBA8, _ destination: PremultipliedRGBA8) -> PremultipliedRGBA8 {
    let inverse = 255 - source.a
    // No overflow: s + mul255(d, 255 − s.a) ≤ s.a + (255 − s.a) = 255 for every channel.
    return PremultipliedRGBA8(
        unchecked: source.r + mul255(destination.r, inverse),
        source.g + mul255(destination.g, inverse),
        source.b + mul255(destination.b, inverse),
        source.a + mul255(destination.a, inverse))
}

/// round(coverage·255) for coverage in [0, 1]: 0.5 → 128.
@inline(__always)
public func coverageByte(_ coverage: Float) -> UInt8 {
    UInt8(coverage * 255 + 0.5)
}

/// One layer's paint, resolved for blending: what a `DrawRect` contributes apart from its shape.
public struct LayerPaint: Equatable, Sendable {
    public let fill: PremultipliedRGBA8
    public let border: PremultipliedRGBA8
    /// Group opacity as a byte.
    public let opacity: UInt8

    public init(fill: PremultipliedRGBA8, border: PremultipliedRGBA8, opacity: UInt8) {
        self.fill = fill
        self.border = border
        self.opacity = opacity
    }

    /// `fill` and `border` premultiplied; `opacity` clamped to [0, 1] (NaN counts as 0) and
    /// rounded to a byte: round(opacity·255).
    public init(fill: ColorRGBA8, border: ColorRGBA8, opacity: Double) {
        let clamped = opacity.isNaN ? 0 : min(max(opacity, 0), 1)
        self.init(
            fill: fill.premultiplied, border: border.premultiplied,
            opacity: UInt8((clamped * 255).rounded()))
    }

    /// The layer's colour at a pixel with these coverages: (border·cb over fill·cf)·opacity
    /// (steps 2 to 4 of the rounding order above).
    @inline(__always)
    public func color(fillCoverage: UInt8, borderCoverage: UInt8) -> PremultipliedRGBA8 {
        sourceOver(border.scaled(by: borderCoverage), fill.scaled(by: fillCoverage)).scaled(by: opacity)
    }
}
