/// A value kept behind a reference and copied on write: copying an `Indirect` copies one
/// pointer, however large the value; the first mutation of a shared one copies the value.
///
/// Equal when both hold equal values (the same reference, checked first, is the common case).
public struct Indirect<Value: Equatable & Sendable>: Equatable, Sendable {
    // Mutated only while uniquely referenced (`value`'s `_modify`), so sharing it across threads
    // shares only reads, and no access can overlap another: the runtime's exclusivity check,
    // paid on every read of an item's boxed properties, is left out.
    private final class Box: @unchecked Sendable {
        @exclusivity(unchecked) var value: Value
        init(_ value: Value) { self.value = value }
    }

    private var box: Box

    public init(_ value: Value) { box = Box(value) }

    public var value: Value {
        // Borrowed, not copied: reading one field of a large value must not copy the rest.
        _read { yield box.value }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.value) }
            yield &box.value
        }
    }

    /// Runs `body` with the held value's address, read in place (the scene hash reads an item's
    /// attributes field by field).
    public func withUnsafeValuePointer<Result>(_ body: (UnsafePointer<Value>) throws -> Result) rethrows -> Result {
        try withUnsafeMutablePointer(to: &box.value) { try body(UnsafePointer($0)) }
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.box === rhs.box || lhs.box.value == rhs.box.value }

    /// Whether both hold the same storage: then their values are equal without comparing them.
    public func sharesStorage(with other: Self) -> Bool { box === other.box }

    /// The storage's identity, for a table of what was worked out from values in it (the scene
    /// hash's texts): valid while this value or another sharing the storage is alive.
    package var storageIdentity: ObjectIdentifier { ObjectIdentifier(box) }
}

extension Indirect: CustomReflectable {
    /// The value itself, as `dump` and `String(reflecting:)` show it: the reference is storage.
    public var customMirror: Mirror { Mirror(reflecting: value) }
}
