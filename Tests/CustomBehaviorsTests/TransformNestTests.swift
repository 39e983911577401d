import CustomBehaviors
import Dynamics
import DynamicsTestSupport
import Geometry
import Testing

@Suite("TransformNest (figure 6-2)")
struct TransformNestTests {
    @Test("Four views snap to one point and turn to their fanned angles, a tight pile, then the animator pauses")
    func nest() throws {
        let starts = [Point(60, 80), Point(300, 90), Point(70, 500), Point(280, 460)]
        let items = starts.enumerated().map {
            DynamicItem(identifier: "tile\($0.offset)", bounds: Size(60, 60), center: $0.element, kind: .view)
        }
        let animator = DynamicAnimator()
        let nest = TransformNest(items: items, snapTo: Point(160, 280))
        animator.addBehavior(nest)
        #expect(nest.angles.map(\.degrees) == [0, 22.5, 45, 67.5])
        #expect(nest.childBehaviors.count == 8)
        let paused = try #require(Scenes.runUntilPaused(animator))
        #expect(paused == 81)
        for (item, angle) in zip(items, nest.angles) {
            #expect(item.center == Point(160, 280))
            #expect(abs(item.rotation.radians - angle.radians) < 1e-6)  // atan2f in the tween
        }
        #expect(nest.tweens.allSatisfy { $0.reachedTargetTick == 28 })
        #expect(nest.log.events.count == 8)  // shared log: 4 began on tick 1, 4 reached on tick 28
        #expect(nest.log.events.map(\.tick) == [1, 1, 1, 1, 28, 28, 28, 28])
    }
}
