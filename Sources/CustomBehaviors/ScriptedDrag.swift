import Dynamics
import Geometry

/// A pan gesture on one item, scripted as the finger's path: keyframes (time, point), linearly
/// interpolated, constant before the first and after the last.
///
/// Phases come from the input clock (`SnapZonesBehavior.handleInput(at:)`): `.began` on the
/// first input time ≥ the first keyframe's, `.changed` on each later input before the last
/// keyframe's time, `.ended` on the first input at or after it (never in the same input as
/// `.began`, so a one-keyframe drag is a tap-and-release on two consecutive frames). The item
/// follows the finger's *translation*, like the seed's pan handler: centre = centre at `.began`
/// + (finger − finger at `.began`), so a path may start anywhere.
public struct ScriptedDrag {
    public enum Phase: Equatable, Sendable {
        case began, changed, ended
    }

    public let item: DynamicItem
    /// Times in s on the input (scene) clock, strictly increasing; points in pt.
    public let keyframes: [(time: Double, point: Point)]

    /// - Precondition: at least one keyframe; times finite and strictly increasing; points finite.
    public init(item: DynamicItem, keyframes: [(time: Double, point: Point)]) {
        precondition(!keyframes.isEmpty, "A scripted drag of '\(item.identifier)' needs at least one keyframe")
        for (index, key) in keyframes.enumerated() {
            precondition(
                key.time.isFinite && key.point.isFinite,
                "Non-finite keyframe \(index) (\(key.time), \(key.point)) in the drag of '\(item.identifier)'")
            precondition(
                index == 0 || key.time > keyframes[index - 1].time,
                "Keyframe times must increase: \(keyframes[index - 1].time) then \(key.time) in the drag of '\(item.identifier)'"
            )
        }
        self.item = item
        self.keyframes = keyframes
    }

    public var startTime: Double { keyframes[0].time }
    public var endTime: Double { keyframes[keyframes.count - 1].time }

    /// The finger at time `t`: linear between keyframes, clamped to the first and last.
    public func point(at t: Double) -> Point {
        guard t > startTime else { return keyframes[0].point }
        guard t < endTime else { return keyframes[keyframes.count - 1].point }
        var i = 0
        while keyframes[i + 1].time <= t { i += 1 }
        let (t0, p0) = keyframes[i]
        let (t1, p1) = keyframes[i + 1]
        return p0 + (p1 - p0) * ((t - t0) / (t1 - t0))
    }
}
