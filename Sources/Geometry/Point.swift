/// A position or displacement in a 2-D plane whose y axis points down (UIKit's convention).
///
/// Units are whatever the caller works in: points in scenes and dynamics, pixels in the rasterizer.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public init(_ x: Double, _ y: Double) {
        self.init(x: x, y: y)
    }

    public static let zero = Point(0, 0)

    public var length: Double { (x * x + y * y).squareRoot() }

    public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    public static func * (a: Point, s: Double) -> Point { Point(a.x * s, a.y * s) }
    public static func * (s: Double, a: Point) -> Point { Point(a.x * s, a.y * s) }
    public static prefix func - (a: Point) -> Point { Point(-a.x, -a.y) }

    /// Dot product, treating both points as vectors.
    public func dot(_ other: Point) -> Double { x * other.x + y * other.y }

    /// The z component of the 3-D cross product, treating both points as vectors.
    public func cross(_ other: Point) -> Double { x * other.y - y * other.x }

    public func distance(to other: Point) -> Double { (self - other).length }

    public var isFinite: Bool { x.isFinite && y.isFinite }

    public var description: String { "(\(x), \(y))" }
}

/// A width and height. Not validated: a `Size` may be empty or negative; validated sizes come from
/// the scene model, which rejects non-positive ones at the boundary.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public init(_ width: Double, _ height: Double) {
        self.init(width: width, height: height)
    }

    public static let zero = Size(0, 0)

    public var area: Double { width * height }

    public var isFinite: Bool { width.isFinite && height.isFinite }

    /// The corner radius a rounded rectangle of this size draws for `radius`, by Core Animation's
    /// rule: at most half the shorter side; a negative or non-finite radius draws square corners.
    public func drawnCornerRadius(_ radius: Double) -> Double {
        min(radius.isFinite && radius > 0 ? radius : 0, min(width, height) / 2)
    }

    public static func * (a: Size, s: Double) -> Size { Size(a.width * s, a.height * s) }

    public var description: String { "\(width)×\(height)" }
}
