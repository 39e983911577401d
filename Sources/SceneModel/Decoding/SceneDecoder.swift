import Colors
import Geometry
import SceneSyntax
import Text

// Located tree → Scene: types, shapes, keys and defaults. Semantic rules (ranges, references,
// uniqueness) are not checked here but in `Scene.validate`, which runs next, so that a scene
// built in Swift meets the very same rules.
//
// Rules of this file:
// - Keys are read in one fixed order (the order of docs/scene-format.md), and the first problem
//   throws. Within a mapping, duplicate and unknown keys are checked first, in file order.
// - Every error carries the key path and the position of the offending node.
// - Defaults live in the initialisers of Scene.swift and in `SceneRules`; this file only says
//   which key maps to which field.
// - Two rules belong here although they are "semantic": numbers must be finite (the file's text,
//   "1e999", is the better thing to show than the double it overflowed to), and exactly one of
//   duration/until (`SceneLength` cannot express the alternatives, so `validate` never sees them).

package struct SceneDecoder {
    package let file: String
    let format: SceneFileFormat
    /// Where each item decoded so far is, for positions relative to an item.
    let places = ItemPlaces()
    /// Image files decoded so far (SceneDecoder+Image.swift): each file is decoded once per scene.
    let images = DecodedImages()
    /// Icon files loaded so far (SceneDecoder+Shape.swift): each file is parsed once per scene.
    let icons = LoadedIcons()
    /// Items of component text read so far (TemplateItems.swift): each is read once per scene.
    let templates = TemplateItems()
    /// What the files the scene loads are drawn without, located at the keys naming them.
    package var fileWarnings: [SceneWarning] { icons.warnings }
    /// The scene's budgets: total image pixels and icon shapes are counted as files are read.
    var limits: SceneLimits = .default
    /// The scene's `appearance:`, read before anything with a colour: system colour names
    /// (`systemBlue`, `label`) resolve to its light or dark value.
    let appearance = AppearanceSetting()

    package init(file: String, format: SceneFileFormat, limits: SceneLimits = .default) {
        (self.file, self.format, self.limits) = (file, format, limits)
    }

    /// The scene, and whether its name came from the file name (for a better error if that name is
    /// not a valid folder name).
    package func decode(_ root: SourceNode, defaultName: String) throws -> (scene: Scene, nameFromFile: Bool) {
        guard case .mapping = root.value else {
            throw error(
                at: root, nil,
                "expected a mapping with canvas, items and duration or until at the top level, found \(root.foundDescription)"
            )
        }
        let top = try fields(root, at: "", DeclaredKeys(RootKeys.spec, withConsumed: true, what: ""))
        if let version = top["version"] {
            guard case .number(let v, let text)? = version.scalarMeaning, v.isFinite else {
                throw error(at: version, "version", "expected 1, found \(version.foundDescription)")
            }
            guard v == 1 else {
                throw error(
                    at: version, "version",
                    "unsupported scene format version \(text); this version of Flipbook reads version 1")
            }
        }
        if let schema = top["$schema"] { _ = try string(schema, at: "$schema") }
        if let node = top["appearance"] { appearance.value = try word(node, at: "appearance", Appearance.self) }
        var nameFromFile = false
        let name: String
        if let node = top["name"] {
            name = try string(node, at: "name")
        } else {
            name = defaultName
            nameFromFile = true
        }
        let canvasNode = try top.required("canvas", hint: "canvas: { size: [width, height] } in points", decoder: self)
        let canvas = try decodeCanvas(canvasNode)
        let fps = try top["fps"].map { try integer($0, at: "fps") } ?? SceneRules.defaultFPS
        let length = try decodeLength(top)
        // Before the items: the text of their icons and layered SVGs is set in these fonts.
        let fonts = try top["fonts"].map(decodeFonts) ?? []
        if !fonts.isEmpty { icons.fonts = FontRegistry(userFaces: fonts.map(\.face)) }
        let itemsNode = try top.required(
            "items", hint: "items: a list of items, each with id, size and center", decoder: self)
        places.itemsNode = itemsNode
        let items = try list(itemsNode, at: "items").enumerated().map { i, node in
            try decodeItem(node, at: "items[\(i)]")
        }
        let entries =
            try top["behaviors"].map { node in
                try list(node, at: "behaviors").enumerated().map { i, node in
                    try decodeBehaviorEntry(node, at: "behaviors[\(i)]")
                }
            } ?? []
        var scene = Scene(
            name: name, canvas: canvas, fps: fps, length: length, items: items,
            behaviors: entries.map(\.0), output: OutputSettings())
        if entries.contains(where: { $0.1 != nil }) { scene.behaviorIDs = entries.map(\.1) }
        scene.fonts = fonts
        // The keys that depend on nothing else: timing scripts, output, touches.
        try decodeKeys(RootKeys.spec, from: top, at: "", into: &scene)
        scene.animatorTransitions = try animatorTransitions(top, scene.animators)
        return (scene, nameFromFile)
    }

    // MARK: Parts

    private func decodeCanvas(_ node: SourceNode) throws -> Canvas {
        var canvas = CanvasKeys.spec.prototype
        try decode(CanvasKeys.spec, node, at: "canvas", into: &canvas)
        return canvas
    }

    private func decodeLength(_ top: Fields) throws -> SceneLength {
        let duration = top.entry("duration")
        let until = top.entry("until")
        if let duration, let until {
            // Point at whichever of the two comes second: that is the line to delete.
            let later = isBefore(duration.keyMark, until.keyMark) ? until : duration
            throw error(
                at: later.keyMark, later.key,
                "'duration' and 'until' are both given; expected exactly one: duration: <seconds> for a fixed length, or until: rest"
            )
        }
        if let duration {
            if let maxDuration = top.entry("maxDuration") {
                throw error(
                    at: maxDuration.keyMark, "maxDuration", "allowed only with 'until: rest', not with 'duration'",
                    suggestion: "remove maxDuration, or replace duration with until: rest")
            }
            return .duration(try number(duration.value, at: "duration"))
        }
        if let until {
            guard case .string(let word)? = until.value.scalarMeaning, word == "rest" else {
                var suggestion: String?
                if case .string(let word)? = until.value.scalarMeaning { suggestion = didYouMean(word, ["rest"]) }
                throw error(
                    at: until.value, "until", "expected 'rest', found \(until.value.foundDescription)",
                    suggestion: suggestion)
            }
            let maxDuration =
                try top["maxDuration"].map { try number($0, at: "maxDuration") } ?? SceneRules.defaultMaxDuration
            return .untilRest(maxDuration: maxDuration)
        }
        throw error(
            at: top.mark, nil,
            "missing 'duration' or 'until'; expected exactly one: duration: <seconds> for a fixed length, or until: rest"
        )
    }

    /// `path` is spelt only when needed: an item stamped from component text has none to give.
    func decodeItem(_ node: SourceNode, at path: @autoclosure () -> String) throws -> Item {
        if let place = node.mark?.templatePlace { return try decodeTemplateItem(node, at: path(), place: place) }
        if let instance = node.mark?.instanceID {
            return try templates.reading(instance: instance) { try decodeWrittenItem(node, at: path()) }
        }
        return try decodeWrittenItem(node, at: path())
    }

    /// An item read key by key from its node.
    func decodeWrittenItem(_ node: SourceNode, at path: String) throws -> Item {
        let spec = ItemKeys.spec
        var item = spec.prototype
        try decode(spec, node, at: path, into: &item, declared: ItemKeys.declared)
        // Recorded after its keys: the children (read inside it, `ItemKeys`) already recorded it.
        try inBounds(of: item) {}
        return item
    }

    /// `maskedCorners: [topLeft, topRight]`: each corner once; `[]` rounds none.
    func decodeCorners(_ node: SourceNode, at path: String) throws -> CornerMask {
        let names: [(String, CornerMask)] = [
            ("topLeft", .topLeft), ("topRight", .topRight),
            ("bottomLeft", .bottomLeft), ("bottomRight", .bottomRight),
        ]
        // Core Animation's spellings, for a suggestion.
        let caNames = [
            "layerMinXMinYCorner": "topLeft", "layerMaxXMinYCorner": "topRight",
            "layerMinXMaxYCorner": "bottomLeft", "layerMaxXMaxYCorner": "bottomRight",
        ]
        var mask: CornerMask = []
        for (k, n) in try list(node, at: path).enumerated() {
            let word = try string(n, at: path + "[\(k)]")
            guard let corner = names.first(where: { $0.0 == word })?.1 else {
                let suggestion =
                    caNames[word].map { "Core Animation's \(word) is '\($0)' here" }
                    ?? didYouMean(word, names.map(\.0))
                throw error(
                    at: n, path + "[\(k)]",
                    "expected a corner, one of: topLeft, topRight, bottomLeft, bottomRight; found \(n.foundDescription)",
                    suggestion: suggestion)
            }
            if mask.contains(corner) {
                throw error(at: n, path + "[\(k)]", "corner '\(word)' is listed twice; expected each corner once")
            }
            mask.insert(corner)
        }
        return mask
    }

    /// `video: mp4`, `video: [mp4, gif]` or `video: none`.
    func decodeVideo(_ n: SourceNode, at path: String) throws -> [VideoFormat] {
        let nodes: [SourceNode]
        var isList = false
        if case .sequence(let list) = n.value {
            nodes = list
            isList = true
        } else {
            nodes = [n]
        }
        var formats: [VideoFormat] = []
        for (k, node) in nodes.enumerated() {
            let at = isList ? path + "[\(k)]" : path
            if !isList, case .string("none")? = node.scalarMeaning { break }
            let format = try word(node, at: at, VideoFormat.self)
            if !formats.contains(format) { formats.append(format) }
        }
        return formats
    }

    // MARK: Typed readers

    /// A mapping's entries by key, after the duplicate, unknown and missing key checks. Reading a
    /// key its declaration does not name is a mistake in this module (`KeyReads`).
    struct Fields {
        let path: String
        let mark: SourceMark?
        /// The mapping's entries in file order, keys unique.
        let entries: [SourceNode.Entry]
        /// By key, for a mapping too long to search in order; nil for a short one.
        private let index: [String: Int]?
        private let declared: [String]
        /// The declaration's key positions (`DeclaredKeys.positions`), when it keeps them.
        let positions: [String: Int]?
        /// Then each entry's key's position there, in the entries' order, found as the keys
        /// were checked.
        let entryPositions: [Int]

        /// Mappings up to this many keys are searched in order. A decoder asks for every declared
        /// key (an item declares sixty) and most mappings have a handful: comparing short keys
        /// costs a fraction of hashing one.
        static let searchedInOrder = 16

        init(
            path: String, mark: SourceMark?, entries: [SourceNode.Entry], index: [String: Int]?, declared: DeclaredKeys,
            entryPositions: [Int] = []
        ) {
            (self.path, self.mark, self.entries, self.index) = (path, mark, entries, index)
            (self.declared, positions, self.entryPositions) = (declared.names, declared.positions, entryPositions)
        }

        subscript(key: String) -> SourceNode? { entry(key)?.value }

        func entry(_ key: String) -> SourceNode.Entry? {
            #if DEBUG
                if !declared.contains(key) { KeyReads.undeclared(key, at: path) }
            #endif
            if let index { return index[key].map { entries[$0] } }
            return entries.first { $0.key == key }
        }

        /// Whether the mapping's declaration names `key`.
        func declares(_ key: String) -> Bool { declared.contains(key) }

        /// A key that `fields(_:at:_:)` has already checked is present.
        subscript(checked key: String) -> SourceNode {
            guard let node = entry(key) else { preconditionFailure("'\(key)' was not in the required list") }
            return node.value
        }

        func required(_ key: String, hint: String, decoder: SceneDecoder) throws -> SourceNode {
            guard let node = self[key] else { throw missing(key, hint: hint, decoder: decoder) }
            return node
        }

        /// Whether the mapping has `key`, without copying its entry.
        func has(_ key: String) -> Bool {
            if let index { return index[key] != nil }
            return entries.withUnsafeBufferPointer { entries in entries.indices.contains { entries[$0].key == key } }
        }

        func missing(_ key: String, hint: String, decoder: SceneDecoder) -> SceneError {
            decoder.error(at: mark, path.isEmpty ? nil : path, "missing key '\(key)'; expected \(hint)")
        }
    }

    /// Checks that `node` is a mapping whose keys are `keys`' names, unique and include its
    /// required ones. Its `what` names the mapping in "expected <what>, found …" ("" at the top level).
    func fields(_ node: SourceNode, at path: String, _ keys: DeclaredKeys) throws -> Fields {
        let (allowed, required, what) = (keys.names, keys.required, keys.what)
        guard case .mapping(let list) = node.value else {
            throw error(
                at: node, path,
                "expected \(what) as a mapping with keys \(listing(allowed)), found \(node.foundDescription)")
        }
        var index: [String: Int]? = list.count > Fields.searchedInOrder ? [:] : nil
        index?.reserveCapacity(list.count)
        var entryPositions: [Int] = []
        if keys.positions != nil { entryPositions.reserveCapacity(list.count) }
        // By index through a buffer pointer: iterating would copy every entry (its key, marks and
        // value) of every mapping of the scene.
        try list.withUnsafeBufferPointer { list in
            for k in list.indices {
                let key = list[k].key
                // Spelt out only for a message: most mappings have none to give.
                var keyPath: String { path.isEmpty ? key : path + "." + key }
                let first = index != nil ? index![key] : list[..<k].firstIndex { $0.key == key }
                if let first {
                    let at = list[first].keyMark.map { " at line \($0.line)" } ?? ""
                    throw error(
                        at: list[k].keyMark, keyPath, "duplicate key '\(key)', first given\(at); expected each key once"
                    )
                }
                let (isAllowed, position) = keys.lookUp(key)
                guard isAllowed else {
                    var suggestion = didYouMean(key, allowed)
                    if key == "<<" { suggestion = "YAML merge keys are not supported; write the keys out" }
                    throw error(
                        at: list[k].keyMark, keyPath,
                        "unknown key \(quoted(key)); expected one of: \(listing(allowed, limit: 24))",
                        suggestion: suggestion)
                }
                index?[key] = k
                if position >= 0 { entryPositions.append(position) }
            }
        }
        let fields = Fields(
            path: path, mark: node.mark, entries: list, index: index, declared: keys, entryPositions: entryPositions)
        for (key, hint) in required where !fields.has(key) { throw fields.missing(key, hint: hint, decoder: self) }
        return fields
    }

    /// `path` is spelt out only for a message: numbers are most of what a scene holds.
    func number(_ node: SourceNode, at path: @autoclosure () -> String) throws -> Double {
        guard case .number(let value, let text)? = node.scalarMeaning else {
            throw error(at: node, path(), "expected a number, found \(node.foundDescription)")
        }
        guard value.isFinite else {
            throw error(at: node, path(), "expected a finite number, found \(text)")
        }
        return value
    }

    /// Integers may be written with a zero fraction (`60.0`), as JSON Schema's "integer" allows.
    func integer(_ node: SourceNode, at path: @autoclosure () -> String) throws -> Int {
        let value = try number(node, at: path())
        // ±2^53: every integer in range is exact in a Double, and far beyond any fps or z.
        guard value == value.rounded(), abs(value) <= 9_007_199_254_740_992 else {
            throw error(at: node, path(), "expected an integer, found \(node.foundDescription)")
        }
        return Int(value)
    }

    func string(_ node: SourceNode, at path: @autoclosure () -> String) throws -> String {
        guard case .string(let s)? = node.scalarMeaning else {
            throw error(at: node, path(), "expected a string, found \(node.foundDescription)")
        }
        return s
    }

    func bool(_ node: SourceNode, at path: @autoclosure () -> String) throws -> Bool {
        guard case .bool(let b)? = node.scalarMeaning else {
            throw error(at: node, path(), "expected true or false, found \(node.foundDescription)")
        }
        return b
    }

    func list(_ node: SourceNode, at path: @autoclosure () -> String) throws -> [SourceNode] {
        guard case .sequence(let nodes) = node.value else {
            throw error(at: node, path(), "expected a list, found \(node.foundDescription)")
        }
        return nodes
    }

    /// `[a, b]`: exactly two finite numbers. `names` name the two for messages.
    func pair(_ node: SourceNode, at path: @autoclosure () -> String, names: (String, String)) throws -> (
        Double, Double
    ) {
        var expected: String { "expected [\(names.0), \(names.1)]" }
        guard case .sequence(let nodes) = node.value else {
            throw error(at: node, path(), "\(expected), found \(node.foundDescription)")
        }
        guard nodes.count == 2 else {
            let found = nodes.count == 1 ? "a list of 1 value" : "a list of \(nodes.count) values"
            throw error(at: node, path(), "\(expected), found \(nodes.isEmpty ? "an empty list" : found)")
        }
        return (try number(nodes[0], at: path() + "[0]"), try number(nodes[1], at: path() + "[1]"))
    }

    func color(_ node: SourceNode, at path: @autoclosure () -> String) throws -> ColorRGBA8 {
        let expected = "expected a colour '#RGB', '#RGBA', '#RRGGBB', '#RRGGBBAA' or a system colour such as systemBlue"
        switch node.scalarMeaning {
        case .string(let s)?:
            if let c = ColorRGBA8(hex: s) ?? SystemColors.color(named: s, appearance: appearance.value) { return c }
            throw error(
                at: node, path(), "\(expected), found \(node.foundDescription)",
                suggestion: s.hasPrefix("#") ? nil : didYouMean(s, SystemColors.names))
        case .null? where format == .yaml:
            // `fill: #FF9500` is `fill:` followed by a comment.
            throw error(
                at: node, path(), "\(expected), found null",
                suggestion: "quote it, as in fill: \"#FF9500\"; in YAML an unquoted # starts a comment")
        default:
            throw error(at: node, path(), "\(expected), found \(node.foundDescription)")
        }
    }

    // MARK: Errors

    package func error(at mark: SourceMark?, _ keyPath: String?, _ message: String, suggestion: String? = nil)
        -> SceneError
    {
        SceneError(file: file, keyPath: keyPath, mark: mark, message: message, suggestion: suggestion)
    }

    package func error(at node: SourceNode, _ keyPath: String?, _ message: String, suggestion: String? = nil)
        -> SceneError
    {
        error(at: node.mark, keyPath, message, suggestion: suggestion)
    }

    private func isBefore(_ a: SourceMark?, _ b: SourceMark?) -> Bool {
        guard let a, let b else { return true }
        return (a.line, a.column) < (b.line, b.column)
    }
}

/// The keys each mapping allows, in the order they are documented (and suggested).
enum Keys {
    /// Every top-level key, those read before decoding (`components`, `imports`, `controls`)
    /// included: they are gone from the tree by then, but a misspelt one must still be suggested.
    static var root: [String] { RootKeys.spec.keys.map(\.name) }
    static var item: [String] { ItemKeys.spec.keyNames }
    static let behaviors = BehaviorSpec.kinds
    static var snap: [String] { BehaviorKeys.snap.keyNames }
    static var gravity: [String] { BehaviorKeys.gravity.keyNames }
    static var push: [String] { BehaviorKeys.push.keyNames }
    static var collision: [String] { BehaviorKeys.collision.keyNames }
    static var attachment: [String] { BehaviorKeys.attachment.keyNames }
    static var itemBehavior: [String] { BehaviorKeys.itemBehavior.keyNames }
    static var field: [String] { BehaviorKeys.field.keyNames }
    static var watcher: [String] { BehaviorKeys.watcher.keyNames }
    static var dampedResize: [String] { BehaviorKeys.dampedResize.keyNames }
    static var transformTween: [String] { BehaviorKeys.transformTween.keyNames }
    static var transformNest: [String] { BehaviorKeys.transformNest.keyNames }
    static var snapZones: [String] { BehaviorKeys.snapZones.keyNames }
    static var output: [String] { OutputKeys.spec.keyNames }
}

/// The appearance a scene's system colours resolve in; a class so the decoder's copies share it.
final class AppearanceSetting {
    var value: Appearance = .light
}
