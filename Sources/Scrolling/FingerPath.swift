import Geometry

/// A scripted finger: keyframes of time (seconds from touch-down) and position (points), linear
/// between them, held before the first and after the last. The finger lifts at the last one.
public struct FingerPath: Equatable, Sendable {
    public let times: [Double]
    public let points: [Point]

    /// How far back the release velocity looks: `UIPanGestureRecognizer.velocity(in:)` reports
    /// the finger's recent movement, over a window Apple does not document; this one averages
    /// the last 50 ms, three touch samples at 60 Hz.
    public static let velocityWindow = 0.05

    /// - Precondition: as many times as points, at least one, times increasing (the scene
    ///   validator says so in words first).
    public init(times: [Double], points: [Point]) {
        precondition(!times.isEmpty && times.count == points.count, "a finger path needs matching keyframes")
        self.times = times
        self.points = points
    }

    /// Seconds from touch-down to lift-off.
    public var duration: Double { times[times.count - 1] }

    /// The finger `t` seconds after touch-down.
    public func position(at t: Double) -> Point {
        guard t > times[0] else { return points[0] }
        guard t < duration else { return points[points.count - 1] }
        var i = 0
        while times[i + 1] <= t { i += 1 }
        return points[i] + (points[i + 1] - points[i]) * ((t - times[i]) / (times[i + 1] - times[i]))
    }

    /// The finger's velocity `t` seconds after touch-down: its segment's slope (the later
    /// segment's at a keyframe, the last one's at lift-off), zero before the first keyframe.
    public func velocity(at t: Double) -> Point {
        guard times.count > 1, t >= times[0], t <= duration else { return .zero }
        var i = 0
        while i + 2 < times.count && times[i + 1] <= t { i += 1 }
        return (points[i + 1] - points[i]) * (1 / (times[i + 1] - times[i]))
    }

    /// The velocity the gesture reports at lift-off, points a second: the mean over the last
    /// `velocityWindow` (the whole drag when it is shorter; zero for a drag of no duration).
    /// A path whose last segment lasts at least the window reports exactly that segment's slope.
    public var releaseVelocity: Point {
        let window = min(Self.velocityWindow, duration - times[0])
        guard window > 0 else { return .zero }
        let v = (position(at: duration) - position(at: duration - window)) * (1 / window)
        // A path of a few femtoseconds moves faster than a Double holds: no flick, a tap.
        return v.x.isFinite && v.y.isFinite ? v : .zero
    }
}
