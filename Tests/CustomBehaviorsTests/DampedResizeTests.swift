import CustomBehaviors
import Dynamics
import DynamicsTestSupport
import Geometry
import Testing

@Suite("DampedResizeBehavior (custom-behaviors listing 6-5)")
struct DampedResizeTests {
    /// Spec timing §6.1, printed to 6 decimals: tolerance 5e-7.
    @Test(
        "scale(t) = 1 + 0.5·sin(2πt)·e^(−2t) matches the spec vectors",
        arguments: [
            (0.0, 1.0), (0.125, 1.275348), (0.25, 1.303265), (0.5, 1.0),
            (0.75, 0.888435), (1.0, 1.0), (1.25, 1.041042), (1.5, 1.0),
        ])
    func scaleVectors(t: Double, scale: Double) {
        #expect(abs(DampedResizeBehavior.scale(at: t) - scale) < 5e-7)
    }

    @Test(
        "At 60 Hz the resize runs from its first action (n = 0) to n = 91, then restores the identity and lets the animator pause"
    )
    func runsAndEnds() throws {
        let item = DynamicItem(identifier: "card", bounds: Size(80, 60), center: Point(160, 240), kind: .view)
        let animator = DynamicAnimator()
        let resize = DampedResizeBehavior(item: item)
        animator.addBehavior(resize)
        #expect(animator.isRunning)  // the hidden item's body started it
        #expect(resize.internalItems.map(\.identifier) == ["card.resizeClock"])
        var scales: [Double] = []
        let paused = try #require(
            Scenes.runUntilPaused(animator) { tick in
                if tick <= 91 {
                    #expect(item.transform == AffineTransform(scaleX: resize.currentScale, y: resize.currentScale))
                }
                scales.append(item.transform.a)
            })
        // Action n (animator tick n + 1) shows scale(n/60); n = 91 (t = 1.516667) is the first past
        // 1.5 s: it computes a scale, then resets to the identity, on animator tick 92.
        #expect(scales.count == 92)
        for n in 0..<91 { #expect(scales[n] == DampedResizeBehavior.scale(at: Double(n) / 60)) }
        #expect(abs(scales[12] - 1.318756) < 5e-7 && scales[..<91].max() == scales[12])
        #expect(abs(scales[42] - 0.882736) < 5e-7 && scales[..<91].min() == scales[42])
        #expect(resize.endedClockTick == 91 && resize.beganTick == 1 && resize.endedTick == 92)
        #expect(paused == 92)
        #expect(item.transform == .identity && !resize.isActive)
        #expect(resize.childBehaviors.isEmpty && animator.registeredBehaviors.count == 1)
        #expect(
            resize.log.events == [
                BehaviorEvent(tick: 1, time: 1.0 / 60, kind: .resizeBegan(item: "card")),
                BehaviorEvent(tick: 92, time: animator.elapsedTime, kind: .resizeEnded(item: "card")),
            ])
    }

    @Test("The resize clock starts at the behaviour's first action, not at the animator's elapsed time")
    func clockStartsAtFirstAction() throws {
        let (animator, item, _) = Scenes.seedSnap()
        for _ in 1...10 { animator.step(Scenes.tick) }
        let resize = DampedResizeBehavior(item: item)
        animator.addBehavior(resize)
        animator.step(Scenes.tick)
        #expect(resize.beganTick == 11 && resize.currentScale == 1)
        for _ in 1...15 { animator.step(Scenes.tick) }
        #expect(resize.currentScale == DampedResizeBehavior.scale(at: 15.0 / 60))
        // The snap's write-back replaced the transform with the rotation; the action scaled it.
        #expect(abs(item.transform.determinant - resize.currentScale * resize.currentScale) < 1e-12)
    }

    @Test("Keeping the animator awake leaves a scene's own gravity alone")
    func gravityUntouched() {
        let faller = DynamicItem(identifier: "faller", bounds: Size(20, 20), center: Point(0, 0), kind: .plain)
        let card = DynamicItem(identifier: "card", bounds: Size(40, 40), center: Point(200, 200), kind: .view)
        let animator = DynamicAnimator()
        let gravity = GravityBehavior(items: [faller])
        gravity.gravityDirection = Point(1, 0)
        animator.addBehavior(gravity)
        animator.addBehavior(DampedResizeBehavior(item: card))
        for _ in 1...120 { animator.step(Scenes.tick) }
        #expect(animator.worldGravity == Point(1000, 0))
        #expect(faller.center.y == 0 && faller.center.x > 0)
        #expect(card.transform == .identity)
    }
}
