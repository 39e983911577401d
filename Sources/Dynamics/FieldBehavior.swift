import Foundation
import Geometry

/// `UIRegion`: where a field acts, in points relative to the field's `position`.
/// Built through validating initializers: a radius or size that is negative or non-finite is
/// rejected. UIKit's set operations (union, difference, intersection) are not implemented.
public struct FieldRegion: Hashable, Sendable {
    enum Shape: Hashable, Sendable { case infinite, radius(Double), size(Size) }
    let shape: Shape
    /// True: the field acts *outside* the shape.
    public let isInverted: Bool

    /// Everywhere (default).
    public static let infinite = FieldRegion(shape: .infinite, isInverted: false)

    /// A disc of `radius` pt (points at exactly `radius` are inside, [MEAS f_4]).
    public init(radius: Double) throws(DynamicsParameterError) {
        try Check.nonNegative(radius, "FieldRegion.radius", "radius")
        self.init(shape: .radius(radius), isInverted: false)
    }

    /// A rectangle of `size` pt centred on the field position.
    public init(size: Size) throws(DynamicsParameterError) {
        try Check.nonNegative(size.width, "FieldRegion.size", "width")
        try Check.nonNegative(size.height, "FieldRegion.size", "height")
        self.init(shape: .size(size), isInverted: false)
    }

    private init(shape: Shape, isInverted: Bool) {
        self.shape = shape
        self.isInverted = isInverted
    }

    /// The complement.
    public func inverse() -> FieldRegion { FieldRegion(shape: shape, isInverted: !isInverted) }

    /// Whether `p` (pt, relative to the field position) is inside.
    public func contains(_ p: Point) -> Bool {
        let inside: Bool
        switch shape {
        case .infinite: inside = true
        case .radius(let r): inside = p.length <= r
        case .size(let s): inside = abs(p.x) <= s.width / 2 && abs(p.y) <= s.height / 2
        }
        return inside != isInverted
    }
}

/// What a custom field (`FieldBehavior.custom`) is told about an item, once per sub-step.
public struct FieldSample: Sendable {
    /// The item's centre of mass, pt, in the animator's coordinates.
    public var position: Point
    /// Its velocity, pt/s.
    public var velocity: Point
    /// Its mass, kg (density·w·h/10⁴).
    public var mass: Double
    /// Its `ItemBehavior.charge`.
    public var charge: Double
    /// The sub-step length, s (1/120).
    public var deltaTime: Double
}

/// `UIFieldBehavior`: a force field evaluated inside every Box2D sub-step on each of its items
/// whose centre lies in `region` (spec dynamics §3.7, [BKP field listing][MEAS F1–F5]).
///
/// Formulas in Box2D units (m, m/s, kg, N): with d = item − position, r = max(|d|, minimumRadius),
/// r̂ = d/|d|, fall(r) = 1 if |falloff| < 2⁻¹⁵ else r^(−falloff), S = strength (every kind gives 0
/// when |S| < 2⁻¹⁵):
///
/// | kind | force | default falloff |
/// |---|---|---|
/// | linearGravity(v) | v·S·m·fall (1 unit of v = 1 m/s² = 100 pt/s², any mass) | 0 |
/// | radialGravity | −m·S·fall·r̂ (0 when |d|² < 10⁻⁵ m²) | 2 |
/// | spring | −S·fall·r̂ (falloff −1: Hooke, −S·d) | −1 |
/// | vortex | (S·fall/m)·(−r̂y, r̂x): clockwise on screen for S > 0 | 0 |
/// | drag | −S·fall·(v − u)·|v − u| (quadratic; u = `direction`) | 0 |
/// | velocity(u) | sets v = u (1 unit = 1 m/s = 100 pt/s) | 0 |
/// | electric | q·S·fall·r̂ | 1 |
/// | magnetic | S·fall·(v_y, −v_x) (0 when q = 0) | 1 |
/// | custom(block) | the block's force, N (not scaled by S) | 0 |
///
/// Not implemented: noise and turbulence fields (Gustavson simplex noise), region set operations.
public final class FieldBehavior: DynamicBehavior {
    public enum Kind {
        case linearGravity, radialGravity, spring, vortex, drag, velocity, electric, magnetic
        /// UIKit's `fieldWithEvaluationBlock:`: returns a force in N (1 N on 1 kg = 100 pt/s²).
        case custom((FieldSample) -> Point)

        var defaultFalloff: Double {
            switch self {
            case .radialGravity: 2
            case .spring: -1
            case .electric, .magnetic: 1
            default: 0
            }
        }
    }

    public let kind: Kind
    public private(set) var items: [DynamicItem] = []

    /// Field origin, pt, in the animator's coordinates. Default (0, 0).
    public var position: Point = .zero {
        didSet { Check.require { try Check.finite(position, "FieldBehavior.position") }; dynamicAnimator?.tickle() }
    }

    /// Where the field acts, relative to `position`. Default `.infinite`.
    public var region: FieldRegion = .infinite { didSet { dynamicAnimator?.tickle() } }

    /// Scale of the force, dimensionless. Any finite value; default 1; |S| < 2⁻¹⁵ turns the field off.
    public var strength: Double = 1 {
        didSet { Check.require { try Self.validate(strength: strength) }; dynamicAnimator?.tickle() }
    }

    /// Exponent of the distance law: fall(r) = r^(−falloff) (r in m). Any finite value; default
    /// per kind (see the table).
    public var falloff: Double {
        didSet { Check.require { try Self.validate(falloff: falloff) }; dynamicAnimator?.tickle() }
    }

    /// Lower clamp of r, pt. Range ≥ 0; default 2⁻¹⁵ m = 0.00305 pt.
    public var minimumRadius: Double = Double(Float(1.0 / 32768)) * Engine.pointsPerMeter {
        didSet { Check.require { try Self.validate(minimumRadius: minimumRadius) }; dynamicAnimator?.tickle() }
    }

    /// The field's vector: acceleration of linear gravity (1 = 100 pt/s²), velocity of a velocity
    /// field (1 = 100 pt/s), the reference velocity of drag (1 = 100 pt/s). Default (0, 0); unused
    /// by the other kinds.
    public var direction: Point = .zero {
        didSet { Check.require { try Check.finite(direction, "FieldBehavior.direction") }; dynamicAnimator?.tickle() }
    }

    /// - Throws: `DynamicsParameterError` for non-finite strength or falloff, or a negative or
    ///   non-finite minimum radius.
    public static func validate(strength: Double? = nil, falloff: Double? = nil, minimumRadius: Double? = nil) throws(DynamicsParameterError) {
        if let v = strength { try Check.finite(v, "FieldBehavior.strength") }
        if let v = falloff { try Check.finite(v, "FieldBehavior.falloff") }
        if let v = minimumRadius { try Check.nonNegative(v, "FieldBehavior.minimumRadius", "minimum radius") }
    }

    public init(kind: Kind, items: [DynamicItem] = []) {
        self.kind = kind
        self.falloff = kind.defaultFalloff
        super.init()
        self.items = [DynamicItem](uniqueItems: items)
    }

    /// `linearGravityFieldWithVector:`.
    public static func linearGravityField(direction: Point) -> FieldBehavior {
        let f = FieldBehavior(kind: .linearGravity)
        f.direction = direction
        return f
    }

    /// `velocityFieldWithVector:`.
    public static func velocityField(direction: Point) -> FieldBehavior {
        let f = FieldBehavior(kind: .velocity)
        f.direction = direction
        return f
    }

    /// `radialGravityFieldWithPosition:`.
    public static func radialGravityField(position: Point) -> FieldBehavior {
        let f = FieldBehavior(kind: .radialGravity)
        f.position = position
        return f
    }

    public func addItem(_ item: DynamicItem) {
        guard items.appendIfAbsent(item) else { return }
        dynamicAnimator?.acquireBody(for: item)
    }

    public func removeItem(_ item: DynamicItem) {
        guard items.removeIfPresent(item) else { return }
        dynamicAnimator?.releaseBody(for: item)
        dynamicAnimator?.tickle()
    }

    public override var allowsAnimatorToStop: Bool { false }

    override func associate(with animator: DynamicAnimator) {
        for item in items { animator.acquireBody(for: item) }
        animator.fieldsDidChange()
    }

    override func dissociate(from animator: DynamicAnimator) {
        for item in items { animator.releaseBody(for: item) }
        animator.fieldsDidChange()
    }

    enum Effect: Equatable { case none, force(Point), velocity(Point) }

    /// PhysicsKit's field evaluation for one item (SI units in, SI units out).
    func evaluate(_ s: FieldSample) -> Effect {
        let tiny = 1.0 / 32768
        let relative = s.position - position
        guard region.contains(relative), abs(strength) >= tiny else { return .none }
        let m = Engine.pointsPerMeter
        let d = relative * (1 / m)                       // m
        let distance = d.length
        let r = max(distance, minimumRadius / m)
        let fall = abs(falloff) < tiny ? 1 : pow(r, -falloff)
        let unit = distance > 0 ? d * (1 / distance) : .zero
        let v = s.velocity * (1 / m)                     // m/s
        let S = strength
        switch kind {
        case .linearGravity:
            return .force(direction * (S * s.mass * fall))
        case .radialGravity:
            guard distance * distance >= 1e-5 else { return .none }
            return .force(unit * (-s.mass * S * fall))
        case .spring:
            return .force(unit * (-S * fall))
        case .vortex:
            guard s.mass > 0 else { return .none }
            return .force(Point(-unit.y, unit.x) * (S * fall / s.mass))
        case .drag:
            let w = v - direction
            return .force(w * (-S * fall * w.length))
        case .velocity:
            return .velocity(direction)
        case .electric:
            guard abs(s.charge) >= tiny else { return .none }
            return .force(unit * (s.charge * S * fall))
        case .magnetic:
            guard abs(s.charge) >= tiny else { return .none }
            return .force(Point(v.y, -v.x) * (S * fall))
        case .custom(let block):
            return .force(block(s))
        }
    }
}
