import Geometry
import SceneModel
import Timing

/// A `UIView.transition(with:duration:options:animations:)` block while it runs: the view
/// (`node`) shows its look before the block (`before`: every node's `isHidden` then) turning
/// into its look after, by `style`, over the block's duration on `curve` (the CATransition's
/// own timing function, or the curve of the block's options).
struct ViewTransitionRun {
    let spec: ViewAnimationSpec
    let node: Int
    let style: ViewTransition
    /// The scene time the block ran.
    let start: Double
    let before: [Bool]
    let curve: MediaTimingFunction

    /// The eye's distance from the screen for the flips, points: `m34 = −1/1000`. UIKit does not
    /// publish its own; this is our choice (a moderate depth on a phone-sized view).
    static let flipEyeDistance = 1000.0

    /// How far along the transition is at `t`, on its curve: 0 at the start, 1 at the end; nil
    /// outside its span.
    func progress(at t: Double) -> Double? {
        let linear = (t - start) / spec.duration
        guard linear >= 0, linear < 1 else { return nil }
        return curve.evaluate(linear)
    }

    /// For a flip at progress `p`: whether the view shows its look before the block (the first
    /// half), and its turn then as (degrees about x, degrees about y). The named side moves
    /// toward the viewer (UIKit's "the right side of the view moves toward the front"), so the
    /// view turns from 0 to ±90° with the old look and from ∓90° to 0 with the new one.
    static func flip(from side: TransitionSide, at p: Double) -> (showsBefore: Bool, x: Double, y: Double) {
        let showsBefore = p < 0.5
        let angle = showsBefore ? 180 * p : 180 * (p - 1)
        switch side {
        case .fromRight: return (showsBefore, 0, -angle)
        case .fromLeft: return (showsBefore, 0, angle)
        case .fromTop: return (showsBefore, -angle, 0)
        case .fromBottom: return (showsBefore, angle, 0)
        }
    }

    /// The unit direction a CATransition's motion goes for `side`: away from it (from the right
    /// is leftward).
    static func direction(from side: TransitionSide) -> Point {
        switch side {
        case .fromLeft: return Point(1, 0)
        case .fromRight: return Point(-1, 0)
        case .fromTop: return Point(0, 1)
        case .fromBottom: return Point(0, -1)
        }
    }
}

extension SceneTiming {
    /// Whether node `i` is hidden now (`isHidden`, as view animations last set it).
    func isHidden(_ i: Int) -> Bool { hidden[i] }

    /// The transition node `i` shows now, with its progress on its curve; nil for none.
    func transition(ofNode i: Int) -> (run: ViewTransitionRun, progress: Double)? {
        for run in transitions.reversed() where run.node == i {
            if let p = run.progress(at: time) { return (run, p) }
        }
        return nil
    }
}
