import Dynamics
import Geometry
import Testing

// The README's example, verbatim.

/// Snaps `item` towards `point` for `ticks` animator ticks, then removes the snap.
final class SnapForTicks: DynamicBehavior {
    private(set) var path: [Point] = []

    init(item: DynamicItem, to point: Point, ticks: Int) {
        super.init()
        let snap = SnapBehavior(item: item, snapTo: point)
        addChildBehavior(snap)
        var firstTick: Int?
        action = { [unowned self] in
            guard let animator = self.dynamicAnimator else { return }
            self.path.append(item.center)
            let start = firstTick ?? animator.tickCount
            firstTick = start
            if animator.tickCount - start + 1 == ticks { self.removeChildBehavior(snap) }
        }
    }

    /// Done once the snap is gone. Without this the composite rule (an action and no children:
    /// "no") would keep the vote, and the animator would pause one tick later, when the world
    /// step finds no body left.
    override var allowsAnimatorToStop: Bool { childBehaviors.isEmpty }
}

@Suite("The README's user-written behaviour")
struct ReadmeExampleTests {
    @Test("SnapForTicks pulls for its ticks, lets go, and the animator pauses on that tick")
    func snapForTicks() {
        let item = DynamicItem(identifier: "ball", bounds: Size(40, 40), center: Point(100, 100), kind: .plain)
        let animator = DynamicAnimator()
        let behavior = SnapForTicks(item: item, to: Point(200, 100), ticks: 10)
        animator.addBehavior(behavior)
        var ticks = 0
        while animator.isRunning && ticks < 100 {
            animator.step(1.0 / 60)
            ticks += 1
        }
        #expect(ticks == 10 && animator.tickCount == 10)
        #expect(behavior.path.count == 10 && behavior.childBehaviors.isEmpty)
        #expect(zip(behavior.path, behavior.path.dropFirst()).allSatisfy { $0.x < $1.x })  // moving right
        #expect(item.center == behavior.path.last)
    }
}
