/// How far one grid of 8-bit coverage levels is from a reference, over the "inked" pixels (those
/// where either is non-zero): the count, the mean and the largest absolute difference. Shared by
/// the mask-against-reference tests of glyphs and icons.
public struct LevelDifference: Sendable {
    public private(set) var inked = 0
    public private(set) var total = 0.0
    public private(set) var worst = 0.0

    public init() {}

    /// Mean absolute difference over the inked pixels (0 when none is inked).
    public var mean: Double { inked == 0 ? 0 : total / Double(inked) }

    /// Adds one pixel's pair of levels; a pixel where both are 0 is not inked and not counted.
    public mutating func add(reference: Double, ours: Double) {
        guard reference > 0 || ours > 0 else { return }
        inked += 1
        total += abs(reference - ours)
        worst = max(worst, abs(reference - ours))
    }
}
