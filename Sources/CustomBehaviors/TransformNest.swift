import Dynamics
import Geometry

/// Figure 6-2's "tight nest": every item snaps to one point while a `TransformTweenBehavior`
/// turns it to its own angle, so the items arrive as a pile fanned out like a rosette.
///
/// One composite behaviour: for each item, in order, a `SnapBehavior` to `point` and then a
/// `TransformTweenBehavior` to a pure rotation by its angle, as children (so actions run snap,
/// tween, snap, tween, …, and each tween sees its snap's write-back). The animator pauses when the
/// snapped bodies sleep (the snaps never allow a stop by vote).
public final class TransformNest: DynamicBehavior {
    public let items: [DynamicItem]
    public let point: Point
    /// Each item's final rotation, in `items` order.
    public let angles: [Angle]
    public let snaps: [SnapBehavior]
    public let tweens: [TransformTweenBehavior]
    /// The tweens' shared event log.
    public let log: BehaviorEventLog

    /// - Parameters:
    ///   - angles: one per item; nil → `fannedAngles(count:)`.
    ///   - damping: the snaps' damping ratio (default 0.5, UIKit's).
    /// - Precondition: `items` is not empty and `angles` (when given) has one angle per item.
    public init(
        items: [DynamicItem], snapTo point: Point, angles: [Angle]? = nil, damping: Double = 0.5,
        acceleration: Double = 0.0025, log: BehaviorEventLog = BehaviorEventLog()
    ) {
        precondition(!items.isEmpty, "A transform nest needs at least one item")
        let angles = angles ?? Self.fannedAngles(count: items.count)
        precondition(angles.count == items.count, "\(angles.count) angles for \(items.count) items: need one per item")
        self.items = items
        self.point = point
        self.angles = angles
        self.log = log
        var snaps: [SnapBehavior] = []
        var tweens: [TransformTweenBehavior] = []
        for (item, angle) in zip(items, angles) {
            let snap = SnapBehavior(item: item, snapTo: point)
            snap.damping = damping
            snaps.append(snap)
            tweens.append(
                TransformTweenBehavior(
                    item: item, transform: AffineTransform(rotation: angle), acceleration: acceleration, log: log))
        }
        self.snaps = snaps
        self.tweens = tweens
        super.init()
        for (snap, tween) in zip(snaps, tweens) {
            addChildBehavior(snap)
            addChildBehavior(tween)
        }
    }

    /// `count` angles i·90°/count, i = 0…count−1: square items end up evenly fanned over the
    /// quarter turn that their own symmetry repeats (4 items: 0°, 22.5°, 45°, 67.5°).
    public static func fannedAngles(count: Int) -> [Angle] {
        (0..<count).map { .degrees(90 * Double($0) / Double(count)) }
    }
}
