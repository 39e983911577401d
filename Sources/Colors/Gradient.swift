import Geometry

/// A `CAGradientLayer`'s gradient: colour stops along an axis (linear), a radius (radial) or an
/// angle (conic), in the unit square of the layer's bounds.
///
/// Colours are interpolated in premultiplied space, as Core Animation does: a stop that is clear
/// fades its neighbour's colour out instead of darkening it through black. Before the first
/// location the first colour holds, after the last the last one.
public struct Gradient: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// Along the axis from `startPoint` (t = 0) to `endPoint` (t = 1); lines of equal colour
        /// are perpendicular to it in the layer's own coordinates (points, not the unit square).
        case linear
        /// An ellipse centred on `startPoint` with radii |end.x − start.x| and |end.y − start.y|
        /// (in points): t = 1 on it. A circle of radius |end − start| when one radius is 0.
        case radial
        /// Around `startPoint`, clockwise on screen from the direction of `endPoint`: t is the
        /// fraction of a turn, in [0, 1).
        case conic
    }

    public var kind: Kind
    /// At least one colour; straight alpha as written, premultiplied when drawn.
    public var colors: [ColorRGBA8]
    /// One location per colour, non-decreasing, each in [0, 1] (`locations`); equal neighbours
    /// make a hard step.
    public var locations: [Double]
    /// In the unit square of the bounds: (0, 0) top-left, (1, 1) bottom-right.
    public var startPoint: Point
    public var endPoint: Point
    /// Ordered (4×4 Bayer) dither of each interpolated channel instead of rounding to nearest: the
    /// same mean, no visible bands in GIF's palette or an 8-bit video. Default false.
    public var dither: Bool
    /// What lies beyond t = 0 and t = 1. Core Animation pads; SVG also reflects and repeats.
    public var spread: Spread
    /// SVG's `fx`, `fy`, `fr` on a radial gradient: t = 0 on this circle, t = 1 on the circle
    /// centred on `startPoint` with radius |endPoint − startPoint| (both in points of the bounds),
    /// the circles between interpolated. Nil (Core Animation's radial): concentric ellipses.
    public var focus: Focus?
    /// How colours between two stops mix: premultiplied (Core Animation) or straight (SVG).
    public var interpolation: Interpolation

    public enum Spread: String, Hashable, Sendable {
        case pad, reflect, `repeat`
    }

    public enum Interpolation: Hashable, Sendable {
        /// A clear stop fades its neighbour's colour out.
        case premultiplied
        /// Channels and alpha mix separately, premultiplied after: a clear black stop darkens.
        case straight
    }

    /// The circle where a focal radial gradient starts, in the unit square of the bounds as
    /// `startPoint` (the radius in units of the bounds' width, as `fr` of a square box).
    public struct Focus: Hashable, Sendable {
        public var center: Point
        public var radius: Double

        public init(center: Point, radius: Double) {
            self.center = center
            self.radius = radius
        }
    }

    /// Locations default to evenly spaced (CAGradientLayer's `locations = nil`).
    public init(
        kind: Kind, colors: [ColorRGBA8], locations: [Double]? = nil, startPoint: Point, endPoint: Point,
        dither: Bool = false, spread: Spread = .pad, focus: Focus? = nil, interpolation: Interpolation = .premultiplied
    ) {
        self.kind = kind
        self.colors = colors
        self.locations = locations ?? Gradient.evenLocations(colors.count)
        self.startPoint = startPoint
        self.endPoint = endPoint
        self.dither = dither
        self.spread = spread
        self.focus = focus
        self.interpolation = interpolation
    }

    /// n evenly spaced locations from 0 to 1 (one colour: [0]).
    public static func evenLocations(_ n: Int) -> [Double] {
        n <= 1 ? [Double](repeating: 0, count: n) : (0..<n).map { Double($0) / Double(n - 1) }
    }

    /// The most opaque stop's alpha: what the layer's shadow takes as its fill's alpha.
    public var maxAlpha: UInt8 { colors.map(\.a).max() ?? 0 }
}
