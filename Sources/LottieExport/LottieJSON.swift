import SceneSyntax

/// A JSON value that keeps its keys in the order they were written. Lottie players read some keys
/// before others (a shape's `ty` decides how the rest is parsed), and a fixed order with fixed
/// number spellings makes the export byte-identical from run to run.
public indirect enum LottieJSON: Equatable, Sendable {
    case number(Double)
    /// A number to 7 decimals: an easing handle, whose error is multiplied by the whole change.
    case fine(Double)
    case integer(Int)
    case string(String)
    case bool(Bool)
    case array([LottieJSON])
    case object([(String, LottieJSON)])
    /// A scalar copied as written: a number (or null) of a Lottie file the export embeds.
    case verbatim(String)

    public static func == (lhs: LottieJSON, rhs: LottieJSON) -> Bool { lhs.text == rhs.text }

    /// A JSON value read by `JSONReader`, in its order and with its numbers as written.
    init(_ value: JSONValue) {
        switch value {
        case .null: self = .verbatim("null")
        case .bool(let b): self = .bool(b)
        case .numberText(let text): self = .verbatim(text)
        case .string(let s): self = .string(s)
        case .array(let elements): self = .array(elements.map(LottieJSON.init))
        case .object(let members): self = .object(members.map { ($0.key, LottieJSON($0.value)) })
        }
    }

    /// A list of numbers.
    static func numbers(_ values: [Double]) -> LottieJSON { .array(values.map { .number($0) }) }

    /// The value under `key` of an object; nil for other values and missing keys.
    public subscript(key: String) -> LottieJSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// Compact JSON text.
    public var text: String {
        var out = ""
        write(into: &out)
        return out
    }

    func write(into out: inout String) {
        switch self {
        case .number(let v): out += Self.spell(v, decimals: 4)
        case .fine(let v): out += Self.spell(v, decimals: 7)
        case .integer(let v): out += String(v)
        case .string(let s): Self.quote(s, into: &out)
        case .bool(let b): out += b ? "true" : "false"
        case .verbatim(let text): out += text
        case .array(let items):
            out += "["
            for (k, item) in items.enumerated() {
                if k > 0 { out += "," }
                item.write(into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (k, (key, value)) in members.enumerated() {
                if k > 0 { out += "," }
                Self.quote(key, into: &out)
                out += ":"
                value.write(into: &out)
            }
            out += "}"
        }
    }

    /// A number to `decimals` places without trailing zeros (1/10,000 of a point, a degree or a
    /// percent is far below what a frame shows), −0 as 0; non-finite values as 0 (the exporter
    /// never writes one: the simulation drops non-finite geometry before it is drawn).
    static func spell(_ v: Double, decimals: Int) -> String {
        guard v.isFinite else { return "0" }
        var unit: UInt64 = 1
        for _ in 0..<decimals { unit *= 10 }
        let scaled = (v * Double(unit)).rounded()
        if scaled == 0 { return "0" }
        if abs(scaled) < 1e15 {
            let whole = Int64(scaled)
            let sign = whole < 0 ? "-" : ""
            let magnitude = whole.magnitude
            let integer = magnitude / unit
            var fraction = magnitude % unit
            guard fraction != 0 else { return sign + String(integer) }
            var digits = decimals
            while fraction % 10 == 0 {
                fraction /= 10
                digits -= 1
            }
            let text = String(fraction)
            return sign + String(integer) + "." + String(repeating: "0", count: digits - text.count) + text
        }
        return String(v)
    }

    static func quote(_ s: String, into out: inout String) { JSONValue.writeString(s, to: &out) }
}
