extension Int {
    /// `value` rounded by `rule`, then clamped into `bounds`; NaN gives `bounds.lowerBound`.
    ///
    /// Why: `Int(someDouble)` traps on a non-finite value or one outside `Int`'s range, and every
    /// number in a scene can be extreme (a finite 1e-200 radius makes an infinite step count, a
    /// 1e19 position an origin past `Int.max`). Inside `bounds` the result is exactly
    /// `Int(value.rounded(rule))`, so a count or a pixel index computed from a normal value is
    /// unchanged; callers pick bounds that stand for "as many as we ever do" or "off every canvas".
    public static func clamping(
        _ value: Double, rounded rule: FloatingPointRoundingRule = .towardZero, to bounds: ClosedRange<Int>
    ) -> Int {
        guard !value.isNaN else { return bounds.lowerBound }
        let r = value.rounded(rule)
        // Double(Int.max) is 2^63, one past Int.max, so these tests keep `Int(r)` in range; a bound
        // that Double rounds is enforced again on the integer.
        if r <= Double(bounds.lowerBound) { return bounds.lowerBound }
        if r >= Double(bounds.upperBound) { return bounds.upperBound }
        return Swift.min(Swift.max(Int(r), bounds.lowerBound), bounds.upperBound)
    }
}
