import CBox2D
import Foundation
import Geometry

/// `UIPushBehavior`: a force (continuous) or an impulse (instantaneous) on its items
/// (spec dynamics §3.2, [MEAS T2/T3]).
///
/// Units: `pushDirection` is in newtons on the Box2D body, so magnitude 1 on a 100×100 item of
/// density 1 (1 kg) accelerates it by 100 pt/s² (continuous) or changes its velocity by 100 pt/s
/// (instantaneous). The force is applied once per tick in the pre-solver and acts in every
/// sub-step of the tick (forces are cleared after all of them).
public final class PushBehavior: DynamicBehavior {
    public enum Mode: Sendable {
        /// `ApplyForce` every tick while active.
        case continuous
        /// `ApplyLinearImpulse` once, at the next tick; then `active` becomes false.
        case instantaneous
    }

    public let mode: Mode
    public private(set) var items: [DynamicItem]

    /// The force vector, N (x right, y down). Default (0, 0). Setting it also defines `angle`
    /// (atan2) and `magnitude` (hypot); restarts a paused animator.
    public var pushDirection: Point = .zero {
        didSet {
            Check.require { try Self.validate(pushDirection: pushDirection) }
            if !isSettingPolar, pushDirection != .zero { storedAngle = atan2(pushDirection.y, pushDirection.x) }
            dynamicAnimator?.tickle()
        }
    }

    /// Direction of the force, rad, clockwise from +x on screen; default 0. Setting it keeps
    /// `magnitude` and, like UIKit, evaluates (magnitude·cosf(angle), magnitude·sinf(angle)) in float.
    public var angle: Double {
        get { storedAngle }
        set {
            Check.require { try Self.validate(angle: newValue) }
            storedAngle = newValue
            isSettingPolar = true
            pushDirection = Self.vector(magnitude: magnitude, angle: newValue)
            isSettingPolar = false
        }
    }

    /// Length of the force, N; default 0. Setting it keeps `angle`; negative reverses the force.
    public var magnitude: Double {
        get { pushDirection.length }
        set {
            Check.require { try Self.validate(magnitude: newValue) }
            isSettingPolar = true
            pushDirection = Self.vector(magnitude: newValue, angle: storedAngle)
            isSettingPolar = false
        }
    }

    /// The angle last set through `angle`, or atan2 of the last direction (so magnitude 0 keeps
    /// the angle for a later magnitude, as UIKit's separate ivars do).
    private var storedAngle: Double = 0
    private var isSettingPolar = false

    private static func vector(magnitude: Double, angle: Double) -> Point {
        let a = Float(angle)
        return Point(magnitude * Double(cosf(a)), magnitude * Double(sinf(a)))
    }

    /// Whether the push acts. Default true. An instantaneous push sets it to false after the tick
    /// that applied it; setting it to true again re-arms it for the next tick.
    public var active = true {
        didSet { if active { dynamicAnimator?.tickle() } }
    }

    /// Per-item point of application relative to the item's centre, pt, in the reference axes
    /// (not rotated with the item); a non-zero offset gives torque r × F. Default (0, 0).
    private var offsets: [(item: DynamicItem, offset: Point)] = []

    public func targetOffsetFromCenter(for item: DynamicItem) -> Point {
        offsets.first { $0.item === item }?.offset ?? .zero
    }

    /// - Precondition: `offset` finite.
    public func setTargetOffsetFromCenter(_ offset: Point, for item: DynamicItem) {
        Check.require { try Self.validate(targetOffsetFromCenter: offset) }
        if let i = offsets.firstIndex(where: { $0.item === item }) {
            offsets[i].offset = offset
        } else {
            offsets.append((item, offset))
        }
    }

    /// Checks values the way the setters do.
    /// - Throws: `DynamicsParameterError` for any non-finite value.
    public static func validate(
        pushDirection: Point? = nil, angle: Double? = nil, magnitude: Double? = nil,
        targetOffsetFromCenter: Point? = nil
    ) throws(DynamicsParameterError) {
        if let v = pushDirection { try Check.finite(v, "PushBehavior.pushDirection") }
        if let v = angle { try Check.finite(v, "PushBehavior.angle") }
        if let v = magnitude { try Check.finite(v, "PushBehavior.magnitude") }
        if let v = targetOffsetFromCenter { try Check.finite(v, "PushBehavior.targetOffsetFromCenter") }
    }

    public init(items: [DynamicItem] = [], mode: Mode) {
        self.items = [DynamicItem](uniqueItems: items)
        self.mode = mode
        super.init()
    }

    public func addItem(_ item: DynamicItem) {
        guard items.appendIfAbsent(item), let animator = dynamicAnimator else { return }
        prepare(animator.acquireBody(for: item).body)
    }

    public func removeItem(_ item: DynamicItem) {
        guard items.removeIfPresent(item) else { return }
        dynamicAnimator?.releaseBody(for: item)
        dynamicAnimator?.tickle()
    }

    public override var allowsAnimatorToStop: Bool { false }

    /// Pushed bodies are bullets (`usesPreciseCollisionDetection`, spec §1.3).
    private func prepare(_ body: OpaquePointer) { cb2_body_set_bullet(body, true) }

    override func associate(with animator: DynamicAnimator) {
        for item in items { prepare(animator.acquireBody(for: item).body) }
    }

    override func dissociate(from animator: DynamicAnimator) {
        for item in items { animator.releaseBody(for: item) }
    }

    override func preSolverStep(_ animator: DynamicAnimator) {
        guard active else { return }
        // [GUESS] a zero vector is not applied: Box2D's ApplyForce would wake the body and keep a
        // resting item (and the animator) awake for nothing.
        if pushDirection != .zero {
            let force = cb2_vec2(x: Float(pushDirection.x), y: Float(pushDirection.y))
            for item in items {
                guard let record = animator.itemBody(for: item) else { continue }
                // The point is the body's centre (not the rounded view centre) plus the offset.
                let centre = Engine.points(cb2_body_get_world_center(record.body))
                let point = Engine.meters(centre + targetOffsetFromCenter(for: item))
                switch mode {
                case .continuous: cb2_body_apply_force(record.body, force, point, true)
                case .instantaneous: cb2_body_apply_linear_impulse(record.body, force, point, true)
                }
            }
        }
        if mode == .instantaneous { active = false }
    }
}
