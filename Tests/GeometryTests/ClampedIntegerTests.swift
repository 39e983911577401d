import Geometry
import Testing

@Test(
    "Int.clamping rounds inside its bounds exactly as Int(rounded) does, and clamps everything else",
    arguments: [
        (2.2, FloatingPointRoundingRule.up, 1...4096, 3), (4096.5, .up, 1...4096, 4096), (0.2, .down, 1...4096, 1),
        (Double.infinity, .up, 1...4096, 4096), (-Double.infinity, .up, 1...4096, 1), (Double.nan, .up, 1...4096, 1),
        (1e19, .down, Int.min...Int.max, Int.max), (-1e19, .down, Int.min...Int.max, Int.min),
        (9.2e18, .down, Int.min...Int.max, 9_200_000_000_000_000_000), (-7.5, .towardZero, -10...10, -7),
        (9_223_372_036_854_774_784, .down, 0...(Int.max - 2000), Int.max - 2000),
    ])
func clampedInteger(value: Double, rule: FloatingPointRoundingRule, bounds: ClosedRange<Int>, expected: Int) {
    #expect(Int.clamping(value, rounded: rule, to: bounds) == expected)
}
