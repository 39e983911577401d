import CustomBehaviors
import Dynamics
import Geometry

/// The scenes the tests share, defined once.
enum Scenes {
    /// One display-link tick at the renderer's 60 fps (spec dynamics §1.2).
    static let tick = 1.0 / 60

    /// Spec dynamics §5.1 (seed 000): a 60×60 view at (160, 252), screen scale 2, snapped to
    /// (80, 252).
    static func seedSnap() -> (DynamicAnimator, DynamicItem, SnapBehavior) {
        let item = DynamicItem(identifier: "seed000", bounds: Size(60, 60), center: Point(160, 252), kind: .view)
        let animator = DynamicAnimator(screenScale: 2)
        let snap = SnapBehavior(item: item, snapTo: Point(80, 252))
        animator.addBehavior(snap)
        return (animator, item, snap)
    }

    /// Steps until the animator pauses (at most `limit` ticks); returns the tick it paused after.
    @discardableResult
    static func runUntilPaused(_ animator: DynamicAnimator, limit: Int = 600, each: (Int) -> Void = { _ in }) -> Int? {
        for tick in 1...limit {
            guard animator.isRunning else { return tick - 1 }
            animator.step(Self.tick)
            each(tick)
        }
        return animator.isRunning ? nil : limit
    }

    /// Frame `f` of an interactive scene: input at scene time f/60, then one animator tick.
    static func frame(_ f: Int, _ zones: SnapZonesBehavior, _ animator: DynamicAnimator) {
        zones.handleInput(at: Double(f) / 60)
        animator.step(Self.tick)
    }
}
