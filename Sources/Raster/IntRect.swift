/// A rectangle of whole pixels: columns x ..< x + width, rows y ..< y + height (Skia's `IRect`).
/// Invariant: width, height ≥ 0.
public struct IntRect: Hashable, Sendable, CustomStringConvertible {
    public let x: Int, y: Int, width: Int, height: Int

    /// Nil when width or height is negative.
    public init?(x: Int, y: Int, width: Int, height: Int) {
        guard width >= 0, height >= 0 else { return nil }
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var isEmpty: Bool { width == 0 || height == 0 }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }

    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }

    /// The pixels that the real box [minX, maxX] × [minY, maxY] touches, clipped to a
    /// canvasWidth × canvasHeight canvas; empty when they do not overlap or a bound is not finite.
    static func covering(
        minX: Double, minY: Double, maxX: Double, maxY: Double,
        canvasWidth: Int, canvasHeight: Int
    ) -> IntRect {
        let empty = IntRect(uncheckedX: 0, y: 0, width: 0, height: 0)
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return empty }
        // Clamp in Double before converting, so huge coordinates cannot overflow Int.
        func clamped(_ v: Double, _ limit: Int) -> Int { Int(min(max(v, 0), Double(limit))) }
        let x0 = clamped(minX.rounded(.down), canvasWidth)
        let y0 = clamped(minY.rounded(.down), canvasHeight)
        let x1 = clamped(maxX.rounded(.up), canvasWidth)
        let y1 = clamped(maxY.rounded(.up), canvasHeight)
        guard x1 > x0, y1 > y0 else { return empty }
        return IntRect(uncheckedX: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The pixels in both; empty (at this rect's origin) when they do not overlap.
    public func intersection(_ other: IntRect) -> IntRect {
        let x0 = Swift.max(x, other.x)
        let y0 = Swift.max(y, other.y)
        let x1 = Swift.min(maxX, other.maxX)
        let y1 = Swift.min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return IntRect(uncheckedX: x, y: y, width: 0, height: 0) }
        return IntRect(uncheckedX: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    init(uncheckedX x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var description: String { "IntRect(x: \(x), y: \(y), \(width)×\(height))" }
}
