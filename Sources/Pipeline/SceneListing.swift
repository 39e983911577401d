import SceneModel

/// The resolved scene as lines a person reads and a diff compares: one `path = value` line per
/// value of the scene hash's canonical text (`SceneHash`), after defaults, components and
/// controls: `items[2].animations[0].spring.dampingRatio = 0.8`. Goldens keep it (`scene.txt`), so
/// a check can say what changed in the scene beside what changed in the motion.
///
/// Paths name the scene model's fields, which are the file's keys where the two agree; numbers
/// are the shortest decimal that reads back as the same Double.
public enum SceneListing {
    public static func lines(_ scene: Scene) -> [String] {
        var text = ""
        CanonicalEncoding.append(scene, to: &text)
        var reader = Reader(text: Array(text.utf8))
        var out: [String] = []
        reader.value(path: "", into: &out)
        return out
    }

    /// A recursive-descent reader of the canonical text's grammar: `{label:value,…}`, `[…]`,
    /// `set[…]`, `map[…]`, quoted strings, `d`/`f` + IEEE bits in hex, `case` and
    /// `case(payload)`; anything else up to a delimiter is a word.
    struct Reader {
        let text: [UInt8]
        var i = 0

        mutating func value(path: String, into out: inout [String]) {
            guard i < text.count else { return }
            switch text[i] {
            case UInt8(ascii: "{"):
                i += 1
                var fields: [String] = []
                let start = i
                while i < text.count, text[i] != UInt8(ascii: "}") {
                    let label = word(until: [UInt8(ascii: ":")])
                    fields.append(label)
                    i += 1
                    value(path: path.isEmpty ? label : path + "." + label, into: &out)
                    if i < text.count, text[i] == UInt8(ascii: ",") { i += 1 }
                }
                i += 1
                // A colour (fields a, b, g, r of fractions) is one line, as a scene writes it.
                let body = String(decoding: text[start..<(i - 1)], as: UTF8.self)
                if fields == ["a", "b", "g", "r"], let hex = Self.colour(body) {
                    out.removeLast(4)
                    out.append(path + " = " + hex)
                }
            case UInt8(ascii: "["):
                list(path: path, into: &out)
            case UInt8(ascii: "\""):
                out.append(path + " = " + quoted())
            default:
                let atom = word(until: Array(",]})(".utf8))
                if atom == "set" || atom == "map", i < text.count, text[i] == UInt8(ascii: "[") {
                    list(path: path, into: &out)
                } else if i < text.count, text[i] == UInt8(ascii: "(") {
                    i += 1
                    value(path: path + "." + atom, into: &out)
                    i += 1
                } else {
                    out.append(path + " = " + Self.number(atom))
                }
            }
        }

        mutating func list(path: String, into out: inout [String]) {
            i += 1
            var k = 0
            if i < text.count, text[i] == UInt8(ascii: "]") { out.append(path + " = []") }
            while i < text.count, text[i] != UInt8(ascii: "]") {
                value(path: path + "[\(k)]", into: &out)
                k += 1
                if i < text.count, text[i] == UInt8(ascii: ",") { i += 1 }
            }
            i += 1
        }

        mutating func word(until stops: [UInt8]) -> String {
            let start = i
            while i < text.count, !stops.contains(text[i]) { i += 1 }
            return String(decoding: text[start..<i], as: UTF8.self)
        }

        /// A quoted string as written, escapes kept.
        mutating func quoted() -> String {
            let start = i
            i += 1
            while i < text.count, text[i] != UInt8(ascii: "\"") { i += text[i] == UInt8(ascii: "\\") ? 2 : 1 }
            i += 1
            return String(decoding: text[start..<min(i, text.count)], as: UTF8.self)
        }

        /// `a:…,b:…,g:…,r:…` with every channel a Double in 0…1 (`d` + its bits) or every channel
        /// an integer in 0…255 → `#RRGGBBAA` (fractions rounded to 8 bits, as frames show them);
        /// nil for anything else.
        static func colour(_ fields: String) -> String? {
            var levels: [String: Int] = [:]
            var fractions = 0
            for field in fields.split(separator: ",") {
                let parts = field.split(separator: ":", maxSplits: 1)
                guard parts.count == 2 else { return nil }
                if parts[1].first == "d", let bits = UInt64(parts[1].dropFirst(), radix: 16) {
                    let value = Double(bitPattern: bits)
                    guard value >= 0, value <= 1 else { return nil }
                    levels[String(parts[0])] = Int((value * 255).rounded())
                    fractions += 1
                } else if let level = Int(parts[1]), (0...255).contains(level) {
                    levels[String(parts[0])] = level
                } else {
                    return nil
                }
            }
            guard fractions == 0 || fractions == 4 else { return nil }
            let digits = Array("0123456789ABCDEF")
            let hex = ["r", "g", "b", "a"].compactMap { levels[$0] }.map { String([digits[$0 >> 4], digits[$0 & 15]]) }
            return hex.count == 4 ? "#" + hex.joined() : nil
        }

        /// `d3ff0000000000000` → `1`, `f3f800000` → `1`; other words as they are.
        static func number(_ atom: String) -> String {
            guard let kind = atom.first, kind == "d" || kind == "f", atom.count > 1,
                let bits = UInt64(atom.dropFirst(), radix: 16)
            else { return atom }
            let value =
                kind == "d" ? Double(bitPattern: bits) : Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits)))
            if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
            return "\(value)"
        }
    }
}
