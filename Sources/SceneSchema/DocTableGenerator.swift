import SceneModel
import SceneSyntax

// The key tables of docs/scene-format.md from the key declarations.
//
// A table lives between `<!-- keys:<name> -->` and `<!-- /keys:<name> -->`; the text between the
// markers is replaced, the prose around it is written by hand. One table per `SceneKeys.docTables`
// entry; a behaviour table has a first "kind" column and one block of rows per behaviour.

enum DocTableGenerator {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// `markdown` with every table regenerated. Throws when a marker is missing or unclosed.
    static func regenerate(_ markdown: String) throws -> String {
        var text = markdown
        for table in SceneKeys.docTables {
            try replace(
                in: &text, marker: "keys:\(table.marker)", with: render(table.specs, kindColumn: table.kindColumn))
        }
        for table in SceneKeys.callTables {
            try replace(
                in: &text, marker: "calls:\(table.marker)", with: renderCalls(table.calls, arguments: table.arguments))
        }
        return text
    }

    /// Replaces what lies between `<!-- marker -->` and `<!-- /marker -->` with `body`.
    private static func replace(in text: inout String, marker: String, with body: String) throws {
        let open = "<!-- \(marker) -->\n"
        let close = "<!-- /\(marker) -->"
        guard let start = text.range(of: open) else {
            throw Failure(description: "missing marker \(open.dropLast()) in docs/scene-format.md")
        }
        guard let end = text.range(of: close, range: start.upperBound..<text.endIndex) else {
            throw Failure(description: "marker \(open.dropLast()) is not closed by \(close)")
        }
        text.replaceSubrange(start.upperBound..<end.lowerBound, with: body)
    }

    /// One row per call: its name, its arguments (each "required", "default v" or "optional", from
    /// the argument's declaration), and what it is in Apple's API.
    static func renderCalls(_ calls: [CallDeclaration], arguments: AnySpec) -> String {
        var lines = ["| `call` | keys | Apple call |", "|---|---|---|"]
        for call in calls {
            let keys = call.takes.map { name -> String in
                let key = arguments.keys.first { $0.doc.name == name }
                var notes: [String] = []
                if call.needs.contains(where: { $0.key == name }) {
                    notes.append("required")
                } else if !call.oneArgument {
                    if let value = key?.defaultValue {
                        notes.append("default `\(inline(value))`")
                    } else {
                        notes.append("optional")
                    }
                }
                if let key, !rangeCell(key.doc).isEmpty { notes.append(rangeCell(key.doc)) }
                return "`\(name)`" + (notes.isEmpty ? "" : " (\(notes.joined(separator: ", ")))")
            }
            let cell =
                call.oneArgument ? keys.joined(separator: " or ") + " (one of them)" : keys.joined(separator: ", ")
            lines.append(
                "|" + ["`\(call.name)`", cell, call.apple].map { $0.isEmpty ? " " : " \($0) " }.joined(separator: "|")
                    + "|")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func render(_ specs: [AnySpec], kindColumn: Bool) -> String {
        var lines = [
            kindColumn
                ? "| kind | key | type | default | range | meaning |" : "| key | type | default | range | meaning |",
            kindColumn ? "|---|---|---|---|---|---|" : "|---|---|---|---|---|",
        ]
        for spec in specs {
            for (k, key) in spec.keys.enumerated() {
                var meaning = key.doc.doc
                var row = [
                    "`\(key.doc.name)`", typeCell(key.doc), defaultCell(key.doc, key.defaultValue), rangeCell(key.doc),
                ]
                if kindColumn {
                    if k == 0 { meaning = [spec.doc, meaning].filter { !$0.isEmpty }.joined(separator: " ") }
                    row.insert(k == 0 ? "`\(spec.name)`" : "", at: 0)
                }
                lines.append("|" + (row + [meaning]).map { $0.isEmpty ? " " : " \($0) " }.joined(separator: "|") + "|")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func typeCell(_ doc: KeyDoc) -> String {
        switch doc.type {
        case .number: "number"
        case .integer: "integer"
        case .boolean: "boolean"
        case .string, .word: "string"
        case .colour: "colour"
        case .pair(let a, let b): "`[\(a), \(b)]`"
        case .itemID: "item id"
        case .itemIDs: "item ids"
        case .other(let docType, _), .points(let docType, _): docType
        }
    }

    static func defaultCell(_ doc: KeyDoc, _ value: JSONValue?) -> String {
        if let text = doc.defaultDoc { return text }
        if doc.required != nil { return "**required**" }
        guard let value else { return "" }
        // A colour is quoted, as YAML needs it (an unquoted # starts a comment).
        if case .string(let hex) = value, hex.hasPrefix("#") { return "`\"\(hex)\"`" }
        return "`\(inline(value))`"
    }

    static func rangeCell(_ doc: KeyDoc) -> String {
        if let text = doc.rangeDoc { return text }
        if case .word(let words) = doc.type { return words.map { "`\($0)`" }.joined(separator: ", ") }
        return doc.range?.docText ?? ""
    }

    /// A value as YAML flow text: `[0, 1]`, `0.5`, `view`.
    static func inline(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .numberText(let t): t
        case .string(let s): s
        case .array(let values): "[" + values.map(inline).joined(separator: ", ") + "]"
        case .object(let members):
            "{ " + members.map { "\($0.key): \(inline($0.value))" }.joined(separator: ", ") + " }"
        }
    }
}
