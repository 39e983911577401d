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
                while i < text.count, text[i] != UInt8(ascii: "}") {
                    let label = word(until: [UInt8(ascii: ":")])
                    i += 1
                    value(path: path.isEmpty ? label : path + "." + label, into: &out)
                    if i < text.count, text[i] == UInt8(ascii: ",") { i += 1 }
                }
                i += 1
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
