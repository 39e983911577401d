import BehaviorRules
import Foundation
import Geometry

/// `UIRegion`: where a field acts, in points relative to the field's `position`.
/// Built through validating initializers: a radius or size that is negative or non-finite is
/// rejected.
///
/// Layout (spec §3.7): one primitive with an inversion flag, plus at most one second primitive
/// (with its own inversion flag) and the set operation joining them. A new operation *replaces*
/// the second slot, so `(a ∪ b) ∩ c` is `a ∩ c` — UIKit's behaviour, kept on purpose.
///
/// [GUESS] (spec silent): the second operand contributes only its first primitive and that
/// primitive's inversion flag (its own second slot is dropped, as the one-slot layout implies);
/// `inverse()` of a combined region is its exact complement by De Morgan (¬(a ∪ b) = ¬a ∩ ¬b,
/// ¬(a ∩ b) = ¬a ∪ ¬b, ¬(a − b) = ¬a ∪ b), which the layout can hold without a third flag.
public struct FieldRegion: Hashable, Sendable {
    enum Shape: Hashable, Sendable { case infinite, radius(Double), size(Size) }
    /// How the second primitive joins the first.
    public enum Operation: Hashable, Sendable { case union, difference, intersection }
    struct Primitive: Hashable, Sendable {
        var shape: Shape
        var isInverted: Bool

        func contains(_ p: Point) -> Bool {
            let inside: Bool
            switch shape {
            case .infinite: inside = true
            case .radius(let r): inside = p.length <= r
            case .size(let s): inside = abs(p.x) <= s.width / 2 && abs(p.y) <= s.height / 2
            }
            return inside != isInverted
        }
    }

    let first: Primitive
    let second: (operation: Operation, primitive: Primitive)?

    /// True: the first primitive is complemented (for a region without a set operation: the
    /// field acts *outside* the shape).
    public var isInverted: Bool { first.isInverted }
    /// The set operation joining the second primitive, nil for a plain region.
    public var operation: Operation? { second?.operation }

    /// Everywhere (default).
    public static let infinite = FieldRegion(first: Primitive(shape: .infinite, isInverted: false), second: nil)

    /// A disc of `radius` pt (points at exactly `radius` are inside, [MEAS f_4]).
    public init(radius: Double) throws(DynamicsParameterError) {
        try Check.nonNegative(radius, "FieldRegion.radius", "radius")
        self.init(first: Primitive(shape: .radius(radius), isInverted: false), second: nil)
    }

    /// A rectangle of `size` pt centred on the field position.
    public init(size: Size) throws(DynamicsParameterError) {
        try Check.nonNegative(size.width, "FieldRegion.size", "width")
        try Check.nonNegative(size.height, "FieldRegion.size", "height")
        self.init(first: Primitive(shape: .size(size), isInverted: false), second: nil)
    }

    private init(first: Primitive, second: (operation: Operation, primitive: Primitive)?) {
        self.first = first
        self.second = second
    }

    public static func == (a: FieldRegion, b: FieldRegion) -> Bool {
        a.first == b.first && a.second?.operation == b.second?.operation && a.second?.primitive == b.second?.primitive
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(first)
        hasher.combine(second?.operation)
        hasher.combine(second?.primitive)
    }

    /// The complement.
    public func inverse() -> FieldRegion {
        var a = first
        a.isInverted.toggle()
        guard let (op, b) = second else { return FieldRegion(first: a, second: nil) }
        var notB = b
        notB.isInverted.toggle()
        switch op {
        case .union: return FieldRegion(first: a, second: (.intersection, notB))
        case .intersection: return FieldRegion(first: a, second: (.union, notB))
        case .difference: return FieldRegion(first: a, second: (.union, b))
        }
    }

    /// `union(with:)`: self's first primitive ∪ `other`'s first primitive (replaces any earlier
    /// second operand).
    public func union(with other: FieldRegion) -> FieldRegion {
        FieldRegion(first: first, second: (.union, other.first))
    }

    /// `difference(from:)`: self's first primitive minus `other`'s first primitive.
    public func difference(from other: FieldRegion) -> FieldRegion {
        FieldRegion(first: first, second: (.difference, other.first))
    }

    /// `intersection(with:)`: self's first primitive ∩ `other`'s first primitive.
    public func intersection(with other: FieldRegion) -> FieldRegion {
        FieldRegion(first: first, second: (.intersection, other.first))
    }

    /// Whether `p` (pt, relative to the field position) is inside.
    public func contains(_ p: Point) -> Bool {
        let a = first.contains(p)
        guard let (op, primitive) = second else { return a }
        let b = primitive.contains(p)
        switch op {
        case .union: return a || b
        case .difference: return a && !b
        case .intersection: return a && b
        }
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
    /// Simulated time at the start of the sub-step, s: the animator's sub-steps so far × the
    /// sub-step length (from an integer count, so it never drifts). Noise fields animate with it.
    public var time: Double
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

    /// True while the field is registered beyond the animator's 32-field limit and so exerts no
    /// force (UIKit: "Invalid Association").
    public internal(set) var isBeyondFieldLimit = false

    /// - Throws: `DynamicsParameterError` for non-finite strength or falloff, a negative or
    ///   non-finite minimum radius, a smoothness outside 0...1, or a negative or non-finite
    ///   animation speed.
    public static func validate(strength: Double? = nil, falloff: Double? = nil, minimumRadius: Double? = nil,
                                smoothness: Double? = nil, animationSpeed: Double? = nil) throws(DynamicsParameterError) {
        typealias Rules = BehaviorRules.Field
        if let v = strength { try Check.rule(Rules.strength, v, "FieldBehavior.strength", "strength") }
        if let v = falloff { try Check.rule(Rules.falloff, v, "FieldBehavior.falloff", "falloff") }
        if let v = minimumRadius { try Check.rule(Rules.minimumRadius, v, "FieldBehavior.minimumRadius", "minimum radius") }
        if let v = smoothness { try Check.rule(Rules.smoothness, v, "FieldBehavior.smoothness", "smoothness") }
        if let v = animationSpeed { try Check.rule(Rules.animationSpeed, v, "FieldBehavior.animationSpeed", "animation speed") }
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
        let acting = animator.registeredBehaviors.count { $0 !== self && ($0 as? FieldBehavior)?.isBeyondFieldLimit == false }
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
        case .noise(let smoothness, let speed):
            return .force(Self.noiseForce(d, time: s.time, smoothness: smoothness, speed: speed) * (S * fall))
        case .turbulence(let smoothness, let speed):
            let speedSquared = v.x * v.x + v.y * v.y
            return .force(Self.noiseForce(d, time: s.time, smoothness: smoothness, speed: speed) * (S * fall * s.mass * speedSquared))
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

/// Stefan Gustavson's 3D simplex noise with rotating gradients and analytic derivatives
/// ("srdnoise3", public domain, 2005), re-written in Double: n(x, y, z) = 76·Σ t⁴·(g·p) over the
/// four corners of the simplex holding the point, t = max(0, 0.5 − |p|²), p the offset from the
/// corner, g = cos(angle)·u + sin(angle)·v the corner's hashed gradient. The derivative is the
/// exact one of that sum: ∇(t⁴ g·p) = −8t³(g·p)·p + t⁴·g.
enum SimplexNoise {
    /// Skewing factors of the 3D simplex grid: F = 1/3 maps space onto the cube lattice, G = 1/6
    /// maps back.
    static let F3 = 1.0 / 3
    static let G3 = 1.0 / 6
    /// Kernel radius² (0.5: each corner's kernel ends before the neighbouring simplex begins, so n
    /// is C¹; Gustavson's 0.6 is not continuous).
    static let radiusSquared = 0.5
    /// Output factor: with radius² 0.5 the largest |Σ t⁴(g·p)| found over 200 000 random points in
    /// [−20, 20]³ is 0.01310, so 76 keeps |n| ≤ 0.996 there (Gustavson's 28 belongs to radius² 0.6).
    static let scale = 76.0

    /// Ken Perlin's reference permutation of 0...255 (2002, "Improved Noise").
    static let permutation: [Int] = [
        151, 160, 137, 91, 90, 15, 131, 13, 201, 95, 96, 53, 194, 233, 7, 225, 140, 36, 103, 30, 69, 142,
        8, 99, 37, 240, 21, 10, 23, 190, 6, 148, 247, 120, 234, 75, 0, 26, 197, 62, 94, 252, 219, 203, 117,
        35, 11, 32, 57, 177, 33, 88, 237, 149, 56, 87, 174, 20, 125, 136, 171, 168, 68, 175, 74, 165, 71,
        134, 139, 48, 27, 166, 77, 146, 158, 231, 83, 111, 229, 122, 60, 211, 133, 230, 220, 105, 92, 41,
        55, 46, 245, 40, 244, 102, 143, 54, 65, 25, 63, 161, 1, 216, 80, 73, 209, 76, 132, 187, 208, 89,
        18, 169, 200, 196, 135, 130, 116, 188, 159, 86, 164, 100, 109, 198, 173, 186, 3, 64, 52, 217, 226,
        250, 124, 123, 5, 202, 38, 147, 118, 126, 255, 82, 85, 212, 207, 206, 59, 227, 47, 16, 58, 17, 182,
        189, 28, 42, 223, 183, 170, 213, 119, 248, 152, 2, 44, 154, 163, 70, 221, 153, 101, 155, 167, 43,
        172, 9, 129, 22, 39, 253, 19, 98, 108, 110, 79, 113, 224, 232, 178, 185, 112, 104, 218, 246, 97,
        228, 251, 34, 242, 193, 238, 210, 144, 12, 191, 179, 162, 241, 81, 51, 145, 235, 249, 14, 239,
        107, 49, 192, 214, 31, 181, 199, 106, 157, 184, 84, 204, 176, 115, 121, 50, 45, 127, 4, 150, 254,
        138, 236, 205, 93, 222, 114, 67, 29, 24, 72, 243, 141, 128, 195, 78, 66, 215, 61, 156, 180,
    ]

    /// a = √(2/3): the cube diagonals (±a, ±a, ±a) then have the edge midpoints' length √2.
    static let a = (2.0 / 3).squareRoot()
    /// Gradient u: Gustavson's 12 cube-edge midpoints and 4 cube diagonals (16 = hash & 15).
    static let gradientU: [(Double, Double, Double)] = [
        (1, 0, 1), (0, 1, 1), (-1, 0, 1), (0, -1, 1), (1, 0, -1), (0, 1, -1), (-1, 0, -1), (0, -1, -1),
        (a, a, a), (-a, a, -a), (-a, -a, a), (a, -a, a), (a, -a, -a), (-a, a, a), (a, a, -a), (-a, -a, -a),
    ]
    /// Gradient v: for each u a perpendicular vector of the same length (rotation axis partner).
    static let gradientV: [(Double, Double, Double)] = [
        (-a, a, a), (-a, -a, a), (a, -a, a), (a, a, a), (-a, -a, -a), (a, -a, -a), (a, a, -a), (-a, a, -a),
        (1, -1, 0), (1, 1, 0), (-1, 1, 0), (-1, -1, 0), (1, 0, 1), (1, 0, 1), (0, 1, 1), (0, -1, 1),
    ]

    static func hash(_ i: Int, _ j: Int, _ k: Int) -> Int {
        permutation[(i + permutation[(j + permutation[k & 255]) & 255]) & 255]
    }

    /// Noise value and its partial derivatives at (x, y, z), gradients rotated by `angle` rad.
    static func srdnoise3(_ x: Double, _ y: Double, _ z: Double, angle: Double) -> (value: Double, dx: Double, dy: Double, dz: Double) {
        let (sinT, cosT) = angle == 0 ? (0.0, 1.0) : (sin(angle), cos(angle))
        // Which cube of the skewed lattice, and the point's offset from its origin corner.
        let s = (x + y + z) * F3
        let i = Int(floor(x + s)), j = Int(floor(y + s)), k = Int(floor(z + s))
        let t = Double(i + j + k) * G3
        let p0 = (x - (Double(i) - t), y - (Double(j) - t), z - (Double(k) - t))
        // Which of the cube's six simplices: order the offsets.
        let o1: (Int, Int, Int), o2: (Int, Int, Int)
        if p0.0 >= p0.1 {
            if p0.1 >= p0.2 { o1 = (1, 0, 0); o2 = (1, 1, 0) }
            else if p0.0 >= p0.2 { o1 = (1, 0, 0); o2 = (1, 0, 1) }
            else { o1 = (0, 0, 1); o2 = (1, 0, 1) }
        } else {
            if p0.1 < p0.2 { o1 = (0, 0, 1); o2 = (0, 1, 1) }
            else if p0.0 < p0.2 { o1 = (0, 1, 0); o2 = (0, 1, 1) }
            else { o1 = (0, 1, 0); o2 = (1, 1, 0) }
        }
        let corners = [(0, 0, 0), o1, o2, (1, 1, 1)]
        var value = 0.0, dx = 0.0, dy = 0.0, dz = 0.0
        for (n, c) in corners.enumerated() {
            let g0 = Double(n) * G3
            let p = (p0.0 - Double(c.0) + g0, p0.1 - Double(c.1) + g0, p0.2 - Double(c.2) + g0)
            let t0 = radiusSquared - p.0 * p.0 - p.1 * p.1 - p.2 * p.2
            guard t0 > 0 else { continue }
            let h = hash(i + c.0, j + c.1, k + c.2) & 15
            let u = gradientU[h], v = gradientV[h]
            let g = (cosT * u.0 + sinT * v.0, cosT * u.1 + sinT * v.1, cosT * u.2 + sinT * v.2)
            let gp = g.0 * p.0 + g.1 * p.1 + g.2 * p.2
            let t2 = t0 * t0, t4 = t2 * t2
            value += t4 * gp
            let w = -8 * t2 * t0 * gp
            dx += w * p.0 + t4 * g.0
            dy += w * p.1 + t4 * g.1
            dz += w * p.2 + t4 * g.2
        }
        return (scale * value, scale * dx, scale * dy, scale * dz)
    }
}
