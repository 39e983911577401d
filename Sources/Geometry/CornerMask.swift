/// Which corners of a rectangle are rounded: Core Animation's `CACornerMask`, named by where the
/// corner is on screen (y down). `layerMinXMinYCorner` is the top-left.
public struct CornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let topLeft = CornerMask(rawValue: 1)
    public static let topRight = CornerMask(rawValue: 2)
    public static let bottomRight = CornerMask(rawValue: 4)
    public static let bottomLeft = CornerMask(rawValue: 8)
    public static let all: CornerMask = [.topLeft, .topRight, .bottomRight, .bottomLeft]

    /// How many corners are rounded, 0 … 4.
    public var count: Int { rawValue.nonzeroBitCount }
}
