import Geometry
import Testing

@testable import Timing

@Suite("PropertyAnimator")
struct PropertyAnimatorTests {
    func makeAnimator(duration: Double = 1, curve: AnimationCurve = .easeInOut) throws -> PropertyAnimator {
        let a = try PropertyAnimator(duration: duration, curve: curve)
        try a.addAnimations([AnimatorChange(target: "v", property: .opacity, from: .scalar(0), to: .scalar(1))])
        return a
    }

    func isIllegal(_ body: () throws -> Void) -> Bool {
        do {
            try body()
            return false
        } catch let e as TimingError { return e.kind == .illegalState } catch { return false }
    }

    @Test("§6.4 rows 0–4a: scrub, cancel by reversing, run back to 0, completion .start")
    func cancelPath() throws {
        let a = try makeAnimator()
        var positions: [AnimatingPosition] = []
        a.addCompletion { positions.append($0) }
        #expect(a.state == .inactive && !a.isRunning && !a.isReversed && a.fractionComplete == 0)
        try a.setFractionComplete(0.6)
        #expect(a.state == .active && !a.isRunning && near(a.fractionComplete, 0.6, 1e-9))
        #expect(near(a.timeFraction, 0.558500, 1e-6), "τ = C⁻¹(0.6)")
        a.setReversed(true)
        #expect(a.state == .active && !a.isRunning && a.isReversed && near(a.fractionComplete, 0.6, 1e-9))
        try a.startAnimation()
        #expect(a.isRunning)
        try a.advance(to: 0.3)
        #expect(a.fractionComplete < 0.6)
        let events = try a.advance(to: 1)
        #expect(a.state == .inactive && !a.isRunning && a.isReversed && a.fractionComplete == 0)
        #expect(positions == [.start])
        #expect(events.count == 1 && near(events[0].time, 0.558500, 1e-6), "reversal takes τ·D = 0.5585 s")
        #expect(a.modelValue(of: "v", .opacity) == .scalar(0))
    }

    @Test("§6.4 / §4.3 reversal time: linear scrub 0.5585 s, curve scrub 0.6 s")
    func reversalTimes() throws {
        for (linear, expected) in [(true, 0.558500), (false, 0.6)] {
            let a = try makeAnimator()
            a.scrubsLinearly = linear
            try a.setFractionComplete(0.6)
            if !linear { #expect(near(a.presentationValue(of: "v", .opacity)!.x, 0.668116, 1e-6)) }
            a.setReversed(true)
            try a.startAnimation()
            let events = try a.advance(to: 5)
            #expect(near(events[0].time, expected, 1e-6), "scrubsLinearly \(linear)")
        }
    }

    @Test("§6.4 rows 2b–3b / §7.25 stop(false) freezes, finish(.end) completes once at the end values")
    func finishPath() throws {
        let a = try makeAnimator()
        var positions: [AnimatingPosition] = []
        a.addCompletion { positions.append($0) }
        try a.setFractionComplete(0.4)
        try a.stopAnimation(false)
        #expect(a.state == .stopped && !a.isRunning && !a.isReversed && near(a.fractionComplete, 0.4, 1e-9))
        let frozen = a.presentationValue(of: "v", .opacity)
        try a.advance(to: 3)
        #expect(a.presentationValue(of: "v", .opacity) == frozen)
        try a.finishAnimation(at: .end)
        #expect(a.state == .inactive && a.fractionComplete == 1 && positions == [.end])
        #expect(a.modelValue(of: "v", .opacity) == .scalar(1))
        try a.advance(to: 10)
        #expect(positions == [.end], "exactly once")
    }

    @Test(
        "§7.25 stop(true) ⇒ inactive, presentation kept as model, no completion ever; finish(.current) keeps presentation"
    )
    func stopWithoutFinishing() throws {
        let a = try makeAnimator(curve: .linear)
        var count = 0
        a.addCompletion { _ in count += 1 }
        try a.startAnimation()
        try a.advance(to: 0.25)
        let shown = try #require(a.presentationValue(of: "v", .opacity))
        try a.stopAnimation(true)
        #expect(a.state == .inactive && count == 0)
        #expect(a.modelValue(of: "v", .opacity) == shown)
        try a.advance(to: 5)
        #expect(count == 0)

        let b = try makeAnimator(curve: .linear)
        var at: AnimatingPosition?
        b.addCompletion { at = $0 }
        try b.startAnimation()
        try b.advance(to: 0.5)
        let mid = try #require(b.presentationValue(of: "v", .opacity))
        try b.stopAnimation(false)
        try b.finishAnimation(at: .current)
        #expect(at == .current && b.modelValue(of: "v", .opacity) == mid)
    }

    @Test("§7.24 illegal calls throw typed errors naming the call, time and state")
    func acceptance24() throws {
        let stopped = try makeAnimator()
        try stopped.startAnimation()
        try stopped.advance(to: 0.2)
        try stopped.stopAnimation(false)
        #expect(isIllegal { try stopped.startAnimation() })
        #expect(isIllegal { try stopped.pauseAnimation() })
        #expect(isIllegal { try stopped.startAnimation(afterDelay: 1) })
        #expect(isIllegal { try stopped.stopAnimation(true) })
        #expect(isIllegal { try stopped.continueAnimation(withTimingParameters: nil, durationFactor: 0) })
        #expect(isIllegal { try stopped.addAnimations([]) })
        #expect(isIllegal { try stopped.setInterruptible(false) })
        do {
            try stopped.startAnimation()
            Issue.record("expected an error")
        } catch let e as TimingError {
            #expect(e.call == "startAnimation()" && e.time == 0.2 && e.state == "stopped")
            #expect(
                e.description
                    == "startAnimation() at t=0.2 s: illegal in state stopped; expected inactive or active; finishAnimation(at:) a stopped animator"
            )
        }

        let inactive = try makeAnimator()
        #expect(isIllegal { try inactive.finishAnimation(at: .end) })
        #expect(isIllegal { try inactive.continueAnimation(withTimingParameters: nil, durationFactor: 0) })
        let running = try makeAnimator()
        try running.startAnimation()
        #expect(isIllegal { try running.finishAnimation(at: .start) })
        #expect(isIllegal { try running.setInterruptible(false) })
        #expect(isIllegal { try running.setUserInteractionEnabled(false) })
        #expect(isIllegal { try running.continueAnimation(withTimingParameters: nil, durationFactor: 0) })
        try running.pauseAnimation()
        #expect(isIllegal { try running.finishAnimation(at: .current) })
        #expect(isIllegal { try running.startAnimation(afterDelay: 0.5) })
        #expect(isIllegal { try running.setUserInteractionEnabled(false) })
        #expect(isIllegal { try running.checkRelease() })

        let rigid = try makeAnimator()
        try rigid.setInterruptible(false)
        try rigid.startAnimation()
        #expect(isIllegal { try rigid.pauseAnimation() })
        #expect(isIllegal { try rigid.stopAnimation(false) })
        // Time cannot run backwards.
        #expect(throws: TimingError.self) { try rigid.advance(to: -1) }
    }

    @Test("legal no-ops: start while running, pause while paused, stop while inactive, fractionComplete while running")
    func noOps() throws {
        let a = try makeAnimator(curve: .linear)
        try a.stopAnimation(true)
        #expect(a.state == .inactive)
        try a.startAnimation()
        try a.advance(to: 0.5)
        try a.startAnimation()
        #expect(try a.setFractionComplete(0.9) == false)
        #expect(near(a.fractionComplete, 0.5, 1e-12))
        try a.pauseAnimation()
        try a.pauseAnimation()
        try a.advance(to: 2)
        #expect(near(a.fractionComplete, 0.5, 1e-12) && a.state == .active)
    }

    @Test("§7.26 natural completion: forward ⇒ .end, reversed ⇒ .start, pausesOnCompletion ⇒ none, paused at 1")
    func acceptance26() throws {
        let forward = try makeAnimator()
        var f: [AnimatingPosition] = []
        forward.addCompletion { f.append($0) }
        try forward.startAnimation()
        try forward.advance(to: 0.999)
        #expect(f.isEmpty)
        // At the end the animator shows its final values and still runs (Core Animation's
        // animations are active through their end); the next tick completes it.
        try forward.advance(to: 1.0)
        #expect(f.isEmpty && forward.state == .active && forward.isRunning && forward.fractionComplete == 1)
        try forward.advance(to: 1.0 + 1.0 / 60)
        #expect(f == [.end] && forward.state == .inactive)

        let reversed = try makeAnimator()
        var r: [AnimatingPosition] = []
        reversed.addCompletion { r.append($0) }
        try reversed.startAnimation()
        try reversed.advance(to: 0.5)
        reversed.setReversed(true)
        try reversed.advance(to: 0.99)
        #expect(r.isEmpty)
        try reversed.advance(to: 1.0)
        #expect(r.isEmpty && reversed.fractionComplete == 0)
        try reversed.advance(to: 1.0 + 1.0 / 60)
        #expect(r == [.start])

        let holding = try makeAnimator()
        holding.pausesOnCompletion = true
        var h: [AnimatingPosition] = []
        holding.addCompletion { h.append($0) }
        try holding.startAnimation()
        try holding.advance(to: 3)
        #expect(h.isEmpty && holding.state == .active && !holding.isRunning && holding.fractionComplete == 1)
        holding.setReversed(true)
        try holding.startAnimation()
        try holding.advance(to: 3.5)
        #expect(near(holding.fractionComplete, 0.5, 1e-9), "can be reversed")
    }

    @Test(
        "§7.27 addAnimations(delayFactor 0.25) at fractionComplete 0.25 on a D=2 animator: 0.5 s delay, then exactly 1.0 s"
    )
    func acceptance27() throws {
        let a = try makeAnimator(duration: 2, curve: .linear)
        try a.startAnimation()
        try a.advance(to: 0.5)
        // The named linear Bézier is linear only to the solver's 1e-5 (spec §2.5).
        #expect(near(a.fractionComplete, 0.25, 1e-5))
        try a.addAnimations(
            [AnimatorChange(target: "w", property: .cornerRadius, from: .scalar(0), to: .scalar(10))],
            delayFactor: 0.25)
        try a.advance(to: 1.0)
        #expect(a.presentationValue(of: "w", .cornerRadius) == .scalar(0), "still in its delay")
        try a.advance(to: 1.5)
        #expect(near(a.presentationValue(of: "w", .cornerRadius)!.x, 5, 1e-9), "half way through its 1.0 s")
        try a.advance(to: 1.999)
        #expect(a.presentationValue(of: "w", .cornerRadius)!.x < 10)
        try a.advance(to: 2.0)
        #expect(a.presentationValue(of: "w", .cornerRadius) == .scalar(10))
        #expect(a.modelValue(of: "w", .cornerRadius) == nil)
        try a.advance(to: 2.0 + 1.0 / 60)
        #expect(a.modelValue(of: "w", .cornerRadius) == .scalar(10))
    }

    @Test("§7.28 continueAnimation(nil, 0) keeps the remaining time; (linear, 0.1) on D=2 finishes 0.2 s later")
    func acceptance28() throws {
        let a = try makeAnimator(duration: 2)
        try a.startAnimation()
        try a.advance(to: 0.5)
        try a.pauseAnimation()
        try a.advance(to: 7)
        try a.continueAnimation(withTimingParameters: nil, durationFactor: 0)
        var events = try a.advance(to: 8.4999)
        #expect(events.isEmpty)
        events = try a.advance(to: 8.5)
        #expect(events.isEmpty && a.fractionComplete == 1)
        events = try a.advance(to: 8.5 + 1.0 / 60)
        #expect(events.first?.position == .end && events.first?.time == 8.5)

        let b = try makeAnimator(duration: 2)
        try b.startAnimation()
        try b.advance(to: 0.5)
        try b.pauseAnimation()
        let p0 = try #require(b.presentationValue(of: "v", .opacity)).x
        try b.continueAnimation(
            withTimingParameters: .cubic(CubicTimingParameters(animationCurve: .linear)), durationFactor: 0.1)
        #expect(near(b.presentationValue(of: "v", .opacity)!.x, p0, 1e-12), "no jump")
        try b.advance(to: 0.6)
        #expect(
            near(
                b.presentationValue(of: "v", .opacity)!.x, p0 + (1 - p0) * MediaTimingFunction.linear.evaluate(0.5),
                1e-9))
        events = try b.advance(to: 0.7)
        #expect(events.isEmpty)
        events = try b.advance(to: 0.7 + 1.0 / 60)
        #expect(events.first?.position == .end && near(events.first!.time, 0.7, 1e-12))
    }

    @Test("startAnimation(afterDelay:) waits, and runningPropertyAnimator starts itself with easeInOut")
    func delayedStart() throws {
        let a = try PropertyAnimator.runningPropertyAnimator(
            withDuration: 1, delay: 0.5,
            changes: [
                AnimatorChange(target: "v", property: .opacity, from: .scalar(0), to: .scalar(1))
            ], startTime: 10)
        #expect(a.isRunning && a.delay == 0.5)
        try a.advance(to: 10.5)
        #expect(a.fractionComplete == 0)
        try a.advance(to: 10.9)
        #expect(near(a.fractionComplete, 0.331884, 1e-6))
        #expect(try a.advance(to: 11.5).isEmpty && a.fractionComplete == 1)
        #expect(try a.advance(to: 11.5 + 1.0 / 60).first?.position == .end)
    }

    @Test("spring timing parameters drive progress with q(τ·D); dampingRatio fits the animator's duration")
    func springProgress() throws {
        let a = try PropertyAnimator(duration: 0.5, timingParameters: .spring(SpringTimingParameters(dampingRatio: 1)))
        try a.addAnimations([AnimatorChange(target: "v", property: .opacity, from: .scalar(0), to: .scalar(1))])
        try a.startAnimation()
        try a.advance(to: 0.4999999)
        #expect(near(a.presentationValue(of: "v", .opacity)!.x, 0.999, 1e-6))
        let physical = try PropertyAnimator(
            duration: 4, timingParameters: .spring(SpringTimingParameters(mass: 1, stiffness: 100, damping: 10)))
        try physical.setFractionComplete(0.5)
        #expect(near(physical.fractionComplete, 0.5, 1e-9))
        // The first crossing of q = 0.5 (the spring later overshoots to 1.163 and comes back).
        let t = physical.timeFraction * physical.duration
        #expect(t > 0.1 && t < 0.15 && near(Spring.standard.position(at: t), 0.5, 1e-9))
    }
}
