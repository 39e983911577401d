import Colors
import Geometry

// The values Timing animates: a small arithmetic protocol and a closed enum over the property kinds.

/// What interpolation, `byValue`, additive and cumulative arithmetic need: a vector space with a
/// distance (for paced keyframes).
public protocol Interpolatable: Equatable, Sendable {
    static var zero: Self { get }
    static func + (a: Self, b: Self) -> Self
    static func - (a: Self, b: Self) -> Self
    func scaled(by s: Double) -> Self
    /// Euclidean distance, used by `calculationMode` `.paced`.
    func distance(to other: Self) -> Double
}

extension Interpolatable {
    /// a + (b − a)·p, p unclamped (springs and overshooting curves go beyond 1).
    public static func interpolate(_ a: Self, _ b: Self, _ p: Double) -> Self { a + (b - a).scaled(by: p) }
}

extension Double: Interpolatable {
    public func scaled(by s: Double) -> Double { self * s }
    public func distance(to other: Double) -> Double { abs(other - self) }
}

extension Point: Interpolatable {
    public func scaled(by s: Double) -> Point { self * s }
}

extension Size: Interpolatable {
    public static func + (a: Size, b: Size) -> Size { Size(a.width + b.width, a.height + b.height) }
    public static func - (a: Size, b: Size) -> Size { Size(a.width - b.width, a.height - b.height) }
    public func scaled(by s: Double) -> Size { self * s }
    public func distance(to other: Size) -> Double { Point(width - other.width, height - other.height).length }
}

extension Angle: Interpolatable {
    public func scaled(by s: Double) -> Angle { self * s }
    public func distance(to other: Angle) -> Double { abs(other.radians - radians) }
}

/// A colour being animated: straight (non-premultiplied) sRGB components as Doubles in 0...1.
///
/// Core Animation interpolates CGColor components in the colour's own space, and CGColor stores
/// straight alpha, so interpolating the components of `ColorRGBA8` linearly is the faithful model.
/// We keep Doubles (not 8-bit) while animating so quantization happens once, at output
/// (`rgba8`), and additive deltas may be negative. Rejected: interpolating premultiplied or
/// linear-light values (not what CA does), interpolating in UInt8 (steps and drift in additive sums).
public struct AnimatableColor: Hashable, Sendable, Interpolatable, CustomStringConvertible {
    public var r: Double, g: Double, b: Double, a: Double

    public init(r: Double, g: Double, b: Double, a: Double = 1) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    public init(_ c: ColorRGBA8) {
        self.init(r: Double(c.r) / 255, g: Double(c.g) / 255, b: Double(c.b) / 255, a: Double(c.a) / 255)
    }

    /// Clamped to 0...1 and rounded to nearest 8-bit step.
    public var rgba8: ColorRGBA8 {
        func q(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * 255).rounded()) }
        return ColorRGBA8(r: q(r), g: q(g), b: q(b), a: q(a))
    }

    public static let zero = AnimatableColor(r: 0, g: 0, b: 0, a: 0)
    public static func + (x: AnimatableColor, y: AnimatableColor) -> AnimatableColor {
        AnimatableColor(r: x.r + y.r, g: x.g + y.g, b: x.b + y.b, a: x.a + y.a)
    }
    public static func - (x: AnimatableColor, y: AnimatableColor) -> AnimatableColor {
        AnimatableColor(r: x.r - y.r, g: x.g - y.g, b: x.b - y.b, a: x.a - y.a)
    }
    public func scaled(by s: Double) -> AnimatableColor { AnimatableColor(r: r * s, g: g * s, b: b * s, a: a * s) }
    public func distance(to o: AnimatableColor) -> Double {
        let d = o - self
        return (d.r * d.r + d.g * d.g + d.b * d.b + d.a * d.a).squareRoot()
    }

    public var description: String { rgba8.hex }
}

/// The kind of value a property holds; an animation's values must match its property's kind.
public enum ValueKind: String, Sendable {
    case scalar, point, size, angle, color, path
    /// A list of premultiplied colours (`CAGradientLayer.colors`).
    case colorList
    /// A list of numbers (`CAGradientLayer.locations`).
    case numberList
    /// A `CATransform3D` (`transform`, `sublayerTransform`).
    case transform
}

/// One animatable value. A closed enum (not `any Interpolatable`) so scene files decode into it,
/// values are `Hashable`, and a kind mismatch is caught once, when an animation is built or added.
public enum AnimatableValue: Hashable, Sendable, CustomStringConvertible {
    case scalar(Double)
    case point(Point)
    case size(Size)
    case angle(Angle)
    case color(AnimatableColor)
    case path(PathValue)
    case colorList(ListValue<PremultipliedColor>)
    case numberList(ListValue<Double>)
    /// A 4×4 transform. Not a vector space: `interpolate` goes through the decomposition
    /// (`Transform3D.interpolate`), `+` and `-` concatenate (see `+`), and `scaled(by:)` and
    /// `distance(to:)` have no meaning, so the animations that need them (cumulative, `byValue`,
    /// paced and cubic keyframes) refuse transforms when they are built.
    case transform(Transform3D)

    /// The same value to the bit. `==` compares numbers, so 0 equals −0, which a model table
    /// that leaves out default values must tell apart. Lists, paths and transforms are never
    /// identical here: a table keeps them whatever they hold.
    @inlinable func isIdentical(to other: AnimatableValue) -> Bool {
        func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern }
        switch (self, other) {
        case (.scalar(let a), .scalar(let b)): return same(a, b)
        case (.angle(let a), .angle(let b)): return same(a.radians, b.radians)
        case (.point(let a), .point(let b)): return same(a.x, b.x) && same(a.y, b.y)
        case (.size(let a), .size(let b)): return same(a.width, b.width) && same(a.height, b.height)
        case (.color(let a), .color(let b)): return same(a.r, b.r) && same(a.g, b.g) && same(a.b, b.b) && same(a.a, b.a)
        default: return false
        }
    }

    public var kind: ValueKind {
        switch self {
        case .path: return .path
        case .colorList: return .colorList
        case .numberList: return .numberList
        case .scalar: return .scalar
        case .point: return .point
        case .size: return .size
        case .angle: return .angle
        case .color: return .color
        case .transform: return .transform
        }
    }

    public static func zero(_ kind: ValueKind) -> AnimatableValue {
        switch kind {
        case .scalar: return .scalar(0)
        case .point: return .point(.zero)
        case .size: return .size(.zero)
        case .angle: return .angle(.zero)
        case .color: return .color(.zero)
        case .path: return .path(.zero)
        case .colorList: return .colorList(.zero)
        case .numberList: return .numberList(.zero)
        case .transform: return .transform(.identity)
        }
    }

    // Binary operators return the right operand on a kind mismatch: kinds are validated at the
    // boundary (animation init, `TimingLayer.add`), so the fallback only guarantees no trap.
    public static func + (a: AnimatableValue, b: AnimatableValue) -> AnimatableValue {
        switch (a, b) {
        case (.scalar(let x), .scalar(let y)): return .scalar(x + y)
        case (.point(let x), .point(let y)): return .point(x + y)
        case (.size(let x), .size(let y)): return .size(x + y)
        case (.angle(let x), .angle(let y)): return .angle(x + y)
        case (.color(let x), .color(let y)): return .color(x + y)
        case (.path(let x), .path(let y)): return .path(x + y)
        case (.colorList(let x), .colorList(let y)): return .colorList(x + y)
        case (.numberList(let x), .numberList(let y)): return .numberList(x + y)
        // Core Animation concatenates transforms where other values add ("for affine transforms
        // the two matrices are concatenated", `isAdditive`). `underlying + v` applies the
        // animation's matrix first, in the layer's own space, then the value beneath it
        // (`CATransform3DConcat(v, underlying)`): a perspective in the model transform stays last
        // and sees an additive turn (inferred: Apple does not document the order).
        case (.transform(let x), .transform(let y)): return .transform(y.concatenating(x))
        default: return b
        }
    }

    public static func - (a: AnimatableValue, b: AnimatableValue) -> AnimatableValue {
        switch (a, b) {
        case (.scalar(let x), .scalar(let y)): return .scalar(x - y)
        case (.point(let x), .point(let y)): return .point(x - y)
        case (.size(let x), .size(let y)): return .size(x - y)
        case (.angle(let x), .angle(let y)): return .angle(x - y)
        case (.color(let x), .color(let y)): return .color(x - y)
        case (.path(let x), .path(let y)): return .path(x - y)
        case (.colorList(let x), .colorList(let y)): return .colorList(x - y)
        case (.numberList(let x), .numberList(let y)): return .numberList(x - y)
        // The inverse of `+`: b + (a − b) = a, so a − b = a·b⁻¹. A singular `b` is refused
        // before this is reached (`ViewAnimation` animates a singular transform non-additively).
        case (.transform(let x), .transform(let y)): return .transform(y.inverted.map { x.concatenating($0) } ?? x)
        default: return a
        }
    }

    public func scaled(by s: Double) -> AnimatableValue {
        switch self {
        case .scalar(let x): return .scalar(x * s)
        case .point(let x): return .point(x * s)
        case .size(let x): return .size(x * s)
        case .angle(let x): return .angle(x * s)
        case .color(let x): return .color(x.scaled(by: s))
        case .path(let x): return .path(x.scaled(by: s))
        case .colorList(let x): return .colorList(x.scaled(by: s))
        case .numberList(let x): return .numberList(x.scaled(by: s))
        // No scalar multiple of a matrix is a transform's multiple; `interpolate` never asks, and
        // the animations that would (cumulative, cubic keyframes) refuse transforms.
        case .transform: return self
        }
    }

    public func distance(to other: AnimatableValue) -> Double {
        switch (self, other) {
        case (.scalar(let x), .scalar(let y)): return x.distance(to: y)
        case (.point(let x), .point(let y)): return x.distance(to: y)
        case (.size(let x), .size(let y)): return x.distance(to: y)
        case (.angle(let x), .angle(let y)): return x.distance(to: y)
        case (.color(let x), .color(let y)): return x.distance(to: y)
        case (.path(let x), .path(let y)): return x.distance(to: y)
        case (.colorList(let x), .colorList(let y)): return x.distance(to: y)
        case (.numberList(let x), .numberList(let y)): return x.distance(to: y)
        default: return 0
        }
    }

    /// a + (b − a)·p; between two transforms, Core Animation's decomposed interpolation.
    public static func interpolate(_ a: AnimatableValue, _ b: AnimatableValue, _ p: Double) -> AnimatableValue {
        if case .transform(let x) = a, case .transform(let y) = b {
            return .transform(Transform3D.interpolate(x, y, p))
        }
        return a + (b - a).scaled(by: p)
    }

    /// `interpolate` with a progress per axis: a point's x and y (a size's width and height) each
    /// follow their own; every other value follows `p.x`.
    public static func interpolate(
        _ a: AnimatableValue, _ b: AnimatableValue, _ p: (x: Double, y: Double)
    ) -> AnimatableValue {
        guard p.x != p.y else { return interpolate(a, b, p.x) }
        switch (a, b) {
        case (.point(let from), .point(let to)):
            return .point(Point(from.x + (to.x - from.x) * p.x, from.y + (to.y - from.y) * p.y))
        case (.size(let from), .size(let to)):
            return .size(
                Size(from.width + (to.width - from.width) * p.x, from.height + (to.height - from.height) * p.y))
        default:
            return interpolate(a, b, p.x)
        }
    }

    public var scalar: Double? { if case .scalar(let v) = self { return v } else { return nil } }
    public var point: Point? { if case .point(let v) = self { return v } else { return nil } }
    public var size: Size? { if case .size(let v) = self { return v } else { return nil } }
    public var angle: Angle? { if case .angle(let v) = self { return v } else { return nil } }
    public var color: AnimatableColor? { if case .color(let v) = self { return v } else { return nil } }
    public var pathValue: PathValue? { if case .path(let v) = self { return v } else { return nil } }
    public var colorList: ListValue<PremultipliedColor>? {
        if case .colorList(let v) = self { return v } else { return nil }
    }
    public var numberList: ListValue<Double>? { if case .numberList(let v) = self { return v } else { return nil } }
    public var transform: Transform3D? { if case .transform(let v) = self { return v } else { return nil } }

    /// The number of elements of a list value (nil for the other kinds): what Core Animation
    /// requires to match between the values of one animation.
    public var listCount: Int? { colorList?.count ?? numberList?.count }

    public var description: String {
        switch self {
        case .scalar(let v): return "\(v)"
        case .point(let v): return "\(v)"
        case .size(let v): return "\(v)"
        case .angle(let v): return "\(v)"
        case .color(let v): return "\(v)"
        case .path(let v): return "\(v)"
        case .colorList(let v): return "\(v)"
        case .numberList(let v): return "\(v)"
        case .transform(let v): return "\(v)"
        }
    }
}

/// The properties a `TimingLayer` animates (what the renderer's display list needs).
public enum LayerProperty: String, Sendable, CaseIterable {
    /// `center` / `position`, points.
    case center
    /// `bounds.size`, points.
    case size
    /// Rotation of the transform, clockwise on screen.
    case rotation
    /// Scale of the transform, (x, y) as a `Point`; identity (1, 1).
    case scale
    /// Translation of the transform, points.
    case translation
    /// 0...1.
    case opacity
    /// Fill (background) colour.
    case fillColor
    /// Points.
    case cornerRadius
    /// Points.
    case borderWidth
    case borderColor
    /// `CAShapeLayer` (items with a shape): fractions 0...1 of the path's length.
    case strokeStart, strokeEnd
    /// Points.
    case lineWidth
    /// `CAShapeLayer.fillColor` (not the layer's background, `fillColor` above).
    case shapeFillColor
    case strokeColor
    /// Points along the path.
    case lineDashPhase
    /// `CAShapeLayer.path`, in the item's bounds.
    case path
    /// A text item's colour (CATextLayer's `foregroundColor`, UILabel's `textColor`).
    case textColor
    /// `CAGradientLayer.colors` of a gradient fill: one colour per stop, interpolated element by
    /// element in premultiplied space; every value has the gradient's count.
    case gradientColors
    /// `CAGradientLayer.locations`: one per stop; animated values may lie outside 0…1 (a
    /// shimmer's stops enter from beyond the start), as in Core Animation.
    case gradientLocations
    /// `CAGradientLayer.startPoint` / `endPoint`, in the unit square of the bounds.
    case gradientStartPoint, gradientEndPoint
    /// `CALayer.shadowOpacity` (0...1), `shadowRadius` (points), `shadowOffset` (points, y down)
    /// and `shadowColor`.
    case shadowOpacity, shadowRadius, shadowOffset, shadowColor
    /// The σ, in points, of the layer's Gaussian blur filter (Core Animation's
    /// `filters.gaussianBlur.inputRadius`); 0 for no blur.
    case blurRadius
    /// `CALayer.shadowPath`, in the item's bounds; `zero` (no elements) for none.
    case shadowPath
    /// `CALayer.anchorPoint`, in unit coordinates of the bounds: the point `center` places and
    /// that rotation and scale turn about.
    case anchorPoint
    /// The transform's turns about the layer's x and y axes (`transform.rotation.x` / `.y`), for
    /// 3-D: a positive turn about y sends the right edge away from the viewer.
    case rotationX, rotationY
    /// `CALayer.zPosition`, points toward the viewer: orders siblings, and adds depth under a
    /// perspective.
    case zPosition
    /// `CALayer.anchorPointZ`, points: the depth of the point 3-D turns go about.
    case anchorPointZ
    /// `CALayer.transform` as a whole (a scene's `transform3D:`), about the anchor point, after
    /// the plane rotation, scale and the turns about x and y.
    case transform3D
    /// `CALayer.sublayerTransform`: applied to the children about the anchor point.
    case sublayerTransform

    public var kind: ValueKind {
        switch self {
        case .center, .scale, .translation, .gradientStartPoint, .gradientEndPoint, .shadowOffset, .anchorPoint:
            return .point
        case .size: return .size
        case .rotation, .rotationX, .rotationY: return .angle
        case .opacity, .cornerRadius, .borderWidth, .strokeStart, .strokeEnd, .lineWidth, .lineDashPhase,
            .shadowOpacity, .shadowRadius, .blurRadius, .zPosition, .anchorPointZ:
            return .scalar
        case .fillColor, .borderColor, .shapeFillColor, .strokeColor, .textColor, .shadowColor: return .color
        case .path, .shadowPath: return .path
        case .gradientColors: return .colorList
        case .gradientLocations: return .numberList
        case .transform3D, .sublayerTransform: return .transform
        }
    }

    /// The model value of a fresh layer.
    public var defaultValue: AnimatableValue {
        switch self {
        case .center, .translation: return .point(.zero)
        case .size: return .size(.zero)
        case .rotation, .rotationX, .rotationY: return .angle(.zero)
        case .zPosition, .anchorPointZ: return .scalar(0)
        case .scale: return .point(Point(1, 1))
        case .opacity: return .scalar(1)
        case .cornerRadius, .borderWidth: return .scalar(0)
        case .fillColor: return .color(.zero)
        case .borderColor, .textColor: return .color(AnimatableColor(r: 0, g: 0, b: 0, a: 1))
        case .strokeStart, .lineDashPhase: return .scalar(0)
        case .strokeEnd, .lineWidth: return .scalar(1)
        case .shapeFillColor: return .color(AnimatableColor(r: 0, g: 0, b: 0, a: 1))
        case .strokeColor: return .color(.zero)
        case .path, .shadowPath: return .path(.zero)
        case .gradientColors: return .colorList(.zero)
        case .gradientLocations: return .numberList(.zero)
        // CAGradientLayer's defaults: a vertical axis from the top edge's middle to the bottom's.
        case .gradientStartPoint: return .point(Point(0.5, 0))
        case .gradientEndPoint: return .point(Point(0.5, 1))
        // CALayer's: no shadow (opacity 0), radius 3, offset (0, −3), opaque black.
        case .shadowOpacity: return .scalar(0)
        case .shadowRadius: return .scalar(3)
        case .shadowOffset: return .point(Point(0, -3))
        case .shadowColor: return .color(AnimatableColor(r: 0, g: 0, b: 0, a: 1))
        case .blurRadius: return .scalar(0)
        case .anchorPoint: return .point(Point(0.5, 0.5))
        case .transform3D, .sublayerTransform: return .transform(.identity)
        }
    }

    /// Where a view animation or a property animator starts this property on its way to `new`
    /// from `old`: `old` itself, except for a rotation, which UIKit animates as the decomposed
    /// transform (spec compositing, "View animations of rotations"): between the angles the two
    /// matrices decompose to, each in (−π, π]. So the start is `new` minus that change, which
    /// draws as `old`: from 0 a rotation of 2π is no change and one of 3π/2 turns by −π/2.
    public func viewAnimationStart(from old: AnimatableValue, to new: AnimatableValue) -> AnimatableValue {
        guard [.rotation, .rotationX, .rotationY].contains(self), case .angle(let a) = old, case .angle(let b) = new
        else { return old }
        let change = Self.decomposed(b.radians) - Self.decomposed(a.radians)
        return .angle(Angle(radians: b.radians - change))
    }

    /// The angle a rotation matrix of `radians` decomposes to, in (−π, π], in plain IEEE
    /// arithmetic (no libm, so every machine gets the same bits): 2π·k is taken off exactly
    /// when `radians` is a whole number of turns in Double.
    static func decomposed(_ radians: Double) -> Double {
        guard radians.isFinite else { return radians }
        let turn = 2 * Double.pi
        var r = radians - turn * (radians / turn).rounded()
        if r <= -Double.pi { r += turn }
        if r > Double.pi { r -= turn }
        return r
    }

    /// Equality and hashing by case. `RawRepresentable`'s defaults compare and hash the raw
    /// name's characters, which every lookup in a table keyed by property paid.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.caseIndex == rhs.caseIndex }
    public func hash(into hasher: inout Hasher) { hasher.combine(caseIndex) }

    /// A payload-free enum of fewer than 256 cases is stored as its case's position in
    /// `allCases`, in one byte.
    var caseIndex: UInt8 { unsafeBitCast(self, to: UInt8.self) }

    /// Whether UIKit (iOS 8+) turns a view animation of this property into an additive one
    /// (spec §3.2, I: position/center, bounds, transform; not opacity or colours). A layer's
    /// `sublayerTransform` has no view property, so it animates from the old value to the new.
    public var animatesAdditivelyInUIKit: Bool {
        switch self {
        case .center, .size, .rotation, .scale, .translation, .rotationX, .rotationY, .transform3D: return true
        case .opacity, .fillColor, .cornerRadius, .borderWidth, .borderColor, .strokeStart, .strokeEnd, .lineWidth,
            .shapeFillColor, .strokeColor, .lineDashPhase, .path, .textColor, .gradientColors, .gradientLocations,
            .gradientStartPoint, .gradientEndPoint, .shadowOpacity, .shadowRadius, .shadowOffset, .shadowColor,
            .blurRadius, .shadowPath, .anchorPoint, .zPosition, .anchorPointZ, .sublayerTransform:
            return false
        }
    }
}

/// `call` is only spelled out for the error: a scene's set-up checks some twenty values a layer.
func requireKind(_ value: AnimatableValue, _ kind: ValueKind, _ call: @autoclosure () -> String) throws {
    guard value.kind == kind else {
        throw TimingError.invalid(call(), "\(value) (a \(value.kind.rawValue))", expected: "a \(kind.rawValue) value")
    }
}
