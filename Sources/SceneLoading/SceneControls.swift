import Colors
import SceneModel
import SceneSyntax

/// Resolves `controls:` on the located tree, before decoding: removes the declaration and puts each
/// control's value where the scene writes `$name`, keeping the reference's position so that an
/// error in the substituted value points at the place that used it.
///
/// Rules: a reference is a whole scalar `$name` (quoted or not, so JSON scenes can use them too);
/// `$$` at the start of a string stands for a literal `$`; an unknown name is an error with the
/// closest declared name; an override (`--set name=value`) must name a declared control and lie
/// in its range.
enum ControlResolver {

    /// `mayMention`: false when no text the tree was read from could spell a reference
    /// (`mayMentionControl`), which spares a large scene the walk of its whole expanded tree.
    static func resolve(
        _ root: SourceNode, overrides: [(name: String, value: String)], decoder: SceneDecoder, mayMention: Bool = true
    )
        throws -> (root: SourceNode, controls: [SceneControl])
    {
        var resolved = root
        var controls: [SceneControl] = []
        if case .mapping(var entries) = root.value, let index = entries.firstIndex(where: { $0.key == "controls" }) {
            let declaration = entries.remove(at: index)
            controls = try declared(declaration.value, decoder: decoder)
            resolved.value = .mapping(entries)
        } else if let first = overrides.first {
            throw SceneError(
                file: decoder.file, keyPath: "controls",
                message: "--set \(first.name): the scene declares no controls",
                suggestion: "declare it under controls:, as in controls: { \(first.name): { value: 1, range: [0, 2] } }"
            )
        }
        for (name, text) in overrides {
            guard let i = controls.firstIndex(where: { $0.name == name }) else {
                throw SceneError(
                    file: decoder.file, keyPath: "controls",
                    message:
                        "--set \(name): unknown control; expected one of: \(controls.map(\.name).joined(separator: ", "))",
                    suggestion: didYouMean(name, controls.map(\.name)))
            }
            controls[i].value = try checked(text, for: controls[i], decoder: decoder)
        }
        // Most scenes name no control: a read-only look first spares them a copy of the tree.
        guard mayMention, mentionsControl(resolved) else { return (resolved, controls) }
        let byName = Dictionary(uniqueKeysWithValues: controls.map { ($0.name, $0) })
        return (try substitute(resolved, byName, path: "", decoder: decoder), controls)
    }

    /// Whether a scene or component file's text could hold a scalar that starts with `$`: it has a
    /// `$`, or a backslash (an escape such as `\u0024` spells one without writing it). Expansion
    /// only copies and joins the text of such files, and the numbers it formats have no `$`.
    static func mayMentionControl(_ text: String) -> Bool {
        text.utf8.contains { $0 == UInt8(ascii: "$") || $0 == UInt8(ascii: "\\") }
    }

    /// Whether any scalar starts with `$` (a `$name`, or a `$$` that stands for a literal `$`).
    private static func mentionsControl(_ node: borrowing SourceNode) -> Bool {
        // By index through buffer pointers: the whole tree is walked, and iterating an array
        // copies each node (retaining its text, marks and children) to look at one byte.
        switch node.value {
        case .scalar(let text, _): return text.utf8.first == UInt8(ascii: "$")
        case .sequence(let nodes):
            return nodes.withUnsafeBufferPointer { nodes in nodes.indices.contains { mentionsControl(nodes[$0]) } }
        case .mapping(let entries):
            return entries.withUnsafeBufferPointer { entries in
                entries.indices.contains { mentionsControl(entries[$0].value) }
            }
        }
    }

    private static func declared(_ node: SourceNode, decoder: SceneDecoder) throws -> [SceneControl] {
        guard case .mapping(let entries) = node.value else {
            throw decoder.error(
                at: node, "controls",
                "expected a mapping of control names to { value, range } or { color }, found \(node.foundDescription)")
        }
        var seen: Set<String> = []
        return try entries.map { entry in
            let path = "controls." + entry.key
            guard SceneControl.isValidName(entry.key) else {
                throw decoder.error(
                    at: entry.keyMark, path,
                    "control names are letters, digits and _, not starting with a digit; found \(quoted(entry.key))")
            }
            guard seen.insert(entry.key).inserted else {
                throw decoder.error(
                    at: entry.keyMark, path, "duplicate control \(quoted(entry.key)); expected each name once")
            }
            return try ControlKeys.control(entry.key, entry.value, at: path, decoder: decoder)
        }
    }

    /// An override's text, checked as the control's kind requires.
    private static func checked(_ text: String, for control: SceneControl, decoder: SceneDecoder) throws -> String {
        let path = "controls." + control.name
        switch control.kind {
        case .color:
            guard ColorRGBA8(hex: text) != nil else {
                throw SceneError(
                    file: decoder.file, keyPath: path,
                    message:
                        "--set \(control.name)=\(text): expected a colour '#RGB', '#RGBA', '#RRGGBB' or '#RRGGBBAA'")
            }
            return text
        case .number(let range, _):
            guard case .number(let v, _) = ScalarMeaning.plain(text), v.isFinite else {
                throw SceneError(
                    file: decoder.file, keyPath: path, message: "--set \(control.name)=\(text): expected a number")
            }
            guard range.contains(v) else {
                throw SceneError(
                    file: decoder.file, keyPath: path,
                    message:
                        "--set \(control.name)=\(text): expected a value within \(range.lowerBound)...\(range.upperBound) (the control's range)"
                )
            }
            return text
        }
    }

    private static func substitute(
        _ node: SourceNode, _ controls: [String: SceneControl], path: String,
        decoder: SceneDecoder
    ) throws -> SourceNode {
        var out = node
        switch node.value {
        case .scalar(let text, let isString):
            guard text.hasPrefix("$") else { return node }
            if text.hasPrefix("$$") {
                out.value = .scalar(String(text.dropFirst()), isString: isString)
                return out
            }
            let name = String(text.dropFirst())
            guard let control = controls[name] else {
                let names = controls.keys.sorted()
                throw decoder.error(
                    at: node, path.isEmpty ? nil : path,
                    "unknown control \(quoted(text)); expected one of: \(names.isEmpty ? "(none declared)" : names.map { "$" + $0 }.joined(separator: ", "))",
                    suggestion: closest(to: name, in: names).map { "did you mean '$\($0)'?" }
                        ?? (names.isEmpty ? "declare it under controls:, or write $$ for a literal $" : nil))
            }
            out.value = .scalar(control.value, isString: control.kind == .color)
        case .sequence(let nodes):
            out.value = .sequence(
                try nodes.enumerated().map { try substitute($1, controls, path: "\(path)[\($0)]", decoder: decoder) })
        case .mapping(let entries):
            out.value = .mapping(
                try entries.map { entry in
                    var e = entry
                    e.value = try substitute(
                        entry.value, controls, path: path.isEmpty ? entry.key : path + "." + entry.key, decoder: decoder
                    )
                    return e
                })
        }
        return out
    }
}
