import SceneModel
import SceneSyntax

// scenes/schema.json from the key declarations.
//
// The generator owns the objects that have a declaration (`SceneKeys.specs`) and rewrites them in
// the committed schema; everything else in the file (the top level, timing, shapes, components)
// is still written by hand and comes back byte for byte. As objects migrate, the hand-written
// part shrinks. A key declared with a hand-written schema (`.other(schemaRef: nil)`)
// keeps the committed fragment at its place.

enum SchemaGenerator {
    /// The committed schema with every declared object regenerated.
    static func regenerate(_ schema: JSONValue) -> JSONValue {
        SceneKeys.specs.reduce(schema) { schema, spec in
            schema.replacing(at: spec.schemaPath, with: objectSchema(spec, existing: schema.value(at: spec.schemaPath)))
        }.replacing(at: componentItemKeysPath, with: componentItemKeys)
    }

    /// Where the schema lists the keys a component's item may have.
    static let componentItemKeysPath = ["$defs", "componentItem", "propertyNames", "enum"]

    /// A component's item takes every item key but `id` (the instance gives it), and `use` and
    /// `arguments` for an item that is itself an instance: derived from the item declaration,
    /// as the loader expands it, so the two cannot drift (a hand-kept list once lacked `text`,
    /// `shape`, `icon` and `image`, which the loader accepts).
    static var componentItemKeys: JSONValue {
        .array((ItemKeys.spec.keys.map(\.doc.name).filter { $0 != "id" } + ["use", "arguments"]).map(JSONValue.string))
    }

    static func objectSchema(_ spec: AnySpec, existing: JSONValue?) -> JSONValue {
        if let forms = spec.forms { return formsSchema(spec, forms, existing: existing) }
        let required = spec.keys.filter { $0.doc.required != nil }.map { JSONValue.string($0.doc.name) }
        var members: [(String, JSONValue)] = [("type", .string("object")), ("additionalProperties", .bool(false))]
        if !required.isEmpty { members.append(("required", .array(required))) }
        members.append(("description", .string(plain(spec.doc))))
        members.append(
            (
                "properties",
                .object(
                    spec.keys.map { key in
                        (
                            key.doc.name,
                            property(
                                key.doc, default: key.defaultValue,
                                existing: existing?.value(at: ["properties", key.doc.name]))
                        )
                    })
            ))
        return merged(members, into: existing)
    }

    /// An object of exclusive forms: one closed object schema per form, in a `oneOf`.
    static func formsSchema(_ spec: AnySpec, _ forms: [SpecForm], existing: JSONValue?) -> JSONValue {
        let alternatives = forms.map { form -> JSONValue in
            // A key the form needs is required there: no default is said or written for it.
            let keys = spec.keys.filter { form.keys.contains($0.doc.name) }.map { key in
                var doc = key.doc
                if form.required.contains(doc.name) { doc.required = doc.required ?? "" }
                return (doc: doc, defaultValue: key.defaultValue)
            }
            return .object([
                ("type", .string("object")), ("additionalProperties", .bool(false)),
                ("required", .array(form.required.map(JSONValue.string))),
                (
                    "properties",
                    .object(keys.map { ($0.doc.name, property($0.doc, default: $0.defaultValue, existing: nil)) })
                ),
            ])
        }
        return merged(
            [("description", .string(plain(spec.doc))), ("oneOf", .array(alternatives))], into: existing,
            owned: ["oneOf"])
    }

    /// `generated` members in the committed object's member order (a member the generator owns
    /// but no longer writes goes away); members the generator does not write (conditions between
    /// keys, `$defs`) stay as committed; new members come last.
    static func merged(_ generated: [(String, JSONValue)], into existing: JSONValue?, owned extra: Set<String> = [])
        -> JSONValue
    {
        let owned = extra.union(["type", "additionalProperties", "required", "description", "properties"])
        guard case .object(let old)? = existing else { return .object(generated) }
        var result: [(String, JSONValue)] = []
        for m in old {
            if let new = generated.first(where: { $0.0 == m.key }) {
                result.append(new)
            } else if !owned.contains(m.key) {
                result.append((m.key, m.value))
            }
        }
        for new in generated where !result.contains(where: { $0.0 == new.0 }) { result.append(new) }
        return .object(result)
    }

    static func property(_ doc: KeyDoc, default value: JSONValue?, existing: JSONValue?) -> JSONValue {
        let description = describe(doc, default: value)
        var tail: [(String, JSONValue)] = []
        if doc.required == nil, let value { tail.append(("default", value)) }
        if !description.isEmpty { tail.append(("description", .string(description))) }
        if let example = doc.example { tail.append(("examples", .array([example]))) }
        switch doc.type {
        case .number, .integer:
            let type: JSONValue = .string(doc.type.isInteger ? "integer" : "number")
            let inner = JSONValue.object(
                [("type", type)] + (doc.range?.schemaBounds ?? []) + doc.schemaBounds + tail)
            guard doc.acceptsControl else { return inner }
            return .object([("anyOf", .array([inner, .object([("$ref", .string("#/$defs/controlReference"))])]))])
        case .boolean:
            return .object([("type", .string("boolean"))] + tail)
        case .string:
            return .object([("type", .string("string"))] + doc.schemaBounds + tail)
        case .word(let words):
            return .object([("enum", .array(words.map(JSONValue.string)))] + tail)
        case .colour:
            return .object([("$ref", .string("#/$defs/color"))] + tail)
        case .pair:
            return .object([("$ref", .string("#/$defs/number2"))] + tail)
        case .itemID:
            return .object([("$ref", .string("#/$defs/itemID"))] + tail)
        case .itemIDs:
            return .object(
                [
                    ("type", .string("array")), ("items", .object([("$ref", .string("#/$defs/itemID"))])),
                    ("uniqueItems", .bool(true)),
                ] + tail)
        case .points(_, let size):
            let number = JSONValue.object([
                (
                    "anyOf",
                    .array([
                        .object([("type", .string("number"))]),
                        .object([("$ref", .string("#/$defs/controlReference"))]),
                    ])
                )
            ])
            let point = JSONValue.object([
                ("type", .string("array")), ("items", number), ("minItems", .int(size)), ("maxItems", .int(size)),
            ])
            return .object([("type", .string("array")), ("minItems", .int(1)), ("items", point)] + tail)
        case .other(_, let ref?):
            return .object([("$ref", .string("#/$defs/" + ref))] + tail)
        case .other(_, nil):
            return existing ?? .object(tail)
        }
    }

    /// The doc line as plain text, then the unit and the default in words.
    static func describe(_ doc: KeyDoc, default value: JSONValue?) -> String {
        var parts: [String] = []
        if !doc.doc.isEmpty { parts.append(plain(doc.doc)) }
        // The unit, unless the doc line already says it.
        if let unit = doc.unit, !doc.doc.contains(unit) { parts.append("Unit: \(unit).") }
        if doc.required == nil {
            if let text = doc.defaultDoc {
                parts.append("Default: \(plain(text)).")
            } else if let value {
                parts.append("Default: \(DocTableGenerator.inline(value)).")
            }
        }
        return parts.joined(separator: " ")
    }

    /// Markdown to plain text: code spans, emphasis and links lose their marks.
    static func plain(_ markdown: String) -> String {
        var out = ""
        var rest = Substring(markdown)
        while let c = rest.first {
            rest = rest.dropFirst()
            switch c {
            case "`": continue
            case "*" where rest.first == "*": rest = rest.dropFirst()
            case "\\" where rest.first == "|":
                out.append("|")
                rest = rest.dropFirst()
            case "]" where rest.first == "(":
                // `[text](target)`: keep the text, drop the target.
                if let close = rest.firstIndex(of: ")") { rest = rest[rest.index(after: close)...] }
            case "[" where isLinkText(rest): continue
            default: out.append(c)
            }
        }
        return out
    }

    /// Whether the text after a `[` is a link's text: `…](`, with no `[` before the `]`.
    private static func isLinkText(_ rest: Substring) -> Bool {
        guard let close = rest.firstIndex(of: "]"), !rest[..<close].contains("[") else { return false }
        return rest[rest.index(after: close)...].first == "("
    }
}

extension KeyType {
    var isInteger: Bool { if case .integer = self { true } else { false } }
}
