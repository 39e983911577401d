/// SplitMix64 (Steele, Lea, Flood 2014; the generator of the benchmark workload): a tiny seeded
/// generator so that "random" test shapes are the same on every run and platform.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1), 53 bits.
    mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// Uniform in [lo, hi).
    mutating func uniform(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * unit() }
}
