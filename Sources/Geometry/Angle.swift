import Foundation

/// An angle, stored in radians. Positive angles turn clockwise on screen, because the y axis
/// points down (UIKit's and Box2D-in-UIKit's convention, spec dynamics §1.1).
///
/// This is the one place trigonometry happens, so that unit mistakes have nowhere to hide.
public struct Angle: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var radians: Double

    public init(radians: Double) { self.radians = radians }

    public static func radians(_ value: Double) -> Angle { Angle(radians: value) }
    public static func degrees(_ value: Double) -> Angle { Angle(radians: value * .pi / 180) }

    public static let zero = Angle(radians: 0)

    public var degrees: Double { radians * 180 / .pi }
    public var cos: Double { Foundation.cos(radians) }
    public var sin: Double { Foundation.sin(radians) }

    /// `atan2(y, x)`: the direction of a vector.
    public static func direction(of v: Point) -> Angle { Angle(radians: atan2(v.y, v.x)) }

    /// `acos(x)` for x in [−1, 1] (clamped), in [0, π].
    public static func arccos(_ x: Double) -> Angle { Angle(radians: acos(min(max(x, -1), 1))) }

    /// The unit vector pointing along this angle.
    public var unitVector: Point { Point(cos, sin) }

    public static func + (a: Angle, b: Angle) -> Angle { Angle(radians: a.radians + b.radians) }
    public static func - (a: Angle, b: Angle) -> Angle { Angle(radians: a.radians - b.radians) }
    public static func * (a: Angle, s: Double) -> Angle { Angle(radians: a.radians * s) }
    public static prefix func - (a: Angle) -> Angle { Angle(radians: -a.radians) }
    public static func < (a: Angle, b: Angle) -> Bool { a.radians < b.radians }

    public var description: String { "\(radians) rad" }
}
