// An ordered JSON value: what the schema generator reads (the committed schema, through
// `JSONReader`, so member order and number spellings survive) and writes.
//
// The printed form is the committed file's: two-space indent, `"key": value`, one array element
// per line, `[]` and `{}` when empty, UTF-8 unescaped (only `"`, `\` and control characters are
// escaped), a final newline. Numbers keep the text they were read with, so a fragment the
// generator does not own comes back byte for byte.

package indirect enum JSONValue: Equatable {
    case null
    case bool(Bool)
    /// The number's text as written.
    case numberText(String)
    case string(String)
    case array([JSONValue])
    case object([Member])

    package struct Member: Equatable {
        package var key: String
        package var value: JSONValue
    }

    package static func int(_ value: Int) -> JSONValue { .numberText(String(value)) }
    /// `2`, not `2.0`; `0.5`.
    package static func number(_ value: Double) -> JSONValue { .numberText(format(value)) }
    package static func pair(_ a: Double, _ b: Double) -> JSONValue { .array([.number(a), .number(b)]) }
    package static func object(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(members.map { Member(key: $0.0, value: $0.1) })
    }

    /// The value of a member, for an object.
    /// A member by name, or in an array the element whose index the key spells (`anyOf/1`).
    package subscript(key: String) -> JSONValue? {
        if case .array(let elements) = self, let i = Int(key) {
            return elements.indices.contains(i) ? elements[i] : nil
        }
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The value at `path` (member names from here), or nil.
    package func value(at path: [String]) -> JSONValue? {
        path.reduce(Optional(self)) { $0?[$1] }
    }

    /// A copy with the value at `path` replaced (or appended as the last member of its parent).
    package func replacing(at path: [String], with new: JSONValue) -> JSONValue {
        guard let first = path.first else { return new }
        if case .array(var elements) = self, let i = Int(first), elements.indices.contains(i) {
            elements[i] = elements[i].replacing(at: Array(path.dropFirst()), with: new)
            return .array(elements)
        }
        guard case .object(var members) = self else { return self }
        if let i = members.firstIndex(where: { $0.key == first }) {
            members[i].value = members[i].value.replacing(at: Array(path.dropFirst()), with: new)
        } else {
            members.append(
                Member(
                    key: first, value: JSONValue.object([Member]()).replacing(at: Array(path.dropFirst()), with: new)))
        }
        return .object(members)
    }

    /// The value a located tree holds (from `JSONReader`), in its order and spelling.
    package init(_ node: SourceNode) {
        switch node.value {
        case .sequence(let nodes): self = .array(nodes.map(JSONValue.init))
        case .mapping(let entries): self = .object(entries.map { Member(key: $0.key, value: JSONValue($0.value)) })
        case .scalar:
            switch node.scalarMeaning {
            case .null?, nil: self = .null
            case .bool(let b)?: self = .bool(b)
            case .number(_, let text)?: self = .numberText(text)
            case .string(let s)?: self = .string(s)
            }
        }
    }

    /// The printed document, with a final newline.
    package var printed: String {
        var out = ""
        write(to: &out, indent: "")
        return out + "\n"
    }

    private func write(to out: inout String, indent: String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .numberText(let t): out += t
        case .string(let s): Self.writeString(s, to: &out)
        case .array(let values):
            if values.isEmpty {
                out += "[]"
                return
            }
            out += "[\n"
            for (i, v) in values.enumerated() {
                out += indent + "  "
                v.write(to: &out, indent: indent + "  ")
                out += i == values.count - 1 ? "\n" : ",\n"
            }
            out += indent + "]"
        case .object(let members):
            if members.isEmpty {
                out += "{}"
                return
            }
            out += "{\n"
            for (i, m) in members.enumerated() {
                out += indent + "  "
                Self.writeString(m.key, to: &out)
                out += ": "
                m.value.write(to: &out, indent: indent + "  ")
                out += i == members.count - 1 ? "\n" : ",\n"
            }
            out += indent + "}"
        }
    }

    /// `s` as a JSON string literal (quotes, escapes), appended to `out`.
    package static func writeString(_ s: String, to out: inout String) {
        out += "\""
        for c in s.unicodeScalars {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if c.value < 0x20 {
                    let hex = String(c.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(c)
                }
            }
        }
        out += "\""
    }
}
