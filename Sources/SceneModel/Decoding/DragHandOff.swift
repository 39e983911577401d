import Geometry
import Scrolling
import Timing

/// What `initialVelocity: fromDrag` means for a property animator's spring: the finger's release
/// velocity along the track of the last `scrub` drag, divided by the distance left to run, as a
/// pan handler computes `UISpringTimingParameters(initialVelocity:)` (a velocity of 1 covers the
/// remaining distance in one second).
enum DragHandOff {
    /// For a `continueAnimation` after `calls`: the relative velocity on both axes (the animator's
    /// progress moves every property alike), or nil when no scrub drag came before.
    static func relativeVelocity(after calls: [AnimatorSpec.Call]) -> Point? {
        var reversed = false
        var scrub: Scrub?
        for call in calls {
            switch call.kind {
            case .isReversed(let r): reversed = r
            case .scrub(let s): if case .drag = s.source { scrub = s }
            default: break
            }
        }
        guard let scrub, case .drag(let path, let from, let to) = scrub.source, !path.isEmpty else { return nil }
        let finger = FingerPath(times: path.map(\.time), points: path.map(\.point)).releaseVelocity
        let track = to - from
        let length = track.length
        guard length > 0 else { return .zero }
        // Toward `to` is toward fractionComplete 1; a reversed animator runs toward 0.
        let along = finger.dot(track) / length
        let fraction = scrub.value(at: scrub.length)
        let remaining = (reversed ? fraction : 1 - fraction) * length
        guard remaining > 0 else { return .zero }
        let relative = (reversed ? -along : along) / remaining
        return Point(relative, relative)
    }
}
