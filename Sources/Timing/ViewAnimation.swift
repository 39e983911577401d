// UIView animation APIs (spec timing §3) expressed as Core Animation animations on a TimingLayer.

/// `UIView.AnimationCurve` and its Core Animation function (spec §3.1).
public enum AnimationCurve: Int, Sendable, CaseIterable {
    case easeInOut = 0
    case easeIn = 1
    case easeOut = 2
    case linear = 3

    public var timingFunction: MediaTimingFunction {
        switch self {
        case .easeInOut: return .easeInEaseOut
        case .easeIn: return .easeIn
        case .easeOut: return .easeOut
        case .linear: return .linear
        }
    }
}

/// `UIView.AnimationOptions` bits (UIView.h, spec §3.1). Curve bits 16–19.
public struct AnimationOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
    public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
    public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
    /// Repeats forever.
    public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
    /// Plays back after each pass; requires `.repeat` (D).
    public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
    public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
    public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
    public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
    public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
    public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)
    public static let curveEaseInOut = AnimationOptions([])
    public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
    public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
    public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

    /// The curve in bits 16–19 (0 = easeInOut, the default).
    public var curve: AnimationCurve { AnimationCurve(rawValue: Int((rawValue >> 16) & 0xF)) ?? .easeInOut }
}

/// `UIView.KeyframeAnimationOptions`: the shared bits 0–9, calculation mode in bits 10–12, and
/// (O-SO) UIView curve bits OR-ed in to replace the default ease-in-ease-out overall curve.
public struct KeyframeAnimationOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)
    public static let `repeat` = KeyframeAnimationOptions(rawValue: 1 << 3)
    public static let autoreverse = KeyframeAnimationOptions(rawValue: 1 << 4)
    public static let calculationModeLinear = KeyframeAnimationOptions([])
    public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
    public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
    public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
    public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)

    public var calculationMode: CalculationMode {
        switch (rawValue >> 10) & 0x7 {
        case 1: return .discrete
        case 2: return .paced
        case 3: return .cubic
        case 4: return .cubicPaced
        default: return .linear
        }
    }

    /// The overall curve: ease-in-ease-out unless curve bits are present (O-SO 68056506/20638956).
    public var overallCurve: MediaTimingFunction { AnimationOptions(rawValue: rawValue).curve.timingFunction }
}

/// One `addKeyframe(withRelativeStartTime:relativeDuration:animations:)` block.
public struct ViewKeyframe: Sendable {
    /// Fractions of the overall duration, each in [0, 1], start + duration ≤ 1.
    public var relativeStartTime: Double
    public var relativeDuration: Double
    public var changes: [(LayerProperty, AnimatableValue)]

    public init(relativeStartTime: Double, relativeDuration: Double, changes: [(LayerProperty, AnimatableValue)]) {
        self.relativeStartTime = relativeStartTime
        self.relativeDuration = relativeDuration
        self.changes = changes
    }
}

/// What a UIView animation call created: the animation keys, and whether the completion must run
/// without animations (duration ≤ 0: `finished = true` on the next tick, spec §3.1/§7.22).
public struct ViewAnimationTransaction: Sendable {
    public var layer: String
    public var keys: [String]
    /// Animations this call replaced (same key on the layer), each stopped with finished=false.
    public var replaced: [AnimationEvent] = []
    public var completesImmediately: Bool { keys.isEmpty }

    /// UIView completion semantics: once every key has stopped, `finished` is true iff all of them
    /// finished (D). Feed it the layer tree's events; it returns the result once, then nil. An
    /// animation is identified by (layer, key): keys are only unique within a layer, so an event
    /// of another layer with the same key (`center#1` of another item) is not this block's.
    public struct Completion: Sendable {
        let layer: String
        var pending: Set<String>
        var allFinished = true
        var done = false
        public init(_ transaction: ViewAnimationTransaction) {
            layer = transaction.layer
            pending = Set(transaction.keys)
        }

        public mutating func consume(_ events: [AnimationEvent]) -> Bool? {
            guard !done else { return nil }
            for e in events where e.layer == layer && pending.contains(e.key) {
                pending.remove(e.key)
                if !e.finished { allFinished = false }
            }
            guard pending.isEmpty else { return nil }
            done = true
            return allFinished
        }
    }
}

/// `UIView.animate…` as functions over a `TimingLayer` (no views: the layer is the view's layer).
public enum ViewAnimation {
    /// `animate(withDuration:delay:options:animations:completion:)` committed at `hostTime`.
    ///
    /// Per changed property (B-UIK `setAnimationAttributes`): the model value is set at once;
    /// eligible keys (`LayerProperty.animatesAdditivelyInUIKit`) get an **additive** animation
    /// from `old − new` to zero on top of the new model value (spec §3.2), others animate from the
    /// old model value (or the presentation value with `.beginFromCurrentState`) to the model value.
    /// duration D seconds (≤ 0 ⇒ no animation), delay seconds ≥ 0 as relative beginTime, fill
    /// `.both` so the old value shows during the delay, default curve easeInEaseOut.
    public static func animate(
        _ layer: TimingLayer, withDuration duration: Double, delay: Double = 0,
        options: AnimationOptions = [], changes: [(LayerProperty, AnimatableValue)],
        committedAt hostTime: Double
    ) throws -> ViewAnimationTransaction {
        try animate(
            layer, duration: duration, delay: delay, options: options, changes: changes,
            committedAt: hostTime, call: "UIView.animate(withDuration:)"
        ) { from, to, additive, timing in
            try BasicAnimation(
                fromValue: from, toValue: to, timing: timing,
                timingFunction: options.curve.timingFunction, isAdditive: additive)
        }
    }

    /// `animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:…)`:
    /// a `CASpringAnimation` with mass 1, allowsOverdamping false, stiffness/damping from the
    /// duration solve (`Spring.uiKit(duration:dampingRatio:initialVelocity:)`, spec §3.3), duration D.
    public static func animate(
        _ layer: TimingLayer, withDuration duration: Double, delay: Double = 0,
        usingSpringWithDamping dampingRatio: Double, initialSpringVelocity velocity: Double,
        options: AnimationOptions = [], changes: [(LayerProperty, AnimatableValue)],
        committedAt hostTime: Double
    ) throws -> ViewAnimationTransaction {
        let call = "UIView.animate(usingSpringWithDamping:)"
        guard dampingRatio.isFinite, dampingRatio > 0 else {
            throw TimingError.invalid(call, dampingRatio, expected: "a damping ratio > 0", time: hostTime)
        }
        let spring =
            duration > 0
            ? try Spring.uiKit(
                duration: duration, dampingRatio: dampingRatio,
                initialVelocity: velocity) : .standard
        // Curve bits are forced to linear (options & ~0x70000 | 0x30000); the spring is the curve.
        return try animate(
            layer, duration: duration, delay: delay, options: options, changes: changes,
            committedAt: hostTime, call: call
        ) { from, to, additive, timing in
            try SpringAnimation(spring: spring, fromValue: from, toValue: to, timing: timing, isAdditive: additive)
        }
    }

    /// iOS 17 `animate(springDuration:bounce:initialSpringVelocity:delay:options:…)`: mass 1,
    /// allowsOverdamping true, stiffness (2π/duration)², damping 4πζ/duration, ζ = ζ(bounce);
    /// the animation lasts the spring's settling duration (spec §3.3).
    public static func animate(
        _ layer: TimingLayer, springDuration duration: Double = 0.5, bounce: Double = 0,
        initialSpringVelocity velocity: Double = 0, delay: Double = 0,
        options: AnimationOptions = [], changes: [(LayerProperty, AnimatableValue)],
        committedAt hostTime: Double
    ) throws -> ViewAnimationTransaction {
        let spring = try Spring(perceptualDuration: duration, bounce: bounce, initialVelocity: velocity)
        return try animate(
            layer, duration: spring.settlingDuration(), delay: delay, options: options,
            changes: changes, committedAt: hostTime,
            call: "UIView.animate(springDuration:bounce:)"
        ) { from, to, additive, timing in
            try SpringAnimation(spring: spring, fromValue: from, toValue: to, timing: timing, isAdditive: additive)
        }
    }

    private static func animate(
        _ layer: TimingLayer, duration: Double, delay: Double, options: AnimationOptions,
        changes: [(LayerProperty, AnimatableValue)], committedAt hostTime: Double,
        call: String,
        make: (AnimatableValue, AnimatableValue?, Bool, MediaTiming) throws -> any PropertyAnimation
    )
        throws -> ViewAnimationTransaction
    {
        guard duration.isFinite else {
            throw TimingError.invalid(call, duration, expected: "a finite duration", time: hostTime)
        }
        guard delay.isFinite, delay >= 0 else {
            throw TimingError.invalid(call + ".delay", delay, expected: "a delay ≥ 0 s", time: hostTime)
        }
        for (property, value) in changes { try requireKind(value, property.kind, "\(call) \(property.rawValue)") }
        let timing = MediaTiming(
            beginTime: delay, duration: duration,
            repeatCount: options.contains(.repeat) ? .infinity : 0,
            autoreverses: options.contains(.repeat) && options.contains(.autoreverse),
            fillMode: .both)
        var keys: [String] = []
        var replaced: [AnimationEvent] = []
        for (property, newValue) in changes {
            let old = layer.modelValue(of: property)
            let presented = layer.presentationValue(of: property, at: hostTime)
            try layer.setModelValue(newValue, for: property)
            guard duration > 0 else { continue }
            // A transform's `old − new` is old·new⁻¹; with no inverse the change runs as the
            // other properties do, from the old value to the new.
            if property.animatesAdditivelyInUIKit, newValue.transform.map({ $0.inverted != nil }) ?? true {
                // UIKit's `_transformIntoAdditiveAnimationAndNoteOriginal`: from = old − new, to = 0,
                // additive, so a second animation blends with a running one instead of jumping.
                // Each gets a fresh key (the layer numbers them) so it never replaces the previous one.
                // For a transform, 0 is the identity and the delta interpolates decomposed.
                let start = property.viewAnimationStart(from: old, to: newValue)
                let animation = try make(start - newValue, .zero(property.kind), true, timing)
                try layer.add(animation, for: property, forKey: nil, committedAt: hostTime, beginTimeMode: .relative)
            } else {
                let from = options.contains(.beginFromCurrentState) ? presented : old
                let animation = try make(from, nil, false, timing)
                replaced += try layer.add(
                    animation, for: property, forKey: property.rawValue, committedAt: hostTime,
                    beginTimeMode: .relative)
            }
            keys.append(layer.animationKeys[layer.animationKeys.count - 1])
        }
        return ViewAnimationTransaction(layer: layer.name, keys: keys, replaced: replaced)
    }

    /// `animateKeyframes(withDuration:delay:options:animations:)` with its `addKeyframe` blocks.
    /// Construction (spec §3.4, I): per property one keyframe animation with values
    /// [v0, v0, v1, v1, …] at keyTimes [0, s1, s1+d1, …, 1] (hold before, hold after), the overall
    /// curve as its timingFunction (ease-in-ease-out unless curve bits are given), the options'
    /// calculation mode, fill `.both`. A zero relative duration changes the value at its start.
    public static func animateKeyframes(
        _ layer: TimingLayer, withDuration duration: Double, delay: Double = 0,
        options: KeyframeAnimationOptions = [], keyframes: [ViewKeyframe],
        committedAt hostTime: Double
    ) throws -> ViewAnimationTransaction {
        let call = "UIView.animateKeyframes"
        guard duration.isFinite else {
            throw TimingError.invalid(call, duration, expected: "a finite duration", time: hostTime)
        }
        guard delay.isFinite, delay >= 0 else {
            throw TimingError.invalid(call + ".delay", delay, expected: "a delay ≥ 0 s")
        }
        for (i, kf) in keyframes.enumerated() {
            let s = kf.relativeStartTime
            let d = kf.relativeDuration
            guard s.isFinite, d.isFinite, (0...1).contains(s), (0...1).contains(d), s + d <= 1 + 1e-12 else {
                throw TimingError.invalid(
                    "addKeyframe[\(i)](withRelativeStartTime:relativeDuration:)", "start \(s), duration \(d)",
                    expected: "start and duration in [0, 1] with start + duration ≤ 1", time: hostTime)
            }
            for (property, value) in kf.changes {
                try requireKind(value, property.kind, "addKeyframe[\(i)] \(property.rawValue)")
            }
        }
        // Properties in order of first appearance (deterministic; never a dictionary order).
        var properties: [LayerProperty] = []
        for kf in keyframes { for (p, _) in kf.changes where !properties.contains(p) { properties.append(p) } }
        let ordered = keyframes.enumerated().sorted { a, b in
            a.element.relativeStartTime != b.element.relativeStartTime
                ? a.element.relativeStartTime < b.element.relativeStartTime : a.offset < b.offset
        }.map(\.element)

        var keys: [String] = []
        var replaced: [AnimationEvent] = []
        for property in properties {
            let v0 = layer.modelValue(of: property)
            var values = [v0]
            var times = [0.0]
            var current = v0
            for kf in ordered {
                guard let target = kf.changes.last(where: { $0.0 == property })?.1 else { continue }
                values += [current, target]
                times += [kf.relativeStartTime, kf.relativeStartTime + kf.relativeDuration]
                current = target
            }
            values.append(current)
            times.append(1)
            try layer.setModelValue(current, for: property)
            guard duration > 0 else { continue }
            let mode = options.calculationMode
            if mode == .discrete { times.append(1) }
            let timing = MediaTiming(
                beginTime: delay, duration: duration,
                repeatCount: options.contains(.repeat) ? .infinity : 0,
                autoreverses: options.contains(.repeat) && options.contains(.autoreverse),
                fillMode: .both)
            let animation = try KeyframeAnimation(
                values: values, keyTimes: times.map { min($0, 1) }, calculationMode: mode,
                timing: timing, timingFunction: options.overallCurve)
            replaced += try layer.add(
                animation, for: property, forKey: property.rawValue, committedAt: hostTime,
                beginTimeMode: .relative)
            keys.append(property.rawValue)
        }
        return ViewAnimationTransaction(layer: layer.name, keys: keys, replaced: replaced)
    }
}
