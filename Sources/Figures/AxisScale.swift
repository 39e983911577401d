import Foundation

/// A linear axis with "nice" tick marks: steps of 1, 2 or 5 times a power of ten, so labels read
/// as round numbers (Heckbert, "Nice numbers for graph labels", Graphics Gems, 1990).
public struct AxisScale: Equatable, Sendable {
    public let lower: Double
    public let upper: Double
    public let step: Double

    /// An axis covering `minimum...maximum` with about `targetTicks` intervals, its ends on ticks.
    /// A flat range is widened to ±1 (or ±10 % of the value) so the line sits mid-panel.
    public init(covering minimum: Double, _ maximum: Double, targetTicks: Int = 5) {
        var lo = minimum
        var hi = maximum
        if !(hi - lo > 1e-9 * max(abs(lo), abs(hi), 1)) {
            let pad = lo == 0 ? 1 : abs(lo) * 0.1
            lo -= pad
            hi += pad
        }
        let step = AxisScale.niceStep((hi - lo) / Double(max(targetTicks, 1)))
        self.step = step
        lower = (lo / step).rounded(.down) * step
        upper = (hi / step).rounded(.up) * step
    }

    /// An axis with fixed ends (a requested time range) and nice ticks inside it.
    public init(fixed lower: Double, _ upper: Double, targetTicks: Int = 6) {
        precondition(upper > lower, "axis range must not be empty: \(lower)...\(upper)")
        self.lower = lower
        self.upper = upper
        step = AxisScale.niceStep((upper - lower) / Double(max(targetTicks, 1)))
    }

    /// 1, 2 or 5 × 10^k nearest above `raw` (in log terms).
    static func niceStep(_ raw: Double) -> Double {
        let magnitude = pow(10, (log10(raw)).rounded(.down))
        let normalized = raw / magnitude
        let nice: Double = normalized <= 1 ? 1 : normalized <= 2 ? 2 : normalized <= 5 ? 5 : 10
        return nice * magnitude
    }

    /// Tick values from the first multiple of `step` at or above `lower` to `upper`.
    public var ticks: [Double] {
        let first = (lower / step - 1e-9).rounded(.up)
        let last = (upper / step + 1e-9).rounded(.down)
        guard first <= last else { return [] }
        return stride(from: first, through: last, by: 1).map { $0 * step }
    }

    /// Decimal places that show every tick exactly.
    public var decimals: Int { max(0, -Int((log10(step) + 1e-9).rounded(.down))) }

    public func label(_ value: Double) -> String { Theme.format(value, decimals: decimals) }
}
