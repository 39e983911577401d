import Foundation

/// The write-back rounding of `-[UIDynamicAnimator _defaultMapper:]` for view items
/// (spec dynamics §1.6, confirmed on seed 000: every centre on the 0.5-pt grid at scale 2, every
/// angle an integer number of 1/5000-rad quanta).
enum PixelRounding {
    /// Angles are written as whole multiples of this, rad.
    static let angleQuantum: Double = 1.0 / 5000

    /// `rounded(x, s) = s == 1 ? round(x) : floor(x) + round((x − floor(x))·s)/s`.
    ///
    /// Apple rounds the fractional part only, so the result is on the 1/s grid relative to the
    /// integer below x; `round` is C's half-away-from-zero (Swift's default `.rounded()`).
    /// - Parameter scale: the animator's accuracy (screen scale), > 0.
    static func coordinate(_ x: Double, scale: Double) -> Double {
        if scale == 1 { return x.rounded() }
        let whole = x.rounded(.down)
        return whole + ((x - whole) * scale).rounded() / scale
    }

    /// `round(θ·5000)/5000`.
    static func angle(_ theta: Double) -> Double {
        (theta * 5000).rounded() / 5000
    }
}
