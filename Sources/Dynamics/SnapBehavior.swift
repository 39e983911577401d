import CBox2D
import Geometry

/// `UISnapBehavior`: pulls an item to a point with four soft distance joints, so it overshoots,
/// rotates and settles with θ = 0 (spec dynamics §3.1).
///
/// Mechanism (decompiled UIKitCore, reproduced on Apple's T6 oracle to 2e-6 pt): a static anchor
/// body sits at the snap point. The item's top-left corner is tied by two springs to anchors 50 pt
/// to its left and 50 pt above it, the bottom-right corner to anchors 50 pt right and 50 pt below;
/// each spring has rest length 50 pt, frequency 4 Hz and damping ratio `damping`. At the snap point
/// with θ = 0 all four are at rest. Away from it the TL and BR springs pull unequally along lines
/// that miss the centre of mass, which is what rotates the item (34° on a 60×60 view snapped
/// 80 pt sideways); a centre spring plus a rotational spring cannot reproduce T6's first frame.
public final class SnapBehavior: DynamicBehavior {
    public let item: DynamicItem

    /// Where the item's centre settles, pt, in the animator's coordinates. Setting it on a
    /// registered snap moves the anchor body (the springs keep their anchors and rest lengths),
    /// wakes the item and restarts a paused animator.
    public var snapPoint: Point {
        didSet {
            precondition(snapPoint.isFinite, "Non-finite snap point \(snapPoint)")
            guard let animator = dynamicAnimator, let anchor = anchorBody else { return }
            cb2_body_set_transform(anchor, Engine.meters(snapPoint), 0)
            animator.wake(item)
            animator.tickle()
        }
    }

    /// Damping ratio ζ of the four springs, dimensionless. Range 0...1 by the docs (0 = most
    /// oscillation, 1 = least; values above 1 are over-damped, still accepted); default 0.5.
    /// Read once, when the behaviour is registered: changing it on a live snap has no effect
    /// (UIKit's setter just stores the value).
    public var damping: Double = 0.5 {
        didSet {
            precondition(damping.isFinite && damping >= 0, "Invalid snap damping \(damping): must be finite and >= 0")
        }
    }

    /// Offset of each spring's fixed anchor from the item's corner, and the springs' rest length,
    /// pt (UIKit's private `_distance`). Default 50. Larger values make the springs more parallel
    /// to the axes and the rotation smaller. Read at registration.
    var distance: Double = 50

    /// Spring frequency, Hz (UIKit's private `_frequency`). Default 4: the item settles to within
    /// a point in about 0.4 s. Read at registration.
    var frequency: Double = 4

    private var anchorBody: OpaquePointer?
    private var joints: [OpaquePointer] = []

    /// - Precondition: `point` is finite.
    public init(item: DynamicItem, snapTo point: Point) {
        precondition(point.isFinite, "Non-finite snap point \(point)")
        self.item = item
        self.snapPoint = point
        super.init()
    }

    public override var allowsAnimatorToStop: Bool { false }

    override func associate(with animator: DynamicAnimator) {
        let itemBody = animator.acquireBody(for: item).body
        // Host UIKit gives the anchor a box of the item's size (7.0: no shape); it is static and
        // filtered out of every contact, so the shape has no effect.
        let anchor = animator.world.createBody(
            cb2_body_def(
                is_dynamic: false, position: Engine.meters(snapPoint), angle: 0,
                half_width: Float(item.bounds.width / 2 / Engine.pointsPerMeter),
                half_height: Float(item.bounds.height / 2 / Engine.pointsPerMeter),
                density: 0, friction: Engine.defaultFriction, restitution: Engine.defaultRestitution,
                linear_damping: 0, angular_damping: 0, gravity_scale: 0,
                bullet: false, fixed_rotation: false, category: 0, mask: 0))
        anchorBody = anchor

        let hw = item.bounds.width / 2
        let hh = item.bounds.height / 2
        let d = distance
        // (item-local corner, anchor-local fixed point), pt: TL pulled left and up, BR right and down.
        let pairs: [(Point, Point)] = [
            (Point(-hw, -hh), Point(-hw - d, -hh)),
            (Point(-hw, -hh), Point(-hw, -hh - d)),
            (Point(hw, hh), Point(hw + d, hh)),
            (Point(hw, hh), Point(hw, hh + d)),
        ]
        // UIKit creates the joints at their current anchor distance and sets every length to d
        // in a main-queue block that runs before the first display-link tick, so the rest length
        // is d from the first sub-step on.
        let restLength = Float(d / Engine.pointsPerMeter)
        joints = pairs.map { corner, fixed in
            animator.world.createSpring(
                bodyA: itemBody, localAnchorA: Engine.meters(corner),
                bodyB: anchor, localAnchorB: Engine.meters(fixed),
                length: restLength, frequencyHz: Float(frequency), dampingRatio: Float(damping))
        }
        // [GUESS] a snap on an item whose shared body is asleep must move it: wake it.
        animator.wake(item)
    }

    override func dissociate(from animator: DynamicAnimator) {
        for joint in joints { animator.world.destroyJoint(joint) }
        joints = []
        if let anchor = anchorBody { animator.world.destroyBody(anchor) }
        anchorBody = nil
        animator.releaseBody(for: item)
    }
}
