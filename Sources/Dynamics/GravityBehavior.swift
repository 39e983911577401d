import Foundation
import Geometry

/// `UIGravityBehavior`: a constant acceleration on its items (spec dynamics §3.3).
///
/// Gravity is world-wide, as in UIKit: Box2D has one gravity vector per world, and each gravity
/// behaviour writes it when it registers and whenever its vector changes (last write wins);
/// its items' bodies get gravity scale 1, every other body keeps 0. Removing *any* gravity
/// behaviour sets world gravity to (0, 0), even while another one remains (UIKit 7.0 and host
/// measurements agree; UIKit logs "Multiple gravity behavior per animator is undefined").
public final class GravityBehavior: DynamicBehavior {
    public private(set) var items: [DynamicItem]

    /// The acceleration vector in units of 1000 pt/s² (10 m/s²); default (0, 1), down. Any
    /// finite vector; its length is `magnitude`, its direction `angle`. Setting it on a
    /// registered behaviour rewrites world gravity for every gravity item, wakes this behaviour's
    /// items and restarts a paused animator.
    public var gravityDirection: Point = Point(0, 1) {
        didSet {
            precondition(gravityDirection.isFinite, "Non-finite gravity direction \(gravityDirection)")
            guard let animator = dynamicAnimator else { return }
            animator.setWorldGravity(gravityDirection)
            // [GUESS] UIKit only tickles; waking the items makes a change on resting items visible.
            for item in items { animator.wake(item) }
            animator.tickle()
        }
    }

    /// Direction of the vector, rad, atan2(dy, dx) (clockwise from +x on screen); π/2 by default.
    /// Setting it keeps `magnitude` and, like UIKit, evaluates the new vector with float sin/cos.
    /// A zero vector reads 0 and stays zero.
    public var angle: Double {
        get { Angle.direction(of: gravityDirection).radians }
        set {
            precondition(newValue.isFinite, "Non-finite gravity angle \(newValue)")
            gravityDirection = Self.vector(magnitude: magnitude, angle: newValue)
        }
    }

    /// Length of the vector in units of 1000 pt/s²; default 1. Setting it keeps `angle` (so
    /// magnitude 0 loses the angle, which then reads 0); a negative value reverses the vector.
    public var magnitude: Double {
        get { gravityDirection.length }
        set {
            precondition(newValue.isFinite, "Non-finite gravity magnitude \(newValue)")
            gravityDirection = Self.vector(magnitude: newValue, angle: angle)
        }
    }

    /// UIKit's `(magnitude·cosf(angle), magnitude·sinf(angle))`: single-precision trig on purpose,
    /// so that vectors set through `angle` carry the same float rounding as on iOS.
    private static func vector(magnitude: Double, angle: Double) -> Point {
        let a = Float(angle)
        return Point(magnitude * Double(cosf(a)), magnitude * Double(sinf(a)))
    }

    public init(items: [DynamicItem] = []) {
        self.items = [DynamicItem](uniqueItems: items)
        super.init()
    }

    /// Adds an item (no-op if present); on a registered behaviour its body is made now.
    public func addItem(_ item: DynamicItem) {
        guard items.appendIfAbsent(item), let animator = dynamicAnimator else { return }
        animator.acquireBody(for: item)
        animator.setGravity(true, for: item)
    }

    /// Removes an item (no-op if absent); its body stops feeling gravity at once and is freed
    /// at the end of the tick if nothing else uses it.
    public func removeItem(_ item: DynamicItem) {
        guard items.removeIfPresent(item), let animator = dynamicAnimator else { return }
        animator.setGravity(false, for: item)
        animator.releaseBody(for: item)
        animator.tickle()
    }

    public override var allowsAnimatorToStop: Bool { false }

    override func associate(with animator: DynamicAnimator) {
        animator.setWorldGravity(gravityDirection)
        for item in items {
            animator.acquireBody(for: item)
            animator.setGravity(true, for: item)
        }
    }

    override func dissociate(from animator: DynamicAnimator) {
        animator.setWorldGravity(.zero)
        for item in items {
            animator.setGravity(false, for: item)
            animator.releaseBody(for: item)
        }
    }
}
