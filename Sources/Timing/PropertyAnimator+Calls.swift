import Geometry

// The calls of `UIViewPropertyAnimator` (spec timing §4.2), one per row of the table, each legal
// only in the states the table allows; the others throw `TimingError`, where Apple raises.

extension PropertyAnimator {
    /// inactive → running from τ; paused → resume; running → no-op; stopped → throws.
    public func startAnimation() throws {
        switch state {
        case .stopped:
            throw illegal("startAnimation()", expected: "inactive or active; finishAnimation(at:) a stopped animator")
        case .active where isRunning: return
        case .inactive, .active: run()
        }
    }

    /// inactive → active, runs after `delay` s (≥ 0); running → no-op; paused or stopped → throws.
    public func startAnimation(afterDelay delay: Double) throws {
        guard delay.isFinite, delay >= 0 else {
            throw TimingError(
                .invalidValue, call: "startAnimation(afterDelay:)", time: currentTime, state: "\(delay)",
                expected: "a delay ≥ 0 s")
        }
        switch state {
        case .stopped: throw illegal("startAnimation(afterDelay:)", expected: "an inactive animator")
        case .active where isRunning: return
        case .active:
            throw illegal(
                "startAnimation(afterDelay:)", expected: "an inactive animator (use startAnimation() to resume)")
        case .inactive:
            self.delay = delay
            run()
            runStart = currentTime + delay
        }
    }

    /// inactive → active paused at τ; running → paused; paused → no-op; stopped or
    /// non-interruptible → throws.
    public func pauseAnimation() throws {
        if state == .stopped { throw illegal("pauseAnimation()", expected: "an inactive or active animator") }
        if !isInterruptible && state == .active {
            throw illegal(
                "pauseAnimation()", expected: "an interruptible animator (isInterruptible = false runs to completion)")
        }
        if state == .active && !isRunning { return }
        anchor()
        isRunning = false
        state = .active
    }

    /// `stopAnimation(_ withoutFinishing:)`. inactive → no-op. active: true → inactive, model =
    /// presentation values, no completions ever; false → stopped, values frozen. stopped or
    /// non-interruptible → throws.
    public func stopAnimation(_ withoutFinishing: Bool) throws {
        switch state {
        case .stopped: throw illegal("stopAnimation(_:)", expected: "an active animator")
        case .inactive: return
        case .active:
            if !isInterruptible { throw illegal("stopAnimation(_:)", expected: "an interruptible animator") }
            isRunning = false
            if withoutFinishing {
                _ = finish(at: .current, runCompletions: false)
            } else {
                state = .stopped
            }
        }
    }

    /// Only on a stopped animator: → inactive; `.end`/`.start` set the model to the end/start
    /// values, `.current` leaves the presentation values; completions run with `position`.
    @discardableResult
    public func finishAnimation(at position: AnimatingPosition) throws -> [AnimatorEvent] {
        guard state == .stopped else {
            throw illegal(
                "finishAnimation(at: .\(position.rawValue))",
                expected: "a stopped animator (call stopAnimation(false) first)")
        }
        return finish(at: position, runCompletions: true)
    }

    /// Setting `fractionComplete` (clamped to [0, 1]): inactive → active paused at f; paused →
    /// set; running or stopped → ignored (H-UIA, spec §4.2), returns false.
    @discardableResult
    public func setFractionComplete(_ f: Double) throws -> Bool {
        guard f.isFinite else {
            throw TimingError(
                .invalidValue, call: "fractionComplete", time: currentTime, state: "\(f)", expected: "a finite fraction"
            )
        }
        if state == .stopped || isRunning { return false }
        let p = min(max(f, 0), 1)
        master = .base(baseCurve)
        for i in groups.indices { groups[i].curve = .base(baseCurve) }
        timeFraction = scrubsLinearly ? baseCurve.inverse(p) : p
        anchor()
        state = .active
        return true
    }

    /// Setting `isReversed`: stored when not running; flips in place while running; ignored when
    /// stopped (D). Returns false when ignored.
    @discardableResult
    public func setReversed(_ reversed: Bool) -> Bool {
        if state == .stopped { return false }
        guard reversed != isReversed else { return true }
        if isRunning {
            anchor()
            // A curve re-based by continueAnimation is not time-symmetric around u0: rebase it on
            // the base curve from here so the flip does not jump.
            let forward = !reversed
            if !master.isBase {
                master = .continued(previous: master, u0: timeFraction, next: baseCurve, forward: forward)
            }
            for i in groups.indices where !groups[i].curve.isBase {
                let u = groups[i].u(timeFraction)
                groups[i].curve = .continued(previous: groups[i].curve, u0: u, next: baseCurve, forward: forward)
            }
        }
        isReversed = reversed
        return true
    }

    /// Only while active and paused (and interruptible): resumes with new timing parameters (nil =
    /// keep) over `durationFactor`·duration seconds (0 = the current remaining time, O idiom).
    public func continueAnimation(withTimingParameters parameters: TimingParameters?, durationFactor: Double) throws {
        let call = "continueAnimation(withTimingParameters:durationFactor:)"
        guard durationFactor.isFinite, durationFactor >= 0 else {
            throw TimingError(
                .invalidValue, call: call, time: currentTime, state: "durationFactor \(durationFactor)",
                expected: "a factor ≥ 0")
        }
        guard state == .active && !isRunning else { throw illegal(call, expected: "an active, paused animator") }
        guard isInterruptible else { throw illegal(call, expected: "an interruptible animator") }
        let remainingTau = isReversed ? timeFraction : 1 - timeFraction
        let remainingTime = durationFactor > 0 ? durationFactor * duration : remainingTau * timeScale
        if remainingTau > 0 { timeScale = remainingTime / remainingTau }
        if let parameters {
            let next = try ProgressCurve(parameters, duration: remainingTime)
            let forward = !isReversed
            master = .continued(previous: master, u0: timeFraction, next: next, forward: forward)
            for i in groups.indices {
                let u = groups[i].u(timeFraction)
                groups[i].curve = .continued(previous: groups[i].curve, u0: u, next: next, forward: forward)
            }
        }
        run()
    }

    /// `addAnimations(_:delayFactor:)`, delayFactor in [0, 1]. The block starts df·duration after
    /// now and runs (1 − τ)·duration − df·duration (spec §4.4, the doc's worked example); inactive
    /// animators use the same rule with τ = 0 (H-UIPA). Stopped → throws.
    public func addAnimations(_ changes: [AnimatorChange], delayFactor: Double = 0) throws {
        guard delayFactor.isFinite, (0...1).contains(delayFactor) else {
            throw TimingError(
                .invalidValue, call: "addAnimations(_:delayFactor:)", time: currentTime,
                state: "delayFactor \(delayFactor)", expected: "a factor in [0, 1]")
        }
        if state == .stopped {
            throw illegal("addAnimations(_:delayFactor:)", expected: "an inactive or active animator")
        }
        // Window in τ: start τ + df, end 1 (so the run is (1 − τ − df)·duration seconds).
        let start = min(timeFraction + delayFactor, 1)
        groups.append(Group(changes: changes, start: start, end: 1, curve: .base(baseCurve)))
    }

    /// `addCompletion(_:)`: allowed in every state; runs with the final position.
    public func addCompletion(_ handler: @escaping (AnimatingPosition) -> Void) {
        completions.append(handler)
    }

    /// `isInterruptible` setter: only while inactive.
    public func setInterruptible(_ value: Bool) throws {
        guard state == .inactive else { throw illegal("isInterruptible", expected: "an inactive animator") }
        isInterruptible = value
    }

    /// `isUserInteractionEnabled` setter: not while active.
    public func setUserInteractionEnabled(_ value: Bool) throws {
        guard state != .active else {
            throw illegal("isUserInteractionEnabled", expected: "an animator that is not active")
        }
        isUserInteractionEnabled = value
    }

    /// Apple raises when a paused or stopped animator is released ("It is an error to release a
    /// paused or stopped property animator"). Call before discarding an animator.
    public func checkRelease() throws {
        if state == .stopped || (state == .active && !isRunning) {
            throw illegal("release", expected: "an inactive or running animator (finish or stop it first)")
        }
    }
}
