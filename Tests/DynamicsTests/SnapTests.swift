import Dynamics
import DynamicsTestSupport
import Foundation
import Geometry
import Testing

/// Spec dynamics §3.1 and §7 properties 9, 10, 12, 15: the four-spring snap.
struct SnapTests {
    @Test("T6 matches Apple's snap oracle on tick 1 and tick 200 (property 9)")
    func snapT6Oracle() {
        let (animator, item, _) = Scenes.snapT6()
        animator.step(Scenes.tick)
        // Oracle ±2e-4 pt, ±2e-6 rad: float32 Box2D vs Apple's float32 Box2D 2.2.
        #expect(abs(item.center.x - 113.265648) <= 2e-4, "x \(item.center.x)")
        #expect(abs(item.center.y - 106.623589) <= 2e-4, "y \(item.center.y)")
        #expect(abs(item.theta - 0.0361267589) <= 2e-6, "θ \(item.theta)")
        #expect(item.theta > 0)  // clockwise on screen
        for _ in 2...200 { animator.step(Scenes.tick) }
        #expect(abs(item.center.x - 299.999969) <= 2e-4, "x \(item.center.x)")
        #expect(abs(item.center.y - 199.999222) <= 2e-4, "y \(item.center.y)")
    }

    @Test("T6 settles, overshoots and pauses as the verified model says (property 10)")
    func snapT6Settles() throws {
        let (animator, item, _) = Scenes.snapT6()
        var pausedAfter: Int?
        animator.didPause = { pausedAfter = $0.tickCount }
        let target = Point(300, 200)
        var firstWithin: Int?
        var maxX = -Double.infinity
        var maxTheta = 0.0
        var worstAfterEntry = 0.0
        for tick in 1...300 where animator.isRunning {
            animator.step(Scenes.tick)
            let d = item.center.distance(to: target)
            maxX = max(maxX, item.center.x)
            maxTheta = max(maxTheta, abs(item.theta))
            if firstWithin == nil, d <= 0.5, abs(item.theta) <= 1e-3 { firstWithin = tick }
            if firstWithin != nil { worstAfterEntry = max(worstAfterEntry, d) }
        }
        // First tick within 0.5 pt and 1e-3 rad: 25 ± 2. (The spring then wobbles out to
        // 0.516 pt on ticks 29–30 and stays within 0.5 pt from tick 31.)
        let entry = try #require(firstWithin)
        #expect((23...27).contains(entry), "entered at tick \(entry)")
        #expect(worstAfterEntry <= 0.55, "strayed \(worstAfterEntry) pt after entering")
        #expect(abs((maxX - 300) - 8.1) <= 0.5, "x overshoot \(maxX - 300)")
        #expect(abs(maxTheta * 180 / .pi - 10.5) <= 0.5, "max |θ| \(maxTheta * 180 / .pi)°")
        let paused = try #require(pausedAfter)
        #expect((75...79).contains(paused), "paused after tick \(paused)")
    }

    @Test("Damping is read once: changing it after addBehavior changes nothing (property 12)")
    func dampingIsFrozen() {
        func trajectory(damping: Double, setAfterAdd: Bool) -> [Point] {
            let item = DynamicItem(identifier: "T6", bounds: Size(100, 50), center: Point(100, 100), kind: .plain)
            let animator = DynamicAnimator()
            let snap = SnapBehavior(item: item, snapTo: Point(300, 200))
            if !setAfterAdd { snap.damping = damping }
            animator.addBehavior(snap)
            if setAfterAdd { snap.damping = damping }
            var centres: [Point] = []
            for _ in 1...60 {
                animator.step(Scenes.tick)
                centres.append(item.center)
            }
            return centres
        }
        let reference = trajectory(damping: 0.5, setAfterAdd: true)
        #expect(trajectory(damping: 0.9, setAfterAdd: true) == reference)
        #expect(trajectory(damping: 0.1, setAfterAdd: true) == reference)
        #expect(trajectory(damping: 0.9, setAfterAdd: false) != reference)  // it does matter when read
    }

    @Test("Setting snapPoint moves the target and wakes a paused animator (property 12)")
    func snapPointWakes() {
        let (animator, item, snap) = Scenes.snapT6()
        var resumes = 0
        var pauses = 0
        animator.willResume = { _ in resumes += 1 }
        animator.didPause = { _ in pauses += 1 }
        for _ in 1...120 { animator.step(Scenes.tick) }
        #expect(!animator.isRunning && pauses == 1)
        #expect(!animator.isAwake(item))

        snap.snapPoint = Point(150, 250)
        #expect(animator.isRunning && resumes == 1)
        #expect(animator.isAwake(item))
        for _ in 1...300 where animator.isRunning { animator.step(Scenes.tick) }
        #expect(pauses == 2)
        #expect(item.center.distance(to: Point(150, 250)) < 0.05, "settled at \(item.center)")
    }

    @Test("didPause fires exactly once when a snap settles, willResume once when it is added (property 15)")
    func pauseFiresOnce() {
        let item = DynamicItem(identifier: "T6", bounds: Size(100, 50), center: Point(100, 100), kind: .plain)
        let animator = DynamicAnimator()
        var events: [String] = []
        animator.willResume = { _ in events.append("resume") }
        animator.didPause = { a in events.append("pause@\(a.tickCount)") }
        animator.addBehavior(SnapBehavior(item: item, snapTo: Point(300, 200)))
        for _ in 1...400 { animator.step(Scenes.tick) }
        #expect(events == ["resume", "pause@77"])
    }

    @Test("Removing the snap frees its bodies and joints; the item keeps its last written state")
    func removingSnapFreesBodies() {
        let (animator, item, snap) = Scenes.snapT6()
        for _ in 1...10 { animator.step(Scenes.tick) }
        let centre = item.center
        animator.removeBehavior(snap)
        #expect(snap.dynamicAnimator == nil)
        #expect(animator.registeredBehaviors.isEmpty)
        #expect(animator.linearVelocity(for: item) == .zero)  // no body any more
        animator.step(Scenes.tick)  // running until this tick notices there is nothing left
        #expect(!animator.isRunning)
        #expect(item.center == centre)
    }

    /// Spec §5.1: the seed trace (a view snapped on a 2× screen, logged every second tick).
    /// Apple's log clock runs 15–18 ms ahead of simulated time (short first tick), so the trace
    /// is checked by the properties the spec states, not frame by frame; the frame-by-frame fit
    /// is reported by the dev probe.
    @Test("The seed snap rotates ≈35°, lands exactly on (80, 252) by 0.5 s and pauses near 1.13 s")
    func seedSnap() throws {
        let (animator, item, _) = Scenes.seedSnap()
        var pausedAfter: Int?
        animator.didPause = { pausedAfter = $0.tickCount }
        var peak = 0.0
        var minX = Double.infinity
        var finalFrom: Int?
        for tick in 1...200 where animator.isRunning {
            animator.step(Scenes.tick)
            peak = max(peak, abs(item.theta))
            minX = min(minX, item.center.x)
            if item.center == Point(80, 252) && item.theta == 0 {
                if finalFrom == nil { finalFrom = tick }
            } else {
                finalFrom = nil
            }
        }
        // Peak: the seed shows ≥ 34.14° (every 2nd tick), the 7.0 model 34.7°, host 35.1°.
        let peakDegrees = peak * 180 / .pi
        #expect(peakDegrees >= 34.14 && peakDegrees <= 35.7, "peak |θ| \(peakDegrees)°")
        // Overshoot past x = 80: seed 74.5, models 74.6 (7.0) / 76.0 (host, this engine).
        #expect(minX >= 74 && minX <= 76.5, "min x \(minX)")
        // Final rounded frame: seed from 0.47–0.50 s; here from tick 27 (0.45 s), then unchanged.
        let final = try #require(finalFrom)
        #expect((26...30).contains(final), "final from tick \(final)")
        // Pause: host sleep at simulated 1.125 s = tick 68 (2·68 − 1 sub-steps); the seed's
        // wall clock says 1.167 s with its 15–18 ms log offset and display-link slack.
        let paused = try #require(pausedAfter)
        #expect((66...71).contains(paused), "paused after tick \(paused) = \(Double(paused) / 60) s")
        #expect(item.center == Point(80, 252))
    }

    /// Seed 000's WatcherBehavior (Listing 6-2): a composite whose action compares the view's
    /// frame with the last differing one ("steady" when both areas differ from the intersection
    /// by < 10 pt²) and, after more than 5 steady ticks, removes the snap and itself.
    final class FrameWatcher: DynamicBehavior {
        init(view: DynamicItem, behavior: DynamicBehavior) {
            super.init()
            var recent = view.frame
            var count = 0
            action = { [unowned self] in
                let current = view.frame
                let i = current.intersection(recent)
                let overlap = i == .null ? 0 : i.area
                let steady = current == recent || (abs(overlap - current.area) < 10 && abs(overlap - recent.area) < 10)
                if steady { count += 1 }
                if steady && count > 5 {
                    self.dynamicAnimator?.removeBehavior(behavior)
                    self.dynamicAnimator?.removeBehavior(self)
                    return
                }
                if !steady {
                    recent = current
                    count = 0
                }
            }
        }
    }

    @Test("The seed's frame watcher removes the snap by 0.60 s and the animator pauses there")
    func seedWatcher() throws {
        let (animator, item, snap) = Scenes.seedSnap()
        animator.addBehavior(FrameWatcher(view: item, behavior: snap))
        var pausedAfter: Int?
        animator.didPause = { pausedAfter = $0.tickCount }
        var lastChange = 0
        var previous = item.frame
        for tick in 1...120 where animator.isRunning {
            animator.step(Scenes.tick)
            if item.frame != previous { lastChange = tick }
            previous = item.frame
        }
        let paused = try #require(pausedAfter)
        // The mechanism: 6 steady ticks after the frame last changed, then a deferred removal
        // of both behaviours pauses the animator at the end of that same tick.
        #expect(paused == lastChange + 6)
        // Seed: final frame at 0.50 s, stopped "by 0.60" (tick 36). Here the final frame lands on
        // tick 27 (0.45 s, see `seedSnap`), so the watcher fires on tick 33 (0.55 s); the window
        // allows that 3-tick head start of the host model plus the seed's 1-tick log jitter.
        #expect(
            (32...37).contains(paused), "watcher stopped the animator after tick \(paused) = \(Double(paused) / 60) s")
        #expect(animator.behaviors.isEmpty && animator.registeredBehaviors.isEmpty)
        #expect(item.center == Point(80, 252))
    }
}
