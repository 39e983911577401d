import BehaviorRules
import CBox2D
import Geometry

/// `UIFloatRange` for `AttachmentBehavior.attachmentRange`: rad for pins, pt for sliding
/// attachments. Validated when built: minimum ≤ maximum, neither NaN (±∞ allowed: no limit).
public struct AttachmentRange: Hashable, Sendable {
    public let minimum: Double
    public let maximum: Double

    public init(minimum: Double, maximum: Double) throws(DynamicsParameterError) {
        guard !minimum.isNaN, !maximum.isNaN, minimum <= maximum else {
            throw DynamicsParameterError(
                parameter: "AttachmentBehavior.attachmentRange",
                message: "invalid range \(minimum)...\(maximum): minimum must be <= maximum")
        }
        self.minimum = minimum
        self.maximum = maximum
    }

    /// No limit (UIKit's `UIFloatRangeInfinite`).
    public static let infinite = AttachmentRange(unchecked: -.infinity, .infinity)
    private init(unchecked minimum: Double, _ maximum: Double) {
        self.minimum = minimum
        self.maximum = maximum
    }

    var isInfinite: Bool { minimum == -.infinity && maximum == .infinity }
    func scaled(_ s: Double) -> ClosedRange<Float> {
        Float(
            max(minimum * s, -Double(Float.greatestFiniteMagnitude)))...Float(
                min(maximum * s, Double(Float.greatestFiniteMagnitude)))
    }
}

/// `UIAttachmentBehavior`: a joint between an item and an anchor point or between two items
/// (spec dynamics §3.5, [BKP][MEAS T4/T11/T12]).
///
/// | factory | Box2D joint |
/// |---|---|
/// | `init(item:offsetFromCenter:attachedToAnchor:)` | distance joint to a static anchor body: rigid when `frequency` is 0, a spring otherwise; a revolute pin when the attachment point is within 1 pt of the anchor, `frequency` 0 and `length` never set |
/// | `init(item:offsetFromCenter:attachedTo:offsetFromCenter:)` | distance joint between the items (they may collide) |
/// | `fixedAttachment` | weld |
/// | `pinAttachment` | revolute; `attachmentRange` = angle limits (rad), `frictionTorque` = motor at speed 0 |
/// | `slidingAttachment` | prismatic along the axis; `attachmentRange` = translation limits (pt) |
/// | `limitAttachment` | rope: distance joint with min 0, max = the anchors' distance when made; the anchors sit at centre **minus** offset (host UIKit quirk) |
///
/// Springs use the same Box2D 2.3 law as the snap: k = m_eff·ω², c = 2·m_eff·ζ·ω re-derived from
/// the joint's effective mass before every sub-step (one mechanism, `PhysicsWorld.setSpring`).
public final class AttachmentBehavior: DynamicBehavior {
    public enum AttachmentType: Sendable { case anchor, items }
    enum Kind: Equatable {
        case distance, fixed, pin
        case sliding(Point)
        case limit
    }

    public let items: [DynamicItem]
    public let attachedBehaviorType: AttachmentType
    let kind: Kind
    /// Attachment points relative to each item's centre, pt, in the item's axes.
    let offsets: [Point]

    /// The anchor, pt: for `.anchor` attachments the fixed point (setting it moves the static
    /// anchor body; joint and rest length are kept), for the others the point given at creation.
    public var anchorPoint: Point {
        didSet {
            Check.require { try Check.finite(anchorPoint, "AttachmentBehavior.anchorPoint") }
            guard let animator = dynamicAnimator, let body = anchorBody else { return }
            cb2_body_set_transform(body, Engine.meters(anchorPoint), 0)
            for item in items { animator.wake(item) }
            animator.tickle()
        }
    }

    /// Rest length (distance joints) or maximum length (limit), pt. Default: the distance between
    /// the attachment points when the behaviour is created. Range ≥ 0 (Box2D clamps to 0.5 pt).
    public var length: Double {
        didSet {
            Check.require { try Self.validate(length: length) }
            lengthWasSet = true
            guard let animator = dynamicAnimator, let joint else { return }
            let l = Float(length / Engine.pointsPerMeter)
            if kind == .limit {
                _ = cb2_distance_joint_set_max_length(joint, l)
            } else if kind == .distance, !isPin {
                animator.world.setLength(joint, l)
            }
            for item in items { animator.wake(item) }
            animator.tickle()
        }
    }
    private var lengthWasSet = false

    /// Spring frequency, Hz, of distance attachments. 0 (default) = rigid; > 0 = soft spring
    /// (about 1/frequency s per oscillation). Range ≥ 0.
    public var frequency: Double = 0 {
        didSet {
            Check.require { try Self.validate(frequency: frequency) }
            springDidChange()
        }
    }

    /// Damping ratio ζ of the spring (0 = undamped, 1 = critical). Range ≥ 0; default 0. No
    /// effect while `frequency` is 0.
    public var damping: Double = 0 {
        didSet {
            Check.require { try Self.validate(damping: damping) }
            springDidChange()
        }
    }

    /// Pin attachments: the torque resisting relative rotation, N·m (a motor held at speed 0 whose
    /// torque is capped). Range ≥ 0; default 0 (free).
    public var frictionTorque: Double = 0 {
        didSet {
            Check.require { try Self.validate(frictionTorque: frictionTorque) }
            if kind == .pin, let joint { cb2_revolute_joint_set_friction_torque(joint, Float(frictionTorque)) }
            dynamicAnimator?.tickle()
        }
    }

    /// Pin: allowed relative rotation, rad (must contain 0); sliding: allowed travel along the
    /// axis from the start, pt. Default `.infinite` (no limit).
    public var attachmentRange: AttachmentRange = .infinite {
        didSet {
            if kind == .pin { Check.require { try Self.validate(pinRange: attachmentRange) } }
            applyRange()
            dynamicAnimator?.tickle()
        }
    }

    /// Checks values the way the setters do.
    /// - Throws: `DynamicsParameterError`: negative or non-finite length, frequency, damping or
    ///   friction torque; a pin range that excludes 0; a zero or non-finite sliding axis.
    public static func validate(
        length: Double? = nil, frequency: Double? = nil, damping: Double? = nil,
        frictionTorque: Double? = nil, pinRange: AttachmentRange? = nil, axis: Point? = nil
    ) throws(DynamicsParameterError) {
        typealias Rules = BehaviorRules.Attachment
        if let v = length { try Check.rule(Rules.length, v, "AttachmentBehavior.length", "length") }
        if let v = frequency { try Check.rule(Rules.frequency, v, "AttachmentBehavior.frequency", "frequency") }
        if let v = damping { try Check.rule(Rules.damping, v, "AttachmentBehavior.damping", "damping") }
        if let v = frictionTorque {
            try Check.rule(Rules.frictionTorque, v, "AttachmentBehavior.frictionTorque", "friction torque")
        }
        if let r = pinRange, !(r.minimum <= 0 && 0 <= r.maximum) {
            throw DynamicsParameterError(
                parameter: "AttachmentBehavior.attachmentRange",
                message: "attachment range \(r.minimum)...\(r.maximum) rad excludes 0 (the pin's starting angle)")
        }
        if let a = axis {
            try Check.finite(a, "AttachmentBehavior.axis")
            guard a.length > 0 else {
                throw DynamicsParameterError(parameter: "AttachmentBehavior.axis", message: "zero axis of translation")
            }
        }
    }

    private var joint: OpaquePointer?
    private var anchorBody: OpaquePointer?
    private var isPin = false

    // MARK: Initializers

    private init(
        items: [DynamicItem], type: AttachmentType, kind: Kind, offsets: [Point], anchor: Point, length: Double
    ) {
        precondition(items.count != 2 || items[0] !== items[1], "An attachment cannot join an item to itself")
        self.items = items
        self.attachedBehaviorType = type
        self.kind = kind
        self.offsets = offsets
        self.anchorPoint = anchor
        self.length = length
        super.init()
    }

    /// Attachment point of `item` at `offset` (item axes), pt, in the animator's coordinates.
    private static func point(_ item: DynamicItem, _ offset: Point) -> Point {
        item.referenceCenter + AffineTransform(rotation: item.rotation).applyLinear(to: offset)
    }

    /// An item attached to a fixed point. - Precondition: finite values.
    public convenience init(item: DynamicItem, offsetFromCenter offset: Point = .zero, attachedToAnchor anchor: Point) {
        precondition(offset.isFinite && anchor.isFinite, "Non-finite attachment offset \(offset) or anchor \(anchor)")
        self.init(
            items: [item], type: .anchor, kind: .distance, offsets: [offset], anchor: anchor,
            length: Self.point(item, offset).distance(to: anchor))
    }

    /// Two items joined by a distance joint between their attachment points.
    public convenience init(
        item: DynamicItem, offsetFromCenter offset1: Point = .zero,
        attachedTo item2: DynamicItem, offsetFromCenter offset2: Point = .zero
    ) {
        precondition(offset1.isFinite && offset2.isFinite, "Non-finite attachment offsets")
        let p1 = Self.point(item, offset1)
        let p2 = Self.point(item2, offset2)
        self.init(
            items: [item, item2], type: .items, kind: .distance, offsets: [offset1, offset2],
            anchor: p1, length: p1.distance(to: p2))
    }

    /// Two items welded together at `anchor` (pt).
    public static func fixedAttachment(_ item1: DynamicItem, attachedTo item2: DynamicItem, anchor: Point)
        -> AttachmentBehavior
    {
        precondition(anchor.isFinite, "Non-finite anchor \(anchor)")
        return AttachmentBehavior(
            items: [item1, item2], type: .items, kind: .fixed, offsets: [.zero, .zero], anchor: anchor, length: 0)
    }

    /// Two items pinned at `anchor` (pt): they rotate freely about it (see `attachmentRange`,
    /// `frictionTorque`).
    public static func pinAttachment(_ item1: DynamicItem, attachedTo item2: DynamicItem, anchor: Point)
        -> AttachmentBehavior
    {
        precondition(anchor.isFinite, "Non-finite anchor \(anchor)")
        return AttachmentBehavior(
            items: [item1, item2], type: .items, kind: .pin, offsets: [.zero, .zero], anchor: anchor, length: 0)
    }

    /// Two items sliding relative to each other along `axis` through `anchor` (no relative rotation).
    public static func slidingAttachment(
        _ item1: DynamicItem, attachedTo item2: DynamicItem, anchor: Point, axis: Point
    ) throws(DynamicsParameterError) -> AttachmentBehavior {
        try Check.finite(anchor, "AttachmentBehavior.anchorPoint")
        try validate(axis: axis)
        return AttachmentBehavior(
            items: [item1, item2], type: .items, kind: .sliding(axis * (1 / axis.length)),
            offsets: [.zero, .zero], anchor: anchor, length: 0)
    }

    /// One item sliding along `axis` through the fixed `anchor` (its type still reads `.items`,
    /// as in UIKit [MEAS T12]).
    public static func slidingAttachment(_ item: DynamicItem, anchor: Point, axis: Point) throws(DynamicsParameterError)
        -> AttachmentBehavior
    {
        try Check.finite(anchor, "AttachmentBehavior.anchorPoint")
        try validate(axis: axis)
        return AttachmentBehavior(
            items: [item], type: .items, kind: .sliding(axis * (1 / axis.length)),
            offsets: [.zero], anchor: anchor, length: 0)
    }

    /// Two items that may not separate further than their current distance (a rope). UIKit's host
    /// quirk is kept: the rope's ends sit at centre **minus** each offset.
    public static func limitAttachment(
        _ item1: DynamicItem, offsetFromCenter offset1: Point = .zero,
        attachedTo item2: DynamicItem, offsetFromCenter offset2: Point = .zero
    ) -> AttachmentBehavior {
        precondition(offset1.isFinite && offset2.isFinite, "Non-finite attachment offsets")
        let p1 = point(item1, -offset1)
        let p2 = point(item2, -offset2)
        return AttachmentBehavior(
            items: [item1, item2], type: .items, kind: .limit, offsets: [-offset1, -offset2],
            anchor: p1, length: p1.distance(to: p2))
    }

    public override var allowsAnimatorToStop: Bool { false }

    // MARK: Association

    override func associate(with animator: DynamicAnimator) {
        let bodies = items.map { animator.acquireBody(for: $0).body }
        let world = animator.world
        let m = Engine.pointsPerMeter
        func staticBody(at p: Point) -> OpaquePointer {
            world.createBody(
                cb2_body_def(
                    is_dynamic: false, position: Engine.meters(p), angle: 0, half_width: 0, half_height: 0,
                    density: 0, friction: 0, restitution: 0, linear_damping: 0, angular_damping: 0,
                    gravity_scale: 0, bullet: false, fixed_rotation: false, category: 0, mask: 0))
        }
        switch kind {
        case .distance, .limit:
            let bodyA: OpaquePointer
            let anchorA: Point
            let bodyB: OpaquePointer
            let anchorB: Point
            if attachedBehaviorType == .anchor {
                let anchor = staticBody(at: anchorPoint)
                anchorBody = anchor
                bodyA = anchor
                anchorA = .zero
                bodyB = bodies[0]
                anchorB = offsets[0]
                let distance = Self.point(items[0], offsets[0]).distance(to: anchorPoint)
                if !lengthWasSet {
                    length = distance
                    lengthWasSet = false
                }
                if distance < 1, frequency == 0, !lengthWasSet {
                    // A zero-length rigid rod is a pin at the anchor [BKP].
                    isPin = true
                    joint = world.createRevoluteJoint(
                        anchor, bodies[0], anchor: Engine.meters(anchorPoint), limits: nil, frictionTorque: 0)
                    return
                }
            } else {
                bodyA = bodies[0]
                anchorA = offsets[0]
                bodyB = bodies[1]
                anchorB = offsets[1]
            }
            let l = Float(length / m)
            let limit = kind == .limit
            let j = world.createDistanceJoint(
                cb2_distance_joint_def(
                    body_a: bodyA, body_b: bodyB,
                    local_anchor_a: Engine.meters(anchorA), local_anchor_b: Engine.meters(anchorB),
                    length: l, min_length: limit ? 0 : l, max_length: l, stiffness: 0, damping: 0,
                    collide_connected: attachedBehaviorType == .items))
            joint = j
            if !limit, frequency > 0 { world.setSpring(j, frequencyHz: Float(frequency), dampingRatio: Float(damping)) }
        case .fixed:
            joint = world.createWeldJoint(bodies[0], bodies[1], anchor: Engine.meters(anchorPoint))
        case .pin:
            joint = world.createRevoluteJoint(
                bodies[0], bodies[1], anchor: Engine.meters(anchorPoint),
                limits: attachmentRange.isInfinite ? nil : attachmentRange.scaled(1),
                frictionTorque: Float(frictionTorque))
        case .sliding(let axis):
            let a: OpaquePointer
            let b: OpaquePointer
            if bodies.count == 1 {
                let ground = staticBody(at: anchorPoint)
                anchorBody = ground
                a = ground
                b = bodies[0]
            } else {
                a = bodies[0]
                b = bodies[1]
            }
            joint = world.createPrismaticJoint(
                a, b, anchor: Engine.meters(anchorPoint), axis: cb2_vec2(x: Float(axis.x), y: Float(axis.y)),
                limits: attachmentRange.isInfinite ? nil : attachmentRange.scaled(1 / m))
        }
    }

    override func dissociate(from animator: DynamicAnimator) {
        if let joint { animator.world.destroyJoint(joint) }
        joint = nil
        isPin = false
        if let body = anchorBody { animator.world.destroyBody(body) }
        anchorBody = nil
        for item in items { animator.releaseBody(for: item) }
    }

    private func springDidChange() {
        guard let animator = dynamicAnimator else { return }
        if let joint, kind == .distance, !isPin {
            animator.world.setSpring(joint, frequencyHz: Float(frequency), dampingRatio: Float(damping))
        }
        for item in items { animator.wake(item) }
        animator.tickle()
    }

    private func applyRange() {
        guard let joint, dynamicAnimator != nil else { return }
        let limited = !attachmentRange.isInfinite
        switch kind {
        case .pin:
            let r = attachmentRange.scaled(1)
            cb2_revolute_joint_set_limits(joint, limited, r.lowerBound, r.upperBound)
        case .sliding:
            let r = attachmentRange.scaled(1 / Engine.pointsPerMeter)
            cb2_prismatic_joint_set_limits(joint, limited, r.lowerBound, r.upperBound)
        default:
            break
        }
    }
}
