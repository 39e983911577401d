import Foundation
import Testing

@testable import Pipeline

/// The trace's number writer gives exactly what C's printf gives, `%.6f`, `%.9f` and `%ld`:
/// the trace files stay byte for byte what they were.
@Suite("Fixed-point text")
struct FixedPointTextTests {
    static func c(_ value: Double, _ decimals: Int) -> String { cFormat("%.*f", Int32(decimals), value) }

    static func ours(_ value: Double, _ decimals: Int) -> String {
        var text = FixedPointText()
        text.append(value, decimals: decimals)
        return text.string
    }

    @Test(
        "ties, signed zeros, tiny negatives, huge and non-finite values read as printf writes them",
        arguments: [
            0.0078125, -0.0078125, 0.0000005, 2.5e-7, 0.5, 1.5, 2.5, -0.0, 0.0, -1e-9, 1e-7, 123.4565, 1e20,
            -1e300, .nan, .infinity, -.infinity, 4503599627.370496, 0x1p52, 999_999.999_999_5, 0.1, 0.3,
            1.0000005, 160.0, -221.5,
        ])
    func edgeCases(value: Double) {
        for decimals in [6, 9] { #expect(Self.ours(value, decimals) == Self.c(value, decimals), "\(value)") }
    }

    @Test("a million seeded values of every magnitude a trace holds, at 6 and 9 decimals, equal printf's")
    func seededValues() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        var mismatches: [String] = []
        for k in 0..<1_000_000 {
            let unit = Double(next() >> 11) * 0x1p-53
            let magnitude = [1e-9, 1e-4, 1, 100, 1e4, 1e7, 1e9][k % 7]
            // Some values on a grid of 1e-7 (near printf's rounding boundaries), some anywhere.
            let raw = (unit - 0.5) * magnitude
            let value = k % 3 == 0 ? (raw * 1e7).rounded() / 1e7 + 5e-7 : raw
            let decimals = k % 2 == 0 ? 6 : 9
            if Self.ours(value, decimals) != Self.c(value, decimals), mismatches.count < 5 {
                mismatches.append("\(value) at \(decimals)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    @Test("integers as %ld", arguments: [0, 7, -7, 1_234_567_890, Int.max, Int.min])
    func integers(value: Int) {
        var text = FixedPointText()
        text.append(integer: value)
        #expect(text.string == cFormat("%ld", value))
    }

    @Test(
        "eight significant digits as %.8g: trailing zeros dropped, exponents left to printf",
        arguments: [
            0.0, -0.0, 50, 221.5, 66.88723, -0.5, 0.01, 0.009999, 0.099999999, 9.99999999, 99_999_999.6,
            12_345_678.9, 1e-5, 0.1, 1e8, 123.45678901, -98_765.4321, 0.012345678,
        ])
    func significantDigits(value: Double) {
        var text = FixedPointText()
        text.append(significant8: value)
        #expect(text.string == cFormat("%.8g", value), "\(value)")
    }

    @Test("a hundred thousand seeded coordinates rounded to 5 decimals, as the text trace writes them, equal %.8g")
    func seededCoordinates() {
        var state: UInt64 = 42
        var mismatches: [String] = []
        for k in 0..<100_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let unit = Double(state >> 11) * 0x1p-53
            let magnitude = [0.05, 1, 100, 1e4, 1e6, 1e7][k % 6]
            let value = ((unit - 0.5) * magnitude * 1e5).rounded() / 1e5
            var text = FixedPointText()
            text.append(significant8: value)
            if text.string != cFormat("%.8g", value), mismatches.count < 5 { mismatches.append("\(value)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }
}
