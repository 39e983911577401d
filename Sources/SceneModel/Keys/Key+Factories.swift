import Colors
import Geometry
import SceneSyntax

// The declaration forms: one function per kind of value, each binding a key to a property of the
// resolved type by key path. A declaration names the key, its doc line and, for numbers, its
// range; the read, the check, the schema fragment and the default come from the form.

extension Key {
    /// A number, optionally mapped (`Angle.degrees`) into the property.
    /// `read`: the property's getter when `path` names a computed one, so that checking every
    /// object reads it directly instead of through the runtime (`KeyField`).
    static func number(
        _ name: String, _ path: WritableKeyPath<Object, Double>, read: ((Object) -> Double)? = nil,
        required: String? = nil, range: KeyRange? = nil, noun: String = "a value", unit: String? = nil,
        doc: String, defaultDoc: String? = nil, rangeDoc: String? = nil, example: JSONValue? = nil
    ) -> Key {
        let field = KeyField(path, getter: read)
        return Key(
            doc: KeyDoc(
                name: name, type: .number, required: required, range: range, noun: noun, unit: unit, doc: doc,
                defaultDoc: defaultDoc, rangeDoc: rangeDoc, example: example),
            decode: { d, node, at, object in try field.write(d.number(node, at: at()), into: &object) },
            check: range.map { range in { _, object, at in try range.check(field.read(object), noun, at: at) } },
            defaultValue: required == nil ? { .number($0[keyPath: path]) } : nil)
    }

    /// An optional number: absent means "not set" (the engine's own default applies).
    static func number(
        _ name: String, _ path: WritableKeyPath<Object, Double?>, range: KeyRange? = nil,
        noun: String = "a value", unit: String? = nil, doc: String, defaultDoc: String? = nil,
        rangeDoc: String? = nil, example: JSONValue? = nil
    ) -> Key {
        let field = KeyField(path)
        return Key(
            doc: KeyDoc(
                name: name, type: .number, range: range, noun: noun, unit: unit, doc: doc,
                defaultDoc: defaultDoc, rangeDoc: rangeDoc, example: example),
            decode: { d, node, at, object in try field.write(d.number(node, at: at()), into: &object) },
            check: range.map { range in
                { _, object, at in
                    if let v = field.read(object) { try range.check(v, noun, at: at) }
                }
            },
            defaultValue: { $0[keyPath: path].map(JSONValue.number) })
    }

    /// An angle written in degrees; `read` as for `number`.
    static func degrees(
        _ name: String, _ path: WritableKeyPath<Object, Angle>, read: ((Object) -> Angle)? = nil,
        range: KeyRange = .finite, doc: String, defaultDoc: String? = nil, rangeDoc: String? = nil
    ) -> Key {
        let field = KeyField(path, getter: read)
        return Key(
            doc: KeyDoc(
                name: name, type: .number, range: range, doc: doc,
                defaultDoc: defaultDoc, rangeDoc: rangeDoc),
            decode: { d, node, at, object in try field.write(.degrees(d.number(node, at: at())), into: &object) },
            check: { _, object, at in try range.check(field.read(object).degrees, "a value", at: at) },
            defaultValue: { .number($0[keyPath: path].degrees) })
    }

    static func optionalDegrees(
        _ name: String, _ path: WritableKeyPath<Object, Angle?>, range: KeyRange = .finite,
        doc: String, defaultDoc: String? = nil, rangeDoc: String? = nil
    ) -> Key {
        let field = KeyField(path)
        return Key(
            doc: KeyDoc(
                name: name, type: .number, range: range, doc: doc,
                defaultDoc: defaultDoc, rangeDoc: rangeDoc),
            decode: { d, node, at, object in try field.write(.degrees(d.number(node, at: at())), into: &object) },
            check: { _, object, at in
                if let v = field.read(object) { try range.check(v.degrees, "a value", at: at) }
            },
            defaultValue: { $0[keyPath: path].map { .number($0.degrees) } })
    }

    /// An integer (`60.0` allowed); `range` is checked on its value, as for numbers.
    static func integer(
        _ name: String, _ path: WritableKeyPath<Object, Int>, range: KeyRange? = nil, noun: String = "a value",
        doc: String, defaultDoc: String? = nil, rangeDoc: String? = nil
    ) -> Key {
        let field = KeyField(path)
        return Key(
            doc: KeyDoc(
                name: name, type: .integer, range: range, noun: noun, doc: doc, defaultDoc: defaultDoc,
                rangeDoc: rangeDoc),
            decode: { d, node, at, object in try field.write(d.integer(node, at: at()), into: &object) },
            check: range.map { range in
                { _, object, at in try range.check(Double(field.read(object)), noun, at: at) }
            },
            defaultValue: { .int($0[keyPath: path]) })
    }

    static func integer(
        _ name: String, _ path: WritableKeyPath<Object, Int?>, range: KeyRange? = nil, noun: String = "a value",
        doc: String, defaultDoc: String? = nil, rangeDoc: String? = nil
    ) -> Key {
        let field = KeyField(path)
        return Key(
            doc: KeyDoc(
                name: name, type: .integer, range: range, noun: noun, doc: doc, defaultDoc: defaultDoc,
                rangeDoc: rangeDoc),
            decode: { d, node, at, object in try field.write(d.integer(node, at: at()), into: &object) },
            check: range.map { range in
                { _, object, at in
                    if let v = field.read(object) { try range.check(Double(v), noun, at: at) }
                }
            },
            defaultValue: { $0[keyPath: path].map(JSONValue.int) })
    }

    static func bool(_ name: String, _ path: WritableKeyPath<Object, Bool>, doc: String) -> Key {
        let field = KeyField(path)
        return Key(
            doc: KeyDoc(name: name, type: .boolean, doc: doc),
            decode: { d, node, at, object in try field.write(d.bool(node, at: at()), into: &object) },
            defaultValue: { .bool($0[keyPath: path]) })
    }

    static func bool(_ name: String, _ path: WritableKeyPath<Object, Bool?>, doc: String, defaultDoc: String? = nil)
        -> Key
    {
        let field = KeyField(path)
        return Key(
            doc: KeyDoc(name: name, type: .boolean, doc: doc, defaultDoc: defaultDoc),
            decode: { d, node, at, object in try field.write(d.bool(node, at: at()), into: &object) },
            defaultValue: { $0[keyPath: path].map(JSONValue.bool) })
    }

    /// A string; `hasDefault` writes the prototype's value as the default.
    static func string(
        _ name: String, _ path: WritableKeyPath<Object, String>, required: String? = nil,
        type: KeyType = .string, doc: String, rangeDoc: String? = nil,
        schemaBounds: [(String, JSONValue)] = [], hasDefault: Bool = false
    ) -> Key {
        let field = KeyField(path)
        return Key(
            doc: KeyDoc(
                name: name, type: type, required: required, doc: doc, rangeDoc: rangeDoc, schemaBounds: schemaBounds),
            decode: { d, node, at, object in try field.write(d.string(node, at: at()), into: &object) },
            defaultValue: hasDefault ? { .string($0[keyPath: path]) } : nil)
    }

    static func optionalString(
        _ name: String, _ path: WritableKeyPath<Object, String?>, type: KeyType = .string,
        doc: String, defaultDoc: String? = nil, rangeDoc: String? = nil
    ) -> Key {
        let field = KeyField(path)
        return Key(
            doc: KeyDoc(name: name, type: type, doc: doc, defaultDoc: defaultDoc, rangeDoc: rangeDoc),
            decode: { d, node, at, object in try field.write(d.string(node, at: at()), into: &object) },
            defaultValue: nil)
    }

    /// One of an enum's raw values, with a did-you-mean.
    static func word<W: RawRepresentable & CaseIterable>(
        _ name: String, _ path: WritableKeyPath<Object, W>,
        required: String? = nil, doc: String
    ) -> Key
    where W.RawValue == String {
        let field = KeyField(path)
        return Key(
            doc: KeyDoc(name: name, type: .word(W.allCases.map(\.rawValue)), required: required, doc: doc),
            decode: { d, node, at, object in try field.write(d.word(node, at: at(), W.self), into: &object) },
            defaultValue: required == nil ? { .string($0[keyPath: path].rawValue) } : nil)
    }

    static func colour(_ name: String, _ path: WritableKeyPath<Object, ColorRGBA8>, doc: String) -> Key {
        let field = KeyField(path)
        return Key(
            doc: KeyDoc(name: name, type: .colour, doc: doc),
            decode: { d, node, at, object in try field.write(d.color(node, at: at()), into: &object) },
            defaultValue: { .string($0[keyPath: path].hex) })
    }

    /// An optional colour: nil (no default written) unless the file gives one.
    static func colour(
        _ name: String, _ path: WritableKeyPath<Object, ColorRGBA8?>, doc: String, defaultDoc: String? = nil
    ) -> Key {
        let field = KeyField(path)
        return Key(
            doc: KeyDoc(name: name, type: .colour, doc: doc, defaultDoc: defaultDoc),
            decode: { d, node, at, object in try field.write(d.color(node, at: at()), into: &object) })
    }

    /// A colour or a gradient (`{ linear | radial | conic: … }`, CAGradientLayer): the colour's
    /// default is the declared default; a gradient, when given, is drawn instead of the colour.
    /// `readGradient`: the gradient's getter when `gradient` names a computed property (`KeyField`).
    static func fill(
        _ name: String, _ path: WritableKeyPath<Object, ColorRGBA8>, gradient: WritableKeyPath<Object, Gradient?>,
        readGradient: ((Object) -> Gradient?)? = nil, doc: String
    ) -> Key {
        let field = KeyField(path)
        let gradientField = KeyField(gradient, getter: readGradient)
        return Key(
            doc: KeyDoc(name: name, type: .other(docType: "colour or gradient", schemaRef: "fill"), doc: doc),
            decode: { d, node, at, object in
                let (colour, newGradient) = try d.decodeFill(node, at: at())
                field.write(colour, into: &object)
                // Not nil over nil: an item keeps its gradient behind a reference it shares with
                // every item at its defaults, and a write would copy them for this item alone.
                if newGradient != nil || gradientField.read(object) != nil {
                    gradientField.write(newGradient, into: &object)
                }
            },
            defaultValue: { .string($0[keyPath: path].hex) })
    }

    /// `[x, y]`; `.engine` checks each coordinate as Box2D needs it.
    static func point(
        _ name: String, _ path: WritableKeyPath<Object, Point>, names: (String, String) = ("dx", "dy"),
        required: String? = nil, range: KeyRange? = .engine, unit: String? = nil, doc: String,
        defaultDoc: String? = nil, rangeDoc: String? = nil, schemaRef: String? = nil
    ) -> Key {
        let field = KeyField(path)
        return Key(
            doc: KeyDoc(
                name: name,
                type: schemaRef.map { .other(docType: "`[\(names.0), \(names.1)]`", schemaRef: $0) }
                    ?? .pair(names.0, names.1),
                required: required, range: range, unit: unit, doc: doc, defaultDoc: defaultDoc, rangeDoc: rangeDoc),
            decode: { d, node, at, object in
                let p = try d.pair(node, at: at(), names: names)
                field.write(Point(p.0, p.1), into: &object)
            },
            check: range.map { range in
                { _, object, at in
                    let p = field.read(object)
                    try range.check(p.x, "a value", at: at + "[0]")
                    try range.check(p.y, "a value", at: at + "[1]")
                }
            },
            defaultValue: required == nil ? { .pair($0[keyPath: path].x, $0[keyPath: path].y) } : nil)
    }

    static func optionalPoint(
        _ name: String, _ path: WritableKeyPath<Object, Point?>, names: (String, String) = ("dx", "dy"),
        range: KeyRange? = .engine, unit: String? = nil, doc: String, defaultDoc: String? = nil,
        rangeDoc: String? = nil, schemaRef: String? = nil,
        read: ((SceneDecoder, SourceNode, String) throws -> Point)? = nil
    ) -> Key {
        let field = KeyField(path)
        return Key(
            doc: KeyDoc(
                name: name,
                type: schemaRef.map { .other(docType: "`[\(names.0), \(names.1)]`", schemaRef: $0) }
                    ?? .pair(names.0, names.1),
                range: range, unit: unit, doc: doc, defaultDoc: defaultDoc, rangeDoc: rangeDoc),
            decode: { d, node, at, object in
                if let read {
                    try field.write(read(d, node, at()), into: &object)
                } else {
                    let p = try d.pair(node, at: at(), names: names)
                    field.write(Point(p.0, p.1), into: &object)
                }
            },
            check: range.map { range in
                { _, object, at in
                    guard let p = field.read(object) else { return }
                    try range.check(p.x, "a value", at: at + "[0]")
                    try range.check(p.y, "a value", at: at + "[1]")
                }
            },
            defaultValue: { $0[keyPath: path].map { .pair($0.x, $0.y) } })
    }

    /// One item id, checked to name an item `reach` allows.
    static func item(
        _ name: String, _ path: WritableKeyPath<Object, String>, reach: Scene.ItemReach = .topLevel,
        required: String, doc: String
    ) -> Key {
        let field = KeyField(path)
        return Key(
            doc: KeyDoc(name: name, type: .itemID, required: required, doc: doc, rangeDoc: reach.rangeDoc),
            decode: { d, node, at, object in try field.write(d.string(node, at: at()), into: &object) },
            check: { scene, object, at in try scene.reference(field.read(object), at: at, reach: reach) },
            defaultValue: nil)
    }

    /// A list of item ids, each an item `reach` allows, each at most once.
    static func items(
        _ name: String, _ path: WritableKeyPath<Object, [String]>, reach: Scene.ItemReach = .topLevel,
        required: String, doc: String, rangeDoc: String? = nil
    ) -> Key {
        let field = KeyField(path)
        return Key(
            doc: KeyDoc(
                name: name, type: .itemIDs, required: required, doc: doc, rangeDoc: rangeDoc ?? reach.rangeDoc),
            decode: { d, node, at, object in try field.write(d.ids(node, at: at()), into: &object) },
            check: { scene, object, at in try scene.references(field.read(object), at: at, reach: reach) },
            defaultValue: nil)
    }

    /// A key read by hand-written code (`decode: nil`) or by the given closure, documented here.
    static func custom(
        _ name: String, docType: String, schemaRef: String? = nil, required: String? = nil,
        doc: String, defaultDoc: String? = nil, rangeDoc: String? = nil,
        decode: ((SceneDecoder, SourceNode, @autoclosure () -> String, inout Object) throws -> Void)? = nil,
        check: ((Scene, Object, String) throws -> Void)? = nil
    ) -> Key {
        Key(
            doc: KeyDoc(
                name: name, type: .other(docType: docType, schemaRef: schemaRef), required: required, doc: doc,
                defaultDoc: defaultDoc, rangeDoc: rangeDoc),
            decode: decode, check: check, defaultValue: nil)
    }
}

extension Key {
    /// `inner`'s key, read into and checked on the part of `Object` at `path` (the media timing
    /// keys of an animation, for one).
    static func lifted<Inner>(_ inner: Key<Inner>, _ path: WritableKeyPath<Object, Inner>) -> Key {
        Key(
            doc: inner.doc,
            decode: inner.decode.map { decode in
                { d, node, at, object in try decode(d, node, at(), &object[keyPath: path]) }
            },
            check: inner.check.map { check in { scene, object, at in try check(scene, object[keyPath: path], at) } },
            defaultValue: inner.defaultValue.map { value in { value($0[keyPath: path]) } })
    }

    /// A list, each entry read by `read` at `name[k]`; `limit` bounds its length before any entry
    /// is read.
    static func list<Element>(
        _ name: String, _ path: WritableKeyPath<Object, [Element]>, docType: String = "list",
        schemaRef: String? = nil, required: String? = nil, doc: String, defaultDoc: String? = "`[]`",
        rangeDoc: String? = nil, read: @escaping (SceneDecoder, SourceNode, String) throws -> Element
    ) -> Key {
        Key(
            doc: KeyDoc(
                name: name, type: .other(docType: docType, schemaRef: schemaRef), required: required, doc: doc,
                defaultDoc: required == nil ? defaultDoc : nil, rangeDoc: rangeDoc),
            decode: { d, node, at, object in
                object[keyPath: path] = try d.list(node, at: at()).enumerated().map { k, n in
                    try read(d, n, at() + "[\(k)]")
                }
            },
            defaultValue: nil)
    }

    /// An optional value of any shape, read by `read`.
    static func optional<Value>(
        _ name: String, _ path: WritableKeyPath<Object, Value?>, docType: String, schemaRef: String? = nil,
        type: KeyType? = nil, doc: String, defaultDoc: String? = nil, rangeDoc: String? = nil,
        read: @escaping (SceneDecoder, SourceNode, String) throws -> Value
    ) -> Key {
        Key(
            doc: KeyDoc(
                name: name, type: type ?? .other(docType: docType, schemaRef: schemaRef), doc: doc,
                defaultDoc: defaultDoc, rangeDoc: rangeDoc),
            decode: { d, node, at, object in object[keyPath: path] = try read(d, node, at()) },
            defaultValue: nil)
    }

    /// A value of any shape, read by `read`; required or with its default documented in words.
    static func value<Value>(
        _ name: String, _ path: WritableKeyPath<Object, Value>, docType: String, schemaRef: String? = nil,
        type: KeyType? = nil, required: String? = nil, doc: String, defaultDoc: String? = nil,
        rangeDoc: String? = nil, read: @escaping (SceneDecoder, SourceNode, String) throws -> Value
    ) -> Key {
        Key(
            doc: KeyDoc(
                name: name, type: type ?? .other(docType: docType, schemaRef: schemaRef), required: required, doc: doc,
                defaultDoc: defaultDoc, rangeDoc: rangeDoc),
            decode: { d, node, at, object in object[keyPath: path] = try read(d, node, at()) },
            defaultValue: nil)
    }
}

extension ObjectSpec {
    /// Runs every declared key's check, in declared order.
    ///
    /// A check is first run under the key's bare name, which spells no path; only a key that
    /// fails is checked again under its whole path, for the message. Spelling every key's path
    /// (and the paths a check builds from it) for every item would be most of a large scene's
    /// validation, to name keys that are fine. Checks are pure: the same object fails the same way.
    func check(_ object: Object, in scene: Scene, at path: @autoclosure () -> String) throws(Violation) {
        // By index: a `for key in keys` copies every key (its docs and closures) for every object.
        for k in keys.indices {
            guard let check = keys[k].check else { continue }
            do {
                try check(scene, object, keys[k].doc.name)
            } catch is Violation {
                let parent = path()
                let keyPath = parent.isEmpty ? keys[k].doc.name : parent + "." + keys[k].doc.name
                do {
                    try check(scene, object, keyPath)
                } catch let violation as Violation {
                    throw violation
                } catch {
                    preconditionFailure("a key check threw \(error), not a Violation")
                }
                preconditionFailure("the check of \(keyPath) failed without its path and passed with it")
            } catch {
                preconditionFailure("a key check threw \(error), not a Violation")
            }
        }
    }
}

extension SceneDecoder {
    /// Reads a mapping with `spec`, starting from its prototype.
    package func decode<Object>(
        _ spec: ObjectSpec<Object>, _ node: SourceNode, at path: String, declared: DeclaredKeys? = nil
    ) throws -> Object {
        var object = spec.prototype
        try decode(spec, node, at: path, into: &object, declared: declared)
        return object
    }

    /// Reads a mapping with `spec`: duplicate, unknown and missing keys first (in file order), then
    /// every declared key present, in declared order, into `object`. The fields come back so that
    /// hand-written code can read the keys declared with `decode: nil`.
    /// `declared`: the spec's keys when the caller keeps them (`ItemKeys.declared`), so a spec
    /// read for every item does not list its keys again each time.
    @discardableResult
    func decode<Object>(
        _ spec: ObjectSpec<Object>, _ node: SourceNode, at path: String,
        into object: inout Object, declared: DeclaredKeys? = nil
    ) throws -> Fields {
        let f = try fields(node, at: path, declared ?? spec.declared)
        try spec.structure?(self, f, path)
        try decodeKeys(spec, from: f, at: path, into: &object)
        return f
    }

    /// Reads the keys of `spec` present in `f` (a mapping already checked, which may allow more
    /// keys than `spec` declares, as an animation allows its media timing keys).
    func decodeKeys<Object>(_ spec: ObjectSpec<Object>, from f: Fields, at path: String, into object: inout Object)
        throws
    {
        let keyPath = ChildKeyPath(of: path)
        // By index, as `check` does: the spec's keys in declared order, the few present ones found
        // by position when the declaration keeps positions (an item's sixty keys, a handful given).
        if let positions = f.positions, let present = Self.presentKeys(spec, in: f, positions: positions) {
            // The entry of each present key is known: no search of the mapping by name.
            for (k, i) in present {
                guard let decode = spec.keys[k].decode else { continue }
                try decode(self, f.entries[i].value, keyPath(spec.keys[k].doc.name), &object)
            }
            return
        }
        for k in spec.keys.indices {
            guard let decode = spec.keys[k].decode else { continue }
            let name = spec.keys[k].doc.name
            guard let value = f[name] else { continue }
            try decode(self, value, keyPath(name), &object)
        }
    }

    /// The keys `f` has, as (position in `spec`, entry in `f`), in the spec's order; nil when
    /// `positions` belong to another spec's keys (a mapping may be checked against more keys than
    /// one spec declares).
    private static func presentKeys<Object>(_ spec: ObjectSpec<Object>, in f: Fields, positions: [String: Int])
        -> [(key: Int, entry: Int)]?
    {
        // Each entry's position was found as `fields` checked its key.
        guard positions.count == spec.keys.count, f.entryPositions.count == f.entries.count else { return nil }
        var present: [(key: Int, entry: Int)] = []
        present.reserveCapacity(f.entries.count)
        let matched = f.entries.withUnsafeBufferPointer { entries in
            for i in entries.indices {
                let k = f.entryPositions[i]
                guard spec.keys[k].doc.name == entries[i].key else { return false }
                // Insertion in order: a mapping holds a handful of keys.
                var at = present.count
                while at > 0 && present[at - 1].key > k { at -= 1 }
                present.insert((k, i), at: at)
            }
            return true
        }
        return matched ? present : nil
    }
}

/// `parent.key` for each key of one object, spelt only for the keys that ask.
struct ChildKeyPath {
    private let parent: String

    init(of parent: String) { self.parent = parent }

    /// The path of `key`.
    func callAsFunction(_ key: String) -> String { parent.isEmpty ? key : parent + "." + key }
}
