import CustomBehaviors
import Dynamics
import DynamicsTestSupport
import Geometry
import Testing

@Suite("FrameWatcherBehavior (pause-detection listings 6-1/6-2)")
struct FrameWatcherTests {
    @Test(
        "Frames compare as steady by the seed's intersection-area test",
        arguments: [
            // (a, b, steady at laxity 10): 0.5-pt rounding steps of a 60×60 view move 30 pt².
            (Rect(x: 50, y: 222, width: 60, height: 60), Rect(x: 50, y: 222, width: 60, height: 60), true),
            (Rect(x: 50, y: 222, width: 60, height: 60), Rect(x: 50.5, y: 222, width: 60, height: 60), false),
            (Rect(x: 50, y: 222, width: 60, height: 60), Rect(x: 50, y: 221.5, width: 60, height: 60), false),
            (Rect(x: 50, y: 222, width: 60, height: 60), Rect(x: 50.1, y: 222, width: 60, height: 60), true),
            // The seed's 0.37 s → 0.40 s frames: a 60.024 bounding box shrinking to 60 (2.9 pt²).
            (
                Rect(x: 50.988, y: 221.988, width: 60.024, height: 60.024), Rect(x: 51, y: 222, width: 60, height: 60),
                true
            ),
            (Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 100, y: 100, width: 10, height: 10), false),
        ])
    func steadiness(a: Rect, b: Rect, steady: Bool) {
        #expect(FrameWatcherBehavior.framesAreSteady(a, b, laxity: 10) == steady)
        #expect(FrameWatcherBehavior.framesAreSteady(b, a, laxity: 10) == steady)
    }

    @Test(
        "On the seed snap the watcher fires 6 steady ticks after the rounded frame last changed, and the animator pauses on that tick"
    )
    func seedWatcherFires() throws {
        let (animator, item, snap) = Scenes.seedSnap()
        let watcher = FrameWatcherBehavior(item: item, client: snap)
        animator.addBehavior(watcher)
        var lastChange = 0
        var previous = item.frame
        let paused = try #require(
            Scenes.runUntilPaused(animator) { tick in
                if item.frame != previous { lastChange = tick }
                previous = item.frame
            })
        #expect(lastChange == 27)  // (50, 222)-origin frame, i.e. centre (80, 252), from tick 27 = 0.45 s
        #expect(watcher.firedTick == 33 && paused == 33)
        #expect(abs(try #require(watcher.firedTime) - 0.55) < 1e-12)
        #expect(watcher.log.events.map(\.kind) == [.watcherFired(item: "seed000")])
        #expect(watcher.log.events.map(\.tick) == [33])
        #expect(animator.behaviors.isEmpty && animator.registeredBehaviors.isEmpty)
        #expect(item.center == Point(80, 252))
    }

    @Test(
        "The watcher's pause comes 35 ticks before the velocity-based one (tick 33 = 0.55 s vs tick 68 = 1.13 s; seed: 0.62 s vs 1.17 s)"
    )
    func watcherBeatsSleep() throws {
        let (animator, item, _) = Scenes.seedSnap()
        let sleepPause = try #require(Scenes.runUntilPaused(animator))
        #expect(sleepPause == 68)
        #expect(abs(animator.elapsedTime - 68.0 / 60) < 1e-12)
        #expect(item.center == Point(80, 252))

        let (watched, watchedItem, snap) = Scenes.seedSnap()
        watched.addBehavior(FrameWatcherBehavior(item: watchedItem, client: snap))
        let watcherPause = try #require(Scenes.runUntilPaused(watched))
        #expect(sleepPause - watcherPause == 35)
        // The seed saves 1.167 − 0.617 = 0.55 s; here 35/60 = 0.58 s.
        #expect(abs(Double(sleepPause - watcherPause) / 60 - 0.55) < 0.05)
    }

    @Test(
        "With no motion at all the watcher fires on its 6th action",
        arguments: [(10.0, 5, 6), (10.0, 0, 1), (0.0, 2, 3)])
    func motionless(laxity: Double, threshold: Int, expectedTick: Int) {
        let item = DynamicItem(identifier: "still", bounds: Size(40, 40), center: Point(100, 100), kind: .view)
        let animator = DynamicAnimator()
        let snap = SnapBehavior(item: item, snapTo: Point(100, 100))
        animator.addBehavior(snap)
        let watcher = FrameWatcherBehavior(item: item, client: snap, pointLaxity: laxity, threshold: threshold)
        animator.addBehavior(watcher)
        Scenes.runUntilPaused(animator)
        #expect(watcher.firedTick == expectedTick)
        #expect(animator.tickCount == expectedTick)
    }
}
