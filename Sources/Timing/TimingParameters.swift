import Geometry

// UITimingCurveProvider: cubic and spring timing parameters of a property animator (spec §4.5).

/// `UICubicTimingParameters`.
public struct CubicTimingParameters: Hashable, Sendable {
    /// The named curve, when built from one.
    public let animationCurve: AnimationCurve?
    public let timingFunction: MediaTimingFunction

    /// `init()`: the default CA curve (0.25, 0.1) (0.25, 1) (H-UITP "default CA timing curve").
    public init() {
        animationCurve = nil
        timingFunction = .default
    }

    public init(animationCurve: AnimationCurve) {
        self.animationCurve = animationCurve
        timingFunction = animationCurve.timingFunction
    }

    /// Control points are stored as Float32; x in [0, 1].
    public init(controlPoint1 p1: Point, controlPoint2 p2: Point) throws {
        animationCurve = nil
        timingFunction = try MediaTimingFunction(controlPoints: Float(p1.x), Float(p1.y), Float(p2.x), Float(p2.y))
    }
}

/// `UISpringTimingParameters`.
public struct SpringTimingParameters: Hashable, Sendable {
    public enum Definition: Hashable, Sendable {
        /// `init(mass:stiffness:damping:initialVelocity:)` and `init()`.
        case physical(mass: Double, stiffness: Double, damping: Double)
        /// `init(dampingRatio:initialVelocity:)`: fitted to the animator's duration (spec §3.3).
        case dampingRatio(Double)
        /// iOS 17 `init(duration:bounce:initialVelocity:)`: response = duration.
        case perceptual(duration: Double, bounce: Double)
    }

    public let definition: Definition
    /// `initialVelocity` (CGVector): per axis, fractions of the distance per second; 1-D
    /// progress uses dx (H-UITP).
    public let initialVelocity: Point
    /// Whether the animator's duration is replaced by the spring's settling duration (B-UIK).
    public let implicitDuration: Bool

    /// `init()`: the system spring, mass 3, stiffness 1000, damping 500 (ζ ≈ 4.564), implicit duration.
    public init() {
        definition = .physical(mass: 3, stiffness: 1000, damping: 500)
        initialVelocity = .zero
        implicitDuration = true
    }

    /// ζ > 0. implicitDuration false: the animator keeps its duration (O-ART prints 4.0).
    public init(dampingRatio: Double, initialVelocity: Point = .zero) throws {
        guard dampingRatio.isFinite, dampingRatio > 0 else {
            throw TimingError.invalid("SpringTimingParameters(dampingRatio:)", dampingRatio, expected: "a ratio > 0")
        }
        guard initialVelocity.isFinite else {
            throw TimingError.invalid(
                "SpringTimingParameters.initialVelocity", initialVelocity, expected: "a finite vector")
        }
        definition = .dampingRatio(dampingRatio)
        self.initialVelocity = initialVelocity
        implicitDuration = false
    }

    /// implicitDuration true: the animator's duration becomes UIKit's settling duration.
    public init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Point = .zero) throws {
        _ = try Spring(mass: mass, stiffness: stiffness, damping: damping)
        guard initialVelocity.isFinite else {
            throw TimingError.invalid(
                "SpringTimingParameters.initialVelocity", initialVelocity, expected: "a finite vector")
        }
        definition = .physical(mass: mass, stiffness: stiffness, damping: damping)
        self.initialVelocity = initialVelocity
        implicitDuration = true
    }

    /// iOS 17: response = duration > 0 s, bounce in (−1, 1); implicitDuration true (B-UIK).
    public init(duration: Double, bounce: Double, initialVelocity: Point = .zero) throws {
        _ = try Spring(perceptualDuration: duration, bounce: bounce)
        definition = .perceptual(duration: duration, bounce: bounce)
        self.initialVelocity = initialVelocity
        implicitDuration = true
    }

    /// UIKit's implicit duration `_durationOfSpringAnimation` (spec §4.5): max over the velocity
    /// components (not |v|); nil when the parameters keep the animator's duration.
    public func implicitAnimatorDuration() throws -> Double? {
        guard implicitDuration else { return nil }
        let (m, k, c) = try physical(forAnimatorDuration: 0)
        let dx = try Spring.uiKitSettlingDuration(mass: m, stiffness: k, damping: c, initialVelocity: initialVelocity.x)
        let dy = try Spring.uiKitSettlingDuration(mass: m, stiffness: k, damping: c, initialVelocity: initialVelocity.y)
        return max(dx, dy)
    }

    private func physical(forAnimatorDuration d: Double, velocity: Double? = nil) throws -> (Double, Double, Double) {
        switch definition {
        case .physical(let m, let k, let c): return (m, k, c)
        case .dampingRatio(let z):
            let s = try Spring.uiKit(duration: d, dampingRatio: z, initialVelocity: velocity ?? initialVelocity.x)
            return (s.mass, s.stiffness, s.damping)
        case .perceptual(let p, let b):
            let s = try Spring(perceptualDuration: p, bounce: b)
            return (s.mass, s.stiffness, s.damping)
        }
    }

    /// The spring that drives progress for an animator of duration `d` seconds along one axis:
    /// `initialVelocity` is normalised per axis, so the x component drives x (and every 1-D
    /// property) and the y component drives y (spec timing §4.5). Physical parameters keep
    /// allowsOverdamping false (CA default); iOS 17 perceptual ones set it.
    public func spring(forAnimatorDuration d: Double, axis: Axis = .x) throws -> Spring {
        let v = axis == .x ? initialVelocity.x : initialVelocity.y
        let (m, k, c) = try physical(forAnimatorDuration: d, velocity: v)
        if case .perceptual = definition {
            return try Spring(mass: m, stiffness: k, damping: c, initialVelocity: v, allowsOverdamping: true)
        }
        return try Spring(mass: m, stiffness: k, damping: c, initialVelocity: v)
    }

    /// An axis of a 2-D animated value (a position's x and y, a size's width and height).
    public enum Axis: Hashable, Sendable { case x, y }
}

/// `UITimingCurveProvider`.
public enum TimingParameters: Hashable, Sendable {
    case cubic(CubicTimingParameters)
    case spring(SpringTimingParameters)
}

/// A progress curve on [0, 1] → displayed progress (may overshoot for springs).
enum ProgressCurve: Hashable, Sendable {
    case cubic(MediaTimingFunction)
    /// q(u · seconds): the spring runs in seconds over a span of `seconds`; `y` drives the y axis
    /// of 2-D values (its own initial velocity), `x` the x axis and everything else.
    case spring(Spring, y: Spring, seconds: Double)

    init(_ parameters: TimingParameters, duration: Double) throws {
        switch parameters {
        case .cubic(let c): self = .cubic(c.timingFunction)
        case .spring(let s):
            self = .spring(
                try s.spring(forAnimatorDuration: duration), y: try s.spring(forAnimatorDuration: duration, axis: .y),
                seconds: duration)
        }
    }

    func value(_ u: Double, axis: SpringTimingParameters.Axis = .x) -> Double {
        switch self {
        case .cubic(let f): return f.evaluate(u)
        case .spring(let s, let y, let seconds): return (axis == .x ? s : y).position(at: u * seconds)
        }
    }

    /// The smallest u with value(u) ≥ p (a spring overshoots, so the first crossing).
    func inverse(_ p: Double) -> Double {
        switch self {
        case .cubic(let f): return f.inverse(p)
        case .spring:
            if p <= 0 { return 0 }
            let steps = 1000
            var previous = 0.0
            for i in 1...steps {
                let u = Double(i) / Double(steps)
                if value(u) >= p {
                    var lo = previous
                    var hi = u
                    for _ in 0..<50 {
                        let mid = (lo + hi) / 2
                        if value(mid) >= p { hi = mid } else { lo = mid }
                    }
                    return hi
                }
                previous = u
            }
            return 1
        }
    }
}

/// A group's progress curve, re-based when `continueAnimation(withTimingParameters:)` swaps the
/// curve mid-flight or a re-based animator flips direction (I: the remaining part of the motion
/// follows the new curve from the current value, so nothing jumps).
indirect enum GroupCurve: Hashable, Sendable {
    case base(ProgressCurve)
    /// From u0 on (or up to u0, reversed) `next` continues from where `previous` was at u0, on
    /// each axis from that axis's own progress p0 = previous(u0).
    case continued(previous: GroupCurve, u0: Double, next: ProgressCurve, forward: Bool)

    var isBase: Bool { if case .base = self { return true } else { return false } }

    func value(_ u: Double, axis: SpringTimingParameters.Axis = .x) -> Double {
        switch self {
        case .base(let c):
            return c.value(u, axis: axis)
        case .continued(let previous, let u0, let next, let forward):
            if forward {
                // u ≥ u0: p0 + (1 − p0)·C'((u − u0)/(1 − u0)), ending at 1.
                guard u > u0 else { return previous.value(u, axis: axis) }
                let p0 = previous.value(u0, axis: axis)
                return u0 >= 1 ? p0 : p0 + (1 - p0) * next.value((u - u0) / (1 - u0), axis: axis)
            }
            // Reversed, u ≤ u0: p0·C'(u/u0), the time mirror of the forward curve, ending at 0.
            guard u < u0 else { return previous.value(u, axis: axis) }
            let p0 = previous.value(u0, axis: axis)
            return u0 <= 0 ? p0 : p0 * next.value(u / u0, axis: axis)
        }
    }
}
