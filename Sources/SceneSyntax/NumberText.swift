/// A number as a user would write it: `60`, not `60.0`; `0.5`; `nan`, `inf`, `-inf`.
package func format(_ value: Double) -> String {
    if value.isNaN { return "nan" }
    if value.isInfinite { return value < 0 ? "-inf" : "inf" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
}
