import Dynamics
import Geometry

/// The scenes of spec dynamics §5 and §7, defined once and shared by the Dynamics and
/// CustomBehaviors tests.
public enum Scenes {
    /// One display-link tick at the renderer's 60 fps (spec §1.2).
    public static let tick = 1.0 / 60

    /// Spec §7 property 9 (Apple oracle T6): a 100×50 plain item at (100, 100) snapped to
    /// (300, 200), damping 0.5.
    public static func snapT6() -> (DynamicAnimator, DynamicItem, SnapBehavior) {
        let item = DynamicItem(identifier: "T6", bounds: Size(100, 50), center: Point(100, 100), kind: .plain)
        let animator = DynamicAnimator()
        let snap = SnapBehavior(item: item, snapTo: Point(300, 200))
        animator.addBehavior(snap)
        return (animator, item, snap)
    }

    /// Spec §5.1 (seed 000): a 60×60 view at (160, 252), screen scale 2, snapped to (80, 252).
    public static func seedSnap() -> (DynamicAnimator, DynamicItem, SnapBehavior) {
        let item = DynamicItem(identifier: "seed000", bounds: Size(60, 60), center: Point(160, 252), kind: .view)
        let animator = DynamicAnimator(screenScale: 2)
        let snap = SnapBehavior(item: item, snapTo: Point(80, 252))
        animator.addBehavior(snap)
        return (animator, item, snap)
    }

    /// Spec §7 property 1/2 (oracle T1/T1b): a 100×100 plain item at (150, 50) under gravity;
    /// `resistance` nil = no item behaviour (engine default damping).
    public static func freeFall(resistance: Double?) -> (DynamicAnimator, DynamicItem) {
        let item = DynamicItem(identifier: "T1", bounds: Size(100, 100), center: Point(150, 50), kind: .plain)
        let animator = DynamicAnimator()
        animator.addBehavior(GravityBehavior(items: [item]))
        if let resistance {
            let material = ItemBehavior(items: [item])
            material.resistance = resistance
            animator.addBehavior(material)
        }
        return (animator, item)
    }
}

/// The item's rotation as the animator wrote it, rad.
extension DynamicItem {
    public var theta: Double { transform.rotationAngle.radians }
}
