// A strict JSON (RFC 8259) reader that produces the located tree.
//
// Why not JSONSerialization, or Yams (JSON is nearly a subset of YAML)?
// - JSONSerialization drops positions (its errors say "around character 9", and not on every
//   toolchain), loses key order and duplicate keys, and on this toolchain accepts trailing commas,
//   which another JSON tool would then reject.
// - libyaml implements YAML 1.1, which is not a superset of JSON: it rejects some valid JSON
//   (e.g. a surrogate-pair escape) and accepts non-JSON (single quotes, comments, bare words), so a
//   .json scene would silently stop being JSON.
// This reader is the whole grammar in one page, keeps line and column for every value, and
// names the problem in terms of JSON ("trailing comma before '}'").
//
// Rules: columns count Unicode scalars (as libyaml does, so YAML and JSON errors agree); a BOM is
// skipped; nesting deeper than `maxDepth` is rejected rather than risking the stack.

package struct JSONReader {
    /// Deeper nesting than any scene needs; guards the recursion.
    package static let maxDepth = 256

    private let text: [Unicode.Scalar]
    private let file: String
    private var index = 0
    /// `maxDepth` unless the caller's `SceneLimits` says otherwise.
    private var depthLimit = JSONReader.maxDepth
    private var line = 1
    private var column = 1

    /// Parses `text`; nil when it holds only whitespace (the caller reports an empty file).
    package static func parse(_ text: String, file: String, maxDepth: Int = JSONReader.maxDepth) throws -> SourceNode? {
        var reader = JSONReader(text: Array(text.unicodeScalars), file: file)
        reader.depthLimit = maxDepth
        if reader.peek == "\u{FEFF}" { reader.index += 1 }
        reader.skipWhitespace()
        guard reader.peek != nil else { return nil }
        let root = try reader.value(depth: 0)
        reader.skipWhitespace()
        if let extra = reader.peek {
            throw reader.error("unexpected \(describe(extra)) after the top-level value; expected the end of the file")
        }
        return root
    }

    private init(text: [Unicode.Scalar], file: String) {
        self.text = text
        self.file = file
    }

    private var peek: Unicode.Scalar? { index < text.count ? text[index] : nil }
    private var mark: SourceMark { SourceMark(line: line, column: column) }

    private mutating func advance() {
        guard let c = peek else { return }
        index += 1
        if c == "\n" || (c == "\r" && peek != "\n") {
            line += 1
            column = 1
        } else if c != "\r" {
            column += 1
        }
    }

    private mutating func skipWhitespace() {
        while let c = peek, c == " " || c == "\t" || c == "\n" || c == "\r" { advance() }
    }

    private func error(_ problem: String, at where: SourceMark? = nil) -> SceneError {
        let m = `where` ?? mark
        return SceneError(
            file: file, line: m.line, column: m.column,
            message: "invalid JSON: " + problem, kind: .syntax)
    }

    private static func describe(_ c: Unicode.Scalar) -> String {
        switch c {
        case "\n", "\r": return "line break"
        case "\t": return "tab"
        default:
            return c.value < 0x20
                ? "control character U+\(String(c.value, radix: 16, uppercase: true))" : "'\(Character(c))'"
        }
    }

    private mutating func value(depth: Int) throws -> SourceNode {
        guard depth < depthLimit else { throw error("nesting deeper than \(depthLimit) levels") }
        let start = mark
        guard let c = peek else { throw error("unexpected end of file; expected a value") }
        switch c {
        case "{": return try object(depth: depth)
        case "[": return try array(depth: depth)
        case "\"": return SourceNode(value: .scalar(try string(), isString: true), mark: start)
        case "-", "0"..."9": return SourceNode(value: .scalar(try number(), isString: false), mark: start)
        case "a"..."z", "A"..."Z", "_", ".", "+":
            let word = bareWord()
            if word == "true" || word == "false" || word == "null" {
                return SourceNode(value: .scalar(word, isString: false), mark: start)
            }
            if ["nan", "infinity", "inf", "+infinity", "+inf", ".nan", ".inf"].contains(word.lowercased()) {
                throw error("\(word) is not a JSON value; expected a finite number", at: start)
            }
            throw error("unexpected word \(quoted(word)); expected a value (strings need double quotes)", at: start)
        case "'":
            throw error("strings need double quotes, found '")
        default:
            throw error("unexpected \(Self.describe(c)); expected a value")
        }
    }

    private mutating func bareWord() -> String {
        var word = ""
        while let c = peek,
            c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "_" || c == "." || c == "+" || c == "-"
        {
            word.unicodeScalars.append(c)
            advance()
        }
        return word
    }

    private mutating func object(depth: Int) throws -> SourceNode {
        let start = mark
        advance()  // {
        var entries: [SourceNode.Entry] = []
        skipWhitespace()
        if peek == "}" {
            advance()
            return SourceNode(value: .mapping(entries), mark: start)
        }
        while true {
            skipWhitespace()
            let keyMark = mark
            switch peek {
            case "\""?: break
            case "}"? where !entries.isEmpty:
                throw error("trailing comma before '}'; JSON does not allow one")
            case nil:
                throw error("unexpected end of file; expected a key in double quotes")
            case let c?:
                throw error("expected a key in double quotes, found \(Self.describe(c))")
            }
            let key = try string()
            skipWhitespace()
            guard peek == ":" else {
                throw error(
                    peek.map { "expected ':' after the key, found \(Self.describe($0))" }
                        ?? "unexpected end of file; expected ':' after the key")
            }
            advance()
            skipWhitespace()
            let value = try value(depth: depth + 1)
            entries.append(.init(key: key, keyMark: keyMark, value: value))
            skipWhitespace()
            switch peek {
            case ","?: advance()
            case "}"?:
                advance()
                return SourceNode(value: .mapping(entries), mark: start)
            case nil:
                throw error(
                    "unexpected end of file; expected ',' or '}' (the object starts at line \(start.line), column \(start.column))"
                )
            case let c?:
                throw error("expected ',' or '}' after a value, found \(Self.describe(c))")
            }
        }
    }

    private mutating func array(depth: Int) throws -> SourceNode {
        let start = mark
        advance()  // [
        var nodes: [SourceNode] = []
        skipWhitespace()
        if peek == "]" {
            advance()
            return SourceNode(value: .sequence(nodes), mark: start)
        }
        while true {
            skipWhitespace()
            if peek == "]" { throw error("trailing comma before ']'; JSON does not allow one") }
            nodes.append(try value(depth: depth + 1))
            skipWhitespace()
            switch peek {
            case ","?: advance()
            case "]"?:
                advance()
                return SourceNode(value: .sequence(nodes), mark: start)
            case nil:
                throw error(
                    "unexpected end of file; expected ',' or ']' (the list starts at line \(start.line), column \(start.column))"
                )
            case let c?:
                throw error("expected ',' or ']' after a value, found \(Self.describe(c))")
            }
        }
    }

    /// A double-quoted string with JSON escapes; the cursor is on the opening quote.
    private mutating func string() throws -> String {
        let start = mark
        advance()  // "
        var out = String.UnicodeScalarView()
        while true {
            guard let c = peek else {
                throw error("unterminated string (it starts at line \(start.line), column \(start.column))")
            }
            if c == "\"" {
                advance()
                return String(out)
            }
            if c.value < 0x20 {
                throw error("\(Self.describe(c)) inside a string; write it as an escape such as \\n")
            }
            if c != "\\" {
                out.append(c)
                advance()
                continue
            }
            let escapeMark = mark
            advance()
            guard let e = peek else {
                throw error("unterminated string (it starts at line \(start.line), column \(start.column))")
            }
            advance()
            switch e {
            case "\"": out.append("\"")
            case "\\": out.append("\\")
            case "/": out.append("/")
            case "b": out.append("\u{08}")
            case "f": out.append("\u{0C}")
            case "n": out.append("\n")
            case "r": out.append("\r")
            case "t": out.append("\t")
            case "u":
                let high = try hex4(escapeMark)
                if (0xD800...0xDBFF).contains(high) {
                    guard peek == "\\" else {
                        throw error("unpaired surrogate escape \\u\(hexString(high))", at: escapeMark)
                    }
                    advance()
                    guard peek == "u" else {
                        throw error("unpaired surrogate escape \\u\(hexString(high))", at: escapeMark)
                    }
                    advance()
                    let low = try hex4(escapeMark)
                    guard (0xDC00...0xDFFF).contains(low) else {
                        throw error("unpaired surrogate escape \\u\(hexString(high))", at: escapeMark)
                    }
                    let combined = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                    // In range by construction: 0x10000...0x10FFFF.
                    guard let scalar = Unicode.Scalar(combined) else { throw error("invalid escape", at: escapeMark) }
                    out.append(scalar)
                } else {
                    guard let scalar = Unicode.Scalar(high) else {
                        throw error("unpaired surrogate escape \\u\(hexString(high))", at: escapeMark)
                    }
                    out.append(scalar)
                }
            default:
                throw error(
                    "invalid escape '\\\(Character(e))'; expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX",
                    at: escapeMark)
            }
        }
    }

    private func hexString(_ v: UInt32) -> String {
        let s = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - s.count)) + s
    }

    private mutating func hex4(_ escapeMark: SourceMark) throws -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard let c = peek, let d = Character(c).hexDigitValue, c.isASCII else {
                throw error("invalid \\u escape; expected 4 hex digits", at: escapeMark)
            }
            v = v * 16 + UInt32(d)
            advance()
        }
        return v
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, returned as written.
    private mutating func number() throws -> String {
        let start = mark
        var out = ""
        func take() {
            if let c = peek {
                out.unicodeScalars.append(c)
                advance()
            }
        }
        func digits() -> Int {
            var n = 0
            while let c = peek, ("0"..."9").contains(c) {
                take()
                n += 1
            }
            return n
        }
        if peek == "-" { take() }
        if peek == "0" {
            take()
            if let c = peek, ("0"..."9").contains(c) {
                throw error("numbers may not have leading zeros", at: start)
            }
        } else if digits() == 0 {
            let word = out + bareWord()
            if ["-infinity", "-inf"].contains(word.lowercased()) {
                throw error("\(word) is not a JSON value; expected a finite number", at: start)
            }
            throw error("expected digits after '-'", at: start)
        }
        if peek == "." {
            take()
            guard digits() > 0 else { throw error("expected digits after '.' in a number", at: start) }
        }
        if peek == "e" || peek == "E" {
            take()
            if peek == "+" || peek == "-" { take() }
            guard digits() > 0 else { throw error("expected digits in the exponent of a number", at: start) }
        }
        return out
    }
}
