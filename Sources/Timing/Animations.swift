import Geometry

// Core Animation's property animations (spec timing §2.1–2.4): pure value(at sample) functions.

/// What a `TimingLayer` needs from an animation: its timing, flags and a pure evaluation.
public protocol PropertyAnimation: Sendable {
    /// The animation's media timing (duration 0 ⇒ 0.25 s).
    var timing: MediaTiming { get set }
    /// `isAdditive`: the result is added to the value underneath (default false).
    var isAdditive: Bool { get }
    /// `isCumulative`: each repeat continues from the end of the previous one (default false).
    var isCumulative: Bool { get }
    /// `isRemovedOnCompletion`: removed (model value shows) once past its end (default true).
    var isRemovedOnCompletion: Bool { get }
    /// The kind of every value the animation holds.
    var valueKind: ValueKind { get }
    /// The presented value for a timing sample. `underlying` is the value beneath this animation
    /// in `animationKeys` order (model value for the first), used for nil from/to and additive.
    func value(at sample: TimingSample, underlying: AnimatableValue) -> AnimatableValue
    /// The rotation a position animation gives its layer as it moves (`CAKeyframeAnimation`'s
    /// `rotationMode`); nil for the others.
    func rotationAlongPath(at sample: TimingSample) -> Angle?
}

extension PropertyAnimation {
    public func rotationAlongPath(at sample: TimingSample) -> Angle? { nil }
}

/// `CABasicAnimation`'s from/to/by resolution (H-CAA, spec §2.2 table).
struct Endpoints: Hashable, Sendable {
    var from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?

    static func validated(from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?, call: String) throws
        -> Endpoints
    {
        let given = [from, to, by].compactMap { $0 }
        guard !given.isEmpty else {
            throw TimingError.invalid(
                call, "fromValue, toValue and byValue all nil",
                expected: "one or two of fromValue, toValue, byValue")
        }
        guard given.count <= 2 else {
            throw TimingError.invalid(
                call, "fromValue, toValue and byValue all set",
                expected: "no more than two non-nil (H-CAA)")
        }
        let kind = given[0].kind
        for v in given { try requireKind(v, kind, call) }
        if kind == .transform, by != nil {
            // from + by and to − by would be products in some order, and for matrices the order
            // changes the result; nothing tells which one Core Animation takes.
            throw TimingError.invalid(
                call + ".byValue", "a change of a transform",
                expected:
                    "fromValue and toValue for a transform (for a change relative to the value beneath, isAdditive with fromValue the identity)"
            )
        }
        return Endpoints(from: from, to: to, by: by)
    }

    var kind: ValueKind { (from ?? to ?? by ?? .scalar(0)).kind }

    /// (start, end). `current` is the render-tree/presentation value beneath the animation, or
    /// zero for an additive animation (its values are deltas).
    func resolve(current: AnimatableValue) -> (AnimatableValue, AnimatableValue) {
        switch (from, to, by) {
        case (let f?, let t?, _): return (f, t)
        case (let f?, nil, let b?): return (f, f + b)
        case (nil, let t?, let b?): return (t - b, t)
        case (let f?, nil, nil): return (f, current)
        case (nil, let t?, nil): return (current, t)
        case (nil, nil, let b?): return (current, current + b)
        case (nil, nil, nil): return (current, current)
        }
    }

    func evaluate(y: Double, iteration: Int, additive: Bool, cumulative: Bool, underlying: AnimatableValue)
        -> AnimatableValue
    {
        let (start, end) = resolve(current: additive ? .zero(underlying.kind) : underlying)
        var v = AnimatableValue.interpolate(start, end, y)
        // Cumulative: v + k·(end − start), k = iteration index (B mapAnimationTime, spec §2.1).
        if cumulative && iteration > 0 { v = v + (end - start).scaled(by: Double(iteration)) }
        return additive ? underlying + v : v
    }
}

/// `CABasicAnimation`: from/to/by with a timing function (nil = exact linear, H-CAA).
public struct BasicAnimation: PropertyAnimation, Hashable {
    public var timing: MediaTiming
    public let fromValue: AnimatableValue?
    public let toValue: AnimatableValue?
    public let byValue: AnimatableValue?
    /// nil = linear (H-CAA). The named `.linear` Bézier is only linear to the solver's 1e-5.
    public var timingFunction: MediaTimingFunction?
    public var isAdditive: Bool
    public var isCumulative: Bool
    public var isRemovedOnCompletion: Bool
    let endpoints: Endpoints

    /// Throws when all three or none of from/to/by are set, when their kinds differ, or when the
    /// timing is invalid.
    public init(
        fromValue: AnimatableValue? = nil, toValue: AnimatableValue? = nil, byValue: AnimatableValue? = nil,
        timing: MediaTiming = MediaTiming(), timingFunction: MediaTimingFunction? = nil,
        isAdditive: Bool = false, isCumulative: Bool = false, isRemovedOnCompletion: Bool = true
    ) throws {
        try timing.validate(call: "BasicAnimation")
        endpoints = try .validated(from: fromValue, to: toValue, by: byValue, call: "BasicAnimation")
        try requireNotCumulative(endpoints.kind, isCumulative, call: "BasicAnimation")
        self.fromValue = fromValue
        self.toValue = toValue
        self.byValue = byValue
        self.timing = timing
        self.timingFunction = timingFunction
        self.isAdditive = isAdditive
        self.isCumulative = isCumulative
        self.isRemovedOnCompletion = isRemovedOnCompletion
    }

    public var valueKind: ValueKind { endpoints.kind }

    public func value(at sample: TimingSample, underlying: AnimatableValue) -> AnimatableValue {
        let y = timingFunction?.evaluate(sample.progress) ?? sample.progress
        return endpoints.evaluate(
            y: y, iteration: sample.iteration, additive: isAdditive,
            cumulative: isCumulative, underlying: underlying)
    }
}

/// `CASpringAnimation`: a basic animation whose timing curve is replaced by the spring's q(t),
/// evaluated at the animation's local time **in seconds**; `duration` only truncates (B-CA,
/// spec §2.4).
public struct SpringAnimation: PropertyAnimation, Hashable {
    public var timing: MediaTiming
    public let spring: Spring
    public let fromValue: AnimatableValue?
    public let toValue: AnimatableValue?
    public let byValue: AnimatableValue?
    public var isAdditive: Bool
    public var isCumulative: Bool
    public var isRemovedOnCompletion: Bool
    let endpoints: Endpoints

    /// A `CASpringAnimation`. Throws `TimingError` for endpoints or timing CA would reject.
    ///
    /// - Parameters:
    ///   - spring: the spring's mass, stiffness, damping and initial velocity.
    ///   - fromValue: the start value; nil for the presentation value.
    ///   - toValue: the end value; nil for the model value (or `fromValue` + `byValue`).
    ///   - byValue: a change relative to the start or the model value.
    ///   - timing: when `timing.duration` is 0 the idiom `duration = settlingDuration` is
    ///     applied (CA itself would use 0.25 s and cut the spring short, a common bug).
    ///   - isAdditive: the value is added to the model value, as CA's `isAdditive`.
    ///   - isCumulative: each repeat starts where the last ended, as CA's `isCumulative`.
    ///   - isRemovedOnCompletion: false keeps the final value presented after the end.
    public init(
        spring: Spring = .standard, fromValue: AnimatableValue? = nil, toValue: AnimatableValue? = nil,
        byValue: AnimatableValue? = nil, timing: MediaTiming = MediaTiming(),
        isAdditive: Bool = false, isCumulative: Bool = false, isRemovedOnCompletion: Bool = true
    ) throws {
        try timing.validate(call: "SpringAnimation")
        endpoints = try .validated(from: fromValue, to: toValue, by: byValue, call: "SpringAnimation")
        try requireNotCumulative(endpoints.kind, isCumulative, call: "SpringAnimation")
        var t = timing
        if t.duration == 0 {
            let settling = spring.settlingDuration()
            guard settling.isFinite, settling < Double(Float.greatestFiniteMagnitude) else {
                throw TimingError.invalid(
                    "SpringAnimation.duration", "0 with an undamped spring",
                    expected: "an explicit duration for a spring that never settles")
            }
            t.duration = settling
        }
        self.timing = t
        self.spring = spring
        self.fromValue = fromValue
        self.toValue = toValue
        self.byValue = byValue
        self.isAdditive = isAdditive
        self.isCumulative = isCumulative
        self.isRemovedOnCompletion = isRemovedOnCompletion
    }

    /// `settlingDuration` for this animation's speed (spec §2.4: divided by `speed`).
    public var settlingDuration: Double { spring.settlingDuration(speed: timing.speed) }

    public var valueKind: ValueKind { endpoints.kind }

    public func value(at sample: TimingSample, underlying: AnimatableValue) -> AnimatableValue {
        endpoints.evaluate(
            y: spring.position(at: sample.localTime), iteration: sample.iteration,
            additive: isAdditive, cumulative: isCumulative, underlying: underlying)
    }
}

/// A cumulative animation adds k·(end − start) on repeat k: a multiple of a change, which a
/// transform does not have (its changes are matrix products, not vectors).
func requireNotCumulative(_ kind: ValueKind, _ isCumulative: Bool, call: String) throws {
    guard kind == .transform, isCumulative else { return }
    throw TimingError.invalid(
        call + ".isCumulative", "true for a transform", expected: "isCumulative false for a transform")
}
