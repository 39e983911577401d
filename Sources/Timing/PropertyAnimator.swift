import Geometry

// UIViewPropertyAnimator (spec timing §4): the state machine and the progress model of §4.3; the
// calls of the §4.2 table are in PropertyAnimator+Calls.swift. Illegal calls throw `TimingError`
// (Apple raises). The storage is internal, not private, so that the calls can live in their own
// file; outside Timing it is read-only.

/// `UIViewPropertyAnimator`, driven by explicit host time: call `advance(to:)` with the tick's
/// media time, then make calls; every call acts at `currentTime`.
///
/// Progress model (spec §4.3, I): a time fraction τ ∈ [0, 1] moves at `direction / timeScale`
/// while running; each animation block (group) maps τ through its window [a, b] and its curve to a
/// displayed progress P; values are `from + (to − from)·P`.
public final class PropertyAnimator {
    /// Host time of the last `advance(to:)`, seconds.
    public internal(set) var currentTime: Double
    /// Seconds; fixed at init (replaced by the spring's settling duration for implicit-duration
    /// spring parameters, spec §4.5).
    public let duration: Double
    public let timingParameters: TimingParameters
    /// Set by `startAnimation(afterDelay:)`; default 0.
    public internal(set) var delay: Double = 0
    public internal(set) var state: AnimatingState = .inactive
    /// true after a start (including during its delay); false when paused, stopped or done.
    public internal(set) var isRunning = false
    /// Default false. Set through `setReversed(_:)`.
    public internal(set) var isReversed = false
    /// Default true. Set through `setInterruptible(_:)` (only while inactive).
    public internal(set) var isInterruptible = true
    /// Default true. Set through `setUserInteractionEnabled(_:)` (not while active).
    public internal(set) var isUserInteractionEnabled = true
    /// Hit-testing flag only; default false.
    public var isManualHitTestingEnabled = false
    /// iOS 11; default true: a paused `fractionComplete` is the displayed progress P, and setting
    /// it moves τ to C⁻¹(P) so a resume continues on the curve without a jump. false: it is τ.
    public var scrubsLinearly = true
    /// iOS 11; default false. true: at the end stay active and paused; completions do not run.
    public var pausesOnCompletion = false

    /// τ, the time fraction 0...1.
    public internal(set) var timeFraction = 0.0

    var baseCurve: ProgressCurve
    var master: GroupCurve
    var groups: [Group] = []
    var completions: [(AnimatingPosition) -> Void] = []
    var model: [String: AnimatableValue] = [:]
    var timeScale: Double
    var runStart = 0.0
    var anchorTau = 0.0

    struct Group {
        var changes: [AnimatorChange]
        var start: Double, end: Double
        var curve: GroupCurve

        func u(_ tau: Double) -> Double {
            end > start ? min(max((tau - start) / (end - start), 0), 1) : (tau >= start ? 1 : 0)
        }
        func progress(_ tau: Double) -> Double { curve.value(u(tau)) }
        /// The progress of each axis: a spring's x and y can start with different velocities.
        func progress2D(_ tau: Double) -> (x: Double, y: Double) {
            let u = u(tau)
            return (curve.value(u, axis: .x), curve.value(u, axis: .y))
        }
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

    static func modelKey(_ target: String, _ p: LayerProperty) -> String { "\(target).\(p.rawValue)" }

    /// The value this animator presents for a target's property now, or its model value once the
    /// animator has finished; nil when the animator never touched it.
    public func presentationValue(of target: String, _ property: LayerProperty) -> AnimatableValue? {
        if state != .inactive {
            for g in groups.reversed() {
                if let c = g.changes.last(where: { $0.target == target && $0.property == property }) {
                    return AnimatableValue.interpolate(c.from, c.to, g.progress2D(timeFraction))
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
            // The animator's animations are Core Animation's: active up to and including their
            // end, past it only after (timing.md §1.3), so the natural end runs on the first tick
            // after the end, as a view animation's completion does, and a tick that falls on the
            // end shows the final values, still running. Host times are tick multiples and
            // `runStart + remaining·timeScale` may round 1 ulp either side of one (0.1 + 1.3 =
            // 1.4000000000000001 > 84/60): an end within 1e-9 of a tick counts as on it.
            let slack = 1e-9 * max(1, abs(endTime))
            if time > endTime + slack {
                currentTime = endTime
                timeFraction = isReversed ? 0 : 1
                events = completeNaturally()
            } else if time >= endTime - slack {
                timeFraction = isReversed ? 0 : 1
            } else {
                timeFraction = anchorTau + direction * (time - runStart) / timeScale
            }
        }
        currentTime = time
        return events
    }

    func anchor() {
        anchorTau = timeFraction
        runStart = max(runStart, currentTime)
    }

    func run() {
        anchorTau = timeFraction
        runStart = currentTime
        isRunning = true
        state = .active
    }

    func completeNaturally() -> [AnimatorEvent] {
        if pausesOnCompletion {
            isRunning = false
            return []
        }
        return finish(at: isReversed ? .start : .end, runCompletions: true)
    }

    func finish(at position: AnimatingPosition, runCompletions: Bool) -> [AnimatorEvent] {
        for g in groups {
            let p = g.progress2D(timeFraction)
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

    func illegal(_ call: String, expected: String) -> TimingError {
        TimingError(.illegalState, call: call, time: currentTime, state: stateDescription, expected: expected)
    }
}
