import CustomBehaviors
import Dynamics
import DynamicsTestSupport
import Geometry

/// What the custom-behaviour tests add to the shared spec scenes.
extension Scenes {
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
