import Foundation

/// The laws a scroll view's content moves by, one axis at a time, as closed forms of time: what a
/// finger does to the offset while it drags, and what the offset does after the finger lifts.
/// Sources and choices are in `docs/scrolling.md`; the numbers Apple gives are UIKit's.
public enum ScrollPhysics {
    /// `UIScrollView.DecelerationRate.normal`: the velocity kept per millisecond.
    public static let normalRate = 0.998
    /// `UIScrollView.DecelerationRate.fast`.
    public static let fastRate = 0.99
    /// The rubber band's constant in `(1 − 1/(x·c/d + 1))·d` (Grant Paul's measurement of iOS).
    public static let rubberBandConstant = 0.55
    /// A glide ends when its speed falls under this many points a second (UIKit does not say
    /// where; from here the rest of a normal-rate glide is under half a point).
    public static let stopSpeed = 1.0
    /// The return to an edge, and the settle onto a page: critically damped springs whose
    /// response (2π/ω) is this many seconds (UIKit does not say; chosen to match recordings of
    /// a list let go past its top, back in about half a second).
    public static let bounceResponse = 0.5
    public static let pagingResponse = 0.4
    /// A spring has settled when it is within this many points of its target, moving slower than
    /// `settleSpeed`; the offset then is the target exactly.
    public static let settleDistance = 0.01
    public static let settleSpeed = 1.0

    // MARK: Rubber band

    /// How far past an edge the content shows when the finger has travelled `travel` points past
    /// it, on an axis `dimension` points long: `(1 − 1/(x·c/d + 1))·d`, never reaching `d`.
    public static func rubberBand(_ travel: Double, dimension: Double) -> Double {
        guard travel > 0, dimension > 0 else { return 0 }
        return (1 - 1 / (travel * rubberBandConstant / dimension + 1)) * dimension
    }

    /// The finger travel that shows `overshoot` (the inverse of `rubberBand`), for a drag that
    /// catches content already past its edge.
    public static func rubberBandTravel(_ overshoot: Double, dimension: Double) -> Double {
        guard overshoot > 0, dimension > 0 else { return 0 }
        let shown = min(overshoot / dimension, 1 - 1e-12)
        return dimension / rubberBandConstant * (1 / (1 - shown) - 1)
    }

    /// The rubber band's slope at `travel`: how much of the finger's speed the content keeps.
    public static func rubberBandSlope(_ travel: Double, dimension: Double) -> Double {
        guard dimension > 0 else { return 0 }
        guard travel > 0 else { return 1 }
        let q = travel * rubberBandConstant / dimension + 1
        return rubberBandConstant / (q * q)
    }

    // MARK: Deceleration

    /// The glide's decay constant k (1/s) for a per-millisecond `rate`: v(t) = v0·rate^(1000t) = v0·e^(−kt).
    public static func decay(rate: Double) -> Double { -1000 * log(rate) }

    /// Velocity `t` seconds into a glide that started at `v0` (points a second).
    public static func glideVelocity(_ v0: Double, rate: Double, at t: Double) -> Double {
        v0 * exp(-decay(rate: rate) * t)
    }

    /// Distance covered `t` seconds into a glide: the integral of `glideVelocity`,
    /// v0·(1 − e^(−kt))/k.
    public static func glideDistance(_ v0: Double, rate: Double, at t: Double) -> Double {
        let k = decay(rate: rate)
        return v0 * -expm1(-k * t) / k
    }

    /// When a glide from `v0` slows under `stopSpeed`; 0 when it starts slower.
    public static func glideDuration(_ v0: Double, rate: Double) -> Double {
        guard abs(v0) > stopSpeed else { return 0 }
        return log(abs(v0) / stopSpeed) / decay(rate: rate)
    }

    /// Apple's `project(initialVelocity:decelerationRate:)` from "Designing Fluid Interfaces"
    /// (WWDC 2018): where a release at `velocity` points a second comes to rest, as the sum of
    /// the per-millisecond steps, (v/1000)·rate/(1 − rate). The glide itself integrates the
    /// continuous decay, v/k, which is 0.1 % shorter at the normal rate and 0.5 % at the fast one.
    public static func project(velocity: Double, rate: Double) -> Double {
        velocity / 1000 * rate / (1 - rate)
    }

    /// The first time a glide from `start` at `v0` reaches `edge`, if it does.
    static func glideTime(from start: Double, velocity v0: Double, rate: Double, to edge: Double) -> Double? {
        let distance = edge - start
        guard v0 != 0, distance * v0 > 0 else { return distance == 0 ? 0 : nil }
        // v0·(1 − e^(−kt))/k = d  ⇒  e^(−kt) = 1 − d·k/v0.
        let remaining = 1 - distance * decay(rate: rate) / v0
        guard remaining > 0 else { return nil }
        return -log(remaining) / decay(rate: rate)
    }

    // MARK: Springs

    /// A critically damped spring toward 0: displacement and velocity `t` seconds after starting
    /// at `x0` with velocity `v0`, at angular frequency `omega`.
    public static func criticalSpring(x0: Double, v0: Double, omega: Double, at t: Double) -> (
        position: Double, velocity: Double
    ) {
        let b = v0 + omega * x0
        let e = exp(-omega * t)
        return ((x0 + b * t) * e, (b - omega * (x0 + b * t)) * e)
    }

    /// When that spring has settled (`settleDistance`, `settleSpeed`), to the millisecond; at
    /// most 10 s.
    static func springSettleTime(x0: Double, v0: Double, omega: Double) -> Double {
        var step = 0
        while step < 10_000 {
            let s = criticalSpring(x0: x0, v0: v0, omega: omega, at: Double(step) / 1000)
            if abs(s.position) < settleDistance && abs(s.velocity) < settleSpeed { break }
            step += 1
        }
        return Double(step) / 1000
    }

    static func omega(response: Double) -> Double { 2 * Double.pi / response }
}
