import BehaviorRules
import Foundation
import Geometry

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
/// | noise(σ, a) | S·fall·n·(∂n/∂X, ∂n/∂Y), n = srdnoise3(X, Y, Z) (see below) | 0 |
/// | turbulence(σ, a) | the noise force × m·|v|² | 0 |
/// | custom(block) | the block's force, N (not scaled by S) | 0 |
///
/// Noise and turbulence sample Stefan Gustavson's simplex noise with rotating gradients and
/// analytic derivatives (srdnoise3, [BKP]) at X = d_x·k, Y = d_y·k, Z = time·a, with d the item's
/// offset from `position` in m and k = 2^(−4σ) per m. [GUESS] choices the spec leaves open:
/// - k = 2^(−4σ): smoothness 0 → one lattice cell per metre (100 pt), 1 → one per 16 m; the
///   mapping is smooth, monotone and never reaches 0 (a zero frequency would switch the field off).
/// - d relative to `position` (as every other kind), so moving the field moves the pattern.
/// - Z = time·animationSpeed (lattice cells per second); the gradient rotation angle is 0.
/// - ∂n/∂X, ∂n/∂Y are taken in lattice units (not per metre), so smoothness changes the pattern's
///   size but not the force scale.
/// - Kernel radius² 0.5 (Gustavson's later choice; his 2005 code's 0.6 leaves small
///   discontinuities) and output factor 76, which keeps |n| ≤ 1 in practice.
/// - Perlin's 2002 permutation table; Gustavson's 12 cube-edge + 4 cube-diagonal gradients, each
///   paired with a perpendicular vector of the same length √2 for the rotation.
/// - v in m/s, m in kg for turbulence (as drag and magnetic).
///
/// At most `DynamicAnimator.maximumFieldCount` (32) fields act per animator: UIKit raises
/// "Invalid Association" for the 33rd. `addBehavior` cannot throw, so a field registered beyond
/// the limit stays in `behaviors` but exerts no force (`isBeyondFieldLimit` is true) until it is
/// removed and added again below the limit; scenes call `DynamicAnimator.validate(fieldCount:)`
/// first and never get there.
public final class FieldBehavior: DynamicBehavior {
    public enum Kind {
        case linearGravity, radialGravity, spring, vortex, drag, velocity, electric, magnetic
        /// `noiseFieldWithSmoothness:animationSpeed:`. `smoothness` 0...1 (1 = broadest pattern),
        /// `animationSpeed` ≥ 0 lattice cells per second along the noise's time axis (0 = frozen).
        case noise(smoothness: Double, animationSpeed: Double)
        /// `turbulenceFieldWithSmoothness:animationSpeed:`: the noise force × m·|v|², so it only
        /// moves items that already move.
        case turbulence(smoothness: Double, animationSpeed: Double)
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
        didSet {
            Check.require { try Check.finite(position, "FieldBehavior.position") }
            dynamicAnimator?.tickle()
        }
    }

    /// Where the field acts, relative to `position`. Default `.infinite`.
    public var region: FieldRegion = .infinite { didSet { dynamicAnimator?.tickle() } }

    /// Scale of the force, dimensionless. Any finite value; default 1; |S| < 2⁻¹⁵ turns the field off.
    public var strength: Double = 1 {
        didSet {
            Check.require { try Self.validate(strength: strength) }
            dynamicAnimator?.tickle()
        }
    }

    /// Exponent of the distance law: fall(r) = r^(−falloff) (r in m). Any finite value; default
    /// per kind (see the table).
    public var falloff: Double {
        didSet {
            Check.require { try Self.validate(falloff: falloff) }
            dynamicAnimator?.tickle()
        }
    }

    /// Lower clamp of r, pt. Range ≥ 0; default 2⁻¹⁵ m = 0.00305 pt.
    public var minimumRadius: Double = Double(Float(1.0 / 32768)) * Engine.pointsPerMeter {
        didSet {
            Check.require { try Self.validate(minimumRadius: minimumRadius) }
            dynamicAnimator?.tickle()
        }
    }

    /// The field's vector: acceleration of linear gravity (1 = 100 pt/s²), velocity of a velocity
    /// field (1 = 100 pt/s), the reference velocity of drag (1 = 100 pt/s). Default (0, 0); unused
    /// by the other kinds.
    public var direction: Point = .zero {
        didSet {
            Check.require { try Check.finite(direction, "FieldBehavior.direction") }
            dynamicAnimator?.tickle()
        }
    }

    /// True while the field is registered beyond the animator's 32-field limit and so exerts no
    /// force (UIKit: "Invalid Association").
    public internal(set) var isBeyondFieldLimit = false

    /// - Throws: `DynamicsParameterError` for non-finite strength or falloff, a negative or
    ///   non-finite minimum radius, a smoothness outside 0...1, or a negative or non-finite
    ///   animation speed.
    public static func validate(
        strength: Double? = nil, falloff: Double? = nil, minimumRadius: Double? = nil,
        smoothness: Double? = nil, animationSpeed: Double? = nil
    ) throws(DynamicsParameterError) {
        typealias Rules = BehaviorRules.Field
        if let v = strength { try Check.rule(Rules.strength, v, "FieldBehavior.strength", "strength") }
        if let v = falloff { try Check.rule(Rules.falloff, v, "FieldBehavior.falloff", "falloff") }
        if let v = minimumRadius {
            try Check.rule(Rules.minimumRadius, v, "FieldBehavior.minimumRadius", "minimum radius")
        }
        if let v = smoothness { try Check.rule(Rules.smoothness, v, "FieldBehavior.smoothness", "smoothness") }
        if let v = animationSpeed {
            try Check.rule(Rules.animationSpeed, v, "FieldBehavior.animationSpeed", "animation speed")
        }
    }

    /// - Precondition: a noise or turbulence kind's parameters pass `validate`.
    public init(kind: Kind, items: [DynamicItem] = []) {
        switch kind {
        case .noise(let s, let a), .turbulence(let s, let a):
            Check.require { try Self.validate(smoothness: s, animationSpeed: a) }
        default: break
        }
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

    /// `noiseFieldWithSmoothness:animationSpeed:`.
    public static func noiseField(smoothness: Double, animationSpeed: Double) -> FieldBehavior {
        FieldBehavior(kind: .noise(smoothness: smoothness, animationSpeed: animationSpeed))
    }

    /// `turbulenceFieldWithSmoothness:animationSpeed:`.
    public static func turbulenceField(smoothness: Double, animationSpeed: Double) -> FieldBehavior {
        FieldBehavior(kind: .turbulence(smoothness: smoothness, animationSpeed: animationSpeed))
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
        // Already in `registeredBehaviors`: count the other fields that act.
        let acting = animator.registeredBehaviors.count {
            $0 !== self && ($0 as? FieldBehavior)?.isBeyondFieldLimit == false
        }
        isBeyondFieldLimit = acting >= DynamicAnimator.maximumFieldCount
        // [GUESS] bodies are acquired even beyond the limit, so add/remove stay balanced.
        for item in items { animator.acquireBody(for: item) }
        animator.fieldsDidChange()
    }

    override func dissociate(from animator: DynamicAnimator) {
        for item in items { animator.releaseBody(for: item) }
        isBeyondFieldLimit = false
        animator.fieldsDidChange()
    }

    enum Effect: Equatable {
        case none
        case force(Point)
        case velocity(Point)
    }

    /// PhysicsKit's field evaluation for one item (SI units in, SI units out).
    func evaluate(_ s: FieldSample) -> Effect {
        let tiny = 1.0 / 32768
        let relative = s.position - position
        guard region.contains(relative), abs(strength) >= tiny else { return .none }
        let m = Engine.pointsPerMeter
        let d = relative * (1 / m)  // m
        let distance = d.length
        let r = max(distance, minimumRadius / m)
        let fall = abs(falloff) < tiny ? 1 : pow(r, -falloff)
        let unit = distance > 0 ? d * (1 / distance) : .zero
        let v = s.velocity * (1 / m)  // m/s
        let scale = strength
        switch kind {
        case .linearGravity:
            return .force(direction * (scale * s.mass * fall))
        case .radialGravity:
            guard distance * distance >= 1e-5 else { return .none }
            return .force(unit * (-s.mass * scale * fall))
        case .spring:
            return .force(unit * (-scale * fall))
        case .vortex:
            guard s.mass > 0 else { return .none }
            return .force(Point(-unit.y, unit.x) * (scale * fall / s.mass))
        case .drag:
            let w = v - direction
            return .force(w * (-scale * fall * w.length))
        case .velocity:
            return .velocity(direction)
        case .electric:
            guard abs(s.charge) >= tiny else { return .none }
            return .force(unit * (s.charge * scale * fall))
        case .magnetic:
            guard abs(s.charge) >= tiny else { return .none }
            return .force(Point(v.y, -v.x) * (scale * fall))
        case .noise(let smoothness, let speed):
            return .force(Self.noiseForce(d, time: s.time, smoothness: smoothness, speed: speed) * (scale * fall))
        case .turbulence(let smoothness, let speed):
            let speedSquared = v.x * v.x + v.y * v.y
            return .force(
                Self.noiseForce(d, time: s.time, smoothness: smoothness, speed: speed)
                    * (scale * fall * s.mass * speedSquared))
        case .custom(let block):
            return .force(block(s))
        }
    }

    /// n·(∂n/∂X, ∂n/∂Y) at offset `d` (m) and `time` (s): the unscaled noise force (see the type's
    /// notes for the [GUESS] choices).
    static func noiseForce(_ d: Point, time: Double, smoothness: Double, speed: Double) -> Point {
        let k = exp2(-4 * smoothness)
        let n = SimplexNoise.srdnoise3(d.x * k, d.y * k, time * speed, angle: 0)
        return Point(n.dx, n.dy) * n.value
    }
}
