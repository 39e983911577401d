// Media timing (CAMediaTiming): parent time → active local time → basic local time.
// Rules of this file: pure functions of a time value; no clocks; spec timing §1.

/// What an object shows outside its active duration (`CAMediaTimingFillMode`, spec timing §1.1).
public enum FillMode: String, Sendable, CaseIterable {
    /// Default. Outside the active duration the object has no effect.
    case removed
    /// Holds the final state after the active duration.
    case forwards
    /// Shows the initial state (the value at `t = timeOffset`) before `beginTime`.
    case backwards
    /// Both `forwards` and `backwards`.
    case both

    var fillsBackwards: Bool { self == .backwards || self == .both }
    var fillsForwards: Bool { self == .forwards || self == .both }
}

/// Where a parent time falls relative to an object's active interval (model M3', spec timing §1.3).
public enum TimingPhase: String, Sendable {
    case before, active, after
}

/// `CAMediaTiming`: the timing every layer and animation carries. A value type; validation by
/// `validate(call:)` at the boundary.
public struct MediaTiming: Hashable, Sendable {
    /// Begin of the object in its **parent's** time, seconds. Any finite value; default 0. For an
    /// animation, 0 means "when committed" (resolved by `TimingLayer.add`, spec timing §1.6).
    public var beginTime: Double
    /// Offset added in active local time, seconds; any finite value; default 0. It shifts where in
    /// the cycle playback starts without shortening the active span ("wraps", spec timing §1.3).
    public var timeOffset: Double
    /// Parent→local rate, **Float** like Core Animation (0.1 is stored as 0.10000000149);
    /// any finite value; default 1. 0 freezes at `timeOffset`; negative plays backwards.
    public var speed: Float
    /// One pass, seconds, ≥ 0; default 0. For animations 0 means `defaultAnimationDuration`
    /// (0.25 s); for layers 0 means infinite.
    public var duration: Double
    /// Number of passes (Float, may be fractional), ≥ 0; default 0 = one pass; `.infinity` or
    /// `.greatestFiniteMagnitude` = forever. Setting both this and `repeatDuration` is undefined in
    /// Apple's docs; here `repeatDuration` wins (spec §1.3 formula for A).
    public var repeatCount: Float
    /// Seconds to repeat for, ≥ 0; default 0 = ignored.
    public var repeatDuration: Double
    /// Play backwards after each forward pass; one cycle then lasts 2·duration. Default false.
    public var autoreverses: Bool
    /// Behaviour outside the active span; default `.removed`.
    public var fillMode: FillMode

    /// `CATransaction.animationDuration`, used when an animation's duration is 0 (spec §1.1, §1.7).
    public static let defaultAnimationDuration = 0.25

    public init(
        beginTime: Double = 0, timeOffset: Double = 0, speed: Float = 1, duration: Double = 0,
        repeatCount: Float = 0, repeatDuration: Double = 0, autoreverses: Bool = false,
        fillMode: FillMode = .removed
    ) {
        self.beginTime = beginTime
        self.timeOffset = timeOffset
        self.speed = speed
        self.duration = duration
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
        self.fillMode = fillMode
    }

    /// Throws when a field is outside its documented range (negative duration, NaN, ...).
    /// `call` is spelt out only for an error (every layer of a scene is checked).
    public func validate(call: @autoclosure () -> String = "MediaTiming") throws {
        try requireFinite(beginTime, "\(call()).beginTime")
        try requireFinite(timeOffset, "\(call()).timeOffset")
        guard speed.isFinite else { throw TimingError.invalid("\(call()).speed", speed, expected: "a finite number") }
        guard duration.isFinite, duration >= 0 else {
            throw TimingError.invalid("\(call()).duration", duration, expected: "a finite duration ≥ 0 s")
        }
        guard !repeatCount.isNaN, repeatCount >= 0 else {
            throw TimingError.invalid("\(call()).repeatCount", repeatCount, expected: "a count ≥ 0 (or .infinity)")
        }
        guard !repeatDuration.isNaN, repeatDuration >= 0 else {
            throw TimingError.invalid("\(call()).repeatDuration", repeatDuration, expected: "seconds ≥ 0")
        }
    }

    /// The duration actually used for one pass: `duration`, or `zeroDuration` when it is 0
    /// (0.25 s for animations, ∞ for layers).
    public func basicDuration(zeroDuration: Double) -> Double { duration > 0 ? duration : zeroDuration }

    /// The active duration A (spec §1.3): `repeatDuration`, else `repeatCount`·cycle, else one cycle.
    public func activeDuration(zeroDuration: Double) -> Double {
        let d = basicDuration(zeroDuration: zeroDuration)
        let cycle = d * (autoreverses ? 2 : 1)
        if repeatDuration > 0 { return repeatDuration }
        if repeatCount > 0 {
            return repeatCount >= .greatestFiniteMagnitude ? .infinity : Double(repeatCount) * cycle
        }
        return cycle
    }

    /// Parent time → active local time, the documented formula `t = (tp − beginTime)·speed + timeOffset`.
    public func activeTime(parentTime tp: Double) -> Double {
        (tp - beginTime) * Double(speed) + timeOffset
    }

    /// The inverse map, active local → parent: `(t − timeOffset)/speed + beginTime`. Through a
    /// speed-0 object this divides by zero and yields ±∞ or NaN (spec §1.4), never a trap.
    public func parentTime(activeTime t: Double) -> Double {
        (t - timeOffset) / Double(speed) + beginTime
    }

    /// Maps a parent time through model M3' (spec timing §1.2–1.3) to phase, cycle and local time.
    ///
    /// - Parameters:
    ///   - tp: the parent's time, in seconds.
    ///   - zeroDuration: what `duration == 0` means: 0.25 s for animations, ∞ for layers.
    public func sample(parentTime tp: Double, zeroDuration: Double = MediaTiming.defaultAnimationDuration)
        -> TimingSample
    {
        let d = basicDuration(zeroDuration: zeroDuration)
        let s = Double(speed)
        let u = tp - beginTime
        let t = u * s + timeOffset
        let activeSpan = activeDuration(zeroDuration: zeroDuration)
        // timeOffset shifts the span, it does not shorten it (O-LW wrap; spec §1.3).
        let end = activeSpan + timeOffset

        // M3' phase rule, boundaries inclusive. Tick times are n/fps and a begin time is a tick's
        // time plus a delay, so `t` lands an ulp or two either side of an end that is exactly on
        // a tick (84/60 − 0.1 = 1.2999999999999998): within 1e-9 of the end counts as on it, so
        // an animation ends on the first tick after its end whatever the rounding, as a property
        // animator's natural end does.
        let slack = end.isFinite ? 1e-9 * max(1, abs(end)) : 1e-9
        let phase: TimingPhase
        if u < 0 || (s >= 0 && t < 0) || (s < 0 && t > end) {
            phase = .before
        } else if (s >= 0 && t > end + slack) || (s < 0 && t < -slack) {
            phase = .after
        } else {
            phase = .active
        }

        // Where the value is read: the live time, or the clamp point of a fill (spec §1.3).
        let evaluated: Double
        let isApplied: Bool
        switch phase {
        case .active:
            evaluated = min(max(t, 0), end)
            isApplied = true
        case .before:
            evaluated = timeOffset
            isApplied = fillMode.fillsBackwards
        case .after:
            evaluated = s >= 0 ? end : 0
            isApplied = fillMode.fillsForwards
        }

        let cycle = d * (autoreverses ? 2 : 1)
        var k: Double = 0
        var tau = evaluated
        if cycle.isFinite && cycle > 0 {
            k = (evaluated / cycle).rounded(.down)
            tau = max(0, evaluated - k * cycle)
            // Boundary rule (spec §1.2): at an exact cycle boundary that ends the span, or while
            // playing backwards, stay at the end of the previous cycle so the last frame is
            // continuous (repeatCount 2 ends at local = d, autoreverse ends at local 0).
            if tau == 0 && k > 0 && (evaluated == end || s < 0 || phase == .after) {
                k -= 1
                tau = cycle
            }
        }
        let local = (autoreverses && tau > d) ? 2 * d - tau : tau
        let progress = d.isFinite && d > 0 ? local / d : 0
        return TimingSample(
            phase: phase, isApplied: isApplied, activeTime: t, localTime: local,
            iteration: Int(exactly: k) ?? 0, progress: progress, basicDuration: d)
    }
}

/// The result of mapping one parent time through a `MediaTiming`.
public struct TimingSample: Hashable, Sendable {
    /// Before, inside or after the active span.
    public var phase: TimingPhase
    /// Whether the object has any effect: active, or filled (fill mode covers the phase).
    public var isApplied: Bool
    /// Active local time `t = (tp − b)·s + o`, unclamped (negative under a reversed layer).
    public var activeTime: Double
    /// Basic local time within the current pass, 0...duration, after autoreverse mirroring; the
    /// clamp point's when filled.
    public var localTime: Double
    /// Cycle index k (what `isCumulative` multiplies).
    public var iteration: Int
    /// `localTime / duration`, 0...1: the input of the timing function.
    public var progress: Double
    /// The pass duration used, seconds (0.25 for a zero-duration animation).
    public var basicDuration: Double
}
