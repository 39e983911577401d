import Dynamics
import DynamicsTestSupport
import Geometry
import Testing

/// Spec dynamics §1.4, §1.5 and §7 properties 15 and 18: the order of work inside a tick and
/// when the animator runs.
struct StepOrderTests {
    /// A user-side composite behaviour, as apps subclass `UIDynamicBehavior`.
    final class Watcher: DynamicBehavior {}

    @Test("Actions see the centre written back in the same tick (property 18)")
    func actionsSeeWrittenBackCentre() {
        let (animator, item, snap) = Scenes.snapT6()
        var seen: [Point] = []
        snap.action = { seen.append(item.center) }
        var afterTicks: [Point] = []
        for _ in 1...5 {
            animator.step(Scenes.tick)
            afterTicks.append(item.center)
        }
        #expect(seen == afterTicks)
        #expect(seen[0] != Point(100, 100))
    }

    @Test("Actions run for every registered behaviour, children included, in registration order")
    func actionOrder() {
        let item = DynamicItem(identifier: "i", bounds: Size(10, 10), center: .zero, kind: .plain)
        let animator = DynamicAnimator()
        var log: [String] = []
        let parent = Watcher()
        let child = Watcher()
        let grandchild = GravityBehavior(items: [item])
        let other = Watcher()
        parent.action = { log.append("parent") }
        child.action = { log.append("child") }
        grandchild.action = { log.append("grandchild") }
        other.action = { log.append("other") }
        child.addChildBehavior(grandchild)
        parent.addChildBehavior(child)
        animator.addBehavior(parent)
        animator.addBehavior(other)
        #expect(
            animator.registeredBehaviors.map { ObjectIdentifier($0) }
                == [parent, child, grandchild, other].map { ObjectIdentifier($0) })
        animator.step(Scenes.tick)
        #expect(log == ["parent", "child", "grandchild", "other"])
    }

    @Test("A behaviour added inside an action is listed at once and acts from the next tick (property 18)")
    func addInsideAction() {
        let (animator, _, snap) = Scenes.snapT6()
        let faller = DynamicItem(identifier: "faller", bounds: Size(20, 20), center: Point(0, 0), kind: .plain)
        let gravity = GravityBehavior(items: [faller])
        var gravityActions = 0
        gravity.action = { gravityActions += 1 }
        var listedInAction = false
        var registeredInAction = true
        var ticks = 0
        snap.action = {
            ticks += 1
            guard ticks == 3 else { return }
            animator.addBehavior(gravity)
            listedInAction = animator.behaviors.contains { $0 === gravity }
            registeredInAction = gravity.dynamicAnimator != nil
        }
        for _ in 1...3 { animator.step(Scenes.tick) }
        #expect(listedInAction && !registeredInAction)
        #expect(gravityActions == 0)
        #expect(gravity.dynamicAnimator === animator)  // registered at the end of tick 3
        #expect(faller.center == Point(0, 0))
        animator.step(Scenes.tick)
        #expect(gravityActions == 1)
        #expect(faller.center.y > 0)  // fell during tick 4
    }

    @Test("A removal inside an action waits for the end of the tick; the watcher pattern pauses at once (property 18)")
    func removeInsideAction() {
        let (animator, item, snap) = Scenes.snapT6()
        let watcher = Watcher()
        var pauses = 0
        animator.didPause = { _ in pauses += 1 }
        var stillRegisteredInAction = false
        var listedAfterRemoval = true
        var watcherTicks = 0
        var snapActionsAfterRemoval = 0
        var removed = false
        snap.action = { if removed { snapActionsAfterRemoval += 1 } }
        watcher.action = {
            watcherTicks += 1
            guard watcherTicks == 10 else { return }
            animator.removeBehavior(snap)
            animator.removeBehavior(watcher)
            removed = true
            listedAfterRemoval = animator.behaviors.contains { $0 === snap }
            stillRegisteredInAction = snap.dynamicAnimator === animator && animator.isAwake(item)
        }
        animator.addBehavior(watcher)
        for _ in 1...20 { animator.step(Scenes.tick) }
        #expect(!listedAfterRemoval && stillRegisteredInAction)
        #expect(snapActionsAfterRemoval == 0)  // the snap's action ran before the watcher's
        #expect(snap.dynamicAnimator == nil && watcher.dynamicAnimator == nil)
        #expect(animator.tickCount == 10 && !animator.isRunning && pauses == 1)
    }

    @Test("Re-adding a behaviour removed in the same tick cancels the removal")
    func readdCancelsRemoval() {
        let (animator, item, snap) = Scenes.snapT6()
        let watcher = Watcher()
        watcher.action = {
            animator.removeBehavior(snap)
            animator.addBehavior(snap)
        }
        animator.addBehavior(watcher)
        for _ in 1...3 { animator.step(Scenes.tick) }
        #expect(snap.dynamicAnimator === animator)
        #expect(animator.behaviors.map { ObjectIdentifier($0) } == [ObjectIdentifier(watcher), ObjectIdentifier(snap)])
        #expect(item.center.x > 150)  // the snap never stopped pulling
    }

    @Test("A lone resting item reports asleep on tick 31; didPause once, willResume once (property 15)")
    func loneItemSleepsOnTick31() {
        let item = DynamicItem(identifier: "rest", bounds: Size(50, 50), center: Point(10, 10), kind: .plain)
        let animator = DynamicAnimator()
        var events: [String] = []
        animator.willResume = { _ in events.append("resume") }
        animator.didPause = { a in events.append("pause@\(a.tickCount)") }
        animator.addBehavior(ItemBehavior(items: [item]))
        for _ in 1...40 { animator.step(Scenes.tick) }
        // 2·31 − 1 = 61 sub-steps of 1/120 s ≥ Box2D's 0.5 s time to sleep; tick 30 has 59.
        #expect(events == ["resume", "pause@31"])
        // Adding a behaviour with an item resumes, once.
        let other = DynamicItem(identifier: "other", bounds: Size(50, 50), center: Point(100, 10), kind: .plain)
        animator.addBehavior(GravityBehavior(items: [other]))
        animator.addBehavior(ItemBehavior(items: [other]))
        #expect(events == ["resume", "pause@31", "resume"])
    }

    @Test("allowsAnimatorToStop: primitives never; composites by action and children (spec §1.5)")
    func allowsAnimatorToStop() {
        let item = DynamicItem(identifier: "i", bounds: Size(10, 10), center: .zero, kind: .plain)
        #expect(!SnapBehavior(item: item, snapTo: .zero).allowsAnimatorToStop)
        #expect(!GravityBehavior(items: [item]).allowsAnimatorToStop)
        #expect(!ItemBehavior(items: [item]).allowsAnimatorToStop)
        let composite = Watcher()
        #expect(composite.allowsAnimatorToStop)
        composite.action = {}
        #expect(!composite.allowsAnimatorToStop)
        let parent = Watcher()
        parent.action = {}  // ignored once there are children
        parent.addChildBehavior(Watcher())
        #expect(parent.allowsAnimatorToStop)
        parent.addChildBehavior(GravityBehavior(items: [item]))
        #expect(!parent.allowsAnimatorToStop)
    }

    /// A composite that overrides the vote, as `open var allowsAnimatorToStop` permits.
    final class Permissive: DynamicBehavior {
        override var allowsAnimatorToStop: Bool { true }
    }

    @Test("When every top-level behaviour allows it the animator stops although bodies are awake")
    func stopVote() {
        let item = DynamicItem(identifier: "i", bounds: Size(10, 10), center: .zero, kind: .plain)
        let animator = DynamicAnimator()
        let permissive = Permissive()
        permissive.addChildBehavior(GravityBehavior(items: [item]))
        var pauses = 0
        animator.didPause = { _ in pauses += 1 }
        animator.addBehavior(permissive)
        #expect(animator.isRunning)
        animator.step(Scenes.tick)
        #expect(!animator.isRunning && pauses == 1)
        #expect(animator.isAwake(item))  // falling, yet paused by the vote
        // A second top-level behaviour that votes no keeps it running.
        let keeper = Watcher()
        keeper.action = {}
        animator.addBehavior(keeper)
        #expect(animator.isRunning)
        animator.step(Scenes.tick)
        #expect(animator.isRunning && pauses == 1)
    }

    @Test("Adding a behaviour twice: top level is a no-op")
    func addTwice() {
        let (animator, _, snap) = Scenes.snapT6()
        animator.addBehavior(snap)
        #expect(animator.behaviors.count == 1 && animator.registeredBehaviors.count == 1)
    }
}
