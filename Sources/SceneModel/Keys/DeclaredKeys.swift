import Synchronization

/// The keys one mapping may have, as its declaration names them: the decoder reads a mapping only
/// through one of these, so a key no declaration names is an unknown key to the user.
package struct DeclaredKeys {
    let names: [String]
    let required: [(key: String, hint: String)]
    /// "expected <what> as a mapping with keys …".
    let what: String
    /// `names` as a set, when the keys are kept for many reads (an item's sixty keys, read for
    /// every item); otherwise the list is searched as it is.
    private let nameSet: Set<String>?
    /// Each key's position among its spec's keys, when the keys are kept: a decoder then visits
    /// the few keys a mapping has instead of asking it for each of the spec's.
    let positions: [String: Int]?
    /// By position, whether a mapping may have that key (not one consumed before decoding).
    private let allowedAt: [Bool]?

    /// Whether a mapping of these keys may have `key`.
    func allows(_ key: String) -> Bool { nameSet?.contains(key) ?? names.contains(key) }

    /// Whether a mapping may have `key`, and the key's position when the keys are kept (else
    /// -1): one lookup of the key for both.
    func lookUp(_ key: String) -> (allowed: Bool, position: Int) {
        guard let positions, let allowedAt else { return (allows(key), -1) }
        guard let k = positions[key] else { return (false, -1) }
        return (allowedAt[k], k)
    }

    /// `spec`'s keys. `withConsumed`: also the keys read before decoding (`components`,
    /// `controls`: gone from the tree by then, but a misspelt one must still be suggested).
    /// `kept`: the caller keeps these keys for many mappings, so they are also hashed once.
    init<Object>(_ spec: ObjectSpec<Object>, withConsumed: Bool = false, what: String? = nil, kept: Bool = false) {
        names = withConsumed ? spec.keys.map(\.name) : spec.keyNames
        required = spec.required
        self.what = what ?? spec.what
        nameSet = kept ? Set(names) : nil
        positions = kept ? Dictionary(spec.keys.enumerated().map { ($1.name, $0) }) { first, _ in first } : nil
        let allowed = nameSet
        allowedAt = allowed.map { allowed in spec.keys.map { allowed.contains($0.name) } }
    }

    /// A small mapping read by hand, whose schema is written in scenes/schema.json's `$defs`
    /// (a `transform3D` operation's `rotate: { angle, axis }`).
    init(names: [String], required: [(key: String, hint: String)], what: String) {
        (self.names, self.required, self.what) = (names, required, what)
        (nameSet, positions, allowedAt) = (nil, nil, nil)
    }

    /// The animatable properties' names (the table in AnimatedProperty.swift is their declaration).
    init(animatableProperties names: [String], what: String) {
        (self.names, self.required, self.what) = (names, [], what)
        (nameSet, positions, allowedAt) = (nil, nil, nil)
    }
}

extension ObjectSpec {
    var declared: DeclaredKeys { DeclaredKeys(self) }
}

/// Reads of keys no declaration names. In debug builds every read is checked: with a recorder
/// set (a test decoding every scene it has) the key is recorded, and otherwise the read stops
/// the program, as any mistake in this module would.
package enum KeyReads {
    package final class Recorder: Sendable {
        private let reads = Mutex<[String]>([])
        package init() {}
        package var undeclared: [String] { reads.withLock { $0 } }
        func note(_ read: String) { reads.withLock { $0.append(read) } }
    }

    @TaskLocal package static var recorder: Recorder?

    static func undeclared(_ key: String, at path: String) {
        let read = "\(path.isEmpty ? "" : path + ".")\(key)"
        guard let recorder else { preconditionFailure("read of undeclared key \(read)") }
        recorder.note(read)
    }
}
