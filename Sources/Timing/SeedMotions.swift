import Foundation
import Geometry

// The two hand-written motions of seed S1 (custom behaviours, spec timing §6.1–6.2), reproduced
// exactly so scenes built from that seed match its numbers.

/// S1 damped sinusoid: `scale(t) = 1 + amplitude·sin(2π·frequency·t)·e^{−decay·t}`, applied until
/// t > `stopTime`, after which the transform is reset to identity. t is measured from the
/// behaviour's first action (its own clock), not the animator's elapsed time (spec §6.1).
public struct DampedScaleMotion: Hashable, Sendable {
    /// Unitless; default 0.5.
    public var amplitude = 0.5
    /// Hz; default 1.
    public var frequency = 1.0
    /// 1/s; default 2.
    public var decay = 2.0
    /// Seconds; default 1.5. The first tick with t > stopTime still computes a scale, then resets.
    public var stopTime = 1.5

    public init() {}

    public func scale(at t: Double) -> Double {
        1 + amplitude * sin(2 * .pi * frequency * t) * exp(-decay * t)
    }

    /// Whether the tick at time t is the one that resets the transform (and ends the motion).
    public func stops(at t: Double) -> Bool { t > stopTime }
}

/// S1 transform tween (spec §6.2): each tick `velocity += acceleration; percent += velocity`; the
/// used value is `EaseOut(clamp(percent, 0, 1), power)` with EaseOut(p, n) = 1 − (1 − p)ⁿ. The
/// seed's `velocity + acceleration` reads a misspelt ivar; implemented as intended.
public struct AcceleratingTween: Hashable, Sendable {
    /// Per tick²; default 0.0025.
    public var acceleration = 0.0025
    /// EaseOut power; default 3.
    public var power = 3.0
    public private(set) var velocity = 0.0
    /// Keeps growing past 1; only the used value is clamped.
    public private(set) var percent = 0.0

    public init(acceleration: Double = 0.0025, power: Double = 3) {
        self.acceleration = acceleration
        self.power = power
    }

    public mutating func step() {
        velocity += acceleration
        percent += velocity
    }

    public var clamped: Double { min(max(percent, 0), 1) }
    public var eased: Double { 1 - pow(1 - clamped, power) }

    /// Tween(a, b, p) = a + (b − a)p on tx, ty, xScale = √(a² + c²), yScale = √(b² + d²) and
    /// rotation = atan2f(b, a) (Float, as the seed), composed R then S then T (Concat order).
    public static func tween(from a: Geometry.AffineTransform, to b: Geometry.AffineTransform, _ p: Double)
        -> Geometry.AffineTransform
    {
        func parts(_ t: Geometry.AffineTransform) -> (tx: Double, ty: Double, sx: Double, sy: Double, r: Double) {
            (
                t.tx, t.ty, (t.a * t.a + t.c * t.c).squareRoot(), (t.b * t.b + t.d * t.d).squareRoot(),
                Double(atan2f(Float(t.b), Float(t.a)))
            )
        }
        let x = parts(a)
        let y = parts(b)
        func lerp(_ u: Double, _ v: Double) -> Double { u + (v - u) * p }
        return Geometry.AffineTransform(rotation: .radians(lerp(x.r, y.r)))
            .concatenating(Geometry.AffineTransform(scaleX: lerp(x.sx, y.sx), y: lerp(x.sy, y.sy)))
            .concatenating(Geometry.AffineTransform(translationX: lerp(x.tx, y.tx), y: lerp(x.ty, y.ty)))
    }
}
