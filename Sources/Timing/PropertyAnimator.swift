import Geometry

// UIViewPropertyAnimator (spec timing §4): the state machine, the progress model of §4.3 and
// every legal call of the §4.2 table. Illegal calls throw `TimingError` (Apple raises).

/// `UIViewPropertyAnimator`, driven by explicit host time: call `advance(to:)` with the tick's
/// media time, then make calls; every call acts at `currentTime`.
///
/// Progress model (spec §4.3, I): a time fraction τ ∈ [0, 1] moves at `direction / timeScale`
/// while running; each animation block (group) maps τ through its window [a, b] and its curve to a
/// displayed progress P; values are `from + (to − from)·P`.
public final class PropertyAnimator {
    /// Host time of the last `advance(to:)`, seconds.
    public private(set) var currentTime: Double
    /// Seconds; fixed at init (replaced by the spring's settling duration for implicit-duration
    /// spring parameters, spec §4.5).
    public let duration: Double
    public let timingParameters: TimingParameters
    /// Set by `startAnimation(afterDelay:)`; default 0.
    public private(set) var delay: Double = 0
    public private(set) var state: AnimatingState = .inactive
    /// true after a start (including during its delay); false when paused, stopped or done.
    public private(set) var isRunning = false
    /// Default false. Set through `setReversed(_:)`.
    public private(set) var isReversed = false
    /// Default true. Set through `setInterruptible(_:)` (only while inactive).
    public private(set) var isInterruptible = true
    /// Default true. Set through `setUserInteractionEnabled(_:)` (not while active).
    public private(set) var isUserInteractionEnabled = true
    /// Hit-testing flag only; default false.
    public var isManualHitTestingEnabled = false
    /// iOS 11; default true: a paused `fractionComplete` is the displayed progress P, and setting
    /// it moves τ to C⁻¹(P) so a resume continues on the curve without a jump. false: it is τ.
    public var scrubsLinearly = true
    /// iOS 11; default false. true: at the end stay active and paused; completions do not run.
    public var pausesOnCompletion = false

    /// τ, the time fraction 0...1.
    public private(set) var timeFraction = 0.0

    private var baseCurve: ProgressCurve
    private var master: GroupCurve
    private var groups: [Group] = []
    private var completions: [(AnimatingPosition) -> Void] = []
    private var model: [String: AnimatableValue] = [:]
    private var timeScale: Double
    private var runStart = 0.0
    private var anchorTau = 0.0

    struct Group {
        var changes: [AnimatorChange]
        var start: Double, end: Double
        var curve: GroupCurve

        func u(_ tau: Double) -> Double {
            end > start ? min(max((tau - start) / (end - start), 0), 1) : (tau >= start ? 1 : 0)
        }
        func progress(_ tau: Double) -> Double { curve.value(u(tau)) }
    }

    // MARK: Creation

    /// `init(duration:timingParameters:)`; duration ≥ 0 s. `startTime` is the host time now.
    public init(duration: Double, timingParameters: TimingParameters, startTime: Double = 0) throws {
        guard duration.isFinite, duration >= 0 else {
            throw TimingError.invalid(
                "PropertyAnimator(duration:)", duration, expected: "a duration ≥ 0 s", time: startTime)
        }
        try requireFinite(startTime, "PropertyAnimator(startTime:)")
        var d = duration
        if case .spring(let s) = timingParameters, let implicit = try s.implicitAnimatorDuration() { d = implicit }
        self.duration = d
        self.timingParameters = timingParameters
        self.currentTime = startTime
        timeScale = d
        baseCurve = try ProgressCurve(timingParameters, duration: d)
        master = .base(baseCurve)
    }

    /// `init(duration:curve:animations:)`.
    public convenience init(duration: Double, curve: AnimationCurve, startTime: Double = 0) throws {
        try self.init(
            duration: duration, timingParameters: .cubic(CubicTimingParameters(animationCurve: curve)),
            startTime: startTime)
    }

    /// `init(duration:controlPoint1:controlPoint2:animations:)`.
    public convenience init(duration: Double, controlPoint1: Point, controlPoint2: Point, startTime: Double = 0) throws
    {
        try self.init(
            duration: duration,
            timingParameters: .cubic(
                CubicTimingParameters(
                    controlPoint1: controlPoint1,
                    controlPoint2: controlPoint2)),
            startTime: startTime)
    }

    /// `init(duration:dampingRatio:animations:)`.
    public convenience init(duration: Double, dampingRatio: Double, startTime: Double = 0) throws {
        try self.init(
            duration: duration, timingParameters: .spring(SpringTimingParameters(dampingRatio: dampingRatio)),
            startTime: startTime)
    }

    /// `runningPropertyAnimator(withDuration:delay:options:animations:completion:)`: created,
    /// configured and started after `delay`; curve from the options (default easeInOut).
    public static func runningPropertyAnimator(
        withDuration duration: Double, delay: Double = 0,
        options: AnimationOptions = [], changes: [AnimatorChange],
        startTime: Double
    ) throws -> PropertyAnimator {
        let animator = try PropertyAnimator(duration: duration, curve: options.curve, startTime: startTime)
        try animator.addAnimations(changes)
        try animator.startAnimation(afterDelay: delay)
        return animator
    }

    // MARK: Reading

    /// `fractionComplete`: P (displayed progress of the whole animator) when `scrubsLinearly`,
    /// else τ.
    public var fractionComplete: Double { scrubsLinearly ? master.value(timeFraction) : timeFraction }

    /// The state as the error messages print it.
    public var stateDescription: String {
        switch state {
        case .inactive: return "inactive"
        case .active: return isRunning ? "active (running)" : "active (paused)"
        case .stopped: return "stopped"
        }
    }

    private static func modelKey(_ target: String, _ p: LayerProperty) -> String { "\(target).\(p.rawValue)" }

    /// The value this animator presents for a target's property now, or its model value once the
    /// animator has finished; nil when the animator never touched it.
    public func presentationValue(of target: String, _ property: LayerProperty) -> AnimatableValue? {
        if state != .inactive {
            for g in groups.reversed() {
                if let c = g.changes.last(where: { $0.target == target && $0.property == property }) {
                    return AnimatableValue.interpolate(c.from, c.to, g.progress(timeFraction))
                }
            }
        }
        return model[Self.modelKey(target, property)]
    }

    /// The model value left by a finish/stop, if any.
    public func modelValue(of target: String, _ property: LayerProperty) -> AnimatableValue? {
        model[Self.modelKey(target, property)]
    }

    // MARK: Time

    /// Moves to `time` (non-decreasing), running a natural completion if the end is reached.
    @discardableResult
    public func advance(to time: Double) throws -> [AnimatorEvent] {
        guard time.isFinite, time >= currentTime else {
            throw TimingError(
                .invalidValue, call: "advance(to:)", time: time, state: stateDescription,
                expected: "a finite host time ≥ the current time \(currentTime)")
        }
        var events: [AnimatorEvent] = []
        if isRunning && time >= runStart {
            let direction = isReversed ? -1.0 : 1.0
            let remaining = isReversed ? anchorTau : 1 - anchorTau
            let endTime = runStart + remaining * timeScale
            // Host times are tick multiples; an end that falls on a tick must complete on that
            // tick, and `runStart + remaining·timeScale` may round 1 ulp past it (0.1 + 1.3 =
            // 1.4000000000000001 > 84/60), which made the completion one tick late.
            if time >= endTime - 1e-9 * max(1, abs(endTime)) {
                currentTime = endTime
                timeFraction = isReversed ? 0 : 1
                events = completeNaturally()
            } else {
                timeFraction = anchorTau + direction * (time - runStart) / timeScale
            }
        }
        currentTime = time
        return events
    }

    private func anchor() {
        anchorTau = timeFraction
        runStart = max(runStart, currentTime)
    }

    private func run() {
        anchorTau = timeFraction
        runStart = currentTime
        isRunning = true
        state = .active
    }

    private func completeNaturally() -> [AnimatorEvent] {
        if pausesOnCompletion {
            isRunning = false
            return []
        }
        return finish(at: isReversed ? .start : .end, runCompletions: true)
    }

    private func finish(at position: AnimatingPosition, runCompletions: Bool) -> [AnimatorEvent] {
        for g in groups {
            let p = g.progress(timeFraction)
            for c in g.changes {
                let value: AnimatableValue
                switch position {
                case .end: value = c.to
                case .start: value = c.from
                case .current: value = AnimatableValue.interpolate(c.from, c.to, p)
                }
                model[Self.modelKey(c.target, c.property)] = value
            }
        }
        switch position {
        case .end: timeFraction = 1
        case .start: timeFraction = 0
        case .current: break
        }
        state = .inactive
        isRunning = false
        groups = []
        master = .base(baseCurve)
        let handlers = completions
        completions = []
        guard runCompletions else { return [] }
        for handler in handlers { handler(position) }
        return [AnimatorEvent(position: position, time: currentTime, handlersRun: handlers.count)]
    }

    private func illegal(_ call: String, expected: String) -> TimingError {
        TimingError(.illegalState, call: call, time: currentTime, state: stateDescription, expected: expected)
    }

    // MARK: Calls (spec §4.2 table, row by row)

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
                master = .continued(
                    previous: master, u0: timeFraction, p0: master.value(timeFraction), next: baseCurve,
                    forward: forward)
            }
            for i in groups.indices where !groups[i].curve.isBase {
                let u = groups[i].u(timeFraction)
                groups[i].curve = .continued(
                    previous: groups[i].curve, u0: u, p0: groups[i].curve.value(u),
                    next: baseCurve, forward: forward)
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
            master = .continued(
                previous: master, u0: timeFraction, p0: master.value(timeFraction), next: next, forward: forward)
            for i in groups.indices {
                let u = groups[i].u(timeFraction)
                groups[i].curve = .continued(
                    previous: groups[i].curve, u0: u, p0: groups[i].curve.value(u),
                    next: next, forward: forward)
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
