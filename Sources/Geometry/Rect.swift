/// An axis-aligned rectangle given by its origin (top-left with y down) and size, like `CGRect`.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x, y), size: Size(width, height))
    }

    /// The rectangle of `size` centred on `center`.
    public init(center: Point, size: Size) {
        self.init(origin: Point(center.x - size.width / 2, center.y - size.height / 2), size: size)
    }

    public static let null = Rect(x: .infinity, y: .infinity, width: 0, height: 0)

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var center: Point { Point(midX, midY) }
    public var area: Double { size.area }
    public var isEmpty: Bool { !(size.width > 0 && size.height > 0) }

    /// `CGRectIntersection`: the overlap, or `Rect.null` when the two do not overlap.
    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX)
        let y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX)
        let y1 = min(maxY, other.maxY)
        guard x1 >= x0, y1 >= y0 else { return .null }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// `CGRectIntersectsRect`: true when the interiors overlap.
    public func intersects(_ other: Rect) -> Bool {
        max(minX, other.minX) < min(maxX, other.maxX) && max(minY, other.minY) < min(maxY, other.maxY)
    }

    /// The smallest rectangle containing both.
    public func union(_ other: Rect) -> Rect {
        if self == .null { return other }
        if other == .null { return self }
        let x0 = min(minX, other.minX)
        let y0 = min(minY, other.minY)
        let x1 = max(maxX, other.maxX)
        let y1 = max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// `CGRectContainsRect`: true when `other` lies inside, edges included; `Rect.null` lies in
    /// every rectangle.
    public func contains(_ other: Rect) -> Bool {
        other == .null
            || (other.minX >= minX && other.minY >= minY && other.maxX <= maxX && other.maxY <= maxY)
    }

    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    public var description: String { "{{\(origin.x), \(origin.y)}, {\(size.width), \(size.height)}}" }
}
