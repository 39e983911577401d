import Yams

// The located tree: what a scene file says, before any meaning is given to it.
//
// Rules of this file:
// - YAML and JSON both become a `SourceNode`; the decoder sees no difference between them.
// - Every node keeps its position (1-based line and column, columns counted in Unicode scalars as
//   libyaml counts them), so every error a file can cause points at a place in that file.
// - Scalars keep their source text. Meaning (number, bool, null, string) is assigned here by one
//   small core schema, not by Yams' YAML 1.1 resolver, so `yes`, `on` and `0x10` are strings
//   (YAML 1.2 core and JSON agree; YAML 1.1 would make `no` a boolean) and error messages can echo
//   exactly what the user wrote.

/// A position in a scene file: 1-based line and column (column counted in Unicode scalars).
package struct SourceMark: Equatable, Sendable {
    package var line: Int
    package var column: Int
    /// Held by reference: every node of one component instance (or of one component's text)
    /// shares one, so a mark (copied with every node the decoder reads) stays two numbers and a
    /// pointer.
    private var shared: SharedOrigin?

    /// Set on text copied from a component into an instance: which component, instance and file.
    /// On a component's own text, which every instance shares (`isTemplate`), the instance is
    /// left empty: it is the nearest enclosing instance of that component (`instances(along:)`).
    package var origin: ComponentOrigin? {
        get { shared?.value }
        set { shared = newValue.map { SharedOrigin($0) } }
    }

    package var hasOrigin: Bool { shared?.hasValue ?? false }

    /// Whether copying this text into an instance gives it the instance's origin: it has none
    /// yet, or it is a component's own text.
    package var takesInstanceOrigin: Bool { shared.map { !$0.hasValue || $0.isTemplate } ?? true }

    /// Whether this is a component's own text, shared by all its instances: its origin names the
    /// component and file, and the instance is found from where the text sits in the tree.
    package var isTemplate: Bool { shared?.isTemplate ?? false }

    /// Set on an instance's top node: the instance, for the component's text below it.
    package var instance: ComponentOrigin? { shared?.instance }

    /// On an instance's top node, the instance's full id: the prefix of every id in the
    /// component's own text below it (`SourceNode.Entry.prefixID`).
    package var instanceID: String? { shared?.instance?.instance }

    package init(line: Int, column: Int, origin: ComponentOrigin? = nil) {
        (self.line, self.column, self.shared) = (line, column, origin.map { SharedOrigin($0) })
    }

    /// Sets the origin to one other marks share (a component instance's, or a component's own).
    package mutating func share(_ origin: SharedOrigin) { shared = origin }

    /// Marks this node as the top of `instance`, keeping its own origin.
    package mutating func anchor(_ instance: ComponentOrigin) {
        shared = SharedOrigin(shared?.value, isTemplate: shared?.isTemplate ?? false, instance: instance)
    }

    package static func == (a: SourceMark, b: SourceMark) -> Bool {
        a.line == b.line && a.column == b.column && a.origin == b.origin
    }

    /// Names this place in a component's own text, when the node is that text itself rather
    /// than an instance's top (which carries the instance's keys): every instance of the
    /// component reaches the node under the same name.
    package var templatePlace: TemplatePlace? {
        guard isSharedComponentText, let shared else { return nil }
        return TemplatePlace(origin: ObjectIdentifier(shared), line: line, column: column)
    }

    /// A node of a component's own text that its instances share as written, not an instance's
    /// top: an item there goes by its innermost instance's id and a dot before its written id
    /// (`SourceNode.Entry.prefixID`), which the decoder adds.
    package var isSharedComponentText: Bool { shared.map { $0.isTemplate && !$0.isInstanceTop } ?? false }
}

/// A node of a component's own text: the component's shared origin and the node's position.
package struct TemplatePlace: Hashable {
    let origin: ObjectIdentifier
    package let line: Int
    package let column: Int
}

/// One origin for all the marks of a component instance, or of a component's own text.
package final class SharedOrigin: Sendable {
    package let value: ComponentOrigin?
    /// `value` is a component's own text, without an instance (`SourceMark.isTemplate`).
    package let isTemplate: Bool
    /// Set on an instance's top node (`SourceMark.instance`).
    package let instance: ComponentOrigin?
    /// `instance != nil`, asked for every item decoded, where reading `instance` copied it.
    let isInstanceTop: Bool
    /// `value != nil`, asked for every node an instance copies, where reading `value` copied it.
    let hasValue: Bool

    package init(_ value: ComponentOrigin?, isTemplate: Bool = false, instance: ComponentOrigin? = nil) {
        (self.value, self.isTemplate, self.instance) = (value, isTemplate, instance)
        isInstanceTop = instance != nil
        hasValue = value != nil
    }

    /// The text of component `component` in `file`, shared by every instance of it.
    package static func template(file: String, component: String) -> SharedOrigin {
        SharedOrigin(
            ComponentOrigin(file: file, component: component, instance: "", instanceFile: file, instanceLine: nil),
            isTemplate: true)
    }
}

/// One node of a parsed scene file, with its position.
package struct SourceNode: Sendable {
    package enum Value: Sendable {
        /// Source text; `isString` when the text was quoted (or tagged `!!str`), so it is a string
        /// whatever it looks like: `"60"` is the string "60", `60` is a number.
        case scalar(String, isString: Bool)
        case sequence([SourceNode])
        case mapping([Entry])
    }

    package struct Entry: Sendable {
        package var key: String
        package var keyMark: SourceMark?
        package var value: SourceNode

        package init(key: String, keyMark: SourceMark?, value: SourceNode) {
            (self.key, self.keyMark, self.value) = (key, keyMark, value)
        }
    }

    package var value: Value
    package var mark: SourceMark?

    package init(value: Value, mark: SourceMark?) {
        (self.value, self.mark) = (value, mark)
    }
}

extension SourceNode.Entry {
    /// An item's entries with its `id:` string prefixed by `prefix` and a dot (`r3.avatar`): the id
    /// an item inside a component instance goes by. An id that is not a string is left as written,
    /// for the decoder to refuse.
    ///
    /// Who adds the prefix: the expander, to text an instance has its own copy of (an instance's
    /// added children, a component with placeholders); the decoder, to a component's own text,
    /// which every instance shares as written (`SourceMark.templatePlace`), with the innermost
    /// instance's id (`SourceMark.instanceID`).
    package static func prefixID(in entries: inout [Self], with prefix: String) {
        guard let i = entries.firstIndex(where: { $0.key == "id" }),
            case .string(let id)? = entries[i].value.scalarMeaning
        else { return }
        entries[i].value.value = .scalar(prefix + "." + id, isString: true)
    }

    /// Whether two entries hold the very same text: the same key, and the same scalar or a list or
    /// mapping in the same storage (one entry of a component's text, shared by its instances).
    /// Positions are not compared. False for equal text held apart: an identity test, not an
    /// equality one. Through pointers: a copy of each entry (its marks) cost more than the test.
    package static func holdSameText(_ a: UnsafePointer<Self>, _ b: UnsafePointer<Self>) -> Bool {
        guard a.pointee.key == b.pointee.key else { return false }
        switch a.pointee.value.value {
        case .scalar(let x, let xIsString):
            guard case .scalar(let y, let yIsString) = b.pointee.value.value else { return false }
            return xIsString == yIsString && x == y
        case .sequence(let x):
            guard case .sequence(let y) = b.pointee.value.value else { return false }
            return sameStorage(x, y)
        case .mapping(let x):
            guard case .mapping(let y) = b.pointee.value.value else { return false }
            return sameStorage(x, y)
        }
    }

    private static func sameStorage<T>(_ x: [T], _ y: [T]) -> Bool {
        x.count == y.count
            && x.withUnsafeBufferPointer { px in y.withUnsafeBufferPointer { px.baseAddress == $0.baseAddress } }
    }
}

/// What a scalar means under the scene format's core schema (YAML 1.2 core, decimal only).
package enum ScalarMeaning: Equatable {
    case null
    case bool(Bool)
    /// A decimal number as written; `value` may be infinite or NaN (`.inf`, `.nan`, `1e999`), which
    /// the decoder rejects with the source text in the message.
    case number(Double, text: String)
    case string(String)
}

extension SourceNode {
    /// The scalar's meaning, or nil for a list or mapping.
    package var scalarMeaning: ScalarMeaning? {
        guard case .scalar(let text, let isString) = value else { return nil }
        if isString { return .string(text) }
        return ScalarMeaning.plain(text)
    }

    /// A short phrase naming what this node is, for "expected …, found <this>" messages.
    /// Always one line: strings are quoted, escaped and truncated.
    package var foundDescription: String {
        switch value {
        case .sequence(let nodes):
            return nodes.isEmpty ? "an empty list" : "a list"
        case .mapping(let entries):
            return entries.isEmpty ? "an empty mapping" : "a mapping"
        case .scalar:
            switch scalarMeaning {
            case .null?: return "null"
            case .bool(let b)?: return b ? "true" : "false"
            case .number(_, let text)?: return "number \(text)"
            case .string(let s)?: return "string \(quoted(s))"
            case nil: return "nothing"
            }
        }
    }
}

extension ScalarMeaning {
    /// Classifies a plain (unquoted) scalar.
    ///
    /// null: empty, `~`, `null`/`Null`/`NULL`. bool: `true`/`false` in those three casings only.
    /// number: `[-+]?(digits[.digits]|.digits)([eE][-+]?digits)?`, plus the non-finite spellings
    /// `.inf`, `inf`, `infinity`, `.nan`, `nan` in any case and with an optional sign, so that
    /// `NaN` reports "expected a finite number" rather than "found string 'NaN'".
    /// Everything else is a string. Hex, octal, `_` separators and sexagesimal are not numbers.
    package static func plain(_ text: String) -> ScalarMeaning {
        // Only an empty scalar or one starting with ~, n, t or f (any case) can be null or a
        // bool: numbers, most of a scene, skip the nine comparisons.
        switch text.utf8.first ?? UInt8(ascii: "~") {
        case UInt8(ascii: "~"), UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"), UInt8(ascii: "T"),
            UInt8(ascii: "f"), UInt8(ascii: "F"):
            switch text {
            case "", "~", "null", "Null", "NULL": return .null
            case "true", "True", "TRUE": return .bool(true)
            case "false", "False", "FALSE": return .bool(false)
            default: break
            }
        default: break
        }
        if let value = decimalValue(text) { return .number(value, text: text) }
        return .string(text)
    }

    /// The value of a decimal literal, or nil if `text` is not one. Written by hand because
    /// `Double(String)` also accepts hex floats ("0x1p3") and is not a grammar a user can read.
    package static func decimalValue(_ text: String) -> Double? {
        if let value = shortDecimalValue(text) { return value }
        // Ids, colours and words, most of a scene's other scalars, are told by their first byte
        // after the sign: only a digit, a point or the start of inf or nan can begin a number.
        var utf8 = text.utf8[...]
        if let sign = utf8.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { utf8 = utf8.dropFirst() }
        switch utf8.first ?? 0 {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "i"), UInt8(ascii: "I"),
            UInt8(ascii: "n"), UInt8(ascii: "N"):
            break
        default:
            return nil
        }
        var scalars = Substring(text).unicodeScalars[...]
        var sign = 1.0
        if let first = scalars.first, first == "+" || first == "-" {
            if first == "-" { sign = -1 }
            scalars = scalars.dropFirst()
        }
        var body = String(String.UnicodeScalarView(scalars)).lowercased()
        if body.hasPrefix(".") && !(body.dropFirst().first?.isASCIIDigit ?? false) { body.removeFirst() }
        switch body {
        case "inf", "infinity": return sign * .infinity
        case "nan": return .nan
        default: break
        }
        guard isDecimalLiteral(body) else { return nil }
        // The grammar above is a subset of what Double(String) accepts, so this cannot fail; a
        // literal too large for a Double becomes ±infinity, which the decoder reports as such.
        guard let magnitude = Double(body) else { return nil }
        return sign * magnitude
    }

    /// The literal most scenes are made of — a sign, at most 15 digits and one point, no exponent
    /// — read without building strings: its digits as an integer (below 2^53, so exact) divided
    /// by a power of ten (at most 10^15, exact) is rounded once, to the nearest Double, as the
    /// full reader's `Double(String)` rounds it (Clinger's fast path). Anything else: nil.
    static func shortDecimalValue(_ text: String) -> Double? {
        // The bytes in place where the string has them (a native string always does): iterating
        // the UTF-8 view cost some 70 instructions a number more.
        text.utf8.withContiguousStorageIfAvailable { shortDecimalValue(bytes: $0) }
            ?? shortDecimalValue(bytes: text.utf8)
    }

    private static func shortDecimalValue(bytes: some Sequence<UInt8>) -> Double? {
        var digits: Int64 = 0
        var count = 0
        var fraction = -1
        var negative = false
        // A plain loop and comparisons: `enumerated()` and a range pattern here went through
        // generic code, some 200 instructions a number, and a scene is mostly numbers.
        var isFirst = true
        for byte in bytes {
            let digit = byte &- UInt8(ascii: "0")
            if digit < 10 {
                count += 1
                guard count <= 15 else { return nil }
                digits = digits * 10 + Int64(digit)
                if fraction >= 0 { fraction += 1 }
            } else if byte == UInt8(ascii: ".") {
                guard fraction < 0 else { return nil }
                fraction = 0
            } else if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") {
                guard isFirst else { return nil }
                negative = byte == UInt8(ascii: "-")
            } else {
                return nil
            }
            isFirst = false
        }
        guard count > 0 else { return nil }
        let magnitude = Double(digits) / powersOfTen[max(fraction, 0)]
        return negative ? -magnitude : magnitude
    }

    private static let powersOfTen: [Double] = (0...15).map { k in (0..<k).reduce(1.0) { p, _ in p * 10 } }

    /// `(digits[.digits*]|.digits)([eE][-+]?digits)?`, with no sign (stripped by the caller).
    private static func isDecimalLiteral(_ s: String) -> Bool {
        let chars = Array(s.utf8)
        var i = 0
        func digits() -> Int {
            let start = i
            while i < chars.count, chars[i] >= 48, chars[i] <= 57 { i += 1 }
            return i - start
        }
        let intDigits = digits()
        var fracDigits = 0
        if i < chars.count, chars[i] == UInt8(ascii: ".") {
            i += 1
            fracDigits = digits()
        }
        guard intDigits + fracDigits > 0 else { return false }
        if i < chars.count, chars[i] == UInt8(ascii: "e") {
            i += 1
            if i < chars.count, chars[i] == UInt8(ascii: "+") || chars[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { return false }
        }
        return i == chars.count
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

/// `'text'`, escaped and truncated so that it always fits on one line of an error message.
package func quoted(_ text: String, limit: Int = 40) -> String {
    var out = ""
    var count = 0
    for ch in text {
        if count == limit {
            out += "…"
            break
        }
        switch ch {
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case "'": out += "\\'"
        default: out.append(ch)
        }
        count += 1
    }
    return "'" + out + "'"
}

// MARK: - YAML

extension SourceNode {
    /// Converts a Yams node (from `Yams.compose`) into a located tree.
    ///
    /// Mapping keys must be scalars; a complex key (`? [a, b]: 1`) is reported here because
    /// the scene format has no use for one. `budget` counts down one per node converted: an
    /// alias is converted (copied) each time it is used, so a file of nested aliases ("billion
    /// laughs") would expand exponentially; past `limit` nodes it is an error naming the limit.
    package init(yaml node: Yams.Node, file: String, budget: inout Int, limit: Int) throws {
        func mark(_ m: Yams.Mark?) -> SourceMark? { m.map { SourceMark(line: $0.line, column: $0.column) } }
        budget -= 1
        if budget < 0 {
            let m = mark(node.mark)
            throw SceneError(
                file: file, line: m?.line, column: m?.column,
                message: "more than \(limit) values after expanding aliases; expected a scene, not an alias bomb",
                suggestion: "raise SceneLimits.maxNodes in Swift if the file is genuine", kind: .invalid)
        }
        switch node {
        case .scalar(let scalar):
            let isString = scalar.tag.description == Tag.Name.str.rawValue || scalar.style != .plain
            self.init(value: .scalar(scalar.string, isString: isString), mark: mark(scalar.mark))
        case .sequence(let sequence):
            var nodes: [SourceNode] = []
            for child in sequence {
                nodes.append(try SourceNode(yaml: child, file: file, budget: &budget, limit: limit))
            }
            self.init(value: .sequence(nodes), mark: mark(sequence.mark))
        case .mapping(let mapping):
            var entries: [Entry] = []
            for (key, value) in mapping {
                guard case .scalar(let keyScalar) = key else {
                    let m = mark(key.mark)
                    throw SceneError(
                        file: file, line: m?.line, column: m?.column,
                        message: "expected a plain key like 'size:', found a complex key",
                        kind: .invalid)
                }
                entries.append(
                    Entry(
                        key: keyScalar.string, keyMark: mark(keyScalar.mark),
                        value: try SourceNode(yaml: value, file: file, budget: &budget, limit: limit)))
            }
            self.init(value: .mapping(entries), mark: mark(mapping.mark))
        }
    }
}
