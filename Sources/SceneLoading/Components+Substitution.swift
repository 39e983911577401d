import SceneModel
import SceneSyntax

// Parameter substitution inside a component's copied text: `{name}` as a whole value or inside a
// string, `{width - 16}` as a number (ParameterExpression.swift), every copied node counted against
// the node budget and marked with its origin.

extension ComponentExpander {
    /// A copy of a component's text with its parameters replaced and `origin` on every mark.
    mutating func substitute(
        _ node: SourceNode, arguments: [String: (value: SourceNode, given: Bool)], origin: ComponentOrigin,
        definition: Definition, at path: String
    ) throws -> SourceNode {
        var trail: [TrailStep] = []
        return try copy(
            node, arguments: arguments, origin: origin, shared: SharedOrigin(origin), definition: definition,
            at: path, trail: &trail)
    }

    /// One step of a `trail`, spelt only when a path is needed.
    enum TrailStep {
        case index(Int)
        case key(String)

        /// `[2]` or `.fill`.
        var text: String {
            switch self {
            case .index(let k): "[\(k)]"
            case .key(let key): "." + key
            }
        }
    }

    /// `substitute` below `path`: `trail` holds the steps taken from it (`[2]`, `.fill`), joined
    /// into a key path only where a message or a placeholder needs one. Copying every node of
    /// every instance, a string per node would cost more than the copy.
    private mutating func copy(
        _ node: SourceNode, arguments: [String: (value: SourceNode, given: Bool)], origin: ComponentOrigin,
        shared: SharedOrigin, definition: Definition, at path: String, trail: inout [TrailStep]
    ) throws -> SourceNode {
        budget -= 1
        if budget < 0 { throw nodeBudgetExceeded(at: node.mark, definition: definition) }
        var mark = node.mark
        if mark?.takesInstanceOrigin == true { mark?.share(shared) }
        switch node.value {
        case .scalar(let text, let isString):
            guard Self.mayHoldPlaceholder(text, isString: isString) else {
                return SourceNode(value: node.value, mark: mark)
            }
            return try replacePlaceholders(
                text, mark: mark, origin: origin, arguments: arguments, definition: definition,
                at: path + trail.map(\.text).joined())
        case .sequence(let nodes):
            var copied: [SourceNode] = []
            copied.reserveCapacity(nodes.count)
            for (k, n) in nodes.enumerated() {
                trail.append(.index(k))
                copied.append(
                    try copy(
                        n, arguments: arguments, origin: origin, shared: shared, definition: definition, at: path,
                        trail: &trail))
                trail.removeLast()
            }
            return SourceNode(value: .sequence(copied), mark: mark)
        case .mapping(let entries):
            var copied: [SourceNode.Entry] = []
            copied.reserveCapacity(entries.count)
            for e in entries {
                var keyMark = e.keyMark
                if keyMark?.takesInstanceOrigin == true { keyMark?.share(shared) }
                trail.append(.key(e.key))
                let value = try copy(
                    e.value, arguments: arguments, origin: origin, shared: shared, definition: definition, at: path,
                    trail: &trail)
                trail.removeLast()
                copied.append(SourceNode.Entry(key: e.key, keyMark: keyMark, value: value))
            }
            return SourceNode(value: .mapping(copied), mark: mark)
        }
    }

    /// The expansion has more nodes than `SceneLimits.maxNodes`, at `mark` in `definition`.
    func nodeBudgetExceeded(at mark: SourceMark?, definition: Definition) -> SceneError {
        fail(
            mark, nil, "more than \(limits.maxNodes) values after expanding components; expected fewer instances",
            suggestion: "raise SceneLimits.maxNodes in Swift if the scene is genuine", file: definition.file)
    }

    /// A component's text with every mark its own (`shared`, `SourceMark.isTemplate`), its nodes
    /// counted, and whether any scalar may hold a `{placeholder}` (`mayHoldPlaceholder`).
    static func template(_ node: SourceNode, shared: SharedOrigin)
        -> (node: SourceNode, count: Int, hasPlaceholders: Bool)
    {
        var count = 0
        var hasPlaceholders = false
        func own(_ node: SourceNode) -> SourceNode {
            count += 1
            var mark = node.mark
            mark?.share(shared)
            switch node.value {
            case .scalar(let text, let isString):
                if mayHoldPlaceholder(text, isString: isString) { hasPlaceholders = true }
                return SourceNode(value: node.value, mark: mark)
            case .sequence(let nodes):
                return SourceNode(value: .sequence(nodes.map(own)), mark: mark)
            case .mapping(let entries):
                return SourceNode(
                    value: .mapping(
                        entries.map { e in
                            var keyMark = e.keyMark
                            keyMark?.share(shared)
                            return SourceNode.Entry(key: e.key, keyMark: keyMark, value: own(e.value))
                        }),
                    mark: mark)
            }
        }
        let marked = own(node)
        return (marked, count, hasPlaceholders)
    }

    /// Whether a scalar is a string with a `{`: the text `copy` looks at for placeholders. The
    /// brace first: classifying a plain scalar costs far more, and most have none.
    static func mayHoldPlaceholder(_ text: String, isString: Bool) -> Bool {
        hasBrace(text) && (isString || ScalarMeaning.plain(text) == .string(text))
    }

    /// Whether `text` has a `{`, read from its bytes in place: `contains` on the UTF-8 view cost
    /// about 140 instructions, for every scalar of every instance.
    static func hasBrace(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes where byte == UInt8(ascii: "{") { return true }
            return false
        } ?? text.utf8.contains(UInt8(ascii: "{"))
    }

    /// `"{tint}"` → the argument itself; `"Row {n}"` → text with each placeholder replaced.
    func replacePlaceholders(
        _ text: String, mark: SourceMark?, origin: ComponentOrigin,
        arguments: [String: (value: SourceNode, given: Bool)],
        definition: Definition, at path: String
    ) throws -> SourceNode {
        let names = definition.parameters.map(\.name)
        func argument(_ name: String) throws -> SourceNode {
            guard let (found, given) = arguments[name] else {
                let expected = names.isEmpty ? "the component has no parameters" : "expected one of: \(listing(names))"
                throw fail(
                    mark, path, "unknown parameter '{\(name)}' in component '\(definition.name)'; \(expected)",
                    suggestion: didYouMean(name, names) ?? "declare it under parameters:", file: definition.file)
            }
            // The value keeps its own position; its origin says which parameter and instance.
            var value = found
            if value.mark?.hasOrigin == false {
                var note = origin
                if given { (note.parameter, note.parameterLine) = (name, mark?.line) }
                value.mark?.origin = note
            }
            return value
        }
        /// A placeholder's content: a parameter's argument, or the value of an expression as a number.
        func value(of inner: String) throws -> SourceNode {
            if arguments[inner] != nil { return try argument(inner) }
            // A name with characters arithmetic does not take ('-', say) is still a parameter's name.
            if inner.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) { return try argument(inner) }
            let result = try evaluate(inner, mark: mark, arguments: arguments, definition: definition, at: path)
            return SourceNode(value: .scalar(ParameterExpression.format(result), isString: false), mark: mark)
        }
        if text.hasPrefix("{"), text.hasSuffix("}"), text.dropFirst().dropLast().allSatisfy({ $0 != "{" && $0 != "}" })
        {
            return try value(of: String(text.dropFirst().dropLast()))
        }
        var out = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            out += rest[..<open]
            let value = try value(of: String(rest[rest.index(after: open)..<close]))
            guard case .scalar(let s, _) = value.value else {
                throw fail(
                    mark, path,
                    "parameter '{\(rest[rest.index(after: open)..<close])}' is \(value.foundDescription); expected a string, number or colour inside text",
                    file: definition.file)
            }
            out += s
            rest = rest[rest.index(after: close)...]
        }
        out += rest
        return SourceNode(value: .scalar(out, isString: true), mark: mark)
    }

    /// `{width - 16}`: the expression's value, each name an argument that is a number or a boolean.
    private func evaluate(
        _ text: String, mark: SourceMark?,
        arguments: [String: (value: SourceNode, given: Bool)], definition: Definition, at path: String
    ) throws -> Double {
        do {
            return try ParameterExpression(text).evaluate {
                (name: String) throws(ParameterExpression.Failure) -> Double in
                guard let (found, _) = arguments[name] else { throw .unknownName(name) }
                switch found.scalarMeaning {
                case .number(let v, _)?: return v
                case .bool(let b)?: return b ? 1 : 0
                default: throw .notNumeric(name + ", " + found.foundDescription)
                }
            }
        } catch {
            let names = definition.parameters.map(\.name)
            let problem: String
            var suggestion: String?
            switch error {
            case .syntax(let expected): problem = "expected \(expected)"
            case .unknownName(let name):
                problem =
                    "unknown parameter '\(name)'; "
                    + (names.isEmpty ? "the component has no parameters" : "expected one of: \(listing(names))")
                suggestion = didYouMean(name, names) ?? "declare it under parameters:"
            case .notNumeric(let what):
                problem = "parameter \(what), is not a number; arithmetic takes numbers and booleans"
            case .notFinite: problem = "the value is not a finite number (a division by zero?)"
            }
            throw fail(
                mark, path, "in '{\(text)}' of component '\(definition.name)': \(problem)", suggestion: suggestion,
                file: definition.file)
        }
    }

    func fail(
        _ mark: SourceMark?, _ keyPath: String?, _ message: String, suggestion: String? = nil,
        file: String
    ) -> SceneError {
        SceneError(file: file, keyPath: keyPath, mark: mark, message: message, suggestion: suggestion)
    }
}
