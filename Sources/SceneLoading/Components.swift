import Foundation
import Geometry
import Kit
import SceneModel
import SceneSyntax

// Components: reusable item subtrees, expanded into plain items before anything else reads the
// scene.
//
// Rules of this file:
// - Expansion works on the located tree (`SourceNode`), so the decoder, the validator and
//   everything downstream see ordinary items and never learn that components existed.
// - An instance `{ id: r3, use: row, arguments: {…} }` becomes the component's item with the
//   instance's id; every id inside it (the component's children and masks, and any children the
//   instance adds) goes by the instance id and a dot before it (`r3.avatar`), so instances never
//   collide and the same dotted id works everywhere an id does (behaviors, animations, timelines,
//   figures, check). Text an instance has a copy of gets the prefix here; the component's own text,
//   which instances share, keeps its ids as written and the decoder adds the prefix of the
//   instance it is read in (`SourceNode.Entry.prefixID`).
// - A component's text keeps its own positions and is marked as that component's, in its file. An
//   instance shares it unless it has `{placeholders}` (then the instance gets a copy, every node
//   marked with the instance). An instance's top node is anchored with the instance, so an error
//   in shared text points at the component's line and names the innermost instance of that
//   component on its key path (`SceneError.namingInstance`). Sharing keeps a large expansion
//   from copying every node of every instance; an instance of shared text without instances of
//   its own inside is not walked at all, only its layers counted.
// - Parameters are substituted where a string is exactly `{name}` (the argument's value, of any
//   type: a number stays a number) or contains `{name}` (text substitution, for strings).
// - Bounded: at most `maxComponentDepth` nested instances, and the expanded tree counts against
//   `SceneLimits.maxNodes`, so a few lines of components cannot expand into millions of items.

/// Expands `components:`, `imports:` and `use:` instances in a located scene tree.
struct ComponentExpander {
    /// Deepest nesting of instances inside components.
    static let maxComponentDepth = 16
    /// Most imported files per scene.
    static let maxImports = SceneRules.maxImports

    struct Definition {
        var name: String
        var file: String
        var parameters: [(name: String, value: SourceNode)]
        /// The component's text, every mark its own (`SourceMark.isTemplate`).
        var item: SourceNode
        /// Nodes in `item`, each counted against `SceneLimits.maxNodes` by every instance.
        var nodeCount: Int
        /// Whether `item` has a `{placeholder}`: only then does an instance need a copy of it; the
        /// others share it.
        var hasPlaceholders: Bool
        /// The layers in `item` below its top (children and masks, all the way down), when it has
        /// no `use:` or `repeat:` inside: an instance sharing it has nothing to expand there.
        var plainLayers: Int?
    }

    let file: String
    let limits: SceneLimits
    private var definitions: [String: Definition] = [:]
    private var order: [String] = []
    var budget: Int
    /// Items met so far, every layer counted (instances, their children, plain children).
    private var items = 0
    /// Whether an imported file's text could spell a control reference (`ControlResolver`).
    private(set) var importsMayMentionControls = false
    /// The instances being expanded, outermost first: what names the instance of an error in a
    /// component's shared text, and what finds a cycle.
    private var enclosing: [ComponentOrigin] = []

    init(file: String, limits: SceneLimits) {
        self.file = file
        self.limits = limits
        self.budget = limits.maxNodes
    }

    /// The tree with `components` and `imports` removed and every instance in `items` expanded (a
    /// tree without them comes back unchanged), and whether the text of a file it imported could
    /// spell a control reference.
    static func expand(_ root: SourceNode, file: String, limits: SceneLimits) throws
        -> (tree: SourceNode, importsMayMentionControls: Bool)
    {
        guard case .mapping(let entries) = root.value,
            entries.contains(where: { $0.key == "components" || $0.key == "imports" || $0.key == "items" })
        else { return (root, false) }
        var expander = ComponentExpander(file: file, limits: limits)
        var kept: [SourceNode.Entry] = []
        for entry in entries {
            switch entry.key {
            case "imports": try expander.readImports(entry.value)
            case "components": try expander.readComponents(entry.value, file: file, at: "components")
            default: kept.append(entry)
            }
        }
        for i in kept.indices where kept[i].key == "items" {
            guard case .sequence(let items) = kept[i].value.value else { continue }
            kept[i].value.value = .sequence(try expander.expandList(items, at: "items", prefix: nil))
        }
        return (SourceNode(value: .mapping(kept), mark: root.mark), expander.importsMayMentionControls)
    }

    // MARK: Definitions

    private mutating func readComponents(_ node: SourceNode, file: String, at path: String) throws {
        guard case .mapping(let entries) = node.value else {
            throw fail(
                node.mark, path,
                "expected a mapping of component names to { parameters, item }, found \(node.foundDescription)",
                file: file)
        }
        for entry in entries {
            let keyPath = path + "." + entry.key
            guard SceneRules.isValidItemID(entry.key) else {
                throw fail(
                    entry.keyMark, keyPath,
                    "expected a component name of letters, digits, '_' or '-' that starts with a letter or '_', found \(quoted(entry.key))",
                    file: file)
            }
            if let first = definitions[entry.key] {
                throw fail(
                    entry.keyMark, keyPath,
                    "duplicate component '\(entry.key)', already defined in \(first.file); expected each name once",
                    file: file)
            }
            let format = SceneFileFormat(pathExtension: (file as NSString).pathExtension) ?? .yaml
            let draft = try SceneDecoder(file: file, format: format).decode(
                ComponentKeys.spec, entry.value, at: keyPath)
            guard let item = draft.item, case .mapping(let itemFields) = item.value else {
                preconditionFailure("ComponentKeys requires item, as a mapping")
            }
            if let id = itemFields.first(where: { $0.key == "id" }) {
                throw fail(
                    id.keyMark, keyPath + ".item.id",
                    "a component's item takes its id from each instance; expected no 'id' here",
                    suggestion: "remove this line; write the id on each use, as in { id: r1, use: \(entry.key) }",
                    file: file)
            }
            let template = Self.template(item, shared: .template(file: file, component: entry.key))
            definitions[entry.key] = Definition(
                name: entry.key, file: file, parameters: draft.parameters, item: template.node,
                nodeCount: template.count, hasPlaceholders: template.hasPlaceholders,
                plainLayers: Self.plainLayers(below: template.node))
            order.append(entry.key)
        }
    }

    /// `imports: [components/rows.yaml]`: files in the scene's folder (or below it) holding
    /// `components:` only; `imports: [ios]` (or `ios/controls`): a kit shipped with Flipbook.
    private mutating func readImports(_ node: SourceNode) throws {
        guard case .sequence(let list) = node.value else {
            throw fail(
                node.mark, "imports",
                "expected a list of files, such as [components/rows.yaml], found \(node.foundDescription)", file: file)
        }
        if list.count > Self.maxImports {
            throw fail(node.mark, "imports", "\(list.count) imports; expected at most \(Self.maxImports)", file: file)
        }
        let folder = (file as NSString).deletingLastPathComponent
        for (k, entry) in list.enumerated() {
            let path = "imports[\(k)]"
            guard case .string(let relative)? = entry.scalarMeaning else {
                throw fail(entry.mark, path, "expected a file name, found \(entry.foundDescription)", file: file)
            }
            if (relative as NSString).pathExtension.isEmpty, let kitFiles = Kit.files(for: relative) {
                guard !kitFiles.isEmpty else {
                    let kit = String(relative.prefix { $0 != "/" })
                    throw fail(
                        entry.mark, path,
                        "the \(kit) kit has no file '\(relative.dropFirst(kit.count + 1))'; expected one of: \(listing(Kit.fileNames(of: kit)))",
                        suggestion: didYouMean(String(relative.dropFirst(kit.count + 1)), Kit.fileNames(of: kit)),
                        file: file)
                }
                for kitFile in kitFiles { try readImportedFile(kitFile.path, format: .yaml, entry: entry, at: path) }
                continue
            }
            let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
            if relative.hasPrefix("/") || relative.isEmpty || parts.contains("..") || relative.hasPrefix("~") {
                throw fail(
                    entry.mark, path,
                    "expected a path inside the scene's folder, such as components/rows.yaml, found \(quoted(relative))",
                    file: file)
            }
            guard let format = SceneFileFormat(pathExtension: (relative as NSString).pathExtension) else {
                throw fail(
                    entry.mark, path,
                    "expected a .yaml, .yml or .json file or a kit (\(listing(Kit.names))), found \(quoted(relative))",
                    suggestion: didYouMean(String(relative.prefix { $0 != "/" }), Kit.names).map { _ in
                        "a kit is imported by its name alone, as in imports: [ios]"
                    },
                    file: file)
            }
            let imported = folder.isEmpty ? relative : (folder as NSString).appendingPathComponent(relative)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: imported, isDirectory: &isFolder), !isFolder.boolValue else {
                throw fail(
                    entry.mark, path, "no such file '\(imported)'", suggestion: SceneLoader.similarFile(to: imported),
                    file: file)
            }
            try readImportedFile(imported, format: format, entry: entry, at: path)
        }
    }

    /// One imported file: within the size limit, UTF-8, a mapping with `components:` only.
    private mutating func readImportedFile(
        _ imported: String, format: SceneFileFormat, entry: SourceNode, at path: String
    ) throws {
        if let size = (try? FileManager.default.attributesOfItem(atPath: imported))?[.size] as? NSNumber,
            size.int64Value > Int64(limits.maxFileBytes)
        {
            throw fail(
                entry.mark, path,
                "'\(imported)' is \(size.int64Value) bytes; expected at most \(limits.maxFileBytes) bytes",
                file: file)
        }
        guard let data = FileManager.default.contents(atPath: imported),
            let text = String(data: data, encoding: .utf8)
        else {
            throw fail(entry.mark, path, "cannot read '\(imported)' as UTF-8 text", file: file)
        }
        if ControlResolver.mayMentionControl(text) { importsMayMentionControls = true }
        guard let root = try SceneLoader.parse(text, fileName: imported, format: format, limits: limits) else {
            return
        }
        guard case .mapping(let entries) = root.value else {
            throw fail(
                root.mark, nil,
                "expected a mapping with 'components:' at the top level, found \(root.foundDescription)",
                file: imported)
        }
        for e in entries where e.key != "$schema" {
            guard e.key == "components" else {
                throw fail(
                    e.keyMark, e.key, "an imported file holds components only; expected the key 'components'",
                    suggestion: e.key == "imports"
                        ? "list every file in the scene's own imports" : didYouMean(e.key, ["components"]),
                    file: imported)
            }
            try readComponents(e.value, file: imported, at: "components")
        }
    }

    /// The kit file (`ios/controls`) whose components include `name`, for the message of a scene
    /// that uses one without importing it. Read only on that error.
    static func kitFile(defining name: String) -> String? {
        kitComponents().first { $0.name == name }.map(\.file)
    }

    /// Every component of every kit, with its file as an import names it (`ios/bars`), in file order.
    static func kitComponents() -> [(file: String, name: String)] {
        var found: [(file: String, name: String)] = []
        for kit in Kit.names {
            for url in Kit.files(for: kit) ?? [] {
                guard let text = try? String(contentsOf: url, encoding: .utf8),
                    let root = try? SceneLoader.parse(text, fileName: url.path, format: .yaml, limits: .default),
                    case .mapping(let top) = root.value,
                    case .mapping(let components)? = top.first(where: { $0.key == "components" })?.value.value
                else { continue }
                let file = kit + "/" + url.deletingPathExtension().lastPathComponent
                found += components.map { (file, $0.key) }
            }
        }
        return found
    }

    // MARK: Expansion

    /// One item of the tree: an instance is replaced by its component's item; a plain item inside
    /// an instance gets its id prefixed; children are expanded in turn.
    private mutating func expandItem(
        _ node: SourceNode, at path: @autoclosure () -> String, prefix: String?
    ) throws -> SourceNode {
        guard case .mapping(var entries) = node.value else { return node }
        try countItem(node, at: path())
        if let use = entries.first(where: { $0.key == "use" }) {
            return try expandInstance(node, entries: entries, use: use, at: path(), prefix: prefix)
        }
        // A component's own text keeps its ids as written: the decoder prefixes them.
        if let prefix, node.mark?.isSharedComponentText != true {
            SourceNode.Entry.prefixID(in: &entries, with: prefix)
        }
        try expandContents(&entries, at: path(), prefix: prefix)
        return SourceNode(value: .mapping(entries), mark: node.mark)
    }

    /// The layers below an item's top, as `expandItem` would count them, when no instance or
    /// repeat is among them (nil if one is).
    static func plainLayers(below node: SourceNode) -> Int? {
        guard case .mapping(let entries) = node.value else { return 0 }
        var total = 0
        for entry in entries {
            let items: [SourceNode]
            switch (entry.key, entry.value.value) {
            case ("children", .sequence(let list)): items = list
            case ("mask", .mapping): items = [entry.value]
            default: continue
            }
            for item in items {
                guard case .mapping(let fields) = item.value else { continue }
                guard !fields.contains(where: { $0.key == "use" || $0.key == "repeat" }),
                    let below = plainLayers(below: item)
                else { return nil }
                total += 1 + below
            }
        }
        return total
    }

    /// One more layer against `SceneLimits.maxItems`; thrown at the first item over, before the
    /// rest of the tree is expanded, so nested components fail in time linear in the limit.
    private mutating func countItem(_ node: SourceNode, at path: @autoclosure () -> String) throws {
        items += 1
        guard items > limits.maxItems else { return }
        throw fail(
            node.mark, path(),
            "the scene has more than \(limits.maxItems) items (every layer counts: children and the items of component instances); expected at most \(limits.maxItems)",
            suggestion: "raise the limit with --max-items (SceneLimits.maxItems in Swift)",
            file: node.mark?.origin?.file ?? file)
    }

    /// The items an item holds: its children, then its mask.
    private mutating func expandContents(
        _ entries: inout [SourceNode.Entry], at path: @autoclosure () -> String, prefix: String?
    ) throws {
        if let c = entries.firstIndex(where: { $0.key == "children" }),
            case .sequence(let children) = entries[c].value.value
        {
            entries[c].value.value = .sequence(
                try expandList(children, at: path() + ".children", prefix: prefix))
        }
        if let m = entries.firstIndex(where: { $0.key == "mask" }), case .mapping = entries[m].value.value {
            entries[m].value = try expandItem(entries[m].value, at: path() + ".mask", prefix: prefix)
        }
    }

    /// A list of items (`items`, `children`): each item expanded, and each `repeat:` entry
    /// replaced by its rows, in place.
    /// Paths are spelt only for a message or an instance: most items of a large scene are neither.
    mutating func expandList(
        _ nodes: [SourceNode], at path: @autoclosure () -> String, prefix: String?
    ) throws
        -> [SourceNode]
    {
        var expanded: [SourceNode] = []
        expanded.reserveCapacity(nodes.count)
        for (k, node) in nodes.enumerated() {
            func at() -> String { "\(path())[\(k)]" }
            guard case .mapping(let entries) = node.value, let row = entries.first(where: { $0.key == "repeat" }) else {
                expanded.append(try expandItem(node, at: at(), prefix: prefix))
                continue
            }
            if let other = entries.first(where: { $0.key != "repeat" }) {
                throw fail(
                    other.keyMark, at() + "." + other.key,
                    "unknown key '\(other.key)' beside repeat; expected repeat alone (its rows take their keys from the component)",
                    file: node.mark?.origin?.file ?? file)
            }
            let spelt = at()
            for instance in try repeatedRows(row.value, at: spelt + ".repeat") {
                expanded.append(try expandItem(instance, at: spelt, prefix: prefix))
            }
        }
        return expanded
    }

    /// The instances a `repeat:` stands for, `{ id: <id>-<k>, use, center, arguments }`, each
    /// marked where the repeat is written. The count is checked against the item limit first.
    private func repeatedRows(_ node: SourceNode, at path: String) throws -> [SourceNode] {
        let here = node.mark?.origin?.file ?? file
        let format = SceneFileFormat(pathExtension: (here as NSString).pathExtension) ?? .yaml
        let draft = try SceneDecoder(file: here, format: format).decode(RepeatKeys.spec, node, at: path)
        let count = draft.count ?? draft.arguments?.count ?? 0
        guard count >= 1 else {
            throw fail(node.mark, path + ".count", "expected a count of at least 1, found \(count)", file: here)
        }
        if let arguments = draft.arguments, arguments.count > count {
            throw fail(
                node.mark, path + ".arguments",
                "\(arguments.count) rows of arguments for a count of \(count); expected at most one mapping per row",
                file: here)
        }
        guard count <= limits.maxItems - items else {
            throw fail(
                node.mark, path + ".count",
                "a repeat of \(count) rows would take the scene past its \(limits.maxItems) items (every layer counts); expected at most \(max(limits.maxItems - items, 0)) more",
                suggestion: "raise the limit with --max-items (SceneLimits.maxItems in Swift)", file: here)
        }
        guard SceneRules.isValidItemID(draft.id) else {
            throw fail(
                node.mark, path + ".id",
                "expected an id of letters, digits, '_' or '-' that starts with a letter or '_', found \(quoted(draft.id))",
                file: here)
        }
        for (name, value) in [("center", draft.center), ("spacing", draft.spacing)] where !value.isFinite {
            throw fail(node.mark, path + "." + name, "expected finite numbers, found \(value)", file: here)
        }
        func scalar(_ text: String, isString: Bool) -> SourceNode {
            SourceNode(value: .scalar(text, isString: isString), mark: node.mark)
        }
        return (0..<count).map { k in
            let center = draft.center + draft.spacing * Double(k)
            var entries: [SourceNode.Entry] = [
                .init(key: "id", keyMark: node.mark, value: scalar("\(draft.id)-\(k)", isString: true)),
                .init(key: "use", keyMark: node.mark, value: scalar(draft.use, isString: true)),
                .init(
                    key: "center", keyMark: node.mark,
                    value: SourceNode(
                        value: .sequence([
                            scalar("\(center.x)", isString: false), scalar("\(center.y)", isString: false),
                        ]),
                        mark: node.mark)),
            ]
            if let arguments = draft.arguments, k < arguments.count {
                entries.append(.init(key: "arguments", keyMark: arguments[k].mark, value: arguments[k]))
            }
            return SourceNode(value: .mapping(entries), mark: node.mark)
        }
    }

    private mutating func expandInstance(
        _ node: SourceNode, entries: [SourceNode.Entry], use: SourceNode.Entry,
        at path: String, prefix: String?
    ) throws -> SourceNode {
        let here = node.mark?.origin?.file ?? file
        guard let idEntry = entries.first(where: { $0.key == "id" }) else {
            throw fail(
                node.mark, path, "missing key 'id'; expected id: a unique name for this instance, such as row1",
                file: here)
        }
        guard case .string(let id)? = idEntry.value.scalarMeaning else {
            throw fail(
                idEntry.value.mark, path + ".id", "expected a string, found \(idEntry.value.foundDescription)",
                file: here)
        }
        guard case .string(let name)? = use.value.scalarMeaning else {
            throw fail(
                use.value.mark, path + ".use", "expected a component name, found \(use.value.foundDescription)",
                file: here)
        }
        guard let definition = definitions[name] else {
            let message =
                order.isEmpty
                ? "unknown component '\(name)'; the scene defines no components"
                : "unknown component '\(name)'; expected one of: \(listing(order))"
            let kitFile = Self.kitFile(defining: name)
            throw fail(
                use.value.mark, path + ".use", message,
                suggestion: kitFile.map { "the iOS kit has it: add imports: [\($0)]" }
                    ?? (order.isEmpty
                        ? "define it under components: at the top level, or list its file under imports:"
                        : didYouMean(name, order)),
                file: here)
        }
        if enclosing.contains(where: { $0.component == name }) {
            let cycle = (enclosing.map(\.component) + [name]).joined(separator: " → ")
            throw fail(
                use.value.mark, path + ".use", "component '\(name)' uses itself (\(cycle)); expected no cycle",
                file: here)
        }
        if enclosing.count >= Self.maxComponentDepth {
            throw fail(
                use.value.mark, path + ".use",
                "components nested more than \(Self.maxComponentDepth) deep; expected fewer", file: here)
        }
        let fullID = prefix.map { $0 + "." + id } ?? id
        let arguments = try readArguments(
            entries.first(where: { $0.key == "arguments" }), of: definition, at: path, file: here)
        let origin = ComponentOrigin(
            file: definition.file, component: name, instance: fullID,
            instanceFile: here, instanceLine: use.keyMark?.line ?? node.mark?.line)
        enclosing.append(origin)
        defer { enclosing.removeLast() }
        do {
            return try expandInstance(
                node, entries: entries, idEntry: idEntry, definition: definition, arguments: arguments,
                origin: origin, at: path)
        } catch let error as SceneError {
            throw error.namingInstance(from: enclosing)
        }
    }

    /// The instance `origin` of `definition`: its item (shared, or copied with the arguments in
    /// place), the instance's own keys over it, and its children expanded.
    private mutating func expandInstance(
        _ node: SourceNode, entries: [SourceNode.Entry], idEntry: SourceNode.Entry, definition: Definition,
        arguments: [String: (value: SourceNode, given: Bool)], origin: ComponentOrigin, at path: String
    ) throws -> SourceNode {
        let body: SourceNode
        if definition.hasPlaceholders {
            body = try substitute(
                definition.item, arguments: arguments, origin: origin, definition: definition,
                at: "components.\(definition.name).item")
        } else {
            budget -= definition.nodeCount
            if budget < 0 { throw nodeBudgetExceeded(at: definition.item.mark, definition: definition) }
            body = definition.item
        }
        guard case .mapping(var merged) = body.value else { return body }
        // The instance's own keys: id first, then overrides; children are added after the component's.
        merged.insert(
            SourceNode.Entry(
                key: "id", keyMark: idEntry.keyMark,
                value: SourceNode(value: .scalar(origin.instance, isString: true), mark: idEntry.value.mark)), at: 0)
        for entry in entries where !["id", "use", "arguments"].contains(entry.key) {
            if entry.key == "children", let c = merged.firstIndex(where: { $0.key == "children" }),
                case .sequence(let own) = merged[c].value.value, case .sequence(let added) = entry.value.value
            {
                merged[c].value.value = .sequence(own + added)
            } else if let i = merged.firstIndex(where: { $0.key == entry.key }) {
                merged[i] = entry
            } else {
                merged.append(entry)
            }
        }
        if !definition.hasPlaceholders, let layers = definition.plainLayers, layers <= limits.maxItems - items,
            !entries.contains(where: { $0.key == "children" || $0.key == "mask" })
        {
            // The component's own text, shared whole, with nothing in it to expand.
            items += layers
        } else {
            try expandContents(&merged, at: path, prefix: origin.instance)
        }
        var mark = node.mark
        mark?.anchor(origin)
        return SourceNode(value: .mapping(merged), mark: mark)
    }

    /// Each parameter's value, and whether the instance gave it (else it is the default).
    private func readArguments(
        _ entry: SourceNode.Entry?, of definition: Definition, at path: String,
        file here: String
    ) throws -> [String: (value: SourceNode, given: Bool)] {
        var values: [String: (value: SourceNode, given: Bool)] = [:]
        for p in definition.parameters { values[p.name] = (p.value, false) }
        let names = definition.parameters.map(\.name)
        if let entry {
            guard case .mapping(let given) = entry.value.value else {
                throw fail(
                    entry.value.mark, path + ".arguments",
                    "expected a mapping of parameter names to values, found \(entry.value.foundDescription)", file: here
                )
            }
            for argument in given {
                guard names.contains(argument.key) else {
                    let expected =
                        names.isEmpty
                        ? "component '\(definition.name)' has no parameters" : "expected one of: \(listing(names))"
                    throw fail(
                        argument.keyMark, path + ".arguments." + argument.key,
                        "unknown parameter \(quoted(argument.key)) of component '\(definition.name)'; \(expected)",
                        suggestion: didYouMean(argument.key, names), file: here)
                }
                values[argument.key] = (argument.value, true)
            }
        }
        for p in definition.parameters {
            if case .null? = values[p.name]?.value.scalarMeaning {
                throw fail(
                    entry?.value.mark, path + ".arguments",
                    "missing argument '\(p.name)' of component '\(definition.name)' (it has no default)",
                    suggestion: "add arguments: { \(p.name): … }", file: here)
            }
        }
        return values
    }
}
