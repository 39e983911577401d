/// Which points a path's outline encloses (Core Graphics' and SVG's two rules).
public enum FillRule: String, Hashable, Sendable, CaseIterable {
    /// Inside where the outline winds around the point a non-zero number of times.
    case nonZero
    /// Inside where the outline crosses any ray from the point an odd number of times.
    case evenOdd
}
