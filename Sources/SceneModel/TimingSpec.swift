import Colors
import Geometry
import Timing

// Core Animation timing in scenes: the layer tree's drawing extras (shadow), animations on items,
// UIView.animate blocks, property animators with their scripted timelines, and scripted layer
// timing changes. Values are Timing's own types (`MediaTiming`, `BasicAnimation`, ...), built
// through their throwing initializers while decoding, so an invalid animation cannot exist.
//
// Scripted time: a call `at: t` runs on tick ⌈t·fps⌉, the first frame at or after t (no clocks;
// `ScriptTime.tick(for:fps:)`). Within a tick the order is fixed (see `docs/scene-format.md`).

/// `CALayer.shadow*`. Core Animation's defaults except `opacity`, which defaults to 1 here: a
/// scene that writes `shadow:` wants to see one (CA's `shadowOpacity` default 0 hides it).
public struct Shadow: Equatable, Sendable {
    /// `shadowColor`, default opaque black.
    public var color: ColorRGBA8
    /// `shadowOpacity` in [0, 1], default 1 (CA: 0).
    public var opacity: Double
    /// `shadowOffset` in points, y down; default (0, −3) as in CA (a shadow above the layer on iOS).
    public var offset: Point
    /// `shadowRadius` in points, ≥ 0, default 3 (CA); a Gaussian blur with σ = radius / 2.
    public var radius: Double

    public init(color: ColorRGBA8 = .black, opacity: Double = 1, offset: Point = Point(0, -3), radius: Double = 3) {
        self.color = color
        self.opacity = opacity
        self.offset = offset
        self.radius = radius
    }
}

/// The scene-file names of `LayerProperty` (the item keys they animate).
public enum AnimatedProperty {
    /// Scene name → layer property, in documentation order.
    public static let all: [(name: String, property: LayerProperty)] = [
        ("center", .center), ("size", .size), ("rotation", .rotation), ("scale", .scale),
        ("translation", .translation), ("opacity", .opacity), ("fill", .fillColor),
        ("cornerRadius", .cornerRadius), ("borderWidth", .borderWidth), ("borderColor", .borderColor),
        ("strokeStart", .strokeStart), ("strokeEnd", .strokeEnd), ("lineWidth", .lineWidth),
        ("fillColor", .shapeFillColor),
        ("strokeColor", .strokeColor), ("lineDashPhase", .lineDashPhase), ("path", .path),
        ("textColor", .textColor), ("foregroundColor", .textColor),
        ("colors", .gradientColors), ("locations", .gradientLocations), ("startPoint", .gradientStartPoint),
        ("endPoint", .gradientEndPoint),
    ]
    public static var names: [String] { all.map(\.name) }

    public static func property(named name: String) -> LayerProperty? { all.first { $0.name == name }?.property }
    public static func name(of property: LayerProperty) -> String {
        all.first { $0.property == property }?.name ?? property.rawValue
    }
}

/// One explicit Core Animation animation on an item's layer (`layer.add(_:forKey:)`).
public struct AnimationSpec: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case basic(BasicAnimation)
        case keyframe(KeyframeAnimation)
        case spring(SpringAnimation)

        public var name: String {
            switch self {
            case .basic: return "basic"
            case .keyframe: return "keyframe"
            case .spring: return "spring"
            }
        }
    }

    /// `forKey:`; nil = a fresh key per animation. Adding under a key replaces the animation
    /// there (finished=false), as in CA.
    public var key: String?
    public var property: LayerProperty
    /// Scene time (s, ≥ 0) of the `add`; default 0. beginTime 0 resolves to the layer's local
    /// time at that tick (CA's commit rule, spec timing §1.6).
    public var at: Double
    public var kind: Kind

    public init(key: String? = nil, property: LayerProperty, at: Double = 0, kind: Kind) {
        self.key = key
        self.property = property
        self.at = at
        self.kind = kind
    }

    public var animation: any PropertyAnimation {
        switch kind {
        case .basic(let a): return a
        case .keyframe(let a): return a
        case .spring(let a): return a
        }
    }
}

/// One property set to one value (a UIView animation block's body).
public struct PropertyChange: Equatable, Sendable {
    public var property: LayerProperty
    public var value: AnimatableValue

    public init(property: LayerProperty, value: AnimatableValue) {
        self.property = property
        self.value = value
    }
}

/// A property change on a named item (a property animator's block may touch several items).
public struct ItemChange: Equatable, Sendable {
    public var item: String
    public var property: LayerProperty
    public var value: AnimatableValue

    public init(item: String, property: LayerProperty, value: AnimatableValue) {
        self.item = item
        self.property = property
        self.value = value
    }
}

/// `UIView.animate…` on one item at a scene time.
public struct ViewAnimationSpec: Equatable, Sendable {
    public enum Style: Equatable, Sendable {
        /// `animate(withDuration:delay:options:animations:)`.
        case basic
        /// `…usingSpringWithDamping:initialSpringVelocity:…`: ratio > 0, velocity in distances per second.
        case spring(dampingRatio: Double, initialVelocity: Double)
        /// iOS 17 `animate(springDuration:bounce:initialSpringVelocity:…)`: `duration` is the spring's.
        case springBounce(bounce: Double, initialVelocity: Double)
        /// `animateKeyframes(withDuration:…)` with its `addKeyframe` blocks.
        case keyframes([KeyframeBlock])
    }

    /// `addKeyframe(withRelativeStartTime:relativeDuration:animations:)`.
    public struct KeyframeBlock: Equatable, Sendable {
        public var start: Double
        public var duration: Double
        public var changes: [PropertyChange]

        public init(start: Double, duration: Double, changes: [PropertyChange]) {
            self.start = start
            self.duration = duration
            self.changes = changes
        }
    }

    /// What the completion block does, the tick after the animation reports its end (CA delivers
    /// `animationDidStop` after the frame is committed, which is why the seed's reversed layer
    /// is seen hidden for one frame).
    public struct Completion: Equatable, Sendable {
        /// The seed's `gs_recoverToDefaultState`: the layer's speed 1, timeOffset 0, beginTime 0.
        public var resetsTiming: Bool
        /// Model values set without animation.
        public var changes: [PropertyChange]

        public init(resetsTiming: Bool = false, changes: [PropertyChange] = []) {
            self.resetsTiming = resetsTiming
            self.changes = changes
        }
    }

    public var at: Double
    public var item: String
    /// Seconds; ≤ 0 sets the values without animation (D-animate).
    public var duration: Double
    public var delay: Double
    /// `UIView.AnimationOptions` / `KeyframeAnimationOptions` bits (they share bits 0–9 and the
    /// curve bits).
    public var options: UInt
    public var style: Style
    public var changes: [PropertyChange]
    public var completion: Completion?

    public init(
        at: Double = 0, item: String, duration: Double, delay: Double = 0, options: UInt = 0,
        style: Style = .basic, changes: [PropertyChange] = [], completion: Completion? = nil
    ) {
        self.at = at
        self.item = item
        self.duration = duration
        self.delay = delay
        self.options = options
        self.style = style
        self.changes = changes
        self.completion = completion
    }

    /// Option names as scene files write them, with their bits (UIView.h).
    public static let optionNames: [(String, UInt)] = [
        ("layoutSubviews", 1 << 0), ("allowUserInteraction", 1 << 1), ("beginFromCurrentState", 1 << 2),
        ("repeat", 1 << 3), ("autoreverse", 1 << 4), ("overrideInheritedDuration", 1 << 5),
        ("overrideInheritedCurve", 1 << 6), ("allowAnimatedContent", 1 << 7), ("showHideTransitionViews", 1 << 8),
        ("overrideInheritedOptions", 1 << 9),
        ("calculationModeLinear", 0 << 10), ("calculationModeDiscrete", 1 << 10), ("calculationModePaced", 2 << 10),
        ("calculationModeCubic", 3 << 10), ("calculationModeCubicPaced", 4 << 10),
        ("curveEaseInOut", 0 << 16), ("curveEaseIn", 1 << 16), ("curveEaseOut", 2 << 16), ("curveLinear", 3 << 16),
    ]
}

/// A scrub: a value in [0, 1] over time, from a ramp of (time, value) points or from a finger
/// dragged along a track. Times are seconds after the call's `at`.
public struct Scrub: Equatable, Sendable {
    public enum Source: Equatable, Sendable {
        /// Piecewise linear through `[time, value]` points; times non-decreasing.
        case ramp([Point])
        /// `[time, x, y]` finger positions (piecewise linear); the value is the finger's
        /// projection on the track `from → to`, clamped to [0, 1] (the seed's
        /// `MAX(0, MIN(length / 500, 1))` is the track [0, 0] → [0, 500]).
        case drag(path: [DragPoint], from: Point, to: Point)
    }

    public struct DragPoint: Equatable, Sendable {
        public var time: Double
        public var point: Point
        public init(time: Double, point: Point) {
            self.time = time
            self.point = point
        }
    }

    public var source: Source

    public init(source: Source) { self.source = source }

    /// Seconds from the first to the last point.
    public var length: Double {
        switch source {
        case .ramp(let points): return points.last?.x ?? 0
        case .drag(let path, _, _): return path.last?.time ?? 0
        }
    }

    /// The value at `t` seconds after the start (held before the first and after the last point).
    public func value(at t: Double) -> Double {
        switch source {
        case .ramp(let points):
            return Scrub.interpolate(points.map { ($0.x, $0.y) }, at: t)
        case .drag(let path, let from, let to):
            let x = Scrub.interpolate(path.map { ($0.time, $0.point.x) }, at: t)
            let y = Scrub.interpolate(path.map { ($0.time, $0.point.y) }, at: t)
            let track = to - from
            let along = ((x - from.x) * track.x + (y - from.y) * track.y) / (track.x * track.x + track.y * track.y)
            return min(max(along, 0), 1)
        }
    }

    static func interpolate(_ points: [(Double, Double)], at t: Double) -> Double {
        guard let first = points.first, let last = points.last else { return 0 }
        if t <= first.0 { return first.1 }
        if t >= last.0 { return last.1 }
        for k in 1..<points.count where t <= points[k].0 {
            let (t0, v0) = points[k - 1]
            let (t1, v1) = points[k]
            return t1 > t0 ? v0 + (v1 - v0) * (t - t0) / (t1 - t0) : v1
        }
        return last.1
    }
}

/// `UIViewPropertyAnimator` declared in a scene, with its blocks and its scripted calls.
public struct AnimatorSpec: Equatable, Sendable {
    /// `addAnimations(_:delayFactor:)`.
    public struct Block: Equatable, Sendable {
        public var changes: [ItemChange]
        public var delayFactor: Double
        public init(changes: [ItemChange], delayFactor: Double = 0) {
            self.changes = changes
            self.delayFactor = delayFactor
        }
    }

    /// One scripted call at a scene time.
    public struct Call: Equatable, Sendable {
        public enum Kind: Equatable, Sendable {
            case startAnimation(afterDelay: Double?)
            case pauseAnimation
            case stopAnimation(withoutFinishing: Bool)
            case finishAnimation(AnimatingPosition)
            case fractionComplete(Double)
            /// `fractionComplete` set every tick from a scrub, through `Scrub.length` seconds.
            case scrub(Scrub)
            case isReversed(Bool)
            case continueAnimation(TimingParameters?, durationFactor: Double)
            case addAnimations(Block)
            /// `isInterruptible = value`: raises (a load error) unless the animator is inactive.
            case isInterruptible(Bool)
            /// `isUserInteractionEnabled = value`: raises (a load error) while it is active.
            case isUserInteractionEnabled(Bool)
            /// `addCompletion { position in … }`: allowed in every state; the trace logs each
            /// handler by `name` when it runs, in the order they were added.
            case addCompletion(name: String)

            /// The Apple spelling, for traces and messages.
            public var name: String {
                switch self {
                case .startAnimation(let d?): return "startAnimation(afterDelay: \(d))"
                case .startAnimation(nil): return "startAnimation()"
                case .pauseAnimation: return "pauseAnimation()"
                case .stopAnimation(let w): return "stopAnimation(\(w))"
                case .finishAnimation(let p): return "finishAnimation(at: .\(p.rawValue))"
                case .fractionComplete(let f): return "fractionComplete = \(f)"
                case .scrub: return "fractionComplete (scrub)"
                case .isReversed(let r): return "isReversed = \(r)"
                case .continueAnimation: return "continueAnimation(withTimingParameters:durationFactor:)"
                case .addAnimations: return "addAnimations(_:delayFactor:)"
                case .isInterruptible(let v): return "isInterruptible = \(v)"
                case .isUserInteractionEnabled(let v): return "isUserInteractionEnabled = \(v)"
                case .addCompletion(let name): return "addCompletion(\(name))"
                }
            }
        }

        public var at: Double
        public var kind: Kind
        public init(at: Double, kind: Kind) {
            self.at = at
            self.kind = kind
        }
    }

    public var id: String
    /// Seconds ≥ 0 (replaced by the spring's settling duration for implicit-duration springs).
    public var duration: Double
    public var timingParameters: TimingParameters
    public var scrubsLinearly: Bool
    public var pausesOnCompletion: Bool
    public var isInterruptible: Bool
    /// Added, in order, when the animator is created (at time 0).
    public var animations: [Block]
    /// Calls in non-decreasing `at` order.
    public var timeline: [Call]

    public init(
        id: String, duration: Double,
        timingParameters: TimingParameters = .cubic(CubicTimingParameters(animationCurve: .easeInOut)),
        scrubsLinearly: Bool = true, pausesOnCompletion: Bool = false, isInterruptible: Bool = true,
        animations: [Block] = [], timeline: [Call] = []
    ) {
        self.id = id
        self.duration = duration
        self.timingParameters = timingParameters
        self.scrubsLinearly = scrubsLinearly
        self.pausesOnCompletion = pausesOnCompletion
        self.isInterruptible = isInterruptible
        self.animations = animations
        self.timeline = timeline
    }
}

/// A scripted change of an item layer's media timing (the interactive-layer-timing seed).
public struct LayerTimingCall: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// QA1673 pauseLayer: speed 0, timeOffset = the layer's local time now.
        case pause
        /// QA1673 resumeLayer.
        case resume
        /// Direct writes of `speed`, `timeOffset`, `beginTime` (nil = unchanged).
        case set(speed: Float?, timeOffset: Double?, beginTime: Double?)
        /// timeOffset = scrub value × `duration` every tick for the scrub's length (the seed's
        /// `gs_setTimeProgress` driven by a pan).
        case scrub(Scrub, duration: Double)
        /// The seed's `gs_continueAnimationWithTimeProgress`: reset, then beginTime = local now −
        /// progress (nil progress = the current timeOffset).
        case continueAnimation(timeProgress: Double?)
        /// The seed's `gs_continueReverseAnimationWithTimeProgress`: reset, beginTime = local now −
        /// (duration − progress), timeOffset = duration, speed −1.
        case reverseAnimation(duration: Double, timeProgress: Double?)
        /// The seed's v2 (branch without the flicker): a display link plays the paused animation
        /// back by hand. On the call's tick and every tick after it, progress = p − (t − at) (p =
        /// `timeProgress`, or the layer's timeOffset at the call) is written as the timeOffset of
        /// the paused layer (`gs_setTimeProgress`); on the first tick it would be < 0 the link is
        /// invalidated, the animation continued at `duration` (`gs_continueAnimationWithTimeProgress:
        /// duration`, so it ends and completes at once) and `changes` are set (`switchState`).
        case displayLinkReverse(duration: Double, timeProgress: Double?, changes: [PropertyChange])
        /// The seed's `gs_recoverToDefaultState`: speed 1, timeOffset 0, beginTime 0.
        case reset
        /// `removeAllAnimations()`.
        case removeAllAnimations

        public var name: String {
            switch self {
            case .pause: return "pause"
            case .resume: return "resume"
            case .set: return "set"
            case .scrub: return "scrub"
            case .continueAnimation: return "continue"
            case .reverseAnimation: return "reverse"
            case .displayLinkReverse: return "displayLinkReverse"
            case .reset: return "reset"
            case .removeAllAnimations: return "removeAllAnimations"
            }
        }
    }

    public var at: Double
    public var item: String
    public var kind: Kind

    public init(at: Double, item: String, kind: Kind) {
        self.at = at
        self.item = item
        self.kind = kind
    }
}
