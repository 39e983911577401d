import Geometry

// A property animator's script as plain values: the blocks it is created with and its timed calls
// (`UIViewPropertyAnimator`'s API as data). `AnimatorScript` runs one tick by tick; scene files
// declare them (`animators:`), and so can Swift code.

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
            /// `UIView.transition(with:duration:options:animations:)` on `item`, called from the
            /// script at this time. The animator itself is untouched: UIKit's animators do not
            /// drive a transition (no pause, scrub or reverse of it), so the scene runs it as the
            /// view animation it is, on its own clock.
            case transition(item: String)

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
                case .transition(let item): return "UIView.transition(with: \(item))"
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
